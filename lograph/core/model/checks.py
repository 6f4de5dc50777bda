"""Validation of the values a `Board` holds: rule, number of states, button ids, positions,
lights and self actions.

Each check returns the value in the form the board stores (plain ``int``, ``float`` pair,
``bool``) or raises `BoardError` naming the bad value, so every mutator reports the same
message for the same mistake.
"""

from __future__ import annotations

import math
import unicodedata

import numpy as np

from lograph.core.errors import BoardError

__all__ = [
    "MAX_STATES",
    "RULES",
    "check_button_id",
    "check_light",
    "check_pos",
    "check_rule",
    "check_self_action",
    "check_states",
    "is_prime",
]

RULES = ("closed", "open")
MAX_STATES = 251


def is_prime(p: int) -> bool:
    """Return True if `p` is a prime number."""
    if p < 2:
        return False
    return all(p % d for d in range(2, math.isqrt(p) + 1))


def check_rule(rule: str) -> str:
    if rule not in RULES:
        raise BoardError(f"rule {rule!r} is not one of {', '.join(RULES)}")
    return rule


def check_states(states: int) -> int:
    if isinstance(states, bool) or not isinstance(states, int | np.integer):
        raise BoardError(f"number of states {states!r} is not an integer")
    if not is_prime(int(states)) or states > MAX_STATES:
        raise BoardError(f"number of states {states} must be a prime between 2 and {MAX_STATES}")
    return int(states)


def check_button_id(button: object) -> str:
    """A new button id: a non-empty string without padding or control characters.

    Control characters (NUL, line breaks, tabs …) would split CLI output and text files.
    """
    if not isinstance(button, str) or not button or button != button.strip():
        raise BoardError(f"button id {button!r} must be a non-empty string without padding")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in button):
        raise BoardError(f"button id {button!r} contains a control character or line break")
    return button


def check_pos(pos: tuple[float, float]) -> tuple[float, float]:
    try:
        x, y = (float(c) for c in pos)
    except (TypeError, ValueError):
        raise BoardError(f"position {pos!r} is not a pair of numbers") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise BoardError(f"position {pos!r} is not finite")
    return (x, y)


def check_light(value: int, states: int) -> int:
    """A light value of a board with `states` states: an integer in ``0..states-1``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise BoardError(f"light value {value!r} is not an integer")
    if not 0 <= value < states:
        raise BoardError(f"light value {value} is out of range 0..{states - 1}")
    return int(value)


def check_self_action(value: bool | None) -> bool | None:
    """A per-button self action override: True, False or None (follow the rule); returned
    as given (``add_button`` stores it so, ``set_self_action`` makes it a plain bool)."""
    if value is not None and not isinstance(value, bool | np.bool_):
        raise BoardError(f"self action {value!r} must be True, False or None")
    return value
