"""graph6 boards (``.g6``, ``.graph6``), read and written through networkx.

graph6 stores one undirected simple graph and nothing else: no lights, positions, rule,
states, self-action settings, direction or button names. Reading gives buttons ``0``..``N-1``
with every light off, the closed rule, two states and a spring layout. Writing refuses a board
whose game would change (directed, lit, open rule, more states, self-action settings) and says
so; positions and button names are always dropped (buttons are numbered in board order).
"""

from __future__ import annotations

import networkx as nx

from lograph.core.files.source import NodeSpec, PathLike, assemble_board, format_error
from lograph.core.model.board import Board

__all__ = ["MAX_LINE_BYTES", "cannot_hold", "dumps", "loads"]

#: Longest graph6 line read: about 7 000 buttons. Decoding is quadratic in the buttons.
MAX_LINE_BYTES = 4 * 2**20
_HEADER = b">>graph6<<"


def cannot_hold(board: Board) -> str | None:
    """Why writing `board` as graph6 would lose part of the game, or None when it would not."""
    lit = int((board.lights() != 0).sum())
    if board.directed:
        return "graph6 holds only undirected graphs and this board is directed"
    if lit:
        return f"graph6 carries no lights and {lit} buttons are lit (clear them first)"
    if board.rule != "closed":
        return f"graph6 carries no rule and this board uses the {board.rule!r} rule"
    if board.states != 2:
        return f"graph6 carries no number of states and this board has {board.states}"
    custom = [v for v in board.buttons if board.self_action_override(v) is not None]
    if custom:
        return f"graph6 carries no self-action settings (button {custom[0]!r} has one)"
    return None


def dumps(board: Board) -> bytes:
    """The board's graph as one graph6 line (check `cannot_hold` first).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> dumps(rectangle(1, 3))
    b'Bg\\n'
    """
    graph = nx.Graph()
    graph.add_nodes_from(board.buttons)
    graph.add_edges_from(board.edges())
    return bytes(nx.to_graph6_bytes(graph, nodes=list(board.buttons), header=False))


def loads(
    path: PathLike,
    data: bytes,
    *,
    rule: str | None = None,
    states: int | None = None,
    name: str = "",
) -> Board:
    """Parse a graph6 file holding one graph; `rule`/`states` apply to the new board."""
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark, as text files may have
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    if len(lines) != 1:
        raise format_error(path, f"holds {len(lines)} graphs; lograph reads one board per file")
    line = lines[0].removeprefix(_HEADER)
    if not line:
        raise format_error(path, "no graph after the '>>graph6<<' header")
    if len(line) > MAX_LINE_BYTES:
        raise format_error(
            path, f"line is too long ({len(line)} bytes; the limit is {MAX_LINE_BYTES})"
        )
    if line[:1] in (b":", b";"):
        raise format_error(path, "sparse6 data is not supported; convert it to graph6")
    if line[:1] == b"&":
        raise format_error(path, "digraph6 data is not supported; use .json for directed boards")
    try:
        graph = nx.from_graph6_bytes(line)
    except (nx.NetworkXError, ValueError, IndexError) as exc:
        raise format_error(path, f"invalid graph6 data: {exc}") from None
    ids = {v: str(v) for v in graph.nodes()}
    nodes = [NodeSpec(ids[v]) for v in sorted(graph.nodes())]
    edges = sorted((ids[u], ids[v]) for u, v in graph.edges())
    return assemble_board(
        path,
        nodes,
        edges,
        rule=rule if rule is not None else "closed",
        states=states if states is not None else 2,
        name=name,
    )
