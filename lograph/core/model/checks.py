"""Validation of the values a `Board` holds: rule, number of states, button ids, positions,
lights and self actions.

Each check returns the value in the form the board stores (plain ``int``, ``float`` pair,
``bool``) or raises `BoardError` naming the bad value, so every mutator reports the same
message for the same mistake.
"""

from __future__ import annotations

import functools
import math
import unicodedata

import numpy as np

from lograph.core.errors import BoardError

__all__ = [
    "COORDINATE_RANGE",
    "MAX_COORDINATE",
    "MAX_NAME_CHARS",
    "MAX_STATES",
    "RULES",
    "check_board_name",
    "check_button_id",
    "check_light",
    "check_pos",
    "check_rule",
    "check_self_action",
    "check_states",
    "escaped",
    "is_prime",
    "name_problem",
    "number_text",
    "printable",
    "states_problem",
]

RULES = ("closed", "open")
#: Most light states: lights are stored as uint8 and colours as 0..k-1.
MAX_STATES = 255

#: Longest button id (characters): ids are labels, and every line of output prints them.
MAX_ID_CHARS = 1000

#: Longest board name (characters): a title, printed in one line of output and headings.
MAX_NAME_CHARS = 1000

#: Largest magnitude of a drawing coordinate. A drawn board is scaled to its bounding box:
#: coordinates near the float limit (1e308) overflow to inf and NaN there, and a board
#: millions of units across is a broken file, not a drawing (a 4096×4096 grid spans 4096).
MAX_COORDINATE = 1e9
#: The limit as every refusal of a far position words it.
COORDINATE_RANGE = f"coordinates are limited to ±{MAX_COORDINATE:g}"

# Characters no id or name may hold: control characters (ESC would drive the terminal, a line
# break splits one-line output), format characters (bidirectional overrides reorder what is
# shown), lone surrogates (cannot be printed or saved as UTF-8) and line/paragraph separators.
_UNPRINTABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")


def number_text(value: object) -> str:
    """`value` for an error message, shortened when it is a huge integer.

    ``str`` of an int over 4300 digits raises ValueError (Python's int-string limit), so a
    message that names a bad number must never format it whole.

    Examples
    --------
    >>> number_text(10**50)
    'a 51-digit integer'
    >>> number_text(7)
    '7'
    """
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        magnitude = abs(int(value))
        if magnitude >= 10**30:
            return f"a {_digits(magnitude)}-digit integer"
    return repr(value) if isinstance(value, str) else str(value)


def _digits(magnitude: int) -> int:
    # bit_length gives the digit count within one without converting to text.
    estimate = int(magnitude.bit_length() * math.log10(2)) + 1
    return estimate if magnitude >= 10 ** (estimate - 1) else estimate - 1


@functools.lru_cache(maxsize=1024)  # asked a dozen times per small board's analysis
def is_prime(p: int) -> bool:
    """Return True if `p` is a prime number (by trial division: callers bound `p`)."""
    if p < 2:
        return False
    return all(p % d for d in range(2, math.isqrt(p) + 1))


def check_rule(rule: str) -> str:
    if rule not in RULES:
        raise BoardError(f"rule {rule!r} is not one of {', '.join(RULES)}")
    return rule


def states_problem(states: object) -> str | None:
    """Why `states` is not a valid number of light states (any integer 2..MAX_STATES,
    prime or not), or None when it is. The one validator of the CLI, the files and the
    window's dialogs.

    Examples
    --------
    >>> states_problem(6) is None, states_problem(1)
    (True, 'number of states 1 must be an integer between 2 and 255')
    >>> states_problem(10**3999)
    'number of states a 4000-digit integer must be an integer between 2 and 255'
    """
    if isinstance(states, bool) or not isinstance(states, int | np.integer):
        return f"number of states {number_text(states)} is not an integer"
    if not 2 <= states <= MAX_STATES:
        shown = number_text(states)
        return f"number of states {shown} must be an integer between 2 and {MAX_STATES}"
    return None


def check_states(states: int) -> int:
    """`states` as an int if it is a valid number of light states, else `BoardError`."""
    problem = states_problem(states)
    if problem is not None:
        raise BoardError(problem)
    return int(states)


