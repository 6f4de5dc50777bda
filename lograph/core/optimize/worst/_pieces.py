"""The worst position over GF(p), p > 2, piece by piece.

A solution is a free choice in each piece of the quiet code (`quiet_pieces_mod_p`), so the
worst position is the sum of the pieces' worst positions, and the buttons in no quiet pattern
(zero columns) are pressed p − 1 times.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.optimize.quiet import quiet_pieces_mod_p
from lograph.core.optimize.worst._program import WORST_SECONDS, ProgramWorst, worst_program
from lograph.core.work import Work

__all__ = ["PiecesWorst", "worst_by_pieces"]


@dataclass(frozen=True, eq=False)
class PiecesWorst:
    """The sum over the pieces: a lightest solution `presses` of a position needing `lower`
    presses, a proven `upper` bound, and whether every piece's program was proven."""

    presses: NDArray[np.uint8]
    lower: int
    upper: int
    proven: bool


def worst_by_pieces(quiet: NDArray[np.uint8], p: int, work: Work) -> PiecesWorst | None:
    """The worst position over GF(p) as the sum of its pieces' (each by the class integer
    program, `lograph.core.optimize.worst._program`, with an equal share of the time to
    the work's deadline; a piece past its reach by the annealing and the average weight);
    None when the code is one piece."""
    split = quiet_pieces_mod_p(quiet, p)
    if len(split.pieces) < 2:
        return None
    n = quiet.shape[1]
    presses = np.zeros(n, dtype=np.uint8)
    presses[split.fixed] = p - 1
    lower = upper = len(split.fixed) * (p - 1)
    proven = True
    deadline = time.monotonic() + work.seconds_left(WORST_SECONDS)
    ordered = sorted(split.pieces, key=lambda piece: piece.dimension)
    for done, piece in enumerate(ordered):
        size = len(piece.buttons)
        analysis = Analysis(
            size, p, size - piece.dimension, piece.quiet, np.zeros((0, size), np.uint8), "piece"
        )
        share = max(0.1, deadline - time.monotonic()) / (len(ordered) - done)
        within = work.within(share)
        found = worst_program(analysis, within) or _annealed_piece(analysis, within)
        presses[piece.buttons] = found.presses
        lower, upper = lower + found.worst, upper + found.upper
        proven = proven and found.proven
    return PiecesWorst(presses, lower, upper, proven)


def _annealed_piece(analysis: Analysis, work: Work) -> ProgramWorst:
    """A piece past the program: the annealing's position from the quiet coset (scored
    exactly when the piece's kernel allows, else nothing pressed) and the average-weight
    upper bound."""
    from lograph.core.optimize.worst._zk_anneal import zk_annealed
    from lograph.core.optimize.worst._zk_bounds import average_upper_bound

    zero = np.zeros(analysis.n, dtype=np.uint8)  # a lightest solution of its own coset
    presses, worst = zk_annealed(analysis, (zero, 0), work, 0)
    upper = average_upper_bound(np.asarray(analysis.quiet, dtype=np.uint8), analysis.states)
    return ProgramWorst(presses, worst, max(worst, upper), worst >= upper)
