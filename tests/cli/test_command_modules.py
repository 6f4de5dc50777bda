"""Every command in `lograph.cli.COMMANDS` is a module that ships with lograph: the parser
offers each one, and a command module that cannot be imported is a broken install, raised
as an error rather than left out of ``lograph --help``."""

from __future__ import annotations

import argparse

import pytest

import lograph.cli
from lograph.cli import COMMANDS, build_parser, main


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_the_parser_offers_every_command() -> None:
    assert _command_names(build_parser()) == list(COMMANDS)


def test_a_missing_command_module_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lograph.cli, "COMMANDS", (*COMMANDS, "nonexistent"))
    with pytest.raises(ModuleNotFoundError, match=r"lograph\.cli\.nonexistent_cmd"):
        build_parser()
    with pytest.raises(ModuleNotFoundError, match=r"lograph\.cli\.nonexistent_cmd"):
        main(["samples"])
