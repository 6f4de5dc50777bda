"""Benchmark: the first run of each command after a fresh install, against its second run.

Run from the repository root::

    .venv/bin/python benchmarks/first_run.py               # every command, 3 repeats
    .venv/bin/python benchmarks/first_run.py --repeats 5 --only worst chase
    .venv/bin/python benchmarks/first_run.py --gui         # also the window's first analysis

Each repeat takes a fresh, empty numba cache (``NUMBA_CACHE_DIR`` set to a new folder) and
runs the whole command twice in new processes: *cold* is the first run (it compiles every
kernel it needs and writes it to the cache), *warm* the second (it loads them from there).
Times are wall times of the whole process, shown as the range over the repeats. The table
also names the kernels the cold run compiled (the index files it left in the empty cache)
and whether the process loaded numba at all. The load average is printed with the table:
on a shared machine the times are noisy, which is why cold and warm alternate in one run.

``--gui`` adds the window's first analysis of a board (the 25-button knight diamond, and a
20×20 grid): the time from opening the board until every job the window started for it has
ended (``benchmarks/first_run_gui.py``, offscreen Qt platform; the window starts its kernel
warm-up first, as ``lograph gui`` does, and stops it when it closes). *Cold* is the window's
first start with an empty cache, *warm* its second start. The window's own start-up (Qt and
the docks, before any board) is shown apart, in the last column.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (label, argv after "lograph") — boards are made in the work folder first (see `_boards`).
COMMANDS: list[tuple[str, list[str]]] = [
    ("`analyze` 9×9", ["analyze", "r9.txt"]),
    ("`solve --fewest` 9×9", ["solve", "--fewest", "r9.txt"]),
    ("`report` 9×9 `-o r.md`", ["report", "r9.txt", "-o", "r.md"]),
    ("`worst` 9×9", ["worst", "r9.txt"]),
    ("`chase` 20×20", ["chase", "r20.txt"]),
    ("`census rectangle 1-6 1-6`", ["census", "rectangle", "1-6", "1-6", "-o", "c.csv"]),
    ("`census geng 7 -c`", ["census", "geng", "7", "-c", "-o", "g7.csv"]),
    ("`census geng 8 -c`", ["census", "geng", "8", "-c", "-o", "g8.csv"]),
    ("`share` 9×9", ["share", "r9.txt", "-o", "s.html"]),
    ("`explain` 5×5", ["explain", "sample:classic-5x5.txt", "-o", "e.md"]),
    (
        "`puzzle` 5×5 `--presses 3`",
        ["puzzle", "sample:classic-5x5.txt", "--presses", "3", "-o", "p.json"],
    ),
    ("`render` 9×9", ["render", "r9.txt", "-o", "r.png"]),
]

#: The child: run the command in-process, then note whether numba loaded.
_CHILD = """
import atexit, json, os, sys
def _note():
    with open(os.environ["FIRST_RUN_NOTE"], "w") as f:
        json.dump({"numba": "numba" in sys.modules}, f)
