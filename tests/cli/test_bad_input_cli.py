"""Bad input to ``render``, ``census``, ``samples``, ``analyze`` and ``generate`` (a fuzz
run's findings): one line naming the problem, exit status 2, no output file left; and
strange but valid input (far or tiny layouts, a sample copied to another format) done right.

Independent answers: Qt's image reader and xml.etree for pictures, the file readers and
``lograph analyze`` for samples written in another format.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from lograph.core.census.table import TableWriter, sidecar_path
from lograph.core.files import read_board
from lograph.core.files.samples import read_sample
from tests.cli.helpers import run_cli as run

ROOT = Path(__file__).resolve().parents[2]


def refused(status: int, err: str, *words: str) -> None:
    """Exit status 2 and one short stderr line holding every word."""
    assert status == 2
    assert err.count("\n") == 1, err
    assert len(err) < 400, err[:400]
    assert "Traceback" not in err
    assert "internal error" not in err
    for word in words:
        assert word in err


def layout_file(tmp_path: Path, points: list[list[float]]) -> Path:
    """A board of buttons at `points`, each joined to the next."""
    nodes = [{"id": f"b{i}", "pos": p} for i, p in enumerate(points)]
    edges = [{"source": f"b{i}", "target": f"b{i + 1}"} for i in range(len(points) - 1)]
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({"nodes": nodes, "edges": edges}))
    return path


# ---------------------------------------------------------------- 1. render far positions

LAYOUTS = {
    "far": [[1e9, 0.0]],
    "far-and-near": [[1e9, 0.0], [0.0, 0.0], [1e-9, 0.0]],
    "tiny": [[0.0, 0.0], [1e-9, 0.0], [0.0, 1e-9]],
    "corners": [[1e9, 1e9], [-1e9, -1e9], [1e-9, 0.0], [0.0, 0.0]],
}


@pytest.mark.parametrize("suffix", [".png", ".svg"])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_render_draws_far_and_tiny_layouts_without_warnings(
    tmp_path: Path, layout: str, suffix: str
) -> None:
    # a fresh process: numpy's RuntimeWarnings would reach its stderr (pytest hides them)
    board = layout_file(tmp_path, LAYOUTS[layout])
    out = tmp_path / f"picture{suffix}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONWARNINGS": "default"}
    done = subprocess.run(
        [sys.executable, "-m", "lograph", "render", str(board), "-o", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    assert (done.returncode, done.stderr) == (0, "")
    size = json.loads(done.stdout)
    if suffix == ".png":
        image = QImage(str(out))
        assert not image.isNull()
        assert (image.width(), image.height()) == (size["width"], size["height"])
    else:
        root = ET.parse(out).getroot()
        assert root.tag.endswith("svg")
        assert root.get("viewBox") == f"0 0 {size['width']} {size['height']}"
    assert min(size["width"], size["height"]) >= 100  # not a sliver


def test_a_tiny_layout_is_scaled_up_to_fit(tmp_path: Path, qapp: object) -> None:
    from lograph.ui.canvas.scene import GRID
    from lograph.ui.picture.render import scene_for

    scene = scene_for(read_board(layout_file(tmp_path, LAYOUTS["tiny"])))
    pos = scene.store.pos[scene.store.live_slots()]
    gaps = np.hypot(*(pos[:, None, :] - pos[None, :, :]).transpose(2, 0, 1))
    assert gaps[np.triu_indices(3, 1)].min() >= 0.9 * GRID  # three discs, side by side


def test_no_scene_coordinate_overflows(qapp: object) -> None:
    from lograph.ui.canvas.scene import MAX_SCENE, unit_for

    for points in ([[1e308, 0.0]], [[1e308, 1.0], [1.0, 0.0], [2.0, 0.0]], *LAYOUTS.values()):
        pos = np.array(points, dtype=np.float64)
        scaled = pos * unit_for(pos)
        assert np.isfinite(scaled).all()
        assert np.abs(scaled).max() <= MAX_SCENE * (1 + 1e-9)


# ---------------------------------------------------------------- 2. census leaves nothing


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(("t.csv", ".t.")))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"Bg\nCr\nZZZ!!\nD~{\n", "line 3: invalid graph6 data"),
        (b"Bg\nBw\n:Fa@x^\n", "line 3: sparse6/digraph6 data"),
        (json.dumps({"nodes": [{"id": "a"}]}).encode(), "line 1: invalid graph6 data"),
    ],
)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_census_of_a_broken_graph6_file_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str, jobs: str
) -> None:
    listing = tmp_path / "in.g6"
    listing.write_bytes(content)
    for _ in range(2):  # and a rerun fails the same way, from scratch
        status, _, err = run(
            capsys, "census", "graph6", str(listing), "-o", str(tmp_path / "t.csv"), "--jobs", jobs
        )
        refused(status, err, message)
        assert leftovers(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_census_refuses_a_named_pipe_or_folder_as_graph6_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "pipe.g6")  # opening it to read would wait for a writer forever
    (tmp_path / "dir.g6").mkdir()
    for name, problem in (("pipe.g6", "named pipe"), ("dir.g6", "is a folder")):
        status, _, err = run(
            capsys, "census", "graph6", str(tmp_path / name), "-o", str(tmp_path / "t.csv")
        )
        refused(status, err, name, problem)
    assert not (tmp_path / "t.csv").exists()


@pytest.mark.parametrize("output", ["t.csv", "t.parquet"])
def test_census_refuses_a_folder_as_plot_before_computing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], output: str
) -> None:
    (tmp_path / "adir.png").mkdir()
    status, _, err = run(
        capsys, "census", "rectangle", "1-2", "1-2", "-o", str(tmp_path / output),
        "--plot", str(tmp_path / "adir.png"),
    )  # fmt: skip
    refused(status, err, "adir.png: is a folder")
    assert leftovers(tmp_path) == []


def test_abandoning_a_table_undoes_only_this_run(tmp_path: Path) -> None:
    path, columns, params = tmp_path / "t.csv", ("name", "rank"), {"family": "x"}
    new = TableWriter(path, columns, params)
    new.write([("1x1", 1)])
    new.abandon()  # a table this run started goes, with its resume record
    assert not path.exists()
    assert not sidecar_path(path).exists()
    first = TableWriter(path, columns, params)
    first.write([("1x1", 1)])
    first.close(False)  # interrupted: resumable
    before = path.read_bytes()
    resumed = TableWriter(path, columns, params)
    resumed.write([("1x2", 1), ("1x3", 2)])
    resumed.abandon()
    resumed.close(False)  # (the command's clean-up still runs: a no-op now)
    assert path.read_bytes() == before
    assert sidecar_path(path).exists()  # still resumable by the interrupted command


# ---------------------------------------------------------------- 3. samples -o FORMAT


def figures(capsys: pytest.CaptureFixture[str], board: str) -> tuple[int, int, int]:
    status, out, _ = run(capsys, "analyze", board, "--json")
    assert status == 0
    data = json.loads(out)
    return data["buttons"], data["edges"], data["nullity"]


@pytest.mark.parametrize(
    ("name", "output"),
    [
        ("petersen.g6", "p.json"),
        ("petersen.json", "p.graphml"),
        ("classic-5x5.txt", "c.json"),
        ("torus-5x5.json", "t.graphml"),
        ("triangular-3x4.graphml", "t.json"),
        ("wayout-holed-5x5.txt", "w.graphml"),
    ],
)
def test_a_sample_is_written_in_the_format_of_its_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, output: str
) -> None:
    target = tmp_path / output
    status, out, err = run(capsys, "samples", name, "-o", str(target))
    assert (status, err) == (0, "")
    assert out.startswith(f"wrote {target}")
    copy, sample = read_board(target), read_sample(name)  # fails on a file of another format
    assert (len(copy), copy.lights().tolist()) == (len(sample), sample.lights().tolist())
    assert figures(capsys, str(target)) == figures(capsys, f"sample:{name}")


@pytest.mark.parametrize(
    ("name", "output", "message"),
    [
        ("petersen.json", "x.txt", "cannot save as txt"),
        ("classic-3x3.txt", "s.g6", "graph6 carries no lights"),
        ("classic-3x3.txt", "s.dat", "unknown board file type '.dat'"),
        ("classic-3x3.txt", "s", "unknown board file type '(none)'"),
    ],
)
def test_a_sample_the_output_format_cannot_hold_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, output: str, message: str
) -> None:
    status, out, err = run(capsys, "samples", name, "-o", str(tmp_path / output))
    refused(status, err, message)
    assert out == ""
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- 4. arguments


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["analyze", "sample:classic-3x3.txt", "--quiet-limit", "-1"], ["--quiet-limit", "-1"]),
        (["generate", "geometric", "5", "1.6", "-o", "{tmp}/g.json"], ["RADIUS", "1.6"]),
        (["generate", "geometric", "5", "inf", "-o", "{tmp}/g.json"], ["RADIUS", "inf"]),
        (["generate", "geometric", "5", "nan", "-o", "{tmp}/g.json"], ["RADIUS", "nan"]),
        (["generate", "geometric", "5", "-0.5", "-o", "{tmp}/g.json"], ["RADIUS", "-0.5"]),
        (["generate", "rectangle", "2", "2", "--name", "a\x1bb", "-o", "{tmp}/n.json"],
         ["--name", "control character"]),
        (["generate", "rectangle", "2", "2", "--name", "a\nb", "-o", "{tmp}/n.txt"],
         ["--name", "control character"]),
    ],
)  # fmt: skip
def test_bad_arguments_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: list[str]
) -> None:
    status, _, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in args))
    refused(status, err, *words)
    assert "\x1b" not in err
    assert list(tmp_path.iterdir()) == []


def test_the_documented_radius_limit_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for radius in ("0", "1.5"):
        target = tmp_path / f"g{radius}.json"
        assert run(capsys, "generate", "geometric", "5", radius, "-o", str(target))[0] == 0
        assert len(read_board(target)) == 5


HUGE = "9" * 4000


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["generate", "rectangle", HUGE, "3", "-o", "{tmp}/r.txt"], "(4000 digits)"),
        (["generate", "rectangle", "9" * 5000, "3", "-o", "{tmp}/r.txt"], "(5000 digits)"),
        (["generate", "named", "cycle", HUGE, "-o", "{tmp}/r.json"], "(4000 digits)"),
        (["generate", "random", "5", "x" * 5000, "-o", "{tmp}/r.json"], "(5000 characters)"),
        (["generate", "rectangle", "3", "3", "--holes", f"{HUGE},1", "-o", "{tmp}/r.txt"],
         "(4002 characters)"),
        (["render", "sample:classic-3x3.txt", "-o", "{tmp}/r.png", "--width", HUGE],
         "(4000 digits)"),
        (["census", "rectangle", f"1-{HUGE}", "1", "-o", "{tmp}/t.csv"], "(4002 characters)"),
        (["analyze", "sample:classic-3x3.txt", "--quiet-limit", HUGE], "(4000 digits)"),
        # every other command: argparse's own message and the core's both pass one filter
        (["grid", HUGE, "3"], "(4000 digits)"),
        (["solve", "sample:classic-3x3.txt", "--states", HUGE], "4000 characters"),
        (["chase", "sample:classic-3x3.txt", "--bogus", HUGE], "(4000 digits)"),
    ],
)  # fmt: skip
def test_absurd_numbers_are_echoed_shortened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], shown: str
) -> None:
    status, _, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in args))
    refused(status, err, shown if shown[0].isdigit() else "…" + shown)
    assert len(err) < 250
    assert list(tmp_path.iterdir()) == []


def test_lit_only_help_gives_the_real_limits(capsys: pytest.CaptureFixture[str]) -> None:
    from lograph.core.optimize.lit_only import LIT_ONLY_LIMIT, LIT_ONLY_SOLVE_LIMIT

    for command, limit in (("analyze", LIT_ONLY_LIMIT), ("solve", LIT_ONLY_SOLVE_LIMIT)):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0
        text = " ".join(out.split())  # argparse wraps the help
        lit_only = text[text.index("--lit-only ") :]
        assert f"up to {limit} buttons" in lit_only


def test_an_error_line_writes_control_characters_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a file name may hold an escape sequence (here: set the terminal's title) that a
    # terminal would obey if the error line printed it raw
    missing = tmp_path / "board\x1b]0;owned\x07.json"
    status, _, err = run(capsys, "analyze", str(missing))
    refused(status, err, "board\\x1b]0;owned\\x07.json")
    assert "\x1b" not in err
    assert "\x07" not in err


def test_a_report_heading_from_a_file_name_is_printable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "my\x1b[31mboard.json"
    board.write_text(json.dumps({"nodes": [{"id": "a", "pos": [0, 0]}]}))
    status, out, _ = run(capsys, "report", str(board))
    assert status == 0
    assert "\x1b" not in out
    assert "my[31mboard" in out.splitlines()[0]
