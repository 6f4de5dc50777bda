"""The quiet code over GF(p), p > 2, as a direct sum of independent pieces, and the worst
position piece by piece.

As over GF(2) (`lograph.core.optimize.gf2_pieces`), buttons often fall into sets that no
quiet pattern crosses in effect (two buttons with the same neighbours give a quiet pattern
of their own on any field: a random geometric graph has dozens). In the reduced row echelon
form R of the quiet basis, the pivot columns are a basis of the classes (each button's
column of generators) and every other column lists its class's coordinates in that basis.
Two rows of R belong to one piece when some column needs both; then every column's nonzero
entries lie in one piece, and the rows of a piece, cut to its buttons, span that piece's
code. A solution is a free choice in each piece, so the worst position is the sum of the
pieces' worst positions, and the buttons in no quiet pattern (zero columns) are pressed
p − 1 times.

Examples
--------
>>> quiet = np.array([[1, 2, 0, 0, 0], [1, 2, 1, 1, 0]], dtype=np.uint8)
>>> split = quiet_pieces_mod_p(quiet, 3)  # {(a, 2a, 0, 0, 0)} ⊕ {(0, 0, b, b, 0)}
>>> [piece.buttons.tolist() for piece in split.pieces], split.fixed.tolist()
([[0, 1], [2, 3]], [4])
>>> [piece.quiet.tolist() for piece in split.pieces]
[[[1, 2]], [[1, 1]]]
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.algebra.canonical import rref_basis
from lograph.core.cancel import Cancel
from lograph.core.optimize.gf2_pieces import Piece, Pieces, joined_members
from lograph.core.optimize.zk_worst_program import ProgramWorst, worst_program

__all__ = ["PiecesWorst", "quiet_pieces_mod_p", "worst_by_pieces"]


def quiet_pieces_mod_p(quiet: NDArray[np.uint8], p: int) -> Pieces:
    """Split the code spanned by the rows of `quiet` over GF(p) into its finest direct sum
    (module doc)."""
    rows = rref_basis(quiet, p)
    support = rows != 0
    # the rows one class needs join one piece: its support as bits, joined as over GF(2)
    columns = np.unique(support.T, axis=0)
    masks = [sum(1 << int(j) for j in np.flatnonzero(column)) for column in columns]
    label = np.array(joined_members(masks, len(rows)), dtype=np.int64)
    moving = support.any(axis=0)
    first_row = np.argmax(support, axis=0)  # any nonzero row names the button's piece
    button_piece = np.where(moving, label[first_row], -1)
    pieces = []
    for piece in np.unique(label):
        buttons = np.flatnonzero(button_piece == piece).astype(np.intp)
        members = np.flatnonzero(label == piece)
        pieces.append(Piece(buttons, np.ascontiguousarray(rows[np.ix_(members, buttons)])))
    pieces.sort(key=lambda piece: int(piece.buttons[0]))
    return Pieces(pieces, np.flatnonzero(~moving).astype(np.intp))


@dataclass(frozen=True, eq=False)
class PiecesWorst:
    """The sum over the pieces: a lightest solution `presses` of a position needing `lower`
    presses, a proven `upper` bound, and whether every piece's program was proven."""

    presses: NDArray[np.uint8]
    lower: int
    upper: int
    proven: bool


def worst_by_pieces(
    quiet: NDArray[np.uint8], p: int, seconds: float, cancel: Cancel = None
) -> PiecesWorst | None:
    """The worst position over GF(p) as the sum of its pieces' (each by the class integer
    program, `lograph.core.optimize.zk_worst_program`, with an equal share of the time
    left; a piece past its reach by the annealing and the average weight); None when the
    code is one piece."""
    split = quiet_pieces_mod_p(quiet, p)
    if len(split.pieces) < 2:
        return None
    n = quiet.shape[1]
    presses = np.zeros(n, dtype=np.uint8)
    presses[split.fixed] = p - 1
    lower = upper = len(split.fixed) * (p - 1)
    proven = True
    deadline = time.monotonic() + seconds
    ordered = sorted(split.pieces, key=lambda piece: piece.dimension)
    for done, piece in enumerate(ordered):
        size = len(piece.buttons)
        analysis = Analysis(
            size, p, size - piece.dimension, piece.quiet, np.zeros((0, size), np.uint8), "piece"
        )
        share = max(0.1, deadline - time.monotonic()) / (len(ordered) - done)
        found = worst_program(analysis, share, cancel) or _annealed_piece(analysis, share, cancel)
        presses[piece.buttons] = found.presses
        lower, upper = lower + found.worst, upper + found.upper
        proven = proven and found.proven
    return PiecesWorst(presses, lower, upper, proven)


def _annealed_piece(analysis: Analysis, seconds: float, cancel: Cancel) -> ProgramWorst:
    """A piece past the program: the annealing's position from the quiet coset (scored
    exactly when the piece's kernel allows, else nothing pressed) and the average-weight
    upper bound."""
    from lograph.core.optimize.zk_anneal import zk_annealed
    from lograph.core.optimize.zk_worst import average_upper_bound

    zero = np.zeros(analysis.n, dtype=np.uint8)  # a lightest solution of its own coset
    presses, worst = zk_annealed(analysis, (zero, 0), cancel, 0, seconds)
    upper = average_upper_bound(np.asarray(analysis.quiet, dtype=np.uint8), analysis.states)
    return ProgramWorst(presses, worst, max(worst, upper), worst >= upper)
