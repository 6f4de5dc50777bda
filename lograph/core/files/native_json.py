"""The native ``.json`` board format: networkx node-link data plus lograph fields.

A file looks like this (one node or edge per line, so diffs stay readable)::

    {
      "format": "lograph",
      "version": 1,
      "name": "triangle",
      "description": "optional: the board's rule, colours, history (one paragraph)",
      "rule": "closed",
      "states": 2,
      "directed": false,
      "multigraph": false,
      "graph": {},
      "nodes": [
        {"id": "a", "pos": [0.0, 0.0], "light": 1, "self_action": null},
        ...
      ],
      "edges": [
        {"source": "a", "target": "b"},
        ...
      ]
    }

``nodes`` and ``edges`` are exactly what ``nx.node_link_data(g, edges="edges")`` produces, so
networkx reads the file with ``nx.node_link_graph(data, edges="edges")``. The node order is
the board's button order. Plain node-link data without the lograph fields is read too (ids
may be integers; missing positions get a spring layout, missing lights are off).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lograph.core.files.limits import check_counts, check_version, json_object, shown
from lograph.core.files.source import NodeSpec, PathLike, assemble_board, format_error
from lograph.core.model.board import Board
from lograph.core.model.checks import COORDINATE_RANGE, MAX_COORDINATE

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["FORMAT_NAME", "FORMAT_VERSION", "dumps", "loads"]

FORMAT_NAME = "lograph"
FORMAT_VERSION = 1


def dumps(board: Board) -> str:
    """The board as native JSON text.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> text = dumps(rectangle(1, 2))
    >>> loads("example.json", text).edges()
    [('r0c0', 'r0c1')]
    """
    import networkx as nx  # ~0.2 s: only writing needs it (the array reader never does)

    graph: nx.Graph = nx.DiGraph() if board.directed else nx.Graph()
    for v in board.buttons:
        x, y = board.position(v)
        graph.add_node(
            v, pos=[x, y], light=board.light(v), self_action=board.self_action_override(v)
        )
    graph.add_edges_from(board.edges())
    data = nx.node_link_data(graph, edges="edges")
    head = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": board.name,
        **({"description": board.description} if board.description else {}),
        "rule": board.rule,
        "states": board.states,
        "directed": board.directed,
        "multigraph": False,
        "graph": {},
    }
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    data["nodes"] = [{"id": item.pop("id"), **item} for item in data["nodes"]]  # id first
    for key in ("nodes", "edges"):
        items = [f"    {json.dumps(item, ensure_ascii=False)}" for item in data[key]]
        body = ",\n".join(items)
        lines.append(f'  "{key}": [' + (f"\n{body}\n  ]" if items else "]") + ",")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def loads(
    path: PathLike, text: str, *, rule: str | None = None, states: int | None = None
) -> Board:
    """Parse native JSON (or plain node-link data); `rule`/`states` override the file's."""
    doc = json_object(path, text)
    _check_header(path, doc)
    directed = _field(path, doc, "directed", bool, False)
    if _field(path, doc, "multigraph", bool, False):
        raise format_error(path, "multigraphs (parallel edges) are not supported")
    raw_nodes, raw_edges = doc.get("nodes"), doc.get("edges", doc.get("links", []))
    if isinstance(raw_nodes, list) and isinstance(raw_edges, list):
        check_counts(path, len(raw_nodes), len(raw_edges))  # before any per-item work
    nodes = _nodes(path, raw_nodes)
    edges = _edges(path, raw_edges)
    description = _description(path, doc)
    board = assemble_board(
        path,
        nodes,
        edges,
        directed=directed,
        rule=rule if rule is not None else _field(path, doc, "rule", str, "closed"),
        states=states if states is not None else _field(path, doc, "states", int, 2),
        name=_field(path, doc, "name", str, ""),
    )
    board.description = description
    return board


#: Longest description kept (characters): it is a paragraph, not a document.
MAX_DESCRIPTION = 2000


