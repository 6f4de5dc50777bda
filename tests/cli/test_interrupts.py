"""Ctrl-C and SIGTERM stop a long command: one line, status 130/143, no temporary files.

Real processes get real signals. Each test waits for the command's own progress marker
(``LOGRAPH_LOG=debug``) before signalling, so the signal lands in the long part of the work;
the timeouts only guard against a hang.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from lograph.core.files import write_board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import interruptible

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
HANG_GUARD = 120  # seconds; the commands stop within about a second


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return _python(["-m", "lograph", *args], cwd)


def _python(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    """A Python process (``-m lograph …`` or ``-c SCRIPT``) with the debug markers on."""
    env = dict(os.environ, LOGRAPH_LOG="debug", QT_QPA_PLATFORM="offscreen")
    env.pop("LOGRAPH_DEBUG", None)
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )


def _wait_for(proc: subprocess.Popen[str], marker: str) -> None:
    """Read stderr until the line holding `marker` (a hang guard kills a silent process)."""
    timer = threading.Timer(HANG_GUARD, proc.kill)
    timer.start()
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            if marker in line:
                return
        pytest.fail(f"the command ended before {marker!r} (status {proc.wait()})")
    finally:
        timer.cancel()


def _interrupt(proc: subprocess.Popen[str], sig: int) -> tuple[int, str]:
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("the command ignored the signal")
    return proc.returncode, err


def _temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_worst_stops_while_its_solver_runs(tmp_path: Path, sig: int, status: int) -> None:
    """The integer program runs on a helper thread; a solver that never returns (a stand-in
    for HiGHS, which takes minutes on 9×9 today but may not tomorrow) does not hold the
    signal up."""
    write_board(rectangle(9, 9), tmp_path / "board.txt")
    script = (
        "import sys, threading\n"
        "import lograph.core.optimize.worst._search as worst\n"
        "import lograph.core.optimize.worst._gf2_exact as exact\n"
        "from lograph.cli import main\n"
        "exact._ilp = lambda *args: threading.Event().wait()  # never finishes\n"
        "worst.SPECTRUM_NULLITY_LIMIT = 0  # else the spectrum search proves 9×9 first\n"
        "sys.exit(main(['worst', 'board.txt', '--time-limit', '600']))\n"
    )
    proc = _python(["-c", script], tmp_path)
    _wait_for(proc, "lograph-worst-milp: started")
    code, err = _interrupt(proc, sig)
    assert code == status
    assert err == "lograph: interrupted\n"
    assert _temp_files(tmp_path) == []


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_render_stops_while_drawing(tmp_path: Path, sig: int, status: int) -> None:
    """A signal while Qt draws stops the command; the old picture stays. The drawing is
    repeated until the signal has arrived, so a fast machine cannot finish it first."""
    write_board(rectangle(60, 60), tmp_path / "big.txt")
    picture = tmp_path / "big.png"
    picture.write_bytes(b"the old picture")
    script = (
        "import sys\n"
        "import lograph.ui.picture.render as render\n"
        "from lograph.cli import main\n"
        "from lograph.core.work import interrupted\n"
        "drawn = render.render_bytes\n"
        "def draw_until_signalled(*args, **kwargs):\n"
        "    data = drawn(*args, **kwargs)\n"
        "    print('lograph: log: render: drawn once', file=sys.stderr, flush=True)\n"
        "    while not interrupted():\n"
        "        data = drawn(*args, **kwargs)\n"
        "    return data\n"
        "render.render_bytes = draw_until_signalled\n"
        "sys.exit(main(['render', 'big.txt', '-o', 'big.png']))\n"
    )
    proc = _python(["-c", script], tmp_path)
    _wait_for(proc, "render: drawn once")
    code, err = _interrupt(proc, sig)
    assert code == status
    assert err == "lograph: interrupted\n"
    assert _temp_files(tmp_path) == []
    assert picture.read_bytes() == b"the old picture"


def test_a_python_loop_stops_too(tmp_path: Path) -> None:
    """A command in plain Python code stops by KeyboardInterrupt, without the watcher."""
    code = (
        "import sys, time\n"
        "from lograph.cli import main\n"
        "import lograph.cli.grid_cmd as g\n"
        "def run(args):\n"
        "    print('lograph: log: looping', file=sys.stderr, flush=True)\n"
        "    while True: time.sleep(0.01)\n"
        "g.run = run\n"
        "sys.exit(main(['grid', '3', '3']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    _wait_for(proc, "looping")
    status, err = _interrupt(proc, signal.SIGINT)
    assert (status, err) == (130, "lograph: interrupted\n")


def test_a_save_stuck_in_native_code_is_abandoned_cleanly(tmp_path: Path) -> None:
    """The watcher's path: the main thread cannot stop (a wait Python resumes after the
    signal), so the process ends after removing the temporary file; the target stays."""
    code = (
        "import os, sys\n"
        "from lograph.cli import interrupts, main\n"
        "r, w = os.pipe()\n"
        "def stuck(fd):\n"
        "    print('lograph: log: saving', file=sys.stderr, flush=True)\n"
        "    with interrupts.deferred():\n"
        "        os.read(r, 1)\n"
        "os.fsync = stuck\n"
        "sys.exit(main(['generate', 'rectangle', '3', '3', '-o', 'out.txt']))\n"
    )
    (tmp_path / "out.txt").write_text("old\n")
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    _wait_for(proc, "saving")
    assert len(_temp_files(tmp_path)) == 1  # the save is under way
    status, err = _interrupt(proc, signal.SIGTERM)
    assert (status, err) == (143, "lograph: interrupted\n")
    assert _temp_files(tmp_path) == []
    assert (tmp_path / "out.txt").read_text() == "old\n"
