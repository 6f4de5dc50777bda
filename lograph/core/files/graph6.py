"""graph6 boards (``.g6``, ``.graph6``), read and written through networkx.

graph6 stores one undirected simple graph and nothing else: no lights, positions, rule,
states, self-action settings, direction or button names. Reading gives buttons ``0``..``N-1``
with every light off, the closed rule, two states and a spring layout. Writing refuses a board
whose game would change (directed, lit, open rule, more states, self-action settings) and says
so; positions and button names are always dropped (buttons are numbered in board order).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from numpy.typing import NDArray

from lograph.core.files import limits
from lograph.core.files.limits import check_counts
from lograph.core.files.source import NodeSpec, PathLike, assemble_board, format_error
from lograph.core.model.board import Board

__all__ = ["MAX_LINE_BYTES", "cannot_hold", "decode", "dumps", "line_bytes", "loads"]

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
    n = len(board)
    if line_bytes(n) > MAX_LINE_BYTES:  # what `loads` would refuse
        return (
            f"a graph6 line of {n} buttons takes {line_bytes(n)} bytes, more than the "
            f"{MAX_LINE_BYTES} lograph reads"
        )
    return None


def line_bytes(n: int) -> int:
    """Length of the graph6 line of a graph of `n` vertices (no header, no line end).

    >>> line_bytes(3), line_bytes(7094)
    (2, 4193150)
    """
    size = 1 if n <= 62 else 4 if n <= 258047 else 8
    return size + -(-(n * (n - 1) // 2) // 6)


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
    n, pairs = decode(path, line)
    nodes = [NodeSpec(str(v)) for v in range(n)]
    # Sorted as text, as the board's edges always were (networkx's reader gave this order).
    edges = sorted((str(i), str(j)) for i, j in pairs.tolist())
    return assemble_board(
        path,
        nodes,
        edges,
        rule=rule if rule is not None else "closed",
        states=states if states is not None else 2,
        name=name,
    )


def _order(path: PathLike, values: NDArray[np.int64]) -> tuple[int, NDArray[np.int64]]:
    """The number of buttons the header states, and the data after it; checked at once,
    so a header claiming 10⁹ buttons is refused before anything is allocated."""
    if values[0] != 63:
        n, rest = int(values[0]), values[1:]
    elif len(values) >= 4 and values[1] != 63:
        n, rest = int((values[1] << 12) + (values[2] << 6) + values[3]), values[4:]
    elif len(values) >= 8:
        n = sum(int(v) << (6 * (5 - k)) for k, v in enumerate(values[2:8]))
        rest = values[8:]
    else:
        raise format_error(path, "invalid graph6 data: the size header is cut short")
    if n > limits.MAX_BUTTONS:
        raise format_error(
            path, f"invalid graph6 size: {n} buttons (boards are limited to {limits.MAX_BUTTONS})"
        )
    expected = (n * (n - 1) // 2 + 5) // 6
    if len(rest) != expected:
        raise format_error(
            path,
            f"invalid graph6 data: {n} buttons need {expected} bytes after the size, "
            f"found {len(rest)}",
        )
    return n, rest


def decode(path: PathLike, line: bytes) -> tuple[int, NDArray[np.int64]]:
    """The button count and the edges ``(i, j)``, i < j, of one graph6 line.

    Vectorised (numpy) instead of networkx's bit-by-bit loop, and the edges are counted
    before any is listed, so a dense 7000-button line is refused in a moment.

    Examples
    --------
    >>> n, pairs = decode("x.g6", b"Bg")
    >>> n, pairs.tolist()
    (3, [[0, 1], [1, 2]])
    """
    raw = np.frombuffer(line, dtype=np.uint8)
    bad = (raw < 63) | (raw > 126)
    if bad.any():
        at = int(np.flatnonzero(bad)[0])
        raise format_error(
            path, f"invalid graph6 data: byte 0x{raw[at]:02x} at offset {at} is not graph6"
        )
    n, rest = _order(path, raw.astype(np.int64) - 63)
    bits = np.unpackbits(rest.astype(np.uint8).reshape(-1, 1), axis=1)[:, 2:].reshape(-1)
    bits = bits[: n * (n - 1) // 2]
    check_counts(path, n, int(np.count_nonzero(bits)))
    k = np.flatnonzero(bits).astype(np.int64)
    # Bit k is the pair (i, j) of column j, row i < j: k = j(j-1)/2 + i.
    j = ((1 + np.sqrt(1 + 8 * k.astype(np.float64))) // 2).astype(np.int64)
    j -= j * (j - 1) // 2 > k  # float rounding, either way
    j += (j + 1) * j // 2 <= k
    i = k - j * (j - 1) // 2
    return n, np.stack([i, j], axis=1)
