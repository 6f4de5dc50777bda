"""The kernel warm-up: one progress line per step, a stamp when every step ran, nothing to
do once the stamp is there; a failing step is skipped and leaves no stamp."""

from __future__ import annotations

from pathlib import Path

import pytest

from lograph.core.report import warmup


def _run(monkeypatch: pytest.MonkeyPatch, steps, stamp: Path) -> list[str]:
    monkeypatch.setattr(warmup, "STEPS", steps)
    monkeypatch.setattr(warmup, "stamp_path", lambda: stamp)
    monkeypatch.setenv("LOGRAPH_JIT", "")  # main() forces numba; restored after the test
    lines: list[str] = []
    assert warmup.main(lines.append) == 0
    return lines


def test_progress_lines_then_a_stamp(monkeypatch, tmp_path) -> None:
    ran: list[str] = []
    steps = (("one", lambda: ran.append("one")), ("two", lambda: ran.append("two")))
    stamp = tmp_path / "warm.stamp"
    lines = _run(monkeypatch, steps, stamp)
    assert ran == ["one", "two"]
    assert lines[:2] == [f"{warmup.PREFIX} 0 2 one", f"{warmup.PREFIX} 1 2 two"]
    assert lines[-1].startswith(f"{warmup.PREFIX} done ")
    assert stamp.exists()
    assert _run(monkeypatch, steps, stamp) == [f"{warmup.PREFIX} done 0"]  # nothing again
    assert ran == ["one", "two"]


def test_a_failing_step_is_skipped_and_leaves_no_stamp(monkeypatch, tmp_path, capsys) -> None:
    def broken() -> None:
        raise RuntimeError("no")

    stamp = tmp_path / "warm.stamp"
    ran: list[str] = []
    lines = _run(monkeypatch, (("broken", broken), ("fine", lambda: ran.append("x"))), stamp)
    assert ran == ["x"]
    assert lines[-1].startswith(f"{warmup.PREFIX} done")
    assert "broken failed" in capsys.readouterr().err
    assert not stamp.exists()


def test_the_stamp_names_this_machine_and_these_kernels() -> None:
    stamp = warmup.stamp_path()
    assert stamp is not None  # numba's cache objects are where this numba keeps them
    assert stamp.name.startswith("lograph-warmup-")
