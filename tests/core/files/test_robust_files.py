"""Regression tests for crash classes: every stated number is validated
before work is done with it, and every reader is bounded before it builds anything."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from lograph.core.errors import BoardFormatError
from lograph.core.files import ascii_grid, graph6, limits, read_board, read_system
from lograph.core.model import board as board_module
from lograph.core.model import checks
from tests.fuzz.formats import complete_graph6, targeted

#: What each targeted case's message must say (the port case is read, not refused).
EXPECTED = {
    "4301-digit light": "4301-digit integer is too large",
    "4301-digit id": "4301-digit integer is too large",
    "huge integer position": "401-digit integer is too large",
    "1e400 position": "not a pair of finite numbers",
    "NaN position": "NaN is not a valid JSON number",
    "surrogate id": "lone surrogate",
    "surrogate name": "name '\\udc00Petersen' contains a lone surrogate",
    "huge prime states json": "must be an integer between 2 and 255",
    "huge prime states txt": "must be an integer between 2 and 255",
    "4301-digit states txt": "not a small integer",
    "huge prime states graphml": "must be an integer between 2 and 255",
    "empty key default": "empty default",
    "huge graphml position": "401 characters is too long",
    "4301-digit graphml light": "4301 characters is too long",
    "billion laughs": "DOCTYPE or entity declarations",
    "external entity": "DOCTYPE or entity declarations",
    "graph6 header of 10^9 buttons": "1000000000 buttons (boards are limited to 250000)",
    "graph6 complete graph on 6800 buttons (3.85 MB)": "6800 buttons and 23116600 edges",
    "json nested 200000 deep": "nested too deeply",
    "txt line of 300000 cells": "line 1 is too long",
    "txt grid of 4096x4097 cells": "limit 16777216 cells",
    "json with 250001 buttons": "250001 buttons",
}
CASES = [case for case in targeted() if case[0] in EXPECTED]


@pytest.fixture(autouse=True)
def primality_only_for_small_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A primality test of a huge stated number would run for ever: fail fast instead."""
    real = checks.is_prime

    def guarded(p: int) -> bool:
        assert p <= checks.MAX_STATES, f"is_prime({p}) called before the range check"
        return real(p)

    for module in (checks, board_module, ascii_grid):
        monkeypatch.setattr(module, "is_prime", guarded, raising=False)


@pytest.mark.parametrize(("what", "ext", "data"), CASES, ids=[c[0] for c in CASES])
def test_crash_class_is_one_clean_error(tmp_path: Path, what: str, ext: str, data: bytes) -> None:
    path = tmp_path / f"case{ext}"
    path.write_bytes(data)
    readers = (read_board, read_system) if ext == ".txt" else (read_board,)
    for reader in readers:
        with pytest.raises(BoardFormatError) as err:
            reader(path)
        message = str(err.value)
        assert message.startswith(f"{path}: ")
        assert EXPECTED[what] in message
        assert "\n" not in message
        message.encode("utf-8")  # printable: a lone surrogate is escaped, not passed on


def test_graphml_port_is_read_without_warnings(tmp_path: Path) -> None:
    (_what, ext, data) = next(case for case in targeted() if case[0] == "graphml port")
    path = tmp_path / f"port{ext}"
    path.write_bytes(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # networkx's "port tag not supported" would fail here
        board = read_board(path)
    assert len(board) == 12


def test_graph6_decoder_matches_networkx(tmp_path: Path) -> None:
    import networkx as nx

    for n, p in [(1, 0.0), (7, 0.5), (63, 0.3), (64, 0.3), (130, 0.1)]:
        graph = nx.gnp_random_graph(n, p, seed=n)
        count, pairs = graph6.decode("x.g6", nx.to_graph6_bytes(graph, header=False).strip())
        assert count == n
        assert sorted(map(tuple, pairs.tolist())) == sorted(graph.edges())


def test_graph6_complete_graph_under_the_edge_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "k40.g6"
    path.write_bytes(complete_graph6(40))
    assert read_board(path).graph.number_of_edges() == 40 * 39 // 2


def test_big_txt_grid_needs_more_memory_than_the_machine_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grid.txt"
    path.write_bytes(b"1111\n" * 4)
    monkeypatch.setattr(limits, "available_memory", lambda: 1000)
    with pytest.raises(BoardFormatError, match=r"needs about 0\.0 GB .* has 0\.0 GB available"):
        read_system(path)


def test_txt_grid_too_big_for_a_graph_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grid.txt"
    path.write_bytes(b"111\n" * 3)
    monkeypatch.setattr(limits, "MAX_BUTTONS", 8)
    with pytest.raises(BoardFormatError, match="9 buttons and 12 edges"):
        read_board(path)  # a networkx board; read_system still reads it
    assert read_system(path).n == 9


def test_ids_must_be_printable_text() -> None:
    from lograph.core.errors import BoardError

    for bad in ("\udc00", "a\ud800", "x" * (checks.MAX_ID_CHARS + 1)):
        with pytest.raises(BoardError):
            checks.check_button_id(bad)
    assert checks.check_button_id("é ü 名前") == "é ü 名前"


def test_number_text_never_formats_a_huge_integer() -> None:
    assert checks.number_text(10**5000) == "a 5001-digit integer"
    assert checks.number_text(-(10**30)) == "a 31-digit integer"
    assert limits.shown(10**5000) == "a 5001-digit integer"


def test_graph_board_refused_when_the_machine_lacks_the_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "k40.g6"
    path.write_bytes(complete_graph6(40))
    monkeypatch.setattr(limits, "available_memory", lambda: 100_000)
    with pytest.raises(BoardFormatError, match=r"40 buttons and 780 edges needs about .* GB"):
        read_board(path)
