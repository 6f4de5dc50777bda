"""render and worst estimate their memory from the board's counts before starting."""

from __future__ import annotations

from pathlib import Path

import pytest

from lograph.cli import main, memory


def test_the_machine_memory_is_known() -> None:
    total = memory.machine_bytes()
    assert total is None or total > 2**20


@pytest.mark.parametrize(
    "argv",
    [
        ["worst", "sample:classic-5x5.txt"],
        ["render", "sample:petersen.json", "-o", "{out}"],
    ],
)
def test_a_small_machine_refuses_with_both_figures(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(memory, "machine_bytes", lambda: 64 * 2**20)
    out = tmp_path / "p.png"
    assert main([a.format(out=out) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lograph: error: ")
    assert f"{argv[1][len('sample:') :]}: " in err
    assert "needs about" in err
    assert "more than this machine's 64.0 MB" in err
    assert err.count("\n") == 1
    assert not out.exists()


def test_a_huge_picture_is_refused_up_front(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(memory, "machine_bytes", lambda: 2 * 2**30)
    out = tmp_path / "p.png"
    argv = ["render", "sample:classic-5x5.txt", "-o", str(out), "--width", "16384"]
    assert main([*argv, "--height", "16384"]) == 2
    assert "drawing needs about 3.1 GB" in capsys.readouterr().err
    assert main([*argv, "--height", "300"]) == 0  # the same board, a sensible picture


def test_estimates_grow_with_the_counts() -> None:
    assert memory.render_estimate(1000, 250_000, None, None) > memory.render_estimate(
        300, 22_000, None, None
    )
    assert memory.worst_estimate(16, 64, 4, 3) > memory.worst_estimate(16, 64, 4, 2)
