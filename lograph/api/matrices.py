"""The library's solution matrix: `solution_matrix`, the companion of `press_matrix`."""

from __future__ import annotations

from typing import Any

from lograph.api.inputs import press_system
from lograph.core.errors import BoardError

__all__ = ["solution_matrix"]


def solution_matrix(obj: Any, *, field: bool = False) -> Any:
    """The solution matrix S of anything `board` accepts: the solution of lights ``b`` is
    ``−S b`` (mod k), as LightsOutWeb's saved inverse matrix.

    With A the press matrix (`press_matrix`), S is ``A^{-1}`` over Z_k when A is invertible,
    and otherwise ``A^D``, A's Drazin inverse: then ``b ↦ −S b`` is the solution map that
    the window and `lograph.core.dynamics` step boards through (inverse on A's core, 0 on its
    nilpotent part), and it turns off only the boards of the core: on the 5×5 grid, whose
    quiet patterns are themselves solvable, most solvable boards are not solved by ``−S b``
    (`solve` solves every solvable board). LightsOutWeb's inverse matrix of a singular board
    comes from its elimination instead: it solves the solvable boards, but is not unique.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts, of at most 1024 buttons (S is dense).
    field : bool
        Return a galois ``FieldArray`` over GF(p) for p states instead of a numpy array.

    Returns
    -------
    numpy.ndarray or galois.FieldArray
        S, shape (n, n), entries 0..k−1 (uint8), rows and columns in the button order.

    Raises
    ------
    BoardTooLargeError
        Over 1024 buttons.

    Examples
    --------
    >>> import numpy as np
    >>> import lograph as lo
    >>> b = lo.rectangle(3, 3, states=3)
    >>> s, a = lo.solution_matrix(b), lo.press_matrix(b)
    >>> bool(np.all(s.astype(int) @ a % 3 == np.eye(9, dtype=int)))
    True
    >>> lights = np.arange(9) % 3
    >>> presses = -(s.astype(int) @ lights) % 3
    >>> bool(np.all((lights + a @ presses) % 3 == 0))
    True
    """
    from lograph.core.dynamics.solution_matrix import solution_matrix as dense_solution_matrix

    system = press_system(obj)
    if field and not system.ring.is_field:
        raise BoardError(
            f"a board of {system.states} states counts in Z_{system.states}, not a field: "
            "galois has no array for it; use field=False"
        )
    matrix = dense_solution_matrix(system)
    if not field:
        return matrix
    import galois

    return galois.GF(system.states)(matrix.astype("int64"))
