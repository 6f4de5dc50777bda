"""The help texts: the Getting Started guide's steps and the About box. Plain data, so the
guide and tests share one wording. (What each figure of the analysis dock means is the
dock's own: `lograph.ui.analysis.figure_texts`.)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ABOUT", "GUIDE", "GuideStep"]


@dataclass(frozen=True)
class GuideStep:
    """One step of Getting Started; `picture` names the picture drawn for it."""

    title: str
    text: str
    picture: str


GUIDE: tuple[GuideStep, ...] = (
    GuideStep(
        "1. Draw a board",
        "In <b>Edit</b> mode (Ctrl+1) click empty space to add a button and drag from one "
        "button to another to connect them; Ctrl+Shift+click deletes one. Or start from "
        "<b>File ▸ New Board…</b> (Ctrl+N): "
        "grids, tori, hexagonal boards, named graphs — or <b>File ▸ Open Sample</b>.",
        "draw",
    ),
    GuideStep(
        "2. Play it",
        "In <b>Play</b> mode (Ctrl+3) a click presses a button: its light and its "
        "neighbours' change. <b>Scramble</b> (F5) deals a position that can be solved; the "
        "goal is every light off (or on, Play ▸ Goal). <b>Lights</b> mode (Ctrl+2) sets "
        "lights without pressing, to enter a puzzle; the <b>Lights</b> menu has "
        "LightsOutWeb's boards and keys (4 corners, O border, I invert …).",
        "play",
    ),
    GuideStep(
        "3. Analyse",
        "The <b>Analysis</b> dock shows the board's figures — hover or click <b>?</b> beside "
        "each to see what it means. <b>Show Solution</b> (F7) rings the fewest presses, "
        "<b>Hint</b> (F8) shows one of them, <b>Solve Step by Step</b> (F9) plays them. "
        "<b>E</b> replaces the board by its solution; the <b>Solution map</b> section says "
        "after how many such steps it comes back.",
        "analyse",
    ),
    GuideStep(
        "4. Chase the lights",
        "<b>Analysis ▸ Show Chase Plan</b> (Ctrl+Shift+K) numbers the steps a person follows: "
        "press below every lit light, read the check lights, look the pattern up in the "
        "<b>Chasing</b> dock's table, press the free buttons it names and chase again. "
        "<b>Chase</b> (Ctrl+K) does it for you.",
        "chase",
    ),
)

ABOUT = (
    "<p>Lights Out on any graph: draw a board, play it, and let an exact algebra engine "
    "over GF(p) tell you what can be solved, in how few presses, and how to solve it by "
    "hand.</p>"
    "<p>Released under the MIT License (the LICENSE file of the package).<br>"
    "The user guide is the README and the docs/ folder beside it (commands, the window, "
    "file formats); the mathematics is in docs/math.md and the code's layout in "
    "docs/architecture.md, all in the source repository.</p>"
)
