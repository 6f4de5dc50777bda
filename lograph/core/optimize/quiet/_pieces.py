"""The quiet code as a direct sum of independent pieces over GF(2).

Buttons often fall into sets that no quiet pattern crosses *in effect*: the code ``ker A``
is the direct sum of codes on disjoint sets of buttons (a board drawn as several separate
boards; on a random geometric graph, dozens of small local patterns). Then every solution is
a free choice in each piece, the fewest presses is the sum of each piece's fewest presses,
the number of lightest solutions the product of theirs, and the worst position (the
covering radius) the sum of each piece's worst: questions of nullity 78 or 422 become
dozens of questions of nullity 7 or less.

The finest such split is read off the classes (each button's column of the quiet basis):
write every distinct class in a basis of classes; two basis members belong to one piece
when some class needs both (they lie on one circuit of the column matroid, whose connected
pieces these are). A class needs only members of one piece, so in the new coordinates the
basis rows split into blocks with disjoint buttons. Buttons of class 0 lie in no quiet
pattern: every solution presses them alike.

Examples
--------
>>> quiet = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]], dtype=np.uint8)
>>> split = quiet_pieces(quiet)  # the span is {00000, 11000} ⊕ {00000, 00110}
>>> [piece.buttons.tolist() for piece in split.pieces], split.fixed.tolist()
([[0, 1], [2, 3]], [4])
>>> [piece.quiet.tolist() for piece in split.pieces]
[[[1, 1]], [[1, 1]]]

Over GF(p), p > 2, the same holds (two buttons with the same neighbours give a quiet pattern
of their own on any field: a random geometric graph has dozens). In the reduced row echelon
form R of the quiet basis, the pivot columns are a basis of the classes (each button's
column of generators) and every other column lists its class's coordinates in that basis.
Two rows of R belong to one piece when some column needs both; then every column's nonzero
entries lie in one piece, and the rows of a piece, cut to its buttons, span that piece's
code (`quiet_pieces_mod_p`).

>>> quiet = np.array([[1, 2, 0, 0, 0], [1, 2, 1, 1, 0]], dtype=np.uint8)
>>> split = quiet_pieces_mod_p(quiet, 3)  # {(a, 2a, 0, 0, 0)} ⊕ {(0, 0, b, b, 0)}
>>> [piece.buttons.tolist() for piece in split.pieces], split.fixed.tolist()
([[0, 1], [2, 3]], [4])
>>> [piece.quiet.tolist() for piece in split.pieces]
[[[1, 2]], [[1, 1]]]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.canonical import rref_basis
from lograph.core.model.system import PressSystem
from lograph.core.optimize.quiet._classes import span_coordinates

__all__ = [
    "Piece",
    "Pieces",
    "joined_members",
    "piece_system",
    "quiet_pieces",
    "quiet_pieces_mod_p",
]


@dataclass(frozen=True)
class Piece:
    """One piece of the quiet code: its buttons (ascending) and a basis of its patterns
    there (``dimension × len(buttons)``)."""

    buttons: NDArray[np.intp]
    quiet: NDArray[np.uint8]

    @property
    def dimension(self) -> int:
        return len(self.quiet)

    def form(self) -> bytes:
        """The piece's code in reduced row echelon form over its buttons in order: two pieces
        with the same form are the same code (copies of one board drawn side by side), so
        what holds for one position of one holds for the same position of the other."""
        rows = rref_basis(self.quiet, 2)
        width: int = rows.shape[1]
        return bytes(np.packbits(rows, axis=1).tobytes()) + width.to_bytes(8, "little")


@dataclass(frozen=True)
class Pieces:
    """The code's pieces (their dimensions add up to the nullity) and the buttons in no
    quiet pattern (`fixed`)."""

    pieces: list[Piece]
    fixed: NDArray[np.intp]


def quiet_pieces(quiet: NDArray[np.uint8]) -> Pieces:
    """Split the code spanned by the rows of `quiet` (a basis: independent rows) into its
    finest direct sum."""
    k = len(quiet)
    packed = np.packbits(quiet, axis=0, bitorder="little")  # column i: button i's class
    distinct, inverse = np.unique(packed.T, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    keys = [int.from_bytes(row.tobytes(), "little") for row in distinct]
    zero = next((c for c, key in enumerate(keys) if key == 0), -1)
    basis, coordinates, _ = span_coordinates(keys)
    if len(basis) != k:
        raise ValueError(f"the {k} quiet patterns span only {len(basis)} dimensions")
    piece_of = joined_members(coordinates, k)
    fixed = np.flatnonzero(inverse == zero) if zero >= 0 else np.zeros(0, dtype=np.intp)
    class_piece = np.array([piece_of[(c & -c).bit_length() - 1] if c else -1 for c in coordinates])
    labels = sorted(set(piece_of), key=piece_of.index)
    if len(labels) == 1:  # indecomposable: the basis as it is, on the buttons it touches
        buttons = np.flatnonzero(class_piece[inverse] >= 0).astype(np.intp)
        return Pieces([Piece(buttons, quiet[:, buttons])], fixed.astype(np.intp))
    pieces = []
    for label in labels:
        members = [j for j in range(k) if piece_of[j] == label]
        buttons = np.flatnonzero(class_piece[inverse] == label)
        rows = np.zeros((len(members), len(buttons)), dtype=np.uint8)
        mine = [coordinates[c] for c in inverse[buttons].tolist()]
        for r, member in enumerate(members):
            rows[r] = [(c >> member) & 1 for c in mine]
        pieces.append(Piece(buttons.astype(np.intp), rows))
    pieces.sort(key=lambda piece: int(piece.buttons[0]))
    return Pieces(pieces, fixed.astype(np.intp))


def joined_members(coordinates: list[int], k: int) -> list[int]:
    """Each basis member's piece label: members joined by some class's coordinates (bit j:
    member j; union–find with path halving)."""
    parent = list(range(k))

    def root(j: int) -> int:
        while parent[j] != j:
            parent[j] = parent[parent[j]]
            j = parent[j]
        return j

    for c in coordinates:
        first = (c & -c).bit_length() - 1
        rest = c & (c - 1)
        while rest:
            bit = (rest & -rest).bit_length() - 1
            a, b = root(first), root(bit)
            if a != b:
                parent[b] = a
            rest &= rest - 1
    return [root(j) for j in range(k)]


def piece_system(system: PressSystem, buttons: NDArray[np.intp]) -> PressSystem:
    """The board cut down to a piece's buttons (``A[S, S]``, their names, lights and
    drawing). Every quiet pattern q of the piece lies in its kernel (q is zero off S, so
    ``A[S, S]·q_S`` is ``(A q)_S = 0``), so what the searches read from it (bounds on the
    weight of solutions, groups of buttons, symmetries, each checked) holds for the piece."""
    import scipy.sparse

    cut = scipy.sparse.csc_array(system.sparse()[buttons, :][:, buttons])
    cut.sum_duplicates()
    cut.sort_indices()
    return PressSystem(
        names=[system.names[int(i)] for i in buttons],
        indptr=cut.indptr.astype(np.int64),
        indices=cut.indices.astype(np.int64),
        states=system.states,
        lights=system.lights[buttons],
        symmetric=system.symmetric,
        coords=None if system.coords is None else system.coords[buttons],
        positions=None if system.positions is None else system.positions[buttons],
        rule=system.rule,
        name=system.name,
    )


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
