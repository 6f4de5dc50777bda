"""A census touches nothing outside its table: no file is written through a symbolic link
planted at a side file's predictable name (journal, resume record, lock, pieces of a
``--where`` census), a second counting census on the same output is refused, and its journal
knows its input by content and goes when the table is whole or the input is bad."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.census.pieces import journal_path
from lograph.core.census.table import sidecar_path
from tests.cli.helpers import fails_cleanly, run_cli
from tests.core.census.geng import geng_or_skip

DECOY = b"not yours to write\n"
#: The graphs on 3 vertices meeting nullity=0 (closed rule): geng's order.
LINES = b"Bw\nBW\n"


def _decoy(folder: Path) -> Path:
    decoy = folder / "decoy"
    decoy.write_bytes(DECOY)
    return decoy


def _plant(folder: Path, name: str, decoy: Path) -> Path:
    link = folder / name
    link.symlink_to(decoy)
    return link


@pytest.mark.parametrize(
    "name", [".w.g6.piece-0.g6.part", ".w.g6.part", ".w.g6.piece-0.g6", ".w.g6.piece-1.g6"]
)
def test_where_pieces_never_write_through_a_planted_link(tmp_path: Path, name: str) -> None:
    geng_or_skip()
    whole = tmp_path / "whole.g6"
    args = ["census", "geng", "6", "-c", "--where", "nullity=0", "--pieces", "2"]
    assert main([*args, "-o", str(whole)]) == 0
    decoy = _decoy(tmp_path)
    _plant(tmp_path, name, decoy)
    assert main([*args, "-o", str(tmp_path / "w.g6")]) == 0
    assert decoy.read_bytes() == DECOY
    output = tmp_path / "w.g6"
    assert not output.is_symlink()
    assert output.read_bytes() == whole.read_bytes()


def test_the_resume_record_is_never_written_through_a_planted_link(tmp_path: Path) -> None:
    decoy = _decoy(tmp_path)
    table = tmp_path / "rs.csv"
    _plant(tmp_path, sidecar_path(table).name, decoy)
    assert main(["census", "rectangle", "1-2", "1-2", "--no-worst", "-o", str(table)]) == 0
    assert decoy.read_bytes() == DECOY
    assert table.read_text().count("\n") == 5  # header and four boards
    assert not os.path.lexists(sidecar_path(table))  # the finished census removed its record


def test_the_journal_is_never_written_through_a_planted_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    geng_or_skip()
    decoy = _decoy(tmp_path)
    table = tmp_path / "j.csv"
    _plant(tmp_path, journal_path(table).name, decoy)
    err = fails_cleanly(capsys, "census", "geng", "4", "-o", str(table))
    assert "a symbolic link, not a census journal" in err
    assert decoy.read_bytes() == DECOY
    assert not table.exists()


def test_the_csv_behind_a_parquet_table_is_never_opened_through_a_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyarrow")
    # a decoy that looks like the census's own CSV, and a matching resume record beside
    # the link: everything a resumed census checks, yet the decoy must stay as it is
    table = tmp_path / "t.parquet"
    args = ["census", "rectangle", "1-2", "1-2", "--no-worst"]
    header = "name,buttons,edges,states,rank,nullity,kernel_size,kernel_structure,"
    decoy = tmp_path / "decoy"
    decoy.write_text(header + "solvable_fraction,free_buttons,worst\n1x1,1,0,2,1,0,1,1,1.0,0")
    before = decoy.read_bytes()
    behind = tmp_path / ".t.parquet.census.csv"
    behind.symlink_to(decoy)
    record = {
        "columns": (header + "solvable_fraction,free_buttons,worst").split(","),
        "family": "rectangle",
        "format": "lograph-census",
        "ranges": ["1-2", "1-2"],
        "rule": "closed",
        "states": 2,
        "stencil": None,
        "version": 1,
        "worst": False,
    }
    sidecar_path(behind).write_text(json.dumps(record, sort_keys=True) + "\n")
    status, _, err = run_cli(capsys, *args, "-o", str(table))
    assert status == 2, err
    assert decoy.read_bytes() == before


def test_a_planted_lock_link_is_refused_and_its_target_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decoy = _decoy(tmp_path)
    table = tmp_path / "lk.csv"
    _plant(tmp_path, "lk.csv.lock", decoy)
    err = fails_cleanly(capsys, "census", "rectangle", "1-2", "1-2", "-o", str(table))
    assert "lk.csv.lock" in err
    assert "symbolic link" in err
    assert decoy.read_bytes() == DECOY
    assert not table.exists()


#: Holds the lock of the file named by argv[1] until a line comes on stdin.
HOLD_LOCK = """
import sys
from lograph.core.census.table import lock_table
with lock_table(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["geng", "5", "-o", "t.csv"],
        ["geng", "5", "--where", "nullity=0", "-o", "t.g6"],
        ["graph6", "-", "--summary", "-o", "t.csv"],
    ],
)
def test_a_second_counting_census_on_one_output_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    if argv[0] == "geng":
        geng_or_skip()
    output = tmp_path / argv[-1]
    argv = [*argv[:-1], str(output)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(output)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        err = fails_cleanly(capsys, "census", *argv)
        assert f"{output}: in use by another census (process {holder.pid})" in err
        assert sorted(p.name for p in tmp_path.iterdir()) == [f"{output.name}.lock"]
    finally:
        holder.communicate("\n", timeout=60)


def _graph6_file(folder: Path, data: bytes) -> Path:
    path = folder / "g.g6"
    path.write_bytes(data)
    return path


def test_a_bad_line_leaves_no_journal_and_the_fixed_file_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _graph6_file(tmp_path, b"A_\nBw\n" * 20 + b"Bw!!\n" + b"BW\n" * 20)
    table = tmp_path / "t.csv"
    args = ["census", "graph6", str(source), "--summary", "--pieces", "4", "-o", str(table)]
    err = fails_cleanly(capsys, *args)
    assert "not graph6" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.g6"]  # no journal, no lock
    source.write_bytes(b"A_\nBw\n" * 20 + b"Bw\n" + b"BW\n" * 20)
    status, out, err = run_cli(capsys, *args)
    assert status == 0, err
    assert "61 graphs" in out


def test_a_bad_line_under_workers_leaves_no_piece_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = b"A_\nBw\nBW\n" * 2000
    source = _graph6_file(tmp_path, good + b"Bw!!\n" + good)
    args = ["census", "graph6", str(source), "--where", "nullity=0", "--pieces", "8"]
    err = fails_cleanly(capsys, *args, "--jobs", "2", "-o", str(tmp_path / "w.g6"))
    assert "not graph6" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.g6"]  # no journal, piece, temp


def test_an_input_edited_since_an_interrupted_census_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.core.census import pieces

    source = _graph6_file(tmp_path, b"A_\n" * 30 + b"Bw\n" * 30)
    table = tmp_path / "t.csv"
    args = ["census", "graph6", str(source), "--summary", "--pieces", "3", "-o", str(table)]
    real_record = pieces.PieceJournal.record

    def stop_after_one(self: pieces.PieceJournal, result: object) -> bool:
        recorded = real_record(self, result)  # type: ignore[arg-type]
        raise KeyboardInterrupt  # Ctrl-C once the first piece is in the journal
        return recorded  # pragma: no cover

    monkeypatch.setattr(pieces.PieceJournal, "record", stop_after_one)
    status, _, _ = run_cli(capsys, *args)
    assert status == 130
    monkeypatch.undo()
    assert journal_path(table).exists()
    source.write_bytes(b"Bw\n" * 30 + b"A_\n" * 30)  # the same size, other graphs first
    err = fails_cleanly(capsys, *args)
    assert f"{source.resolve()} changed since the unfinished census" in err
    assert not table.exists()
    journal_path(table).unlink()
    status, out, _ = run_cli(capsys, *args)
    assert status == 0
    assert "60 graphs in 2 count rows" in out  # 30 of each, whichever order


def test_the_journal_goes_when_a_resumed_census_finishes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    geng_or_skip()
    from lograph.core.census import pieces

    table = tmp_path / "t.g6"
    args = ["census", "geng", "6", "--where", "nullity=0", "--pieces", "3", "-o", str(table)]
    real_record = pieces.PieceJournal.record

    def stop_after_one(self: pieces.PieceJournal, result: object) -> bool:
        real_record(self, result)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(pieces.PieceJournal, "record", stop_after_one)
    assert run_cli(capsys, *args)[0] == 130
    monkeypatch.undo()
    status, _, err = run_cli(capsys, *args)
    assert status == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.g6"]
    # and the next census to another output in the same folder meets nothing in its way
    assert run_cli(capsys, *args[:-1], str(tmp_path / "u.g6"))[0] == 0
    assert (tmp_path / "u.g6").read_bytes() == table.read_bytes()


@pytest.mark.parametrize(
    ("where", "shown"),
    [
        ("edges>=99999999999999999999", "is past any edges (at most 1891"),
        ("vertices<=63", "is past any vertices (at most 62"),
        ("closed=" + "9" * 5000, "(5000 characters)"),
        ("nullity=0," + "x" * 10000, "(10010 characters)"),
    ],
)
def test_where_is_checked_before_any_work(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    shown: str,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no geng: the check comes first
    err = fails_cleanly(
        capsys, "census", "geng", "8", "--where", where, "-o", str(tmp_path / "w.g6")
    )
    assert shown in err
    assert len(err) < 200
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "most"),
    [
        (["geng", "8", "--pieces", "100000"], "give 1 to 16 for geng on 8 vertices"),
        (["geng", "11", "--pieces", "5000"], "give 1 to 1024 for geng on 11 vertices"),
        (["geng", "8", "--pieces", "9" * 60], "(60 digits) is far out of range"),
    ],
)
def test_pieces_are_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], most: str
) -> None:
    geng_or_skip()
    status, _, err = run_cli(capsys, "census", *argv, "-o", str(tmp_path / "t.csv"))
    assert status == 2
    assert most in err
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_file_is_cut_into_pieces_of_at_least_64_kb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _graph6_file(tmp_path, b"A_\n" * 10)
    args = ["census", "graph6", str(source), "--summary", "-o", str(tmp_path / "t.csv")]
    assert "give 1 to 16 for a file of 30 bytes" in fails_cleanly(capsys, *args, "--pieces", "17")
    assert run_cli(capsys, *args, "--pieces", "16")[0] == 0


