"""Matrix pictures and text: the PNG decodes (by Pillow, an independent decoder) to
LightsOutWeb's pixels — its saveMatrixToImage and saveMatrixWithEdgesToImage loops
transcribed below — and its picture reads back to the press matrix; .csv and .mtx round-trip
and scipy reads the .mtx; bad text is refused with the reason."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from scipy import io as sio

from lograph.core.dynamics.matrix_export import matrix_from_picture, write_matrix
from lograph.core.dynamics.solution_matrix import solution_matrix
from lograph.core.errors import BoardError
from lograph.core.files.matrix_picture import png_bytes, values_from_pixels
from lograph.core.files.matrix_text import matrix_bytes, parse_matrix
from lograph.core.model.generators import random_graph, rectangle
from tests.core.matrices import lightsoutweb as low

GREEN = 1  # the lit colour's channel


def lightsoutweb_palette(k: int) -> list[tuple[int, int, int]]:
    """Its palette with the default colours (unlit black, lit green)."""
    return [(0, int(np.floor(255.0 * (i / (k - 1)))), 0) for i in range(k)]


def lightsoutweb_plain(matrix: np.ndarray, n: int, k: int) -> np.ndarray:
    """``saveMatrixToImage``: its four loops."""
    colours = lightsoutweb_palette(k)
    out = np.zeros((n * n, n * n, 3), dtype=np.uint8)
    for y_big in range(n):
        for x_big in range(n):
            row = y_big * n + x_big
            for y_sm in range(n):
                for x_sm in range(n):
                    out[y_big * n + y_sm, x_big * n + x_sm] = colours[matrix[row][y_sm * n + x_sm]]
    return out


def lightsoutweb_edges(matrix: np.ndarray, n: int, k: int, cell: int = 5) -> np.ndarray:
    """``saveMatrixWithEdgesToImage``: its pixels in the order it writes them (lines black:
    its unlit and "between" colours by default)."""
    colours = lightsoutweb_palette(k)
    line = (0, 0, 0)
    width = n * (n * cell + n + 1) + n + 1
    pixels: list[tuple[int, int, int]] = [line] * width
    for y_big in range(n):
        pixels += [line] + ([line] * (n * cell + n + 1) + [line]) * n
        for y_sm in range(n):
            for _ in range(cell):
                pixels.append(line)
                for x_big in range(n):
                    pixels.append(line)
                    for x_sm in range(n):
                        value = matrix[y_big * n + x_big][y_sm * n + x_sm]
                        pixels += [colours[value]] * cell + [line]
                    pixels.append(line)
            pixels += [line] + ([line] * (n * cell + n + 1) + [line]) * n
        pixels += [line] * width
    return np.array(pixels, dtype=np.uint8).reshape(-1, width, 3)


def decode(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as picture:
        return np.asarray(picture.convert("RGB"))


def test_the_press_matrix_picture_is_lightsoutwebs(tmp_path) -> None:
    n = 5
    board = rectangle(n, n).to_system()
    write_matrix(board, tmp_path / "m.png")
    expected = lightsoutweb_plain(low.game_matrix("square", n, 2), n, 2)
    got = decode((tmp_path / "m.png").read_bytes())
    assert np.array_equal(got, expected)
    # a few entries by hand: block (0, 0) is the corner's plus, drawn as a board
    assert got[0, 0, GREEN] == got[0, 1, GREEN] == got[1, 0, GREEN] == 255
    assert got[1, 1, GREEN] == got[0, 2, GREEN] == 0


def test_the_inverse_matrix_picture_with_edges_is_lightsoutwebs_for_k_5(tmp_path) -> None:
    n, k = 3, 5
    board = rectangle(n, n, states=k).to_system()
    write_matrix(board, tmp_path / "s.png", solution=True, edges=True)
    low_s, quiet = low.solution_matrix(low.game_matrix("square", n, k), k)
    assert quiet == 0
    got = decode((tmp_path / "s.png").read_bytes())
    assert got.shape == (n * (n * 5 + n + 1) + n + 1,) * 2 + (3,)
    assert np.array_equal(got, lightsoutweb_edges(low_s, n, k))
    assert {int(v) for v in np.unique(got[:, :, GREEN])} <= {0, 63, 127, 191, 255}


def test_a_graph_is_drawn_entry_by_entry() -> None:
    board = random_graph(7, 0.4, seed=3).to_system()
    a = board.dense()
    got = decode(png_bytes(a, 2))
    assert np.array_equal(got[:, :, GREEN] == 255, a == 1)
    big = decode(png_bytes(a, 2, cell=3))
    assert big.shape == (21, 21, 3)
    assert np.array_equal(big[::3, ::3], got)


def test_the_matrix_layout_of_a_grid_has_lines_between_its_rows_blocks() -> None:
    board = rectangle(2, 3).to_system()
    got = decode(png_bytes(board.dense(), 2, layout="matrix", grid=(2, 3), edges=True, cell=1))
    # a line, then per block (two of three entries) a line, 3 × (entry + line), a line
    assert got.shape == (17, 17, 3)
    assert got[2, 2, GREEN] == 255  # entry (0, 0): button r0c0 changes itself


def test_lightsoutwebs_picture_reads_back_as_the_press_matrix() -> None:
    for n in (3, 5, 6):
        game = low.game_matrix("square", n, 2)
        values = values_from_pixels(lightsoutweb_plain(game, n, 2), 2)
        matrix, side = matrix_from_picture(values)
        assert side == n
        assert np.array_equal(matrix, game.T)
    k = 4  # in-between colours round to their values
    game = low.game_matrix("torus", 3, k) * 3 % k
    values = values_from_pixels(lightsoutweb_plain(game, 3, k), k)
    assert np.array_equal(matrix_from_picture(values)[0], game.T)


@pytest.mark.parametrize(("height", "width"), [(10, 10), (161, 161), (0, 0), (9, 16)])
def test_a_picture_of_another_size_is_refused(height: int, width: int) -> None:
    """A graph's picture (10 pixels a side), LightsOutWeb's with-edges picture of 5×5 (161),
    a 3×4 grid's: not its plain layout of an n×n board, so not read as one."""
    with pytest.raises(BoardError, match=f"{width}×{height} picture is not LightsOutWeb's"):
        matrix_from_picture(np.zeros((height, width), dtype=np.uint8))


