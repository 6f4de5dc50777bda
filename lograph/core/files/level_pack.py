"""Level packs: one board and a list of positions on it, each with its fewest presses.

A pack is a ``.json`` file (one level per line, so diffs stay readable)::

    {
      "format": "lograph-pack",
      "version": 1,
      "name": "classic 5x5, 1 to 15 presses",
      "board": { ...the native board object, as native_json writes it... },
      "levels": [
        {"lights": {"r0c0": 1, "r0c1": 1, "r1c0": 1}, "fewest": 1, "unique": true},
        ...
      ]
    }

``levels`` holds at least one level. ``lights`` lists the lit buttons only (value 1..p−1;
others are off); ``fewest`` is the fewest presses that clear the position and ``unique``
whether one press vector alone does it.
Reading is all or nothing: any problem raises one `BoardFormatError` naming the file.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardFormatError
from lograph.core.files import native_json
from lograph.core.files.atomic import atomic_write_text
from lograph.core.files.limits import check_version, json_object, shown
from lograph.core.files.source import PathLike, format_error, open_regular, read_text
from lograph.core.model.board import Board
from lograph.core.model.checks import MAX_NAME_CHARS, name_problem

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_LEVELS",
    "LevelPack",
    "PackLevel",
    "default_pack_name",
    "is_level_pack",
    "pack_digest",
    "pack_text",
    "read_level_pack",
    "write_level_pack",
]

FORMAT_NAME = "lograph-pack"
FORMAT_VERSION = 1
#: Most levels a pack may hold (each level is checked button by button).
MAX_LEVELS = 100_000


@dataclass(frozen=True)
class PackLevel:
    """One level: the light value of every button (button order), its fewest presses and
    whether that optimum is reached by one press vector only."""

    lights: NDArray[np.uint8]
    fewest: int
    unique: bool


@dataclass(frozen=True)
class LevelPack:
    """A named board (lights cleared) and its levels."""

    name: str
    board: Board
    levels: list[PackLevel]


def pack_text(pack: LevelPack) -> str:
    """The pack as JSON text: the board as native JSON, one level per line."""
    board = pack.board.copy()
    board.clear_lights()
    board_lines = native_json.dumps(board).rstrip("\n").splitlines()
    head = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "name": pack.name}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    lines.append('  "board": ' + "\n  ".join(board_lines) + ",")
    levels = []
    for level in pack.levels:
        lit = {b: int(v) for b, v in zip(board.buttons, level.lights.tolist(), strict=True) if v}
        item = {"lights": lit, "fewest": int(level.fewest), "unique": bool(level.unique)}
        levels.append("    " + json.dumps(item, ensure_ascii=False))
    body = ",\n".join(levels)
    lines.append('  "levels": [' + (f"\n{body}\n  ]" if levels else "]"))
    lines.append("}")
    return "\n".join(lines) + "\n"


def pack_digest(pack: LevelPack) -> str:
    """A short digest of the pack's canonical text (`pack_text`): the same pack, wherever its
    file lies, has the same digest, and any change of a level, the board or the name another.
    Players' progress is kept under it."""
    return hashlib.sha256(pack_text(pack).encode("utf-8")).hexdigest()[:16]


#: A board's name often ends with the position it was saved with ("classic 5x5, all lights
#: on"), which no level of a pack on it shows.
_POSITION_IN_NAME = re.compile(r",\s*all lights (?:on|off)\s*$", re.IGNORECASE)


def default_pack_name(board_name: str, low: int, high: int, unique: bool = False) -> str:
    """The name of a pack made without one: the board's name (less the position it names)
    and the press counts.

    >>> default_pack_name("classic 5x5, all lights on", 1, 15)
    'classic 5x5: 1 to 15 presses'
    >>> default_pack_name("", 4, 4, unique=True)
    'board: 4 presses, unique'
    """
    counts = f"{low} presses" if low == high else f"{low} to {high} presses"
    tail = f": {counts}" + (", unique" if unique else "")
    base = _POSITION_IN_NAME.sub("", board_name).strip() or "board"
    return base[: MAX_NAME_CHARS - len(tail)] + tail


def write_level_pack(pack: LevelPack, path: PathLike) -> None:
    """Write the pack atomically (a crash never leaves half a file)."""
    atomic_write_text(path, pack_text(pack))


