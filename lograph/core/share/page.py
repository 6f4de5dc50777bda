"""Build the shared web page: one HTML file with the board, its levels, and the page's own
script and style inline (`page.js`, `page.css` beside this module), and nothing fetched.

The page's Content-Security-Policy is ``default-src 'none'``: it may run its own inline
script and style and nothing else, so it can make no network request even by mistake. The
board travels as JSON in a ``<script type="application/json">`` element (never run).

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> board = rectangle(2, 2)
>>> board.set_light("r0c0", 1)
>>> html = page_html(board_page(board, plain_drawing(board)))
>>> "default-src 'none'" in html and 'data-solved="false"' in html
True
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np

from lograph.core.errors import BoardTooLargeError, LographError
from lograph.core.files.atomic import atomic_write_text
from lograph.core.files.level_pack import LevelPack, default_pack_name, pack_digest
from lograph.core.files.source import PathLike
from lograph.core.model.board import Board
from lograph.core.model.labels import button_names
from lograph.core.optimize.fewest import fewest_presses
from lograph.core.share.tables import HINT_LIMIT, hint_tables
from lograph.core.solve import prepare, solve
from lograph.core.work import Work

__all__ = [
    "PAGE_LIMIT",
    "Drawing",
    "board_page",
    "pack_page",
    "pack_title",
    "page_html",
    "plain_drawing",
    "play_script",
    "play_style",
    "rule_line",
    "write_page",
]

#: Most buttons a shared page draws (one SVG element each; a phone stays responsive).
PAGE_LIMIT = 5_000
#: Seconds spent proving a shared board's fewest presses (its verdict) before settling for
#: the best found.
FEWEST_SECONDS = 10.0


@dataclass(frozen=True)
class Drawing:
    """How the window draws a board, for the page: everything in the window's scene units.

    Attributes
    ----------
    x, y : list of float
        Button centres, in button order.
    radius : float
        Disc radius.
    edges : list of (int, int)
        Edges drawn as lines (button indices; tail first on a directed board).
    stubs : list of (int, float, float, int, bool)
        Wrap-around edges drawn as a pair of stubs: the button, the stub's unit direction,
        the wrap's number (the same at both ends) and whether it is the head end (an
        arrow into the button on a directed board).
    loops : list of int
        +1 where a button acts on itself against the rule, -1 where it does not though the
        rule says so, else 0.
    colors, inks : list of str
        The colour of each light value 0..k-1 and of a digit drawn on it.
    """

    x: list[float]
    y: list[float]
    radius: float
    edges: list[tuple[int, int]]
    loops: list[int]
    colors: list[str]
    inks: list[str]
    stubs: list[tuple[int, float, float, int, bool]] = field(default_factory=list)


def plain_drawing(board: Board) -> Drawing:
    """A drawing without the window: positions scaled so neighbours are 40 units apart,
    every edge a line, grey and yellow discs (the window's own drawing is
    `lograph.ui.picture.web.window_drawing`)."""
    pos = board.positions()
    index = {b: i for i, b in enumerate(board.buttons)}
    edges = [(index[u], index[v]) for u, v in board.edges()]
    if edges:
        d = np.array([pos[u] - pos[v] for u, v in edges])
        lengths = np.hypot(d[:, 0], d[:, 1])
        typical = float(np.median(lengths[lengths > 0])) if (lengths > 0).any() else 1.0
    else:
        typical = 1.0
    unit = 40.0 / typical if math.isfinite(40.0 / typical) else 40.0
    base = ["#343a46", "#ffd43b", "#4263eb", "#40c057", "#f03e3e"]
    colors = [base[0]] + [base[1 + (v - 1) % 4] for v in range(1, board.states)]
    return Drawing(
        x=(pos[:, 0] * unit).tolist(),
        y=(pos[:, 1] * unit).tolist(),
        radius=14.0,
        edges=edges,
        loops=[0] * len(board),
        colors=colors,
        inks=["#ffffff"] + ["#111111"] * (board.states - 1),
    )


def rule_line(board: Board, wraps: bool = False) -> str:
    """The goal and the press rule in one line, as the page states them at its top (`wraps`:
    the drawing shows wrap-around edges as numbered stubs).

    >>> from lograph.core.model.generators import rectangle
    >>> rule_line(rectangle(2, 2))
    'Turn every light off. A press toggles the button and its neighbours.'
    >>> board = rectangle(2, 2)
    >>> board.states, board.rule = 3, "open"
    >>> print(rule_line(board).replace(", not", ",\\n  not"))
    Bring every light to 0. A press moves its neighbours,
      not the button itself, one step on (0 → 1 → 2 → 0).
    """
    k = board.states
    goal = "Turn every light off." if k == 2 else "Bring every light to 0."
    others = "the buttons its arrows point to" if board.directed else "its neighbours"
    own = [board.acts_on_itself(b) for b in board.buttons]
    if all(own):
        whom = f"the button and {others}"
    elif not any(own):
        whom = f"{others}, not the button itself,"
    elif board.rule == "closed":  # exceptions are drawn as crossed-out loops
        whom = f"the button (unless its loop is crossed out) and {others}"
    else:  # exceptions are drawn as loops
        whom = f"{others} (and the button itself when it has a loop)"
    if k == 2:
        rule = f"A press toggles {whom.rstrip(',')}."
    else:
        cycle = "0 → 1 → 2 → 0" if k == 3 else f"0 → 1 → … → {k - 1} → 0"
        rule = f"A press moves {whom} one step on ({cycle})."
    joined = " Stubs with the same number are joined." if wraps else ""
    return f"{goal} {rule}{joined}"


def _board_data(board: Board, drawing: Drawing) -> dict[str, Any]:
    if len(board) > PAGE_LIMIT:
        raise BoardTooLargeError(
            f"{len(board)} buttons are too many for a web page (limit {PAGE_LIMIT})"
        )
    system = board.to_system()
    return {
        "name": board.name,
        "rule": rule_line(board, bool(drawing.stubs)),
        "ids": list(board.buttons),
        "names": button_names(board.buttons),  # what hints call buttons
        "states": board.states,
        "directed": board.directed,
        "columns": [system.column(w).tolist() for w in range(system.n)],
        "x": [round(v, 2) for v in drawing.x],
        "y": [round(v, 2) for v in drawing.y],
        "radius": drawing.radius,
        "edges": [list(e) for e in drawing.edges],
        "stubs": [[b, round(dx, 3), round(dy, 3), n, head] for b, dx, dy, n, head in drawing.stubs],
        "loops": drawing.loops,
        "colors": drawing.colors,
        "inks": drawing.inks,
        "hints": hint_tables(system),
        "hintLimit": HINT_LIMIT,
    }


def _fewest(board: Board) -> tuple[int | None, bool]:
    """The fewest presses clearing `board`'s lights (None: no solution) and whether proven."""
    solver = prepare(board)
    answer = solve(board, "off", solver=solver)
    if not answer.solvable or answer.presses is None:
        return None, True
    best = fewest_presses(solver, answer.presses, work=Work().within(FEWEST_SECONDS))
    return int(best.press_count), bool(best.exact)