def test_a_byte_order_mark_is_one_rule_for_both_censuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _graph6_file(tmp_path, b"\xef\xbb\xbf>>graph6<<A_\nBw\nBW\n")
    rows, counts = tmp_path / "rows.csv", tmp_path / "counts.csv"
    assert run_cli(capsys, "census", "graph6", str(source), "--no-worst", "-o", str(rows))[0] == 0
    status, out, err = run_cli(
        capsys, "census", "graph6", str(source), "--summary", "-o", str(counts)
    )
    assert status == 0, err
    assert "3 graphs" in out
    assert rows.read_text().count("\n") == 4  # header and the same three graphs
    # a mark anywhere else is refused by both, naming where
    inside = _graph6_file(tmp_path, b"A_\n\xef\xbb\xbfBw\n")
    assert "line 2" in fails_cleanly(
        capsys, "census", "graph6", str(inside), "-o", str(rows) + "x.csv"
    )
    err = fails_cleanly(
        capsys, "census", "graph6", str(inside), "--summary", "-o", str(counts) + "x.csv"
    )
    assert "at byte 3" in err


def test_a_bad_line_in_a_later_piece_is_named_by_its_byte_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _graph6_file(tmp_path, b"A_\n" * 10 + b"??!\n")
    args = ["census", "graph6", str(source), "--summary", "--pieces", "4"]
    err = fails_cleanly(capsys, *args, "-o", str(tmp_path / "t.csv"))
    assert "the line at byte 30 is not graph6" in err


@pytest.mark.parametrize("argv", [["geng", "3"], ["rectangle", "1", "1", "--no-worst"]])
def test_an_output_name_with_control_characters_is_printed_escaped(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    if argv[0] == "geng":
        geng_or_skip()
    monkeypatch.chdir(tmp_path)
    name = "a\x1b]0;owned\x07.csv"
    status, out, err = run_cli(capsys, "census", *argv, "-o", name)
    assert status == 0, err
    assert "\x1b" not in out
    assert "\x07" not in out
    assert "a\\x1b]0;owned\\x07.csv" in out
    assert (tmp_path / name).exists()


#: `lograph ARGV` with at most argv[1] bytes per file (a full disk), SIGXFSZ ignored so a
#: write fails with EFBIG instead of killing the process.
FULL_DISK = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from lograph.cli import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("limit", [0, 400])
def test_a_full_disk_names_the_journal_and_leaves_none(tmp_path: Path, limit: int) -> None:
    geng_or_skip()
    table = tmp_path / "t.csv"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(limit), "census", "geng", "8", "--pieces", "2",
         "-o", str(table)],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"lograph: error: {journal_path(table)}: "), done.stderr
    assert done.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no table, no journal (empty or not), no lock