def read_level_pack(path: PathLike) -> LevelPack:
    """Read and check a pack; any problem raises one `BoardFormatError` naming the file."""
    text = read_text(path)
    doc = json_object(path, text)
    _check_header(path, doc)
    name = doc.get("name", "")
    if not isinstance(name, str):
        raise format_error(path, f"field 'name' must be a string, not {shown(name)}")
    problem = name_problem(name)  # printed as the pack's title: one printable line
    if problem is not None:
        raise format_error(path, f"pack {problem}")
    raw_board = doc.get("board")
    if not isinstance(raw_board, dict):
        raise format_error(path, f"field 'board' must be a board object, not {shown(raw_board)}")
    board = native_json.loads(path, json.dumps(raw_board))
    board.clear_lights()
    raw_levels = doc.get("levels")
    if not isinstance(raw_levels, list):
        raise format_error(path, f"field 'levels' must be a list, not {shown(raw_levels)}")
    if not raw_levels:  # a page or a check of no levels would play or prove nothing
        raise format_error(path, "no levels: a pack holds at least one")
    if len(raw_levels) > MAX_LEVELS:
        raise format_error(
            path, f"{len(raw_levels)} levels are too many (a pack holds at most {MAX_LEVELS})"
        )
    levels = [_level(path, board, item, k + 1) for k, item in enumerate(raw_levels)]
    return LevelPack(name, board, levels)


def _check_header(path: PathLike, doc: Mapping[str, Any]) -> None:
    if doc.get("format") != FORMAT_NAME:
        if doc.get("format") == native_json.FORMAT_NAME:
            raise format_error(path, "this is a board file, not a level pack")
        raise format_error(
            path, f"unknown format {shown(doc.get('format'))} (expected {FORMAT_NAME!r})"
        )
    check_version(path, doc.get("version"), FORMAT_VERSION)


def _level(path: PathLike, board: Board, item: Any, number: int) -> PackLevel:
    where = f"level {number}"
    if not isinstance(item, dict):
        raise format_error(path, f"{where}: expected an object, got {shown(item)}")
    for key in ("lights", "fewest", "unique"):
        if key not in item:
            raise format_error(path, f"{where}: no {key!r} field")
    lights = _lights(path, board, item["lights"], where)
    fewest, top = item["fewest"], len(board) * (board.states - 1)
    if not isinstance(fewest, int) or isinstance(fewest, bool) or fewest < 0:
        raise format_error(path, f"{where}: fewest {shown(fewest)} is not a non-negative integer")
    if fewest > top:
        raise format_error(
            path, f"{where}: fewest {fewest} is more than the board's {top} presses allow"
        )
    if not isinstance(item["unique"], bool):
        raise format_error(path, f"{where}: unique {shown(item['unique'])} is not true/false")
    return PackLevel(lights, fewest, item["unique"])


def _lights(path: PathLike, board: Board, raw: Any, where: str) -> NDArray[np.uint8]:
    if not isinstance(raw, dict):
        raise format_error(path, f"{where}: lights must be an object, not {shown(raw)}")
    p = board.states
    values = np.zeros(len(board), dtype=np.uint8)
    for button, value in raw.items():
        if button not in board:
            raise format_error(path, f"{where}: button {shown(button)} is not on the board")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < p:
            raise format_error(
                path, f"{where}: light {shown(value)} of {shown(button)} is not in 0..{p - 1}"
            )
        values[board.index(button)] = value
    return values


#: How far into a file `is_level_pack` looks for the format tag (it comes first when
#: lograph writes a pack; a hand-written pack puts it near the top).
_SNIFF_BYTES = 4096


def is_level_pack(path: PathLike) -> bool:
    """Whether the file at `path` says it is a level pack (``"format": "lograph-pack"`` near
    its start), so a window's File ▸ Open can hand it to the level player. It only looks:
    reading and validating is `read_level_pack`'s job; an unreadable file is not a pack.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     pack, board = os.path.join(folder, "p.json"), os.path.join(folder, "b.json")
    ...     _ = open(pack, "w").write('{"format": "lograph-pack", "version": 1}')
    ...     _ = open(board, "w").write('{"format": "lograph", "version": 1}')
    ...     is_level_pack(pack), is_level_pack(board), is_level_pack(folder + "/none")
    (True, False, False)
    """
    try:
        with open(open_regular(path), "rb") as stream:  # a FIFO would block: not a pack
            head = stream.read(_SNIFF_BYTES).decode("utf-8", errors="replace")
    except (OSError, BoardFormatError):
        return False
    return re.search(r'"format"\s*:\s*"' + FORMAT_NAME + '"', head) is not None
