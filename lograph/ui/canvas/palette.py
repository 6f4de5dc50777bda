"""Every colour the board is drawn with, defined once: the canvas, the light values, and one
`MarkKind` per meaning of a mark (colour, shape and legend text), used alike by the window,
the chase, the analysis docks, the exporters and the legend.

A meaning keeps its colour *and* its shape everywhere: "press this button" is a solid green
ring in the window and in an exported picture; a chase plan's free button is a dashed orange
ring further out, and the chosen table row's "press these" a brown ring between the two, so
none of them looks like another or hides another when several are shown.

Light values get one colour each from `LIT` (twelve lit colours that stay apart from one
another and from the dark 0), cycled beyond that; the digit drawn on the disc (k > 2) tells
cycled colours apart.

Examples
--------
>>> MARKS["press"].style, MARKS["free"].style
('ring', 'dashed')
>>> len(light_colors(13)), light_colors(14)[13] == light_colors(14)[1]
(13, True)
>>> text_on(QColor("#ffd43b")).name()
'#111111'
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

__all__ = [
    "DARK",
    "LIT",
    "MARKS",
    "Canvas",
    "MarkKind",
    "contrast",
    "light_color",
    "light_colors",
    "text_on",
]


class Canvas:
    """Colours of the canvas itself."""

    background = QColor("#eef0f3")
    grid = QColor("#d5dae1")
    edge = QColor("#8a94a3")
    far_edge = QColor("#b4bbc6")
    wrap = QColor("#5c6b80")  # stubs of wrap-around edges, a little darker than edges
    outline = QColor("#1f2329")
    selection = QColor("#1c7ed6")
    loop = QColor("#495057")
    strike = QColor("#e03131")
    label = QColor("#212529")


#: Light value 0 (off).
DARK = QColor("#343a46")
#: Lit values 1, 2, 3, … in turn: far apart in hue and lightness, each readable with a black
#: or white digit; value 1 (the only lit value of a two-state board) is the classic yellow.
LIT = tuple(
    QColor(c)
    for c in (
        "#ffd43b",  # yellow
        "#4263eb",  # blue
        "#40c057",  # green
        "#f03e3e",  # red
        "#cc5de8",  # grape
        "#22b8cf",  # cyan
        "#fd7e14",  # orange
        "#f783ac",  # pink
        "#a9e34b",  # lime
        "#087f5b",  # deep teal
        "#a1887f",  # taupe
        "#f1f3f5",  # white
    )
)


def light_color(value: int) -> QColor:
    """The colour of light `value` (0 dark; then `LIT` in turn, cycled)."""
    return QColor(DARK) if value == 0 else QColor(LIT[(value - 1) % len(LIT)])


def light_colors(states: int) -> list[QColor]:
    """One colour per light value 0 … states-1."""
    return [light_color(v) for v in range(states)]


def _luminance(color: QColor) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.redF())
        + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 … 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


_INK = (QColor("#111111"), QColor("#ffffff"))


def text_on(background: QColor) -> QColor:
    """Black or white, whichever contrasts more with `background` (digits, badges)."""
    return QColor(max(_INK, key=lambda ink: contrast(ink, background)))


@dataclass(frozen=True)
class MarkKind:
    """One meaning of a mark on the board.

    Attributes
    ----------
    color : str
        A QColor name.
    style : str
        The shape drawn by the overlay: ``"ring"``, ``"dashed"`` (a dashed ring), ``"dot"``,
        ``"fill"`` (a tinted disc), ``"badge"`` (only the label), ``"arrow"`` and the
        others of `overlay.STYLES`.
    text : str
        What the legend says.
    """

    color: str
    style: str
    text: str


#: Every meaning a mark has, in the legend's order. No two meanings share a shape (style),
#: and the kinds of ring sit at different radii (inside the disc, on it, around it), so marks
#: on one button never hide each other; a colour is shared only by the two states of one
#: idea (press: the solution, press now: the hint; check light: read it, it is on; forcing:
#: the plan's arrow, the light forcing the press being played).
MARKS: dict[str, MarkKind] = {
    "press": MarkKind("#2f9e44", "ring", "press this button (the fewest-presses solution)"),
    "hint": MarkKind("#2f9e44", "glow", "press this one now (hint, next step)"),
    "row": MarkKind("#8d5524", "outer", "press these free buttons (the chosen table row)"),
    "free": MarkKind("#f76707", "dashed", "free button of the chase: yours to choose"),
    "step": MarkKind("#343a40", "badge", "chase step number (orange: a free button)"),
    "force": MarkKind("#1971c2", "arrow", "a light forcing the button it points to"),
    "forcing": MarkKind("#1971c2", "inner_dashed", "the light forcing the press being played"),
    "pressing": MarkKind("#e03131", "fill", "the press being played by Chase"),
    "check": MarkKind("#ae3ec9", "dot", "check light: read it after the chase"),
    "check_on": MarkKind("#ae3ec9", "inner", "check light that is on"),
    "world": MarkKind("#d6336c", "tag", "world pattern the position fails"),
    "quiet": MarkKind("#0c8599", "hatch", "quiet pattern: presses that change no light"),
    "inverse": MarkKind("#7048e8", "square", "inverse solution: the lights these presses clear"),
    "fixed": MarkKind("#f59f00", "diamond", "fixed board: a board that is its own solution"),
    "stable": MarkKind("#ffffff", "corner", "stable cell: unchanged by every map step so far"),
}
