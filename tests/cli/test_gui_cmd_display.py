"""``lograph`` / ``lograph gui`` refuse in one line when no window can be shown."""

from __future__ import annotations

import sys

import pytest

from lograph.cli import gui_cmd, main


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is Linux-only")
def test_no_display_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no display" in err
    assert main(["gui"]) == 2
    assert "no display" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is Linux-only")
def test_missing_x11_libraries_are_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(gui_cmd, "_x11_libraries", lambda: ["libnot-there-at-all.so.7"])
    assert main(["gui"]) == 2
    err = capsys.readouterr().err
    assert "libnot-there-at-all.so.7" in err
    assert "apt-get install" in err


def test_a_chosen_platform_skips_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr(gui_cmd, "_x11_libraries", lambda: pytest.fail("libraries checked"))
    gui_cmd.check_display()  # no error although DISPLAY is unset: Qt was told where to draw