atexit.register(_note)
from lograph.cli import main
sys.argv = ["lograph"] + sys.argv[1:]
raise SystemExit(main())
"""


def _boards(work: Path) -> None:
    for rows, name in ((9, "r9.txt"), (20, "r20.txt")):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "lograph",
                "generate",
                "rectangle",
                str(rows),
                str(rows),
                "-o",
                str(work / name),
            ],
            check=True,
            capture_output=True,
            env=_env(work / "unused-cache"),
        )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "lograph",
            "generate",
            "diamond",
            "3",
            "--stencil",
            "knight",
            "-o",
            str(work / "knight.json"),
        ],
        check=True,
        capture_output=True,
        env=_env(work / "unused-cache"),
    )


#: The lograph tree measured (``--source``: another checkout, to compare with a baseline).
SOURCE = [ROOT]


def _env(cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["NUMBA_CACHE_DIR"] = str(cache)
    env["PYTHONPATH"] = str(SOURCE[0])
    env.pop("LOGRAPH_JIT", None)
    return env


def _run(argv: list[str], work: Path, cache: Path) -> tuple[float, dict[str, object]]:
    note = work / "note.json"
    note.unlink(missing_ok=True)
    if "-o" in argv:  # a census resumes from an existing table: start afresh
        (work / argv[argv.index("-o") + 1]).unlink(missing_ok=True)
    env = _env(cache)
    env["FIRST_RUN_NOTE"] = str(note)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *argv], cwd=work, env=env, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"lograph {' '.join(argv)} failed:\n{done.stderr}")
    return wall, json.loads(note.read_text())


def _cached(cache: Path) -> list[str]:
    """The kernels compiled into `cache` ("module.function", from numba's index files)."""
    return sorted(path.name.split("-")[0] for path in cache.rglob("*.nbi"))


def _span(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:.2f} s" if high - low < 0.005 else f"{low:.2f}–{high:.2f} s"


def _kernels(names: list[str]) -> str:
    if not names:
        return "none"
    modules: dict[str, int] = {}
    for name in names:
        module = name.split(".")[0]
        modules[module] = modules.get(module, 0) + 1
    return f"{len(names)}: " + ", ".join(f"{m} {n}" for m, n in modules.items())


def measure_commands(repeats: int, only: list[str]) -> list[list[str]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        _boards(work)
        for index, (label, argv) in enumerate(COMMANDS):
            if only and argv[0] not in only:
                continue
            cold, warm, notes = [], [], []
            for repeat in range(repeats):
                cache = work / f"cache-{index}-{repeat}"
                cache.mkdir()
                wall, note = _run(argv, work, cache)
                cold.append(wall)
                note["compiled"] = _cached(cache)
                notes.append(note)
                warm.append(_run(argv, work, cache)[0])
            ratio = min(cold) / min(warm)
            rows.append(
                [
                    label,
                    _span(cold),
                    _span(warm),
                    f"{ratio:.1f}×",
                    _kernels(notes[0]["compiled"]),  # type: ignore[arg-type]
                    "yes" if notes[0]["numba"] else "no",
                ]
            )
            print(f"  {label}: cold {_span(cold)}, warm {_span(warm)}", file=sys.stderr)
    return rows


# --- the window ---------------------------------------------------------------------------

_GUI_CHILD = """
import os, sys, time
start = time.perf_counter()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication
from lograph.ui.app import create_app
from lograph.ui.main_window import MainWindow
app = create_app([])
window = MainWindow()
window.show()
window.open_path(sys.argv[1])
model = window.analysis_model
while True:
    app.processEvents()
    if model.current_result() is not None:
        break
    time.sleep(0.005)
print(time.perf_counter() - start)
window.close()
"""


def measure_window(repeats: int) -> list[list[str]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        _boards(work)
        for label, board, chasing in (
            ("window: knight diamond (25 buttons)", "knight.json", False),
            ("window: knight diamond, Chasing tab shown", "knight.json", True),
            ("window: 20×20 grid (400 buttons)", "r20.txt", False),
            ("window: 20×20 grid, Chasing tab shown", "r20.txt", True),
        ):
            cold: list[float] = []
            warm: list[float] = []
            shown: list[float] = []
            for repeat in range(repeats):
                cache = work / f"cache-gui-{board}-{chasing}-{repeat}"
                cache.mkdir()
                for bucket in (cold, warm):  # an empty cache, then the window's second start
                    env = _env(cache)
                    env["QT_QPA_PLATFORM"] = "offscreen"
                    env["XDG_CONFIG_HOME"] = str(work / "config")
                    env["XDG_DATA_HOME"] = str(work / "data")
                    done = subprocess.run(
                        [
                            sys.executable,
                            str(Path(__file__).resolve()),
                            "--gui-child",
                            str(work / board),
                            *(["--chasing"] if chasing else []),
                        ],
                        env=env,
                        capture_output=True,
                        text=True,
                        cwd=work,
                    )
                    if done.returncode:
                        raise SystemExit(f"window run failed:\n{done.stderr}")
                    start, analysis = done.stdout.strip().splitlines()[-1].split()
                    bucket.append(float(analysis))
                    shown.append(float(start))
            rows.append(
                [
                    label,
                    _span(cold),
                    _span(warm),
                    f"{min(cold) / min(warm):.1f}×",
                    "",
                    f"window shown after {_span(shown)}",
                ]
            )
            print(f"  {label}: cold {_span(cold)}, warm {_span(warm)}", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=[], help="command names to run")
    parser.add_argument("--gui", action="store_true", help="also the window's first analysis")
    parser.add_argument("--gui-child", metavar="BOARD", help=argparse.SUPPRESS)
    parser.add_argument("--chasing", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--source", type=Path, help="measure this lograph tree instead")
    args = parser.parse_args()
    if args.source:
        SOURCE[0] = args.source.resolve()
    if args.gui_child:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from first_run_gui import first_analysis

        print(first_analysis(args.gui_child, args.chasing))
        return
    load = os.getloadavg()
    rows = measure_commands(args.repeats, args.only)
    if args.gui:
        rows += measure_window(args.repeats)
    after = os.getloadavg()
    print(
        f"{args.repeats} repeats, each with an empty numba cache; load average "
        f"{load[0]:.1f} before, {after[0]:.1f} after; {os.cpu_count()} cores\n"
    )
    print(
        "| command | first run (cold) | second run (warm) | cold ÷ warm "
        "| kernels compiled cold | numba loaded |"
    )
    print("|---|---:|---:|---:|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
