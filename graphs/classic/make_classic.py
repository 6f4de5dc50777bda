"""Regenerate the classic games gallery: ``python graphs/classic/make_classic.py``.

The boards live in ``lograph/samples/classic/`` (package data: ``lograph samples`` lists them,
``sample:classic/NAME`` opens them); the files in this folder are links to them. Each rule
was checked against published descriptions of the game (the README's "Classic games" table
lists the sources); ``tests/core/files/test_classic_games.py`` checks every file against
adjacency built by hand.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from lograph.core.files import write_board
from lograph.core.model.board import Board
from lograph.core.model.generators import named, rectangle, torus
from lograph.core.model.stencils import STENCILS

HERE = Path(__file__).resolve().parents[2] / "lograph" / "samples" / "classic"


def described(board: Board, name: str, description: str) -> Board:
    board.name = name
    board.description = description
    return board


def merlin() -> Board:
    """Merlin's Magic Square: corners flip their 2×2 block, sides their border row, the centre
    its plus; shipped showing the goal ring (every light on except the centre)."""
    board = Board(directed=True, name="Merlin's Magic Square")
    cells = [(r, c) for r in range(3) for c in range(3)]
    for r, c in cells:
        board.add_button(f"r{r}c{c}", pos=(float(c), float(r)), light=int((r, c) != (1, 1)))
    for r, c in cells:
        if (r, c) == (1, 1):
            targets = [(0, 1), (1, 0), (1, 2), (2, 1)]
        elif r != 1 and c != 1:  # a corner: its 2×2 block
            targets = [(rr, cc) for rr in (r, 1) for cc in (c, 1)]
        elif r == 1:  # the middle of the left or right side: that column
            targets = [(0, c), (2, c)]
        else:  # the middle of the top or bottom side: that row
            targets = [(r, 0), (r, 2)]
        for target in targets:
            if target != (r, c):
                board.add_edge(f"r{r}c{c}", f"r{target[0]}c{target[1]}")
    return described(
        board,
        "Merlin's Magic Square",
        "Parker Brothers' Merlin handheld (1978), game 'Magic Square': a 3×3 of lights; a "
        "corner flips its 2×2 block, a side button its border row of 3, the centre its plus "
        "(a directed board). The goal is the ring, every light on but the centre: shown here; "
        "switching it off takes the same presses as building it from a dark board.",
    )


# Facelet (row, col) of each face of the Lights Out Cube, as a point on the cube [0, 3]³
# (x right, y up, z towards the viewer), and the face's place in the drawn net.
CUBE_FACES = {
    "U": (lambda r, c: (c + 0.5, 3.0, r + 0.5), (3, 0)),
    "L": (lambda r, c: (0.0, 2.5 - r, c + 0.5), (0, 3)),
    "F": (lambda r, c: (c + 0.5, 2.5 - r, 3.0), (3, 3)),
    "R": (lambda r, c: (3.0, 2.5 - r, 2.5 - c), (6, 3)),
    "B": (lambda r, c: (2.5 - c, 2.5 - r, 0.0), (9, 3)),
    "D": (lambda r, c: (c + 0.5, 0.0, 2.5 - r), (3, 6)),
}


def cube() -> Board:
    """The Lights Out Cube: 6 faces of 3×3; the plus pattern runs over the cube's edges."""
    board = Board()
    points = {}
    for face, (place, (x0, y0)) in CUBE_FACES.items():
        for r, c in itertools.product(range(3), range(3)):
            button = board.add_button(f"{face}{3 * r + c + 1}", pos=(x0 + c, y0 + r))
            points[button] = np.array(place(r, c))
    for u, v in itertools.combinations(points, 2):
        # neighbours on a face are 1 apart, across an edge √½; every other pair is farther
        if np.linalg.norm(points[u] - points[v]) < 1.01:
            board.add_edge(u, v)
    return described(
        board,
        "Lights Out Cube",
        "Tiger Electronics: 54 lights on the 6 faces of a cube; a press flips the light "
        "and its 4 neighbours, across the cube's edges where the face ends.",
    )


def orbix() -> Board:
    """Orbix game 1: 12 buttons like the faces of a dodecahedron (the icosahedron's vertices);
    a press flips the 5 adjacent lights, not its own."""
    board = named("icosahedron", rule="open")
    return described(
        board,
        "Orbix (game 1)",
        "Uwe Meffert's Orbix ball (patented 1996): 12 buttons placed like a dodecahedron's "
        "faces; in game 1 a press flips the 5 adjacent lights but not its own. Its goal is "
        "every light on: solve with --goal on.",
    )


def gallery() -> dict[str, Board]:
    """File name -> board of every classic game shipped."""
    return {
        "lights-out-1995.json": described(
            rectangle(5, 5),
            "Lights Out (1995)",
            "Tiger Electronics, 1995: the 5×5 original; a press flips the light and its 4 "
            "neighbours (the plus).",
        ),
        "lights-out-mini.json": described(
            rectangle(4, 4),
            "Mini Lights Out",
            "Tiger Electronics: the 4×4 version of Lights Out, plus pattern.",
        ),
        "lights-out-deluxe.json": described(
            rectangle(6, 6),
            "Lights Out Deluxe",
            "Tiger Electronics: a 6×6 grid with the standard plus pattern (its other effect "
            "pattern, the x, is lights-out-deluxe-x).",
        ),
        "lights-out-deluxe-x.json": described(
            rectangle(6, 6, stencil=STENCILS["x"]),
            "Lights Out Deluxe (x pattern)",
            "Tiger Electronics: Lights Out Deluxe's second effect pattern; a press flips the "
            "light and its 4 diagonal neighbours.",
        ),
        "lights-out-2000.json": described(
            rectangle(5, 5, states=3),
            "Lights Out 2000",
            "Tiger Electronics: game 1 of Lights Out 2000, the 3-colour puzzle on the 5×5 plus: "
            "each light cycles off → red → green → off, so a press adds 1 mod 3.",
        ),
        "lights-out-keychain.json": described(
            torus(4, 4),
            "Lights Out Keychain",
            "Tiger Electronics: a 4×4 LCD Lights Out whose edges wrap around (a torus), plus "
            "pattern.",
        ),
        "merlins-magic-square.json": merlin(),
        "lights-out-cube.json": cube(),
        "orbix.json": orbix(),
    }


def main() -> None:
    HERE.mkdir(exist_ok=True)
    links = Path(__file__).resolve().parent
    for file, board in gallery().items():
        write_board(board, HERE / file)
        link = links / file
        if not link.is_symlink():
            link.symlink_to(Path("..") / ".." / "lograph" / "samples" / "classic" / file)
        print(f"{file}: {board!r}")


if __name__ == "__main__":
    main()
