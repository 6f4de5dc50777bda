"""Native ``.json`` boards straight to and from arrays, without a networkx graph.

`read_system` turns a native file into a `PressSystem` for the headless commands (analyze,
solve, chase, worst read a system, never an editable board); `system_text` writes the text
`native_json.dumps` would write for the same board, built from the system's arrays. Both
are byte-for-byte and error-for-error equivalent to the networkx path: anything the quick
checks here cannot vouch for (a missing position, an odd button id, an unknown edge end, a
light out of range) is handed to `native_json.loads`, which raises the exact one-line error
the slow path always raised (or, when the file is fine after all, builds the system).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import LographError
from lograph.core.files import native_json, source
from lograph.core.files.limits import check_array_counts, check_memory, json_object
from lograph.core.files.source import PathLike, format_error, paused_gc
from lograph.core.model.checks import (
    MAX_COORDINATE,
    MAX_ID_CHARS,
    check_board_name,
    check_rule,
    check_states,
)
from lograph.core.model.system import PressSystem, cell_coords

__all__ = ["CHUNK_LINES", "read_system", "system_chunks", "system_text"]

# Ids json.dumps writes as plain "id" (nothing escaped) and check_button_id accepts at once:
# printable ASCII without leading or trailing spaces. Anything else takes the slow path.
_PLAIN_ID = re.compile(r"[!-~](?:[ -~]*[!-~])?")
#: Lines in each piece `system_chunks` yields: a million-button board is written a few
#: megabytes at a time, never held whole (1.3 GB at its peak and 2.3 s of page faults before).
CHUNK_LINES = 1 << 14


def read_system(
    path: PathLike, text: str, *, rule: str | None = None, states: int | None = None
) -> PressSystem:
    """The press system of a native (or plain node-link) JSON board, built from arrays.

    Gives exactly the system ``native_json.loads(...).to_system()`` gives, and exactly its
    error for any bad file. `text` may be longer than the board path's file limit
    (`source.MAX_FILE_BYTES`) when every quick check passes; otherwise that limit's error.
    """
    with paused_gc():
        system = _line_system(path, text, rule, states)  # lograph's own layout: no dicts
        if system is None:
            # Python objects of a parsed node-link document: about 12 bytes per character.
            check_memory(path, 12 * len(text), f"a board file of {len(text)} characters")
            doc = json_object(path, text)
            system = _quick_system(path, doc, rule, states)
    if system is None:  # let the checked path raise its precise error (or build the board)
        if len(text.encode("utf-8")) > source.MAX_FILE_BYTES:
            raise format_error(
                path,
                f"file is too large ({len(text.encode('utf-8'))} bytes; the limit is "
                f"{source.MAX_FILE_BYTES} for a file lograph cannot read straight into arrays)",
            )
        return native_json.loads(path, text, rule=rule, states=states).to_system()
    return system


_Header = tuple[bool, str, int, str, str]  # directed, rule, states, name, description


def _header(
    path: PathLike,
    doc: dict[str, Any],
    rule: str | None,
    states: int | None,
    counts: tuple[int, int],
) -> _Header | None:
    """What the header fields say, when every check passes, else None (the slow path)."""
    try:
        native_json._check_header(path, doc)
        directed = native_json._field(path, doc, "directed", bool, False)
        if native_json._field(path, doc, "multigraph", bool, False):
            return None
        check_array_counts(path, *counts)
        description = native_json._description(path, doc)
        rule = check_rule(
            rule if rule is not None else native_json._field(path, doc, "rule", str, "closed")
        )
        k = check_states(
            states if states is not None else native_json._field(path, doc, "states", int, 2)
        )
        name = check_board_name(native_json._field(path, doc, "name", str, ""))
    except LographError:  # BoardError or BoardFormatError: the slow path words it
        return None
    return directed, rule, k, name, description


def _quick_system(
    path: PathLike, doc: dict[str, Any], rule: str | None, states: int | None
) -> PressSystem | None:
    """The system when every quick check passes, else None (the caller takes the slow path)."""
    raw_nodes, raw_edges = doc.get("nodes"), doc.get("edges", doc.get("links", []))
    if not isinstance(raw_nodes, list) or not isinstance(raw_edges, list):
        return None
    header = _header(path, doc, rule, states, (len(raw_nodes), len(raw_edges)))
    if header is None:
        return None
    nodes = _node_arrays(raw_nodes, header[2])
    if nodes is None:
        return None
    ids = nodes[0]
    ends = _edge_arrays(raw_edges, {v: i for i, v in enumerate(ids)})
    if ends is None:
        return None
    return _assemble(nodes, ends, header)


def _assemble(
    nodes: tuple[list[str], NDArray[np.float64], NDArray[np.uint8], list[Any]],
    ends: tuple[NDArray[np.int64], NDArray[np.int64]],
    header: _Header,
) -> PressSystem | None:
    """The system of checked arrays; None for repeated ids (the slow path names them)."""
    ids, positions, lights, self_action = nodes
    directed, rule, k, name, description = header
    if len(set(ids)) != len(ids):
        return None
    default = rule == "closed"
    self_mask = np.array([default if s is None else s for s in self_action], dtype=bool)
    return PressSystem.from_edges(
        len(ids),
        ends[0],
        ends[1],
        self_mask,
        directed=directed,
        states=k,
        lights=lights,
        names=tuple(ids),
        coords=cell_coords(ids),
        positions=positions,
        rule=rule,
        name=name,
        description=description,
    )


def _line_system(
    path: PathLike, text: str, rule: str | None, states: int | None
) -> PressSystem | None:
    """The system of a file in exactly the layout lograph writes (one node or edge a line),
    parsed line by line with regular expressions instead of a dict per item; None for
    anything else (the caller parses it as JSON)."""
    from lograph.core.files.json_lines import split_lines

    parts = split_lines(text)
    if parts is None:
        return None
    head, node_rows, edge_rows = parts
    try:
        doc = json_object(path, head)
    except LographError:
        return None
    if not {"nodes", "edges", "links"}.isdisjoint(doc):
        return None
    header = _header(path, doc, rule, states, (len(node_rows), len(edge_rows)))
    if header is None:
        return None
    from lograph.core.files.json_lines import node_columns

    nodes = node_columns(node_rows, header[2])
    if nodes is None:
        return None
    index = {v: i for i, v in enumerate(nodes[0])}
    try:
        src = np.fromiter((index[u] for u, _ in edge_rows), np.int64, len(edge_rows))
        dst = np.fromiter((index[v] for _, v in edge_rows), np.int64, len(edge_rows))
    except KeyError:
        return None
    if np.any(src == dst):
        return None
    return _assemble(nodes, (src, dst), header)


def _node_arrays(
    raw: list[Any], states: int
) -> tuple[list[str], NDArray[np.float64], NDArray[np.uint8], list[Any]] | None:
    """Ids, positions, lights and self-action overrides of well-formed nodes, else None."""
    try:
        ids = [item["id"] for item in raw]
        pos = [item["pos"] for item in raw]
        light = [item.get("light", 0) for item in raw]
        self_action = [item.get("self_action") for item in raw]
    except (TypeError, KeyError):  # not an object, or no id / no position
        return None
    if not all(type(v) is str and len(v) <= MAX_ID_CHARS and _PLAIN_ID.fullmatch(v) for v in ids):
        return None
    if not all(type(v) is int for v in light) or not all(
        v is None or type(v) is bool for v in self_action
    ):
        return None
    if not all(type(p) is list and len(p) == 2 for p in pos):
        return None
    try:
        positions = np.array(pos, dtype=np.float64).reshape(-1, 2)
        values = np.array(light, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        return None
    flat = [c for p in pos for c in p]
    if not all(type(c) is float or type(c) is int for c in flat):
        return None
    # (NaN compares false: one test refuses infinite, NaN and far positions alike)
    if not (np.abs(positions) <= MAX_COORDINATE).all() or (
        values.size and not 0 <= values.min() <= values.max() < states
    ):
        return None
    return ids, positions, values.astype(np.uint8), self_action


def _edge_arrays(
    raw: list[Any], index: dict[str, int]
) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
    """Source and target positions of well-formed edges between known buttons, else None."""
    try:
        src = [index[item["source"]] for item in raw]
        dst = [index[item["target"]] for item in raw]
    except (TypeError, KeyError):  # not an object, a missing end, an integer or unknown id
        return None
    a, b = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)
    if np.any(a == b):  # a self edge: the slow path names it
        return None
    return a, b


def system_text(
    system: PressSystem, *, directed: bool | None = None, description: str | None = None
) -> str:
    """The native JSON text of the board `system` describes (as `native_json.dumps` writes it).

    Buttons follow the rule (no per-button self-action overrides survive in a system unless
    the diagonal disagrees with the rule); `directed` says whether the board is directed
    (default: the system's own flag, `PressSystem.directed`, or an asymmetric matrix), and
    `description` the board's (default: the system's, `PressSystem.description`).
    """
    return "".join(system_chunks(system, directed=directed, description=description))


def system_chunks(
    system: PressSystem, *, directed: bool | None = None, description: str | None = None
) -> Iterator[str]:
    """`system_text` in pieces of at most `CHUNK_LINES` lines, for writing a big board
    without holding its whole text (`atomic_write_chunks`)."""
    if directed is None:  # what the system says (a directed board read from a file)
        directed = system.directed or not system.symmetric
    if description is None:
        description = system.description
    with paused_gc():  # millions of lines: no collector passes
        yield from _chunks(system, directed, description)


def _chunks(system: PressSystem, directed: bool, description: str) -> Iterator[str]:
    positions = (
        system.positions
        if system.positions is not None
        else np.zeros((system.n, 2), dtype=np.float64)
    )
    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    rows = system.indices
    diagonal = np.zeros(system.n, dtype=bool)
    diagonal[cols[rows == cols]] = True
    default = system.rule == "closed"
    overrides = ["null" if d == default else ("true" if d else "false") for d in diagonal.tolist()]
    # A press of u changes v: entry (v, u) of A; CSC order is (u, v) sorted, the edge order
    # `Board.edges` gives and networkx's node-link writer keeps.
    keep = rows != cols if directed else rows > cols
    sources, targets = cols[keep], rows[keep]
    head = {
        "format": native_json.FORMAT_NAME,
        "version": native_json.FORMAT_VERSION,
        "name": system.name,
        **({"description": description} if description else {}),
        "rule": system.rule,
        "states": system.states,
        "directed": directed,
        "multigraph": False,
        "graph": {},
    }
    yield "{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
    quoted = _quoted(system.names)

    def node_lines(start: int, stop: int) -> list[str]:
        return [
            f'    {{"id": {q}, "pos": [{x!r}, {y!r}], "light": {light}, "self_action": {s}}}'
            for q, (x, y), light, s in zip(
                quoted[start:stop],
                positions[start:stop].tolist(),
                system.lights[start:stop].tolist(),
                overrides[start:stop],
                strict=True,
            )
        ]

    def edge_lines(start: int, stop: int) -> list[str]:
        return [
            f'    {{"source": {quoted[u]}, "target": {quoted[v]}}}'
            for u, v in zip(sources[start:stop].tolist(), targets[start:stop].tolist(), strict=True)
        ]

    yield from _listing("nodes", system.n, node_lines, ",\n")
    yield from _listing("edges", len(sources), edge_lines, "\n")
    yield "}\n"


def _listing(
    key: str, count: int, lines: Callable[[int, int], list[str]], end: str
) -> Iterator[str]:
    """``"key": [ ... ]`` with the items `lines` gives, `CHUNK_LINES` at a time."""
    if not count:
        yield f'  "{key}": []{end}'
        return
    yield f'  "{key}": [\n'
    for start in range(0, count, CHUNK_LINES):
        stop = min(count, start + CHUNK_LINES)
        yield ",\n".join(lines(start, stop)) + (",\n" if stop < count else "\n")
    yield f"  ]{end}"


def _quoted(names: Sequence[str]) -> list[str]:
    """Each name as a JSON string (`ensure_ascii=False`, as the node-link writer uses)."""
    names = list(names[:])  # (a slice of grid names is one comprehension, not a generator)
    if _ESCAPED.search("".join(names)) is None:  # nothing to escape: quote, in one pass
        return [f'"{v}"' for v in names]
    return [json.dumps(v, ensure_ascii=False) for v in names]


# What json.dumps(ensure_ascii=False) escapes: quotes, backslashes, control characters.
_ESCAPED = re.compile(r'["\\\x00-\x1f]')
