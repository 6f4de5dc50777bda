"""GraphML boards in lograph's own layout, read into a press system without networkx.

`fast_graphml.system_text` and `graphml.dumps` write one element a line (a node and its data
on five or six lines). A file that is exactly this layout (plain printable ASCII ids and
names, JSON-style numbers) is split with regular expressions and built from arrays; any
other GraphML (other tools, escapes, comments, a missing value) goes to `graphml.loads`,
which gives the system or the exact one-line error it always gave.
"""

from __future__ import annotations

import re

import numpy as np

from lograph.core.errors import LographError
from lograph.core.files import source
from lograph.core.files.fast_graphml import head_text
from lograph.core.files.fast_json import _assemble, _Header
from lograph.core.files.json_lines import node_columns
from lograph.core.files.limits import check_array_counts
from lograph.core.files.source import PathLike, format_error, paused_gc
from lograph.core.model.checks import check_board_name, check_rule, check_states
from lograph.core.model.system import PressSystem

__all__ = ["read_system"]

# Text ElementTree reads back unchanged (no entities, no whitespace normalisation).
_CHAR = r"[A-Za-z0-9_.,:;!?#$%()*+/=@\[\]^`{|}~-]"
_TEXT = _CHAR + r"(?:(?:" + _CHAR + r"| )*" + _CHAR + r")?"
_NUMBER = r"(-?(?:0|[1-9][0-9]{0,29})(?:\.[0-9]{1,30})?(?:[eE][-+]?[0-9]{1,3})?)"
_NODE = re.compile(
    r"(?<![^\n])    <node id=\"(" + _TEXT + r")\">\n"
    r"      <data key=\"d5\">" + _NUMBER + r"</data>\n"
    r"      <data key=\"d6\">" + _NUMBER + r"</data>\n"
    r"      <data key=\"d7\">([0-9]{1,3})</data>\n"  # lights < 256: longer is for graphml.loads
    r"(?:      <data key=\"d8\">(True|False)</data>\n)?"
    r"    </node>\n"
)
_EDGE = re.compile(
    r"(?<![^\n])    <edge source=\"(" + _TEXT + r")\" target=\"(" + _TEXT + r")\" />\n"
)
_TAIL = re.compile(
    r"\n    <data key=\"d0\">lograph</data>\n    <data key=\"d1\">1</data>\n"
    r"    (?:<data key=\"d2\">(" + _TEXT + r")</data>|<data key=\"d2\" />)\n"
    r"    <data key=\"d3\">([a-z]{1,10})</data>\n    <data key=\"d4\">([0-9]{1,3})</data>\n"
    r"  </graph>\n</graphml>\n\Z"
)
_FLAG = {"": None, "True": True, "False": False}


def read_system(
    path: PathLike, text: str, *, rule: str | None = None, states: int | None = None
) -> PressSystem:
    """The press system of a GraphML board: from arrays when the file is in lograph's own
    layout, else through `graphml.loads` (same system, same errors; files over the board
    path's size limit are refused there with its error)."""
    with paused_gc():
        system = _line_system(path, text, rule, states)
    if system is not None:
        return system
    if len(text.encode("utf-8")) > source.MAX_FILE_BYTES:
        raise format_error(
            path,
            f"file is too large ({len(text.encode('utf-8'))} bytes; the limit is "
            f"{source.MAX_FILE_BYTES} for a file lograph cannot read straight into arrays)",
        )
    from lograph.core.files import graphml

    return graphml.loads(path, text, rule=rule, states=states).to_system()


def _line_system(
    path: PathLike, text: str, rule: str | None, states: int | None
) -> PressSystem | None:
    """The system when `text` is exactly lograph's layout and every value is in range."""
    if not text.isascii():
        return None
    directed = text.startswith((head_text(False, True), head_text(True, True)))
    overrides = text.startswith(head_text(True, directed))
    head = head_text(overrides, directed)
    tail = _TAIL.search(text)
    if not text.startswith(head + "\n") or tail is None:
        return None
    body = text[len(head) + 1 : tail.start() + 1]
    nodes = _NODE.findall(body)
    edges = _EDGE.findall(body)
    lines = 5 * len(nodes) + sum(1 for row in nodes if row[4]) + len(edges)
    if not nodes or lines != body.count("\n"):
        return None
    if not overrides and any(row[4] for row in nodes):  # no key d8 declared
        return None
    header = _header(path, tail.groups(), directed, rule, states, (len(nodes), len(edges)))
    if header is None:
        return None
    return _build(nodes, edges, header)


def _header(
    path: PathLike,
    values: tuple[str | None, ...],
    directed: bool,
    rule: str | None,
    states: int | None,
    counts: tuple[int, int],
) -> _Header | None:
    name, file_rule, file_states = values
    try:
        check_array_counts(path, *counts)
        chosen = check_rule(rule if rule is not None else str(file_rule))
        k = check_states(states if states is not None else int(str(file_states)))
        check_board_name(name or "")
    except LographError:
        return None
    return directed, chosen, k, name or "", ""  # GraphML holds no description


def _build(
    nodes: list[tuple[str, ...]], edges: list[tuple[str, str]], header: _Header
) -> PressSystem | None:
    columns = node_columns(nodes, header[2], _FLAG)
    if columns is None:
        return None
    ids = columns[0]
    index = {v: i for i, v in enumerate(ids)}
    try:
        src = np.fromiter((index[u] for u, _ in edges), np.int64, len(edges))
        dst = np.fromiter((index[v] for _, v in edges), np.int64, len(edges))
    except KeyError:
        return None
    if np.any(src == dst):
        return None
    return _assemble(columns, (src, dst), header)
