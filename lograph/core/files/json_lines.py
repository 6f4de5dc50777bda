"""Native ``.json`` files in lograph's own layout, split into columns without ``json.loads``.

`native_json.dumps` (and `fast_json.system_text`) write one node or edge a line::

    {"id": "r0c0", "pos": [0.0, 0.0], "light": 0, "self_action": null},
    {"source": "r0c0", "target": "r0c1"},

A million such lines parse with two regular expressions in a fraction of the time and
memory ``json.loads`` needs for a million dicts. Only text that is exactly this layout is
taken: every line must match in full (plain printable ASCII ids, JSON numbers of at most 30
integer digits), commas must sit where JSON wants them, and the header before ``"nodes"`` must
be a JSON object of its own; anything else returns None and is parsed as JSON.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.checks import MAX_COORDINATE, MAX_ID_CHARS

__all__ = ["node_columns", "split_lines"]

# An id json.dumps writes unescaped and check_button_id accepts: printable ASCII without
# quotes or backslashes, no leading or trailing space.
_ID = r'"([!#-\[\]-~](?:[ !#-\[\]-~]*[!#-\[\]-~])?)"'
# (?!-0[,\]]): JSON reads the integer -0 as 0, but float("-0") is -0.0; the slow path takes it.
_NUMBER = r"((?!-0[,\]])-?(?:0|[1-9][0-9]{0,29})(?:\.[0-9]{1,30})?(?:[eE][-+]?[0-9]{1,3})?)"
# (?<![^\n]): each match starts a line, and ends with its newline, so a line either matches
# whole or not at all; the match count then tells whether every line matched.
_NODE = re.compile(
    r"(?<![^\n])    \{\"id\": "
    + _ID
    + r", \"pos\": \["
    + _NUMBER
    + ", "
    + _NUMBER
    + r"\], \"light\": (0|[1-9][0-9]{0,2}), \"self_action\": (null|true|false)\}(,?)\n"
)
_EDGE = re.compile(r"(?<![^\n])    \{\"source\": " + _ID + r", \"target\": " + _ID + r"\}(,?)\n")
_NODES_START = '\n  "nodes": [\n'
_EDGES_START = '\n  ],\n  "edges": [\n'
_END = "\n  ]\n}\n"
_SELF_ACTION = {"null": None, "true": True, "false": False}


def split_lines(text: str) -> tuple[str, list[Any], list[tuple[str, str]]] | None:
    """``(header text, node rows, (source, target) rows)``, or None when `text` is not
    exactly lograph's layout with at least one node and one edge."""
    if not text.isascii() or not text.endswith(_END):
        return None
    start = text.find(_NODES_START)
    middle = text.find(_EDGES_START, start + 1)
    if start < 0 or middle < 0 or not text[:start].endswith(","):
        return None
    head = text[: start - 1] + "\n}"
    nodes = _rows(_NODE, text[start + len(_NODES_START) : middle + 1])
    edges = _rows(_EDGE, text[middle + len(_EDGES_START) : len(text) - len(_END) + 1])
    if nodes is None or edges is None:
        return None
    return head, nodes, [(u, v) for u, v, _ in edges]


def _rows(pattern: re.Pattern[str], body: str) -> list[Any] | None:
    """Every line of `body` matched by `pattern`, commas after all but the last, else None."""
    rows = pattern.findall(body)
    if not rows or len(rows) != body.count("\n") or rows[-1][-1] != "":
        return None
    if sum(1 for row in rows if row[-1]) != len(rows) - 1:
        return None
    return rows


def node_columns(
    rows: list[Any], states: int, self_action_words: Mapping[str, bool | None] | None = None
) -> tuple[list[str], NDArray[np.float64], NDArray[np.uint8], list[Any]] | None:
    """Ids, positions, lights and self-action overrides of the node rows (id, x, y, light,
    self-action word), as `fast_json._node_arrays` gives them, or None when a value is out
    of range. `self_action_words` reads the last column (JSON's by default; the GraphML
    reader passes its own)."""
    ids = [row[0] for row in rows]
    if any(len(v) > MAX_ID_CHARS for v in ids):
        return None
    count = len(rows)
    x = np.fromiter((float(row[1]) for row in rows), np.float64, count)
    y = np.fromiter((float(row[2]) for row in rows), np.float64, count)
    try:
        lights = np.fromiter((int(row[3]) for row in rows), np.int64, count)
    except OverflowError:  # past int64: far out of range; the checked path names it
        return None
    # (NaN compares false: one test refuses infinite, NaN and far positions alike)
    near = (np.abs(x) <= MAX_COORDINATE).all() and (np.abs(y) <= MAX_COORDINATE).all()
    if not near or lights.max() >= states:
        return None
    words = _SELF_ACTION if self_action_words is None else self_action_words
    self_action = [words[row[4]] for row in rows]
    return ids, np.column_stack((x, y)), lights.astype(np.uint8), self_action
