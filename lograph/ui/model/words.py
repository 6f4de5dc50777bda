"""How the window words counts and methods: "1 edge", "2 edges" (never "1 edges"), and the
core's method names ("walsh-hadamard", "branch and bound") in plain words for players.

Examples
--------
>>> count_of(1, "edge"), count_of(2, "edge"), count_of(1, "press"), count_of(3, "press")
('1 edge', '2 edges', '1 press', '3 presses')
>>> count_of(1_000, "lit press"), count_of(1, "lit press")
('1,000 lit presses', '1 lit press')
>>> method_words("walsh-hadamard"), method_words("some new method")
('every solution compared', 'some new method')
"""

from __future__ import annotations

__all__ = ["METHOD_WORDS", "count_of", "method_words", "plural"]

_IRREGULAR = {"leaf": "leaves", "child": "children"}


def plural(word: str) -> str:
    """The plural of a noun (or of the last word of a phrase)."""
    head, _, last = word.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        many = last + "es"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def count_of(n: int, word: str) -> str:
    """`n` and `word`, singular for one and plural otherwise, digits grouped by thousands."""
    return f"{n:,} {word if n == 1 else plural(word)}"


#: The core's method names (fewest presses, worst position) in a player's words.
METHOD_WORDS = {
    "unique": "the only solution",
    "walsh-hadamard": "every solution compared",
    "enumeration": "every solution compared",
    "fourier": "every solution compared",
    "branch and bound": "a complete search",
    "heuristic": "a quick search",
    "every button": "every button pressed once",
    "class enumeration": "every kind of position counted",
    "spectrum search": "a complete search",
    "integer program": "proved by optimisation",
    "brute force": "every position tried",
    "search": "a search",
    "bounds": "bounds only",
    "anneal": "a random search",
    "annealed": "a random search",
    "climb": "a local search",
    "walk": "every press vector tried",
}


def method_words(method: str) -> str:
    """A method name as a player reads it (an unknown name as it is, without dashes)."""
    return METHOD_WORDS.get(method, method.replace("-", " "))