@pytest.mark.parametrize("fmt", ["csv", "mtx"])
def test_text_round_trips(fmt: str) -> None:
    s = solution_matrix(rectangle(3, 4, states=7).to_system())
    assert np.array_equal(parse_matrix(matrix_bytes(s, fmt), fmt), s)  # type: ignore[arg-type]


def test_scipy_reads_the_mtx() -> None:
    a = random_graph(9, 0.3, seed=1).to_system().dense()
    read = sio.mmread(io.BytesIO(matrix_bytes(a, "mtx")))
    assert np.array_equal(read.toarray(), a)


@pytest.mark.parametrize(
    ("text", "fmt", "problem"),
    [
        (b"1,0\n0\n", "csv", "line 2 has 1 entries"),
        (b"1,x\n0,1\n", "csv", "line 1: entries must be integers"),
        (b"1,0,1\n0,1,1\n", "csv", "square, not 2×3"),
        (b"1 2 3\n", "mtx", "not a MatrixMarket file"),
        (
            b"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 0.5\n",
            "mtx",
            "must be integers",
        ),
        (b"%%MatrixMarket matrix coordinate integer general\n2 3 0\n", "mtx", "square"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: bytes, fmt: str, problem: str) -> None:
    with pytest.raises(BoardError, match=problem):
        parse_matrix(text, fmt)  # type: ignore[arg-type]


def test_a_one_way_click_rule_gives_lightsoutwebs_matrices_and_pictures(tmp_path) -> None:
    """An asymmetric click rule (a press changes itself, its right and its lower neighbour):
    the press matrix is not symmetric, so its orientation and the solution matrix's are seen
    — lograph's A is LightsOutWeb's matrix transposed, S is its inverse matrix as it is, and
    both pictures are its pictures pixel for pixel (k = 3: the inverse has 2s)."""
    from lograph.core.model.grids import from_mask

    n, k = 4, 3
    rule = (0, 0, 0, 0, 1, 1, 0, 1, 0)
    board = from_mask(np.ones((n, n), dtype=bool), stencil=[(0, 0), (0, 1), (1, 0)], states=k)
    system = board.to_system()
    assert system.directed
    game = low.game_matrix("square", n, k, rule=rule)
    low_s, quiet = low.solution_matrix(game, k)
    assert quiet == 0
    index = {str(name): i for i, name in enumerate(system.names)}
    order = np.array([index[f"r{y}c{x}"] for y in range(n) for x in range(n)])
    assert np.array_equal(system.dense()[np.ix_(order, order)], game.T)
    assert np.array_equal(solution_matrix(system)[np.ix_(order, order)], low_s)
    write_matrix(system, tmp_path / "a.png")
    write_matrix(system, tmp_path / "s.png", solution=True)
    assert np.array_equal(decode((tmp_path / "a.png").read_bytes()), lightsoutweb_plain(game, n, k))
    assert np.array_equal(
        decode((tmp_path / "s.png").read_bytes()), lightsoutweb_plain(low_s, n, k)
    )


def test_a_grid_in_another_button_order_gives_the_same_picture(tmp_path) -> None:
    board = rectangle(3, 4, states=5)
    write_matrix(board.to_system(), tmp_path / "a.png", solution=True)
    shuffled = board.copy()
    order = np.random.default_rng(2).permutation(len(board))  # no symmetry of the grid
    shuffled.reorder([board.buttons[i] for i in order])
    assert list(shuffled.to_system().names) != list(board.buttons)
    write_matrix(shuffled.to_system(), tmp_path / "b.png", solution=True)
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_a_picture_over_the_pixel_limit_is_refused_before_drawing() -> None:
    with pytest.raises(BoardError, match="over 40,000,000 pixels: draw it without edges"):
        png_bytes(np.zeros((2000, 2000), dtype=np.uint8), 2, edges=True)
