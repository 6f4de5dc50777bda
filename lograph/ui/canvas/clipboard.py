"""Copy and paste of a selection: buttons (position, light, self action) and the edges
among them, as JSON under a lograph MIME type (and as plain text for other programs).

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> board = rectangle(1, 3)
>>> clip = selection_to_dict(board, ["r0c0", "r0c1"])
>>> [b["id"] for b in clip["buttons"]], clip["edges"]
(['r0c0', 'r0c1'], [['r0c0', 'r0c1']])
>>> records, edges = paste_plan(board, clip, offset=(0.0, 1.0))
>>> [r.id for r in records], edges
(['b3', 'b4'], [('b3', 'b4')])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QMimeData

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.model.board import Board
from lograph.core.model.checks import check_pos, check_self_action
from lograph.ui.model.document import ButtonRecord

__all__ = ["MIME_TYPE", "dict_from_mime", "mime_from_dict", "paste_plan", "selection_to_dict"]

MIME_TYPE = "application/x-lograph-selection"


def selection_to_dict(board: Board, buttons: Iterable[str]) -> dict[str, Any]:
    """The chosen buttons and every edge with both ends among them."""
    chosen = sorted(set(buttons), key=board.index)
    inside = set(chosen)
    return {
        "lograph_selection": 1,
        "directed": board.directed,
        "buttons": [
            {
                "id": b,
                "pos": list(board.position(b)),
                "light": board.light(b),
                "self_action": board.self_action_override(b),
            }
            for b in chosen
        ],
        "edges": [[u, v] for u, v in board.edges() if u in inside and v in inside],
    }


def mime_from_dict(clip: dict[str, Any]) -> QMimeData:
    data = QMimeData()
    text = json.dumps(clip)
    data.setData(MIME_TYPE, text.encode("utf-8"))
    data.setText(text)
    return data


def dict_from_mime(data: QMimeData) -> dict[str, Any] | None:
    """The copied selection, or None when the clipboard holds something else."""
    if data.hasFormat(MIME_TYPE):
        raw = bytes(data.data(MIME_TYPE).data()).decode("utf-8")
    elif data.hasText():
        raw = data.text()
    else:
        return None
    try:
        clip = json.loads(raw)
    except ValueError:
        return None
    return clip if isinstance(clip, dict) and clip.get("lograph_selection") == 1 else None


def paste_plan(
    board: Board, clip: dict[str, Any], offset: tuple[float, float]
) -> tuple[list[ButtonRecord], list[tuple[str, str]]]:
    """New buttons (fresh ids, shifted by `offset`) and edges for pasting `clip` into `board`.

    A directed clip pasted into an undirected board keeps one edge per pair; an undirected
    clip pasted into a directed board gets both arcs, so pressing still acts the same way.
    """
    try:
        buttons = clip["buttons"]
        taken = set(board.buttons)
        rename: dict[str, str] = {}
        records: list[ButtonRecord] = []
        for item in buttons:
            old = str(item["id"])
            k = len(board) + len(records)
            while f"b{k}" in taken:
                k += 1
            new = f"b{k}"
            taken.add(new)
            rename[old] = new
            x, y = check_pos(item["pos"])
            light = int(item.get("light", 0)) % board.states
            action = check_self_action(item.get("self_action"))
            records.append(ButtonRecord(new, (x + offset[0], y + offset[1]), light, action))
        # checked here, before any command runs: a half-done paste would corrupt the undo stack
        edges = [(rename[str(u)], rename[str(v)]) for u, v in clip["edges"]]
        if any(u == v for u, v in edges):
            raise ValueError("an edge joins a button to itself")
    except (KeyError, TypeError, ValueError, OverflowError, BoardError) as exc:
        raise BoardFormatError(f"the clipboard does not hold a lograph selection ({exc})") from None
    if board.directed and not clip.get("directed", False):
        edges += [(v, u) for u, v in edges]
    return records, list(dict.fromkeys(edges))
