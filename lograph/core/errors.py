"""The one small exception tree of lograph.

Every error a user can cause is a `LographError`; the CLI prints its message on one line and
exits with status 2, the GUI shows it in a dialog.
"""

from __future__ import annotations

__all__ = [
    "BoardError",
    "BoardFormatError",
    "BoardTooLargeError",
    "DynamicsError",
    "InterruptedComputation",
    "LographError",
    "UnsolvableError",
]


class LographError(Exception):
    """Base class of every error lograph raises on purpose."""


class BoardError(LographError, ValueError):
    """A board mutation or argument is invalid (unknown button, bad light value ...)."""


class BoardFormatError(LographError):
    """A board file cannot be read or written; the message names the file and the problem."""


class UnsolvableError(LographError):
    """The requested goal cannot be reached from this position."""


class BoardTooLargeError(LographError):
    """An exact answer would take too long or too much memory for this board."""


class DynamicsError(LographError):
    """A question about a board's dynamics has no answer here: a step backwards through a map
    that is not invertible, or an order whose prime factors could not be found."""


class InterruptedComputation(LographError):
    """A long computation was cancelled by its caller."""
