"""What the menu actions do, as functions from (document, selection) to an undo command.

Kept apart from the main window so the window only wires actions to these, and tests can call
them directly. Each returns False (and changes nothing) when there is nothing to do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QPointF

from lograph.core.model.board import Board
from lograph.ui.canvas.clipboard import paste_plan, selection_to_dict
from lograph.ui.canvas.placement import blocker, free_offset
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import (
    AddButtonsCommand,
    AddEdgesCommand,
    RemoveCommand,
    ReverseEdgesCommand,
    SetLightsCommand,
    SetSelfActionsCommand,
)
from lograph.ui.model.document import ButtonRecord, Document
from lograph.ui.model.words import count_of

Edge = tuple[str, str]

__all__ = [
    "add_button",
    "connect",
    "copy_selection",
    "delete",
    "delete_selection",
    "paste",
    "reset_play",
    "reverse_edges",
    "scramble",
    "scrambled_lights",
    "set_all_lights",
    "set_lights_of",
    "set_random_lights",
    "toggle_self_action",
]


def delete(scene: BoardScene, buttons: Iterable[str] = (), edges: Iterable[Edge] = ()) -> bool:
    """Remove buttons (with their edges) and edges, in one undo step."""
    doc = scene.document
    chosen = sorted(set(buttons), key=doc.board.index)
    lines = sorted(edges)
    if not chosen and not lines:
        return False
    doc.push(RemoveCommand(doc, chosen, lines))
    return True


def delete_selection(scene: BoardScene) -> bool:
    """Remove the selected buttons (with their edges) and the selected edges."""
    return delete(scene, scene.selected, scene.selected_edges)


def add_button(scene: BoardScene, point: QPointF, link: str | None = None) -> str | None:
    """Add a button at the scene point (snapped when snapping is on), joined to `link` if
    given (an edge from `link` on directed boards), in one undo step.

    Returns the new button's id, or None (nothing changed) when the spot is closer than
    `placement.MIN_DISTANCE` to a button (`link` itself included): buttons never overlap.
    """
    where = scene.snap(point)
    if blocker(scene, where.x(), where.y()) is not None:
        return None
    doc = scene.document
    button = doc.board.new_button_id()
    record = ButtonRecord(button, scene.to_board(where))
    edges = [(link, button)] if link is not None else []
    text = f"Add button {button}" + (f" joined to {link}" if link is not None else "")
    doc.push(AddButtonsCommand(doc, [record], edges, text=text))
    return button


def connect(scene: BoardScene, source: str, targets: Iterable[str]) -> int:
    """Join `source` to each target not yet joined to it (one undo step); how many edges."""
    doc = scene.document
    board = doc.board
    new = [(source, t) for t in sorted(set(targets), key=board.index)]
    new = [(u, v) for u, v in new if u != v and not board.has_edge(u, v)]
    if new:
        doc.push(AddEdgesCommand(doc, new))
    return len(new)


def set_lights_of(doc: Document, buttons: Iterable[str], value: int) -> bool:
    """Set the light of `buttons` to `value` (no press), one undo step."""
    board = doc.board
    chosen = [b for b in sorted(set(buttons), key=board.index) if board.light(b) != value]
    if not chosen:
        return False
    what = chosen[0] if len(chosen) == 1 else f"{len(chosen)} buttons"
    doc.push(SetLightsCommand(doc, dict.fromkeys(chosen, value), f"Set light of {what}"))
    return True


def copy_selection(scene: BoardScene) -> dict[str, Any] | None:
    """The selection as a clipboard dictionary (None when nothing is selected)."""
    if not scene.selected:
        return None
    return selection_to_dict(scene.document.board, scene.selected)


def paste(scene: BoardScene, clip: dict[str, Any], offset: tuple[float, float]) -> bool:
    """Add the clip's buttons and edges shifted by `offset` (board units), or by a multiple
    of it when that would put a pasted button on an existing one; select them."""
    doc = scene.document
    records, edges = paste_plan(doc.board, clip, (0.0, 0.0))
    if not records:
        return False
    unit = scene.unit
    points = np.array([r.pos for r in records], dtype=np.float64) * unit
    sx, sy = free_offset(scene, points, (offset[0] * unit, offset[1] * unit))
    records = [
        ButtonRecord(r.id, (r.pos[0] + sx / unit, r.pos[1] + sy / unit), r.light, r.self_action)
        for r in records
    ]
    doc.push(
        AddButtonsCommand(doc, records, edges, text=f"Paste {count_of(len(records), 'button')}")
    )
    scene.set_selection([r.id for r in records])
    return True


def toggle_self_action(scene: BoardScene, buttons: Iterable[str] | None = None) -> bool:
    """Make each button (default: the selected ones) act on itself if it did not, and the
    reverse.

    The override is dropped (None) whenever the new behaviour is the rule's own, so a board
    stays "plain closed" or "plain open" after toggling twice.
    """
    chosen = set(scene.selected if buttons is None else buttons)
    if not chosen:
        return False
    doc = scene.document
    board = doc.board
    default = board.rule == "closed"
    values: dict[str, bool | None] = {}
    for b in sorted(chosen, key=board.index):
        acts = not board.acts_on_itself(b)
        values[b] = None if acts == default else acts
    doc.push(SetSelfActionsCommand(doc, values))
    return True


def reverse_edges(scene: BoardScene) -> list[tuple[str, str]]:
    """Reverse the selected arcs of a directed board; returns the arcs left alone.

    An arc whose reverse already exists is left alone: reversing it would merge two arcs.
    """
    doc = scene.document
    board = doc.board
    if not board.directed or not scene.selected_edges:
        return sorted(scene.selected_edges)
    turn = [(u, v) for u, v in sorted(scene.selected_edges) if not board.has_edge(v, u)]
    skipped = [(u, v) for u, v in sorted(scene.selected_edges) if board.has_edge(v, u)]
    if turn:
        doc.push(ReverseEdgesCommand(doc, turn))
        scene.set_selection(scene.selected, [(v, u) for u, v in turn])
    return skipped


def set_all_lights(doc: Document, value: int, text: str) -> bool:
    board = doc.board
    if not len(board):
        return False
    doc.push(SetLightsCommand(doc, np.full(len(board), value, dtype=np.uint8), text))
    return True


def set_random_lights(doc: Document, rng: np.random.Generator) -> bool:
    """Every light at a random value (the position may or may not be solvable)."""
    board = doc.board
    if not len(board):
        return False
    values = rng.integers(0, board.states, len(board)).astype(np.uint8)
    doc.push(SetLightsCommand(doc, values, "Random lights"))
    return True


def scrambled_lights(board: Board, goal: str, rng: np.random.Generator) -> NDArray[np.uint8]:
    """A random position from which `goal` can be reached: the goal, then random presses.

    Pressing is undone by pressing p-1 more times, so any position made by pressing from the
    goal can be played back to it. A few tries avoid handing back the goal itself.
    """
    p = board.states
    target = np.zeros(len(board), dtype=np.int64) if goal == "off" else np.full(len(board), p - 1)
    system = board.to_system()
    lights = target
    for _ in range(8):
        presses = rng.integers(0, p, len(board))
        lights = (target + system.apply(presses)) % p
        if np.any(lights != target):
            break
    return lights.astype(np.uint8)


def scramble(doc: Document, goal: str, rng: np.random.Generator) -> bool:
    """Start a new game: a random solvable position, move counter at 0."""
    if not len(doc.board):
        return False
    lights = scrambled_lights(doc.board, goal, rng)
    doc.push(SetLightsCommand(doc, lights, "Scramble", moves=0, start=True))
    return True


def reset_play(doc: Document) -> bool:
    """Back to the position play started from, move counter at 0."""
    start = doc.start_lights
    if len(start) != len(doc.board):  # buttons were added or removed since: nothing to go to
        return False
    doc.push(SetLightsCommand(doc, start, "Reset", moves=0))
    return True
