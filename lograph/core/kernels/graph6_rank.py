"""GF(2) nullity of every graph of a block of graph6 bytes, closed and open rule, in one call.

A census of small graphs (nauty's ``geng`` writes 1–2 million a second) cannot afford a
Python object per graph. `graph6_block` walks a byte buffer line by line: a line's size
byte gives n (≤ `MAX_VERTICES`, the one-byte graph6 sizes), its upper triangle is decoded
straight into one 64-bit row mask per vertex, and the rank of ``A + I`` (closed rule) and
of ``A`` (open rule) comes from a Gaussian elimination on those words: the pivot row is
XORed, without a branch, into every later row that has the pivot's lowest bit. Nothing is
allocated per graph. The results go into a histogram ``hist[n, edges, nullity closed,
nullity open]`` (a graph too large for it into a list of rows); lines whose four figures
fall inside `where` (inclusive bounds) also have their start offset recorded, so the
caller can copy those lines out.

`graph6_nullities` gives the per-line figures of a few lines (tests, small tables).

`graph6_rows_in_numpy` computes the same figures with numpy, all lines of one size at once
(bits unpacked, the row masks a matrix product, the elimination a step per row over every
graph): about 10 times slower than the kernel but nothing to compile, for the first blocks
of a census on a machine where the kernel is not compiled yet.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import jit

__all__ = [
    "BAD_LINE",
    "BIG_FULL",
    "DONE",
    "MATCHES_FULL",
    "MAX_VERTICES",
    "SMALL_VERTICES",
    "ByteTable",
    "byte_table",
    "copy_lines",
    "graph6_block",
    "graph6_nullities",
    "graph6_rows_in_numpy",
]

#: Largest n of a graph6 line with a one-byte size (and of one 64-bit row mask).
MAX_VERTICES = 62
#: `graph6_block` stop codes (``state[3]``).
DONE, BIG_FULL, BAD_LINE, MATCHES_FULL = 0, 1, 2, 3

#: Largest n of the fast path: a graph's rows are 16-bit lanes of four 64-bit words.
SMALL_VERTICES = 16

_ZERO = np.uint64(0)
_ONE = np.uint64(1)
#: One bit at the bottom of each 16-bit lane of a word.
_LANES = np.uint64(0x0001_0001_0001_0001)
_LANE = np.uint64(0xFFFF)
_WORDS = 4
_NEWLINE = 10
_RETURN = 13


@jit(inline=True)
def _rank(rows: NDArray[np.uint64], n: int) -> int:  # pragma: no cover - compiled
    """Rank over GF(2) of the n row masks in `rows` (destroyed)."""
    rank = 0
    for i in range(n):
        x = rows[i]
        if x != _ZERO:
            rank += 1
            low = x & (~x + _ONE)
            for j in range(i + 1, n):
                y = rows[j]
                rows[j] = y ^ (x & (_ZERO - np.uint64((y & low) != _ZERO)))
    return rank


@jit(inline=True)
def _parity(x: np.uint64) -> int:  # pragma: no cover - compiled
    """The parity of the bits of a 16-bit `x`."""
    x ^= x >> np.uint64(8)
    x ^= x >> np.uint64(4)
    x ^= x >> np.uint64(2)
    x ^= x >> np.uint64(1)
    return int(x & _ONE)


@jit
def _basis(
    rows: NDArray[np.uint64],
    m: int,
    pivot: NDArray[np.uint64],
    vector: NDArray[np.uint64],
    made_of: NDArray[np.uint64],
) -> int:  # pragma: no cover - compiled
    """An echelon basis of the row space of the m rows: basis vector k has its lowest bit
    at `pivot[k]` (a bit no later vector has), is `vector[k]`, and is the sum of the rows
    whose bits are set in `made_of[k]`. Returns the rank."""
    rank = 0
    for i in range(m):
        x = rows[i]
        made = _ONE << np.uint64(i)
        for k in range(rank):
            has = _ZERO - ((x >> pivot[k]) & _ONE)
            x ^= vector[k] & has
            made ^= made_of[k] & has
        if x != _ZERO:
            low = x & (~x + _ONE)
            bit = 0
            while (low >> np.uint64(bit)) != _ONE:
                bit += 1
            pivot[rank] = np.uint64(bit)
            vector[rank] = x
            made_of[rank] = made
            rank += 1
    return rank


@jit(inline=True)
def _bordered_rank(
    column: np.uint64,
    corner: int,
    rank: int,
    pivot: NDArray[np.uint64],
    vector: NDArray[np.uint64],
    made_of: NDArray[np.uint64],
) -> int:  # pragma: no cover - compiled
    """Rank of the symmetric ``[[B, c], [c^T, d]]`` from B's basis (`_basis`, of rank
    `rank`), c = `column`, d = `corner`. If c is not a sum of B's rows, the rank is B's
    plus 2 (nor is the last row a sum of the others: B is symmetric). If c = B y (y: the
    rows `made` sums), the last column adds nothing and the last row, less y's rows, is
    (0, d + c·y): plus 1 exactly when d + c·y is odd (c·y = yᵀBy is the same for every
    such y, as zᵀBz = 0 for z in B's kernel)."""
    x = column
    made = _ZERO
    for k in range(rank):
        has = _ZERO - ((x >> pivot[k]) & _ONE)
        x ^= vector[k] & has
        made ^= made_of[k] & has
    if x != _ZERO:
        return rank + 2
    return rank + ((corner + _parity(column & made)) & 1)


@jit(inline=True)
def _decode(
    buf: NDArray[np.uint8], p: int, n: int, adj: NDArray[np.uint64]
) -> int:  # pragma: no cover - compiled
    """Decode the graph6 line starting at `p` (size byte first) into `adj`; its edge count."""
    for i in range(n):
        adj[i] = _ZERO
    edges = 0
    at = p + 1
    value = np.uint64(buf[at] - 63)
    left = 6
    for j in range(1, n):
        bj = np.uint64(j)
        for i in range(j):
            if left == 0:
                at += 1
                value = np.uint64(buf[at] - 63)
                left = 6
            left -= 1
            b = (value >> np.uint64(left)) & _ONE
            adj[i] |= b << bj
            adj[j] |= b << np.uint64(i)
            edges += int(b)
    return edges


@jit(inline=True)
def _nullities(
    adj: NDArray[np.uint64], n: int, work: NDArray[np.uint64]
) -> tuple[int, int]:  # pragma: no cover - compiled
    """(nullity of A + I, nullity of A) over GF(2)."""
    for i in range(n):
        work[i] = adj[i] | (_ONE << np.uint64(i))
    closed = n - _rank(work, n)
    for i in range(n):
        work[i] = adj[i]
    return closed, n - _rank(work, n)


@jit(inline=True)
def _line_end(buf: NDArray[np.uint8], p: int, end: int) -> int:  # pragma: no cover - compiled
    """Offset just past the newline of the line at `p`, -1 when the buffer ends first,
    -2 when the line is not a one-byte-size graph6 line."""
    c = int(buf[p])
    if c < 63 or c > 63 + MAX_VERTICES:
        return -2
    n = c - 63
    q = p + 1 + (n * (n - 1) // 2 + 5) // 6
    if q >= end:
        return -1
    for t in range(p + 1, q):
        if buf[t] < 63 or buf[t] > 126:
            return -2
    if buf[q] == _RETURN:  # CRLF
        q += 1
        if q >= end:
            return -1
    if buf[q] != _NEWLINE:
        return -2
    return q + 1


@jit(inline=True)
def _inside(
    where: NDArray[np.int64], n: int, edges: int, closed: int, open_: int
) -> bool:  # pragma: no cover - compiled
    return bool(
        where[0] <= n <= where[1]
        and where[2] <= edges <= where[3]
        and where[4] <= closed <= where[5]
        and where[6] <= open_ <= where[7]
    )


@jit(inline=True)
def _blank(buf: NDArray[np.uint8], p: int, end: int) -> int:  # pragma: no cover - compiled
    """The length of the blank line at `p` (LF or CR LF), 0 if it is not one."""
    if buf[p] == _NEWLINE:
        return 1
    if buf[p] == _RETURN and p + 1 < end and buf[p + 1] == _NEWLINE:
        return 2
    return 0


@jit(inline=True)
def _record(
    big: NDArray[np.int64], row: int, n: int, edges: int, closed: int, open_: int
) -> None:  # pragma: no cover - compiled
    big[row, 0] = n
    big[row, 1] = edges
    big[row, 2] = closed
    big[row, 3] = open_


class ByteTable(NamedTuple):
    """What one graph6 body byte sets in a graph of n ≤ `SMALL_VERTICES` vertices, for
    `graph6_block`'s fast path: ``words[start[n] + k, v]`` are the four 64-bit words (row i
    of the adjacency matrix is the 16-bit lane i % 4 of word i // 4, both (i, j) and (j, i)
    set) and ``words[start[n] + k, v, 4]`` the number of edges that byte k of value
    v − 63 of the line gives; padding bits set nothing."""

    words: NDArray[np.uint64]
    start: NDArray[np.int64]


def byte_table(top: int = SMALL_VERTICES) -> ByteTable:
    """The `ByteTable` of the sizes up to `top` (≤ `SMALL_VERTICES`): about 350 KB, of
    which a census of one size uses its own rows (16 KB on 10 vertices)."""
    start = np.zeros(top + 2, dtype=np.int64)
    for n in range(top + 1):
        start[n + 1] = start[n] + (n * (n - 1) // 2 + 5) // 6
    words = np.zeros((int(start[-1]), 64, _WORDS + 1), dtype=np.uint64)
    value = np.arange(64)
    for n in range(top + 1):
        at = 0  # graph6's order: (0,1), (0,2), (1,2), (0,3), ... six bits a byte, high first
        for j in range(1, n):
            for i in range(j):
                byte, bit = int(start[n]) + at // 6, 5 - at % 6
                on = (value >> bit) & 1 == 1
                words[byte, on, i // 4] |= np.uint64(1 << (16 * (i % 4) + j))
                words[byte, on, j // 4] |= np.uint64(1 << (16 * (j % 4) + i))
                words[byte, on, _WORDS] += np.uint64(1)
                at += 1
    return ByteTable(words, start)


@jit(inline=True)
def _small_line(
    buf: NDArray[np.uint8],
    p: int,
    n: int,
    table: NDArray[np.uint64],
    row: int,
    words: NDArray[np.uint64],
) -> int:  # pragma: no cover - compiled
    """Decode the body of the line at `p` (n vertices, its bytes from `row` on in `table`)
    into `words`; its edge count, or -1 when a byte is not graph6 (63..126)."""
    w0 = w1 = w2 = w3 = pairs = _ZERO
    bad = 0
    for k in range((n * (n - 1) // 2 + 5) // 6):
        v = int(buf[p + 1 + k]) - 63
        bad |= v  # below 63 makes it negative, past 126 sets a bit over 63
        v &= 63
        w0 |= table[row + k, v, 0]
        w1 |= table[row + k, v, 1]
        w2 |= table[row + k, v, 2]
        w3 |= table[row + k, v, 3]
        pairs += table[row + k, v, 4]
    words[0], words[1], words[2], words[3] = w0, w1, w2, w3
    return -1 if bad & ~63 else int(np.int64(pairs))  # (numba: int of a uint64 is unsigned)


@jit(inline=True)
def _lane(words: NDArray[np.uint64], i: int) -> np.uint64:  # pragma: no cover - compiled
    """Row i of a small graph's matrix."""
    return np.uint64((words[i >> 2] >> np.uint64(16 * (i & 3))) & _LANE)


@jit
def graph6_block(
    buf: NDArray[np.uint8],
    end: int,
    hist: NDArray[np.int64],
    where: NDArray[np.int64],
    matches: NDArray[np.int64],
    big: NDArray[np.int64],
    state: NDArray[np.int64],
    table: NDArray[np.uint64],
    table_start: NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """Count the graph6 lines of ``buf[state[0]:end]`` into `hist`, shape (N + 1,
    N (N - 1) / 2 + 1, N + 1, N + 1); a graph with n > N goes to the next row of `big`
    as (n, edges, nullity closed, nullity open) instead (``state[4]`` rows so far).

    `where` holds inclusive bounds ``lo_n, hi_n, lo_edges, hi_edges, lo_closed, hi_closed,
    lo_open, hi_open``: a line inside them has its start offset put in ``matches``
    (``state[2]`` so far). ``state[0]`` is the offset, advanced past every counted line
    (blank ones too), ``state[1]`` the graphs counted; ``state[3]`` says why the call
    returned: `DONE` (no whole line left before `end`), `BAD_LINE` (the line at the offset
    is not graph6 with a one-byte size), `MATCHES_FULL` or `BIG_FULL` (empty it, call again).

    `table` and `table_start` are a `ByteTable` (`byte_table`). A plain line (LF) of
    2 ≤ n ≤ its top vertices takes the fast path: its bytes are looked up there, and as
    geng writes a graph's children one after another (vertex n − 1 added to the same graph
    on the first n − 1 vertices: 98% of ``geng -c 10``'s lines), the basis of that parent's
    rows is kept while the next line has the same parent, and each line's ranks are the
    parent's with one row and column added (`_bordered_rank`). Any other line (CR LF,
    blank, larger n, a bad byte) takes the general path of `_decode` and `_rank`.
    """
    top = hist.shape[0] - 1
    small = min(top, SMALL_VERTICES, table_start.shape[0] - 2)
    adj = np.empty(64, dtype=np.uint64)
    work = np.empty(64, dtype=np.uint64)
    words = np.empty(_WORDS, dtype=np.uint64)
    parent = np.empty(_WORDS, dtype=np.uint64)  # the parent's rows, -1: none yet
    parent[:] = ~_ZERO
    keep = np.zeros(_WORDS, dtype=np.uint64)  # the parent's bits in `words`, for parent_n
    # per rule (0 closed, 1 open): the parent's basis
    pivot = np.empty((2, SMALL_VERTICES), dtype=np.uint64)
    vector = np.empty((2, SMALL_VERTICES), dtype=np.uint64)
    made_of = np.empty((2, SMALL_VERTICES), dtype=np.uint64)
    parent_rank = np.zeros(2, dtype=np.int64)
    parent_n = -1
    p = state[0]
    graphs = state[1]
    matched = state[2]
    large = state[4]
    stop = DONE
    while p < end:
        c = buf[p]
        n = int(c) - 63
        q = p + 1 + (n * (n - 1) // 2 + 5) // 6
        pairs = -1
        if 2 <= n <= small and q < end and buf[q] == _NEWLINE:
            pairs = _small_line(buf, p, n, table, table_start[n], words)
        if pairs >= 0:
            if matched >= matches.shape[0]:
                stop = MATCHES_FULL
                break
            m = n - 1
            if n != parent_n:
                parent_n = n
                keep[:] = _ZERO
                for i in range(m):
                    keep[i >> 2] |= ((_ONE << np.uint64(m)) - _ONE) << np.uint64(16 * (i & 3))
                parent[:] = ~_ZERO
            same = True
            for w in range(_WORDS):
                if words[w] & keep[w] != parent[w]:
                    same = False
            if not same:
                for w in range(_WORDS):
                    parent[w] = words[w] & keep[w]
                for i in range(m):
                    work[i] = _lane(parent, i) | (_ONE << np.uint64(i))
                parent_rank[0] = _basis(work, m, pivot[0], vector[0], made_of[0])
                for i in range(m):
                    work[i] = _lane(parent, i)
                parent_rank[1] = _basis(work, m, pivot[1], vector[1], made_of[1])
            column = _lane(words, m) & ((_ONE << np.uint64(m)) - _ONE)
            closed = n - _bordered_rank(column, 1, parent_rank[0], pivot[0], vector[0], made_of[0])
            open_ = n - _bordered_rank(column, 0, parent_rank[1], pivot[1], vector[1], made_of[1])
            hist[n, pairs, closed, open_] += 1
            graphs += 1
            if _inside(where, n, pairs, closed, open_):
                matches[matched] = p
                matched += 1
            p = q + 1
            continue
        blank = _blank(buf, p, end)
        if blank:
            p += blank
            continue
        q = _line_end(buf, p, end)
        if q == -1:
            break
        if q == -2:
            stop = BAD_LINE
            break
        if matched >= matches.shape[0] or (n > top and large >= big.shape[0]):
            stop = MATCHES_FULL if matched >= matches.shape[0] else BIG_FULL
            break
        edges = _decode(buf, p, n, adj)
        closed, open_ = _nullities(adj, n, work)
        if n > top:
            _record(big, large, n, edges, closed, open_)
            large += 1
        else:
            hist[n, edges, closed, open_] += 1
        graphs += 1
        if _inside(where, n, edges, closed, open_):
            matches[matched] = p
            matched += 1
        p = q
    state[0], state[1], state[2], state[3], state[4] = p, graphs, matched, stop, large


@jit
def graph6_nullities(
    buf: NDArray[np.uint8], starts: NDArray[np.int64]
) -> NDArray[np.int64]:  # pragma: no cover - compiled
    """Rows ``(n, edges, nullity closed, nullity open)`` of the graph6 lines starting at
    `starts` (checked: a line that is not graph6 with a one-byte size gives n = -1)."""
    out = np.zeros((starts.shape[0], 4), dtype=np.int64)
    adj = np.empty(64, dtype=np.uint64)
    work = np.empty(64, dtype=np.uint64)
    for k in range(starts.shape[0]):
        p = starts[k]
        if _line_end(buf, p, buf.shape[0]) < 0:
            out[k, 0] = -1
            continue
        n = int(buf[p]) - 63
        edges = _decode(buf, p, n, adj)
        closed, open_ = _nullities(adj, n, work)
        out[k, 0] = n
        out[k, 1] = edges
        out[k, 2] = closed
        out[k, 3] = open_
    return out


@jit
def copy_lines(
    buf: NDArray[np.uint8], starts: NDArray[np.int64], out: NDArray[np.uint8]
) -> int:  # pragma: no cover - compiled
    """Copy the lines of `buf` starting at `starts` (each up to and including its newline)
    one after another into `out`, which must be long enough; the bytes written."""
    at = 0
    for k in range(starts.shape[0]):
        p = starts[k]
        while True:
            c = buf[p]
            out[at] = c
            at += 1
            p += 1
            if c == _NEWLINE:
                break
    return at


def graph6_rows_in_numpy(data: NDArray[np.uint8], top: int) -> NDArray[np.int64] | None:
    """Rows ``(n, edges, nullity closed, nullity open)`` of every line of `data` (whole
    lines, each ending in a newline), computed with numpy; None when some line is not plain
    graph6 of at most `top` vertices (a carriage return, a blank line, a bad byte): the
    kernel then counts, names a bad line, and takes graphs past `top`."""
    ends = np.flatnonzero(data == _NEWLINE)
    if not len(ends) or ends[-1] != len(data) - 1:
        return None
    starts = np.concatenate(([0], ends[:-1] + 1))
    n = data[starts].astype(np.int64) - 63
    if ((n < 0) | (n > top)).any() or (ends - starts != 1 + (n * (n - 1) // 2 + 5) // 6).any():
        return None
    body = data[data != _NEWLINE]
    if ((body < 63) | (body > 126)).any():
        return None
    rows = np.empty((len(starts), 4), dtype=np.int64)
    rows[:, 0] = n
    for size in np.unique(n).tolist():
        pick = np.flatnonzero(n == size)
        pairs, width = size * (size - 1) // 2, (size * (size - 1) // 2 + 5) // 6
        six = data[starts[pick, None] + 1 + np.arange(width)] - np.uint8(63)
        # six bits a byte, high bit first, in graph6's order (0,1), (0,2), (1,2), (0,3), …
        bits = np.unpackbits(six[:, :, None], axis=2)[:, :, 2:].reshape(len(pick), -1)
        bits = bits[:, :pairs]
        upper, lower = np.triu_indices(size, 1)[::-1]  # column-major: j then i < j
        order = np.lexsort((lower, upper))
        column, row = upper[order], lower[order]
        weights = np.zeros((pairs, size))  # bit (i, j) sets bit j of row i and i of row j
        weights[np.arange(pairs), row] = 2.0**column
        weights[np.arange(pairs), column] = 2.0**row
        adj = (bits @ weights).astype(np.uint64)  # exact in float64: masks below 2^top
        rows[pick, 1] = bits.sum(axis=1)
        own = np.left_shift(np.uint64(1), np.arange(size, dtype=np.uint64))
        rows[pick, 2] = size - _ranks_in_numpy(adj | own)
        rows[pick, 3] = size - _ranks_in_numpy(adj)
    return rows


def _ranks_in_numpy(rows: NDArray[np.uint64]) -> NDArray[np.int64]:
    """GF(2) rank of every graph's row masks (a row per vertex), by `_rank`'s elimination
    run for all graphs at once: row i, if not zero, is XORed into every later row holding
    its lowest bit."""
    rows = rows.copy()
    rank = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        x = rows[:, i]
        rank += x != 0
        low = x & (~x + _ONE)
        later = rows[:, i + 1 :]
        later ^= np.where(later & low[:, None] != 0, x[:, None], _ZERO)
    return rank