def check_button_id(button: object) -> str:
    """A new button id: a non-empty string without padding or control characters.

    Control characters (NUL, line breaks, tabs …) would split CLI output and text files; lone
    surrogates (``"\\udc00"`` from JSON) cannot be printed or saved as UTF-8.
    """
    if not isinstance(button, str) or not button or button != button.strip():
        raise BoardError(
            f"button id {number_text(button)} must be a non-empty string without padding"
        )
    if len(button) > MAX_ID_CHARS:
        raise BoardError(
            f"button id of {len(button)} characters is too long (limit {MAX_ID_CHARS})"
        )
    if any(unicodedata.category(ch) in _UNPRINTABLE for ch in button):
        # repr escapes what cannot be printed, so the message itself is always printable.
        raise BoardError(
            f"button id {button!r} contains a control character, line break or lone surrogate"
        )
    return button


def name_problem(name: object) -> str | None:
    """Why `name` is not a board name, or None when it is: a string of at most
    `MAX_NAME_CHARS` characters that prints as one line (no control characters such as ESC,
    line breaks or tabs, no format characters or lone surrogates, as in button ids).

    Examples
    --------
    >>> name_problem("5x5 with holes") is None
    True
    >>> print(name_problem("\\x1b]0;x"))
    name '\\x1b]0;x' contains a control character or line break
    """
    if not isinstance(name, str):
        return f"name {number_text(name)} is not a string"
    if len(name) > MAX_NAME_CHARS:
        return f"name of {len(name)} characters is too long (limit {MAX_NAME_CHARS})"
    if any("\ud800" <= ch <= "\udfff" for ch in name):  # from a JSON escape
        return f"name {name[:80]!r} contains a lone surrogate"
    if any(unicodedata.category(ch) in _UNPRINTABLE for ch in name):
        # repr escapes what cannot be printed, so the message itself is always printable.
        return f"name {name[:80]!r} contains a control character or line break"
    return None


def check_board_name(name: object) -> str:
    """`name` if it is a board name (`name_problem`), else `BoardError`.

    >>> check_board_name("5x5 with holes")
    '5x5 with holes'
    """
    problem = name_problem(name)
    if problem is not None:
        raise BoardError(problem)
    assert isinstance(name, str)
    return name


def printable(text: str) -> str:
    """`text` without the characters `check_board_name` refuses, cut to `MAX_NAME_CHARS`:
    a default name made from a file name (which may hold anything but "/" and NUL) must
    still print as one line.

    Examples
    --------
    >>> printable("my\\x1b[31mboard\\n")
    'my[31mboard'
    """
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _UNPRINTABLE)
    return kept[:MAX_NAME_CHARS]


def escaped(text: str) -> str:
    """`text` with the characters `printable` drops written as escapes instead, for a
    message that must show them (a path a user typed) yet print as one line.

    >>> print(escaped("a" + chr(27) + "]0;x" + chr(7) + "b"))
    a\\x1b]0;x\\x07b
    """
    return "".join(
        ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(ch) in _UNPRINTABLE
        else ch
        for ch in text
    )


def check_pos(pos: tuple[float, float]) -> tuple[float, float]:
    """A drawing position: two finite numbers of magnitude at most `MAX_COORDINATE`."""
    try:
        x, y = (float(c) for c in pos)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int beyond 1e308
        raise BoardError(f"position {pos!r} is not a pair of numbers") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise BoardError(f"position {pos!r} is not finite")
    if abs(x) > MAX_COORDINATE or abs(y) > MAX_COORDINATE:
        raise BoardError(f"position ({x:g}, {y:g}) is out of range ({COORDINATE_RANGE})")
    return (x, y)


def check_light(value: int, states: int) -> int:
    """A light value of a board with `states` states: an integer in ``0..states-1``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise BoardError(f"light value {number_text(value)} is not an integer")
    if not 0 <= value < states:
        raise BoardError(f"light value {number_text(value)} is out of range 0..{states - 1}")
    return int(value)


def check_self_action(value: bool | None) -> bool | None:
    """A per-button self action override: True, False or None (follow the rule); returned
    as given (``add_button`` stores it so, ``set_self_action`` makes it a plain bool)."""
    if value is not None and not isinstance(value, bool | np.bool_):
        raise BoardError(f"self action {value!r} must be True, False or None")
    return value
