"""Regenerate the sample boards: ``python graphs/make_samples.py``.

They live in ``lograph/samples/`` so that an installed package carries them (``lograph
samples`` lists them); the files in this folder are links to them, for short paths.

Each sample is written with lograph's own writers; the tests in ``tests/core/files/test_samples.py``
check their contents against independent answers (the holed WayOut board's posted solution,
hand counts, plain elimination).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from lograph.core.files import write_board
from lograph.core.model.board import Board
from lograph.core.model.generators import (
    diamond,
    hexagonal,
    named,
    rectangle,
    torus,
    triangular,
    wayout_5x5,
)

HERE = Path(__file__).resolve().parent.parent / "lograph" / "samples"

#: The start position S of the holed WayOut board, in row-major order of the 22 buttons.
WAYOUT_START = [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0]


def _scrambled(board: Board, seed: int) -> Board:
    """Lights made by random presses from all-off, so the position is always solvable."""
    rng = np.random.default_rng(seed)
    board.clear_lights()
    board.apply_presses(rng.integers(0, board.states, size=len(board)))
    return board


def _named(board: Board, name: str) -> Board:
    board.name = name
    return board


def directed_ring() -> Board:
    """Eight buttons on a ring; each acts on the next one and the one two steps ahead."""
    board = Board(directed=True, name="directed ring 8")
    ids = [f"d{i}" for i in range(8)]
    for i, v in enumerate(ids):
        angle = 2 * math.pi * i / 8
        x, y = round(3 * math.cos(angle), 6) + 0.0, round(-3 * math.sin(angle), 6) + 0.0  # no -0.0
        board.add_button(v, pos=(x, y))
    for i, v in enumerate(ids):
        board.add_edge(v, ids[(i + 1) % 8])
        board.add_edge(v, ids[(i + 2) % 8])
    board.set_self_action("d0", False)  # one button that does not toggle itself
    return _scrambled(board, 8)


def samples() -> dict[str, Board]:
    on5 = rectangle(5, 5)
    on5.set_lights(np.ones(25, dtype=np.uint8))
    wayout = wayout_5x5()
    wayout.set_lights(WAYOUT_START)
    diamond3 = diamond(3)
    diamond3.set_lights(np.ones(len(diamond3), dtype=np.uint8))
    return {
        "classic-5x5.txt": _named(on5, "classic 5x5, all lights on"),
        "classic-3x3.txt": _named(_scrambled(rectangle(3, 3), 3), "classic 3x3"),
        "classic-4x4.txt": _named(_scrambled(rectangle(4, 4), 4), "classic 4x4"),
        "classic-7x7.txt": _named(_scrambled(rectangle(7, 7), 7), "classic 7x7"),
        "wayout-holed-5x5.txt": _named(wayout, "WayOut 5x5 (three holes)"),
        "diamond-r3.txt": _named(diamond3, "diamond of radius 3, all lights on"),
        "three-state-4x4.txt": _named(_scrambled(rectangle(4, 4, states=3), 5), "3-state 4x4"),
        "torus-5x5.json": _scrambled(torus(5, 5), 6),
        "hexagonal-3x3.json": _scrambled(hexagonal(3, 3), 9),
        "petersen.json": _named(_scrambled(named("petersen"), 10), "Petersen"),
        "petersen.g6": _named(named("petersen"), "Petersen"),
        "directed-ring-8.json": directed_ring(),
        "triangular-3x4.graphml": _scrambled(triangular(3, 4), 11),
    }


def main() -> None:
    for filename, board in samples().items():
        write_board(board, HERE / filename)
        print(f"{filename}: {len(board)} buttons")


if __name__ == "__main__":
    main()
