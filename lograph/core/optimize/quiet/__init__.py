"""What the searches share: each button's quiet class, the quiet code's independent pieces,
and the board's symmetries acting on the quiet combinations.

Over GF(2) a button's *class* is its column of the quiet basis read as a number; all
``2^k`` solutions' press counts come from one Walsh–Hadamard transform over the classes
(`fewest_by_classes`). The quiet code often splits into *pieces* on disjoint buttons
(`quiet_pieces`, `quiet_pieces_mod_p`), and each question is then answered piece by piece.
"""

from lograph.core.optimize.quiet._classes import (
    class_numbers,
    column_keys,
    fewest_by_classes,
    mixed_radix_digits,
    parity,
    pressing_counts,
    quiet_classes,
    reduce_by,
    span_coordinates,
    transform_compiled,
    transform_numpy,
)
from lograph.core.optimize.quiet._pieces import (
    Piece,
    Pieces,
    joined_members,
    piece_system,
    quiet_pieces,
    quiet_pieces_mod_p,
)
from lograph.core.optimize.quiet._symmetry import (
    Action,
    coset_actions,
    dihedral_candidates,
    invariant_basis,
    keeps_quiet_space,
    kept_permutations,
    largest_rotation,
    nullspace,
    span_coefficients,
)

__all__ = [
    "Action",
    "Piece",
    "Pieces",
    "class_numbers",
    "column_keys",
    "coset_actions",
    "dihedral_candidates",
    "fewest_by_classes",
    "invariant_basis",
    "joined_members",
    "keeps_quiet_space",
    "kept_permutations",
    "largest_rotation",
    "mixed_radix_digits",
    "nullspace",
    "parity",
    "piece_system",
    "pressing_counts",
    "quiet_classes",
    "quiet_pieces",
    "quiet_pieces_mod_p",
    "reduce_by",
    "span_coefficients",
    "span_coordinates",
    "transform_compiled",
    "transform_numpy",
]
