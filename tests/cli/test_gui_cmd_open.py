"""``lograph FILE`` opens FILE in the window (what a desktop's "Open with" runs), like
``lograph gui FILE``; command names keep priority, and anything else is still an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from lograph.cli import gui_cmd, main


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    seen: list[str | None] = []

    def launch(path: str | None) -> int:
        seen.append(path)
        return 0

    monkeypatch.setattr(gui_cmd, "launch", launch)
    return seen


def test_a_board_file_alone_opens_the_window(tmp_path: Path, opened: list[str | None]) -> None:
    # seen: 'lograph board.txt' said "invalid choice"
    board = tmp_path / "board.txt"
    board.write_text("1 1\n", encoding="utf-8")
    assert main([str(board)]) == 0
    assert opened == [str(board)]
    assert main(["gui", str(board)]) == 0  # the same as before
    assert opened[-1] == str(board)


def test_commands_keep_priority_and_other_words_stay_errors(
    tmp_path: Path,
    opened: list[str | None],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.pdf").write_text("x", encoding="utf-8")
    for word in ("missing.txt", "notes.pdf"):  # no such board file / not a board
        with pytest.raises(SystemExit) as exit_info:
            main([word])
        assert exit_info.value.code == 2
        assert "invalid choice" in capsys.readouterr().err
    assert opened == []
    with pytest.raises(SystemExit):
        main(["analyze"])  # a command, even missing its argument: never a file to open
    assert opened == []
