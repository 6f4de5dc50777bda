"""GraphML boards (``.graphml``), read and written through networkx.

GraphML holds everything a board has. lograph writes the graph attributes ``format``
(``"lograph"``), ``version``, ``name``, ``rule`` and ``states``, and per node ``x``, ``y``,
``light`` and (only when set) ``self_action``; the edge default says whether the board is
directed. GraphML from other tools is read too: missing positions get a spring layout,
missing lights are off, and a self loop makes its node act on itself.
"""

from __future__ import annotations

import math
import re
import warnings
from typing import Any, TypeGuard
from xml.etree.ElementTree import Element, ParseError, fromstring

import networkx as nx

from lograph.core.files.limits import MAX_NUMBER_DIGITS, check_counts, shown
from lograph.core.files.native_json import FORMAT_NAME, FORMAT_VERSION
from lograph.core.files.source import NodeSpec, PathLike, assemble_board, format_error
from lograph.core.model.board import Board
from lograph.core.model.checks import COORDINATE_RANGE, MAX_COORDINATE

__all__ = ["cannot_hold", "dumps", "loads"]

# Characters XML 1.0 cannot carry at all, not even escaped, and \r, which XML readers turn
# into \n (so it would not survive a round trip).
_NOT_XML = re.compile("[\x00-\x08\x0b-\x1f\ud800-\udfff\ufffe\uffff]")

# GraphML never needs a DTD. Entity declarations are how XML bombs (billions of laughs)
# and external entities (reading other files or URLs) work, so a file declaring any is refused
# before a parser sees it.
_DTD = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_NUMERIC = ("int", "long", "float", "double")
_LONGEST = MAX_NUMBER_DIGITS + 10  # digits, sign, point and exponent of a written number
# Upper bounds on the buttons and edges (tags in comments count too), found without parsing.
_NODE_TAG = re.compile(r"<(?:[\w.-]+:)?node[\s/>]")
_EDGE_TAG = re.compile(r"<(?:[\w.-]+:)?edge[\s/>]")


def cannot_hold(board: Board) -> str | None:
    """Why `board` cannot be written as GraphML (control characters in ids), or None."""
    for text in (board.name, *board.buttons):
        if _NOT_XML.search(text):
            return f"{text!r} contains a control character that XML cannot hold"
    return None


def dumps(board: Board) -> str:
    """The board as GraphML text.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> loads("example.graphml", dumps(rectangle(1, 2))).edges()
    [('r0c0', 'r0c1')]
    """
    graph: nx.Graph = nx.DiGraph() if board.directed else nx.Graph()
    graph.graph.update(
        format=FORMAT_NAME,
        version=FORMAT_VERSION,
        name=board.name,
        rule=board.rule,
        states=board.states,
    )
    for v in board.buttons:
        x, y = board.position(v)
        attrs: dict[str, Any] = {"x": x, "y": y, "light": board.light(v)}
        override = board.self_action_override(v)
        if override is not None:  # GraphML has no null; a missing value means "follow the rule"
            attrs["self_action"] = override
        graph.add_node(v, **attrs)
    graph.add_edges_from(board.edges())
    body = "\n".join(nx.generate_graphml(graph))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def loads(
    path: PathLike, text: str, *, rule: str | None = None, states: int | None = None
) -> Board:
    """Parse GraphML text; `rule`/`states` override the file's settings."""
    if _DTD.search(text):
        raise format_error(path, "GraphML with a DOCTYPE or entity declarations is not read")
    _check_structure(path, text)
    try:
        with warnings.catch_warnings():
            # networkx warns (on stderr) about <port> and similar tags it skips; ports and
            # hyperedges mean nothing to a board, so skipping them quietly is right.
            warnings.simplefilter("ignore")
            graph = nx.parse_graphml(text, node_type=str)
    except ParseError as exc:
        raise format_error(path, f"invalid GraphML (XML error: {exc})") from None
    except (nx.NetworkXError, ValueError, KeyError, TypeError, AttributeError) as exc:
        # AttributeError: networkx reads an empty <default/> of a key as None.lower().
        raise format_error(path, f"invalid GraphML: {str(exc)[:200]}") from None
    meta = graph.graph
    if meta.get("format", FORMAT_NAME) != FORMAT_NAME:
        raise format_error(
            path, f"unknown format {shown(meta['format'])} (expected {FORMAT_NAME!r})"
        )
    if meta.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        raise format_error(
            path,
            f"unsupported version {shown(meta['version'])}: "
            f"this lograph reads version {FORMAT_VERSION}",
        )
    loops = {u for u, v in graph.edges() if u == v}
    nodes = [_node(path, v, data, v in loops) for v, data in graph.nodes(data=True)]
    edges = list(dict.fromkeys((u, v) for u, v in graph.edges() if u != v))  # multigraph-safe
    return assemble_board(
        path,
        nodes,
        edges,
        directed=graph.is_directed(),
        rule=rule if rule is not None else _text(path, meta, "rule", "closed"),
        states=states if states is not None else _integer(path, meta.get("states", 2), "states"),
        name=_text(path, meta, "name", ""),
    )


