"""What each figure of the analysis dock means: plain data, so the dock's "?" labels and the
tests share one wording.

Examples
--------
>>> sorted(FIGURES)[:3]
['buttons', 'god', 'kernel']
>>> all(len(text) < 700 for _, text in FIGURES.values())
True
"""

from __future__ import annotations

__all__ = ["FIGURES", "figure_help"]

#: Figure key (the analysis panel's row, ``analysis_<key>``) -> (title, one paragraph).
FIGURES: dict[str, tuple[str, str]] = {
    "buttons": (
        "Buttons",
        "How many buttons the board has. Each button has a light; pressing a button changes "
        "its own light (under the closed rule) and the lights of its neighbours.",
    ),
    "rule": (
        "Rule",
        "Closed: a press changes the button's own light and its neighbours'. Open: only the "
        "neighbours'. Directed boards act along their arrows only. With p states a light "
        "counts 0, 1, …, p−1 and goes back to 0, so the arithmetic is mod p.",
    ),
    "rank": (
        "Rank",
        "How many presses are truly independent: the rank of the press matrix (which light "
        "each button changes) mod p. The board can reach p^rank different patterns of "
        "lights from any start.",
    ),
    "nullity": (
        "Nullity",
        "Buttons minus rank: how many independent quiet patterns the board has. Nullity 0 "
        "means every position has exactly one solution; nullity k means every solvable "
        "position has p^k solutions, and only one position in p^k can be solved.",
    ),
    "solvable_count": (
        "Solvable positions",
        "How many light patterns can be switched off (or all on, with that goal): p^rank of "
        "the p^buttons possible patterns.",
    ),
    "solvable_fraction": (
        "Solvable share",
        "The share of all positions that can be solved: 1/p^nullity. A random position on "
        "the classic 5×5 board is solvable one time in four.",
    ),
    "worlds": (
        "Worlds",
        "Positions fall into p^nullity worlds: presses move you around inside your world "
        "but never to another one. World 0 holds the solvable positions. A position's "
        "world is read off from the patterns it fails (the current position section).",
    ),
    "kernel": (
        "Quiet patterns",
        "How many press patterns change no light, and how they combine (the kernel's "
        "structure, e.g. Z_2 × Z_4): over a prime number of states they form a vector "
        "space (p^nullity patterns); with a composite number of states each generating "
        "pattern has its own order, and every quiet pattern is one combination of them.",
    ),
    "quiet": (
        "Quiet patterns",
        "Sets of presses that change no light at all. Adding a quiet pattern to a solution "
        "gives another solution, so they are why a board has several solutions; on an "
        "undirected board they are also the tests a solvable position must pass.",
    ),
    "world": (
        "The position's world",
        "Whether the current lights can reach the goal. If not, the position is in another "
        "world: its syndrome (one number per failing test pattern) names which one, and the "
        "marked pattern is a set of lights whose count (weighted, mod p) no press can change.",
    ),
    "god": (
        "God's number (the worst position)",
        "The most presses any solvable position needs when solved in the fewest presses, "
        "and one position that needs them. On the classic 5×5 board it is 15.",
    ),
}


def figure_help(key: str) -> str:
    """Rich text for one figure: its title in bold and its paragraph ("" when unknown)."""
    if key not in FIGURES:
        return ""
    title, text = FIGURES[key]
    return f"<b>{title}</b><br>{text}"