def board_page(board: Board, drawing: Drawing) -> dict[str, Any]:
    """The page's data for one board: its lights are the one level."""
    fewest, exact = _fewest(board)
    level = {"name": board.name, "lights": board.lights().tolist(), "fewest": fewest}
    return {
        "title": board.name or "Lights Out",
        "pack": False,
        "board": _board_data(board, drawing),
        "levels": [level | {"exact": exact}],
    }


def pack_title(pack: LevelPack) -> str:
    """The pack's own title: its name, or one made from its board and levels when it has
    none or carries its board's name (as `lograph puzzle` named packs at first), which
    names a position none of the levels shows.

    >>> from lograph.core.files.level_pack import PackLevel
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(2, 2)
    >>> board.name = "2x2, all lights on"
    >>> levels = [PackLevel(np.zeros(4, np.uint8), f, False) for f in (1, 3)]
    >>> pack_title(LevelPack(board.name, board, levels))
    '2x2: 1 to 3 presses'
    >>> pack_title(LevelPack("warm-up", board, levels))
    'warm-up'
    """
    if pack.name and pack.name != pack.board.name:
        return pack.name
    counts = [level.fewest for level in pack.levels] or [0]
    return default_pack_name(pack.board.name, min(counts), max(counts))


def pack_page(pack: LevelPack, drawing: Drawing) -> dict[str, Any]:
    """The page's data for a level pack (each level's fewest is the pack's own); a pack
    without levels is refused. Progress is kept in the browser under the pack's digest."""
    if not pack.levels:
        raise LographError("the level pack has no levels: there is nothing to play")
    levels = [
        {"name": f"Level {k}", "lights": level.lights.tolist(), "fewest": level.fewest}
        | {"exact": True}
        for k, level in enumerate(pack.levels, 1)
    ]
    return {
        "title": pack_title(pack),
        "pack": True,
        "key": pack_digest(pack),
        "board": _board_data(pack.board, drawing),
        "levels": levels,
    }


def _asset(name: str) -> str:
    return resources.files("lograph.core.share").joinpath(name).read_text(encoding="utf-8")


#: The page's own start, after `page.js`: play the data on the page's body, keep a pack's
#: progress in the browser's local storage under the pack's digest, hand the controls to
#: scripts and tests as ``window.lograph``, and deal a new game on a board shared with every
#: light off.
PAGE_START = """
const DATA = JSON.parse(document.getElementById("lograph-data").textContent);
const key = "lograph-share:" + (DATA.key || DATA.title);
const store = {
  load() { try { return JSON.parse(localStorage.getItem(key)) || {}; } catch (e) { return {}; } },
  save(progress) {
    try { localStorage.setItem(key, JSON.stringify(progress)); } catch (e) { /* private mode */ }
  },
};
window.lograph = playBoard(document.body, DATA, { store });
// a board shared with every light off is a puzzle to deal, not one solved already
if (!DATA.pack && DATA.levels[0].lights.every((v) => v === 0)) window.lograph.newGame();
"""


def play_script() -> str:
    """The ES module that draws and plays a board (`page.js`), exporting
    ``playBoard(root, data, hooks)``: the page's and the notebook widget's one code."""
    return _asset("page.js")


def play_style() -> str:
    """The look of a played board (`page.css`), every rule scoped to ``.lograph-play``."""
    return _asset("page.css")


def page_html(data: dict[str, Any]) -> str:
    """The whole page: nothing in it refers to anything outside it."""
    payload = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    title = html.escape(data["title"])
    csp = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="lograph share">\n'
        f"<title>{title}</title>\n<style>\n{play_style()}</style>\n</head>\n"
        '<body class="lograph-play" data-solved="false">\n'
        f'<script type="application/json" id="lograph-data">{payload}</script>\n'
        f'<script type="module">\n{play_script()}{PAGE_START}</script>\n</body>\n</html>\n'
    )


def write_page(path: PathLike, data: dict[str, Any]) -> int:
    """Write the page atomically; its size in bytes."""
    text = page_html(data)
    atomic_write_text(path, text)
    return len(text.encode("utf-8"))