def _local(element: Element) -> str:
    return element.tag.rpartition("}")[2]


def _check_structure(path: PathLike, text: str) -> None:
    """What networkx lets pass silently: several graphs, nodes without or with repeated ids,
    and edges to undeclared nodes (networkx would add them as new buttons); and the button
    and edge limits, checked on a count of the tags before the XML tree is built."""
    check_counts(path, len(_NODE_TAG.findall(text)), len(_EDGE_TAG.findall(text)))
    try:
        root = fromstring(text)
    except ParseError as exc:
        raise format_error(path, f"invalid GraphML (XML error: {exc})") from None
    _check_keys(path, root)
    graphs = [child for child in root if _local(child) == "graph"]
    if len(graphs) != 1:
        raise format_error(path, f"holds {len(graphs)} graphs; lograph reads one board per file")
    declared: set[str] = set()
    for child in graphs[0]:
        if _local(child) != "node":
            continue
        ident = child.get("id")
        if ident is None:
            raise format_error(path, "a node has no 'id'")
        if ident in declared:
            raise format_error(path, f"node {shown(ident)} is listed twice")
        declared.add(ident)
    edges = [child for child in graphs[0] if _local(child) == "edge"]
    check_counts(path, len(declared), len(edges))
    for child in edges:
        u, v = child.get("source"), child.get("target")
        for end in (u, v):
            if end not in declared:
                raise format_error(
                    path, f"edge {shown(u)} - {shown(v)} names unknown button {shown(end)}"
                )


def _check_keys(path: PathLike, root: Element) -> None:
    """An empty ``<default>`` of a typed key has no value to give (networkx would crash), a
    number longer than `MAX_NUMBER_DIGITS` is refused before anything converts it, and a
    boolean must be one networkx reads."""
    numeric: dict[str | None, str] = {}
    boolean: dict[str | None, str] = {}
    for key in root:
        if _local(key) != "key":
            continue
        kind = key.get("attr.type", "string")
        name = key.get("attr.name", key.get("id"))
        if kind in _NUMERIC:
            numeric[key.get("id")] = str(name)
        elif kind == "boolean":
            boolean[key.get("id")] = str(name)
        for default in key:
            if _local(default) == "default" and kind != "string" and not (default.text or ""):
                raise format_error(
                    path, f"key {shown(name)} has an empty default; a {shown(kind)} needs a value"
                )
    for data in root.iter():
        if _local(data) in ("data", "default") and len((data.text or "").strip()) > _LONGEST:
            name = numeric.get(data.get("key"))
            if name is not None or _local(data) == "default":
                raise format_error(
                    path,
                    f"key {shown(name)}: a number of {len(data.text or '')} characters is too long",
                )
        _check_boolean(path, data, boolean)


#: The booleans networkx reads (any case); it fails on anything else with a bare KeyError.
_BOOLEANS = ("true", "false", "1", "0")


def _check_boolean(path: PathLike, data: Element, boolean: dict[str | None, str]) -> None:
    name = boolean.get(data.get("key"))
    text = data.text
    if name is None or _local(data) != "data" or text is None or len(data):
        return  # not a boolean value (networkx skips data with children)
    if text.lower() not in _BOOLEANS:
        raise format_error(path, f"key {shown(name)}: {shown(text)} is not true or false")


def _text(path: PathLike, meta: dict[str, Any], key: str, default: str) -> str:
    value = meta.get(key, default)
    if not isinstance(value, str):
        raise format_error(path, f"graph attribute {key!r} must be text, not {shown(value)}")
    return value


def _integer(path: PathLike, value: Any, what: str) -> int:
    # Other tools may store whole numbers as doubles; accept 1.0 but not 1.5 or True.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise format_error(path, f"{what} {shown(value)} is not an integer")


def _finite_number(value: Any) -> TypeGuard[float]:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:  # an integer beyond the float range
        return False


def _node(path: PathLike, ident: str, data: dict[str, Any], loop: bool) -> NodeSpec:
    where = f"node {shown(ident)}"
    x, y = data.get("x"), data.get("y")
    pos = None
    if x is not None or y is not None:
        if not (_finite_number(x) and _finite_number(y)):
            raise format_error(
                path, f"{where}: position ({shown(x)}, {shown(y)}) is not two finite numbers"
            )
        pos = (float(x), float(y))
        if max(abs(x), abs(y)) > MAX_COORDINATE:
            raise format_error(
                path,
                f"{where}: position ({shown(x)}, {shown(y)}) is out of range ({COORDINATE_RANGE})",
            )
    light = _integer(path, data.get("light", 0), f"{where}: light")
    self_action = data.get("self_action", True if loop else None)
    if self_action is not None and not isinstance(self_action, bool):
        raise format_error(path, f"{where}: self_action {shown(self_action)} is not a boolean")
    return NodeSpec(ident, pos, light, self_action)
