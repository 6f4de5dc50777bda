"""``lograph census``: its rows agree with ``lograph analyze --json`` on the same boards; bad
input gets one line and status 2; Parquet, plots, --jobs, --dask and Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest

from lograph.cli import main
from tests.cli.helpers import interruptible, read_terminal


def _table(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def _analyze(capsys: pytest.CaptureFixture[str], board: str, *options: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(["analyze", board, "--json", *options]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def _agrees(row: dict[str, str], data: dict[str, object]) -> None:
    for key in ("buttons", "edges", "states", "rank", "nullity"):
        assert int(row[key]) == data[key], (row["name"], key)
    assert float(row["solvable_fraction"]) == pytest.approx(data["solvable_fraction"])
    if data["free_buttons"] is not None:  # the small engine plans no chase (census does)
        assert row["free_buttons"] == str(data["free_buttons"])


@pytest.mark.parametrize(
    ("family", "sizes", "options"),
    [
        ("rectangle", ["4", "5"], []),
        ("rectangle", ["5", "5"], ["--states", "3"]),
        ("rectangle", ["4", "6"], ["--rule", "open"]),
        ("rectangle", ["4", "4"], ["--stencil", "king"]),
        ("torus", ["4", "5"], []),
        ("cylinder", ["3", "5"], []),
        ("mobius", ["3", "5"], []),
        ("diamond", ["2"], []),
    ],
)
def test_rows_agree_with_analyze(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    family: str,
    sizes: list[str],
    options: list[str],
) -> None:
    board = str(tmp_path / "board.json")
    assert main(["generate", family, *sizes, "-o", board, *options]) == 0
    table = tmp_path / "t.csv"
    assert main(["census", family, *sizes, "-o", str(table), *options]) == 0
    (row,) = _table(table)
    _agrees(row, _analyze(capsys, board))


def test_graph6_rows_agree_with_analyze(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graphs = [nx.petersen_graph(), nx.cycle_graph(5), nx.complete_graph(4), nx.path_graph(5)]
    lines = [nx.to_graph6_bytes(g, header=False) for g in graphs]
    listing = tmp_path / "all.g6"
    listing.write_bytes(b"".join(lines))
    table = tmp_path / "t.csv"
    assert main(["census", "graph6", str(listing), "-o", str(table)]) == 0
    rows = _table(table)
    assert [row["line"] for row in rows] == ["1", "2", "3", "4"]
    for row, line in zip(rows, lines, strict=True):
        single = tmp_path / "one.g6"
        single.write_bytes(line)
        _agrees(row, _analyze(capsys, str(single)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hexagon", "1-3"], "unknown family 'hexagon'"),
        (["rectangle", "5-2", "1-3"], "rows range '5-2' is empty"),
        (["rectangle", "1-5000", "1"], "goes past 1000"),
        (["rectangle", "1-3", "1-3", "--states", "256"], "between 2 and 255"),
        (["rectangle", "1-3", "1-3", "--stencil", "1,x"], "stencil offset '1,x'"),
        (["rectangle", "1-3", "1-3", "--jobs", "0"], "--jobs 0 must be between"),
        (["rectangle", "1-3", "1-3", "--plot", "p.svg"], "the plot must be a .png"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["census", *args, "-o", "t.csv"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("lograph: error: ")
    assert message in err
    assert not (tmp_path / "t.csv").exists()


def test_a_broken_graph6_line_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "bad.g6"
    listing.write_bytes(b"Bg\nBw\nB!\n")
    assert main(["census", "graph6", str(listing), "-o", str(tmp_path / "t.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "bad.g6 line 3: invalid graph6 data" in err


def test_unwritable_output_and_wrong_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-folder" / "t.csv"
    assert main(["census", "rectangle", "1", "1", "-o", str(missing)]) == 2
    assert "cannot write in the folder" in capsys.readouterr().err
    assert main(["census", "rectangle", "1", "1", "-o", str(tmp_path / "t.txt")]) == 2
    assert "must be .csv or .parquet" in capsys.readouterr().err


def test_a_missing_optional_package_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import now raises ImportError
    assert main(["census", "rectangle", "1", "1", "-o", str(tmp_path / "t.parquet")]) == 2
    err = capsys.readouterr().err
    assert err == "lograph: error: Parquet output needs pyarrow: pip install 'lograph[parquet]'\n"
    assert list(tmp_path.iterdir()) == []


def test_parquet_holds_the_csv_rows(tmp_path: Path) -> None:
    import pyarrow.parquet as parquet

    assert main(["census", "rectangle", "1-4", "1-4", "-o", str(tmp_path / "t.csv")]) == 0
    assert main(["census", "rectangle", "1-4", "1-4", "-o", str(tmp_path / "t.parquet")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.parquet"]
    rows = parquet.read_table(tmp_path / "t.parquet").to_pylist()
    expected = _table(tmp_path / "t.csv")
    assert [{k: "" if v is None else str(v) for k, v in row.items()} for row in rows] == expected


@pytest.mark.parametrize(
    ("family", "ranges"), [("rectangle", ["1-6", "2-9"]), ("diamond", ["0-4"]), ("graph6", [])]
)
def test_the_plot_is_a_png(tmp_path: Path, family: str, ranges: list[str]) -> None:
    import matplotlib.image as image

    if family == "graph6":
        listing = tmp_path / "g.g6"
        small = [g for g in nx.graph_atlas_g() if g.number_of_nodes() <= 4]
        listing.write_bytes(b"".join(nx.to_graph6_bytes(g, header=False) for g in small))
        ranges = [str(listing)]
    picture = tmp_path / "p.png"
    args = ["census", family, *ranges, "-o", str(tmp_path / "t.csv"), "--plot", str(picture)]
    assert main(args) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    height, width, _ = image.imread(picture).shape
    assert (height, width) == (600, 750)


def test_jobs_and_dask_give_the_same_table(tmp_path: Path) -> None:
    import distributed

    args = ["census", "rectangle", "1-5", "1-4"]
    assert main([*args, "-o", str(tmp_path / "one.csv")]) == 0
    assert main([*args, "-o", str(tmp_path / "two.csv"), "--jobs", "2"]) == 0
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        assert (
            main([*args, "-o", str(tmp_path / "dask.csv"), "--dask", cluster.scheduler_address])
            == 0
        )
    one = (tmp_path / "one.csv").read_text()
    assert (tmp_path / "two.csv").read_text() == one
    assert (tmp_path / "dask.csv").read_text() == one


def test_ctrl_c_stops_with_one_line_and_complete_rows(tmp_path: Path) -> None:
    table = tmp_path / "t.csv"
    args = ["census", "rectangle", "1-300", "1-300", "-o", str(table), "--jobs", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "lograph", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: the hang guard ends the workers too
        preexec_fn=interruptible,
    )
    deadline = time.monotonic() + 120  # a hang guard, not a speed test
    while time.monotonic() < deadline and proc.poll() is None:
        if table.exists() and table.read_text().count("\n") >= 4:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # never leave a census running behind the test
        proc.communicate()
        pytest.fail("census ignored Ctrl-C")
    assert proc.returncode == 130
    assert err == "lograph: interrupted\n"
    text = table.read_text()
    assert text.endswith("\n")
    assert all(len(row) == 11 for row in csv.reader(text.splitlines()))
    assert (tmp_path / "t.csv.census-resume.json").exists()


def test_progress_shows_on_a_terminal_only(tmp_path: Path) -> None:
    import pty

    args = [sys.executable, "-m", "lograph", "census", "rectangle", "1-12", "1-12"]
    main_end, worker_end = pty.openpty()
    proc = subprocess.Popen([*args, "-o", str(tmp_path / "t.csv")], stderr=worker_end)
    os.close(worker_end)
    seen = read_terminal(main_end)
    assert proc.wait(timeout=120) == 0
    assert b"census: " in seen
    assert b"144/144" in seen
    assert b"100%" in seen
    piped = subprocess.run(
        [*args, "-o", str(tmp_path / "u.csv")], capture_output=True, text=True, timeout=120
    )
    assert piped.returncode == 0
    assert piped.stderr == ""


def test_an_unreachable_cluster_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "t.csv"
    assert main(["census", "rectangle", "1", "1", "-o", str(table), "--dask", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lograph: error: cannot reach the Dask scheduler at nonsense")
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