def _description(path: PathLike, doc: Mapping[str, Any]) -> str:
    text: str = _field(path, doc, "description", str, "")
    if len(text) > MAX_DESCRIPTION:
        raise format_error(
            path, f"description of {len(text)} characters is too long (limit {MAX_DESCRIPTION})"
        )
    if any("\ud800" <= ch <= "\udfff" or (ch < " " and ch != "\n") for ch in text):
        raise format_error(path, "description contains a control character or lone surrogate")
    return text


def _check_header(path: PathLike, doc: Mapping[str, Any]) -> None:
    if "format" not in doc:
        if "nodes" not in doc:  # e.g. a solution file or some other JSON
            raise format_error(
                path, "not a lograph board: no 'format' field and no node-link 'nodes' list"
            )
        return  # plain networkx node-link data
    if doc["format"] != FORMAT_NAME:
        raise format_error(
            path, f"unknown format {shown(doc['format'])} (expected {FORMAT_NAME!r})"
        )
    check_version(path, doc.get("version"), FORMAT_VERSION)


def _field(path: PathLike, doc: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = doc.get(key, default)
    # bool is an int in Python, but "states": true is a mistake, not 1.
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise format_error(path, f"field {key!r} must be {kind.__name__}, not {shown(value)}")
    return value


def _node_id(path: PathLike, value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # plain node-link data often numbers its nodes
    raise format_error(path, f"{where}: id {shown(value)} must be a string or an integer")


def _nodes(path: PathLike, raw: Any) -> list[NodeSpec]:
    if not isinstance(raw, list):
        raise format_error(path, f"'nodes' must be a list, not {type(raw).__name__}")
    specs: list[NodeSpec] = []
    seen: set[str] = set()
    for k, item in enumerate(raw):
        where = f"node {k}"
        if not isinstance(item, dict) or "id" not in item:
            raise format_error(path, f"{where}: expected an object with an 'id', got {shown(item)}")
        ident = _node_id(path, item["id"], where)
        where = f"node {shown(ident)}"
        if ident in seen:
            raise format_error(path, f"{where} is listed twice")
        seen.add(ident)
        light = item.get("light", 0)
        if not isinstance(light, int) or isinstance(light, bool):
            raise format_error(path, f"{where}: light {shown(light)} is not an integer")
        self_action = item.get("self_action")
        if self_action is not None and not isinstance(self_action, bool):
            raise format_error(
                path, f"{where}: self_action {shown(self_action)} is not true/false/null"
            )
        specs.append(NodeSpec(ident, _pos(path, item.get("pos"), where), light, self_action))
    return specs


def _pos(path: PathLike, raw: Any, where: str) -> tuple[float, float] | None:
    if raw is None:
        return None
    ok = (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(c, int | float) and not isinstance(c, bool) for c in raw)
    )
    if not ok or not all(math.isfinite(c) for c in raw):
        raise format_error(path, f"{where}: pos {shown(raw)} is not a pair of finite numbers")
    if any(abs(c) > MAX_COORDINATE for c in raw):
        raise format_error(path, f"{where}: pos {shown(raw)} is out of range ({COORDINATE_RANGE})")
    return (float(raw[0]), float(raw[1]))


def _edges(path: PathLike, raw: Any) -> list[tuple[str, str]]:
    if not isinstance(raw, list):
        raise format_error(path, f"'edges' must be a list, not {type(raw).__name__}")
    edges = []
    for k, item in enumerate(raw):
        where = f"edge {k}"
        if not isinstance(item, dict) or "source" not in item or "target" not in item:
            raise format_error(path, f"{where}: expected {{'source', 'target'}}, got {shown(item)}")
        u = _node_id(path, item["source"], where)
        v = _node_id(path, item["target"], where)
        if u == v:
            raise format_error(
                path, f'{where} joins {shown(u)} to itself; set "self_action": true on the node'
            )
        edges.append((u, v))
    return edges
