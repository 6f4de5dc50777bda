"""The worksheet a teacher hands out: its length in Letter pages, nothing left at the bottom
of a page without what it introduces, mathematics typeset in LaTeX and HTML, the words that
fit the number of states, board strings escaped in Markdown, and the PNG's quiet patterns
drawn each on its own board."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from lograph.core.explain.formats import document, md_escape, to_html, to_latex, to_markdown
from lograph.core.explain.steps import explain_board
from lograph.core.explain.text import STAGE_LIMIT, blocks
from lograph.core.files import read_board, write_board
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import run_cli

SAMPLES = Path(__file__).resolve().parents[3] / "lograph" / "samples"
TEX = shutil.which("pdflatex") and shutil.which("pdfinfo") and shutil.which("pdftotext")
needs_tex = pytest.mark.skipif(not TEX, reason="needs pdflatex and poppler-utils")


def _pdf(tmp_path: Path, source: str) -> Path:
    (tmp_path / "w.tex").write_text(source)
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "w.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    return tmp_path / "w.pdf"


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return text.split("\f")[:-1]  # pdftotext ends every page with a form feed


def _page_count(pdf: Path) -> int:
    info = subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]


@needs_tex
@pytest.mark.parametrize(("name", "most"), [("classic-3x3.txt", 1), ("classic-5x5.txt", 4)])
def test_the_worksheet_fits_its_pages(tmp_path: Path, name: str, most: int) -> None:
    board = read_board(SAMPLES / name)
    pdf = _pdf(tmp_path, to_latex(explain_board(board)))
    assert _page_count(pdf) <= most


HEADINGS = (
    "Forward elimination",
    "Solvable?",
    "A solution by back substitution",
    "Backward elimination: the reduced form",
    "Quiet patterns",
    "Appendix: every step",
)


def _boards() -> dict[str, Board]:
    out = {n: read_board(SAMPLES / f"classic-{n}.txt") for n in ("4x4", "5x5")}
    for rows, cols in ((6, 6), (5, 7), (3, 10)):
        board = rectangle(rows, cols)
        board.set_lights(np.random.default_rng(rows * cols).integers(0, 2, len(board)))
        out[f"{rows}x{cols}"] = board
    three = rectangle(4, 4)
    three.states = 3
    three.set_lights(np.random.default_rng(1).integers(0, 3, 16))
    out["4x4-k3"] = three
    return out


@needs_tex
@pytest.mark.parametrize(
    ("name", "full"), [(name, False) for name in _boards()] + [("4x4", True), ("5x5", True)]
)
def test_no_page_ends_with_what_introduces_the_next(tmp_path: Path, name: str, full: bool) -> None:
    """A page never ends with a heading or a lead-in ("The reduced form:"), nor, in the
    appendix, with a pivot's note whose matrix is on the next page."""
    board = _boards()[name]
    pages = _pages(_pdf(tmp_path, to_latex(explain_board(board), full=full)))
    appendix = False
    for number, page in enumerate(pages[:-1], 1):
        lines = [x.strip() for x in page.splitlines() if x.strip()]
        last = lines[-1]
        where = f"page {number} of {len(pages)} ends with {last!r}"
        assert not last.endswith(":"), where
        assert last not in HEADINGS, where
        appendix = appendix or "Appendix: every step" in lines
        if appendix:
            assert ", pivot R" not in last, where


def test_the_matrix_is_shown_at_the_moments_that_teach() -> None:
    """The worksheet shows [A | c], the echelon form and the reduced form; the appendix adds
    the matrix after every pivot, each one what replaying the operations gives."""
    board = read_board(SAMPLES / "classic-5x5.txt")
    e = explain_board(board)
    matrices = [b.matrix for b in blocks(e) if b.kind == "matrix"]
    augmented = [[*row, c] for row, c in zip(e.matrix, e.change, strict=True)]
    assert matrices == [augmented, e.echelon, e.reduced]
    full = [b.matrix for b in blocks(e, full=True) if b.kind == "matrix"]
    assert full == matrices + [s.after for s in e.stages]
    assert len(to_markdown(e).splitlines()) < 300  # 1,705 lines when every stage was shown
    assert to_markdown(e, full=True).count("```") == 2 * (len(full) + 3)  # + b/c, x, quiet


def test_the_appendix_lists_only_operations_on_a_big_board() -> None:
    board = rectangle(7, 7)  # 49 buttons: more than STAGE_LIMIT
    assert len(board) > STAGE_LIMIT
    board.set_light("r3c3", 1)
    e = explain_board(board)
    full = blocks(e, full=True)
    assert sum(b.kind == "matrix" for b in full) == 3
    assert sum(b.kind == "ops" for b in full) > len(e.stages) / 2


def test_powers_and_subscripts_are_typeset() -> None:
    board = read_board(SAMPLES / "classic-5x5.txt")  # nullity 2, free columns
    e = explain_board(board)
    latex = to_latex(e)
    assert "$2^{2}$ = 4 quiet patterns" in latex
    assert r"\^{}" not in latex  # no literal caret
    assert "$x_{f}$ = 1" in latex
    page = to_html(e)
    assert "<i>x</i><sub>f</sub> = 1" in page
    assert "<i>2</i><sup>2</sup> = 4" in page
    assert "x_f" not in page
    assert "2^2" not in page


def test_a_board_name_with_carets_stays_literal() -> None:
    board = rectangle(2, 2)
    board.name = "x^2_y"
    latex = to_latex(explain_board(board))
    assert r"\section*{The algebra of x\^{}2\_y}" in latex


def _symmetric_solvable(k: int) -> str:
    rows, cols = (5, 5) if k == 2 else (4, 4)  # nullity 2 in both
    board = rectangle(rows, cols)
    board.states = k
    board.press("r1c1")  # a position made by presses is solvable
    return to_markdown(explain_board(board))


def test_orthogonal_in_the_words_of_the_states() -> None:
    two = _symmetric_solvable(2)
    assert "orthogonal (an even number of c's 1s fall on its buttons)" in two
    assert "mod k" not in two
    assert "dot product" not in two
    three = _symmetric_solvable(3)
    assert "orthogonal (dot product 0 mod 3)" in three
    assert "mod k" not in three


def _hostile() -> Board:
    board = Board(name="<script>alert(1)</script> ![t](http://x.test/t.png)")
    ids = ["![i](http://x.test/i.png)", "<img src=x onerror=alert(1)>", "a*b*", "`c`"]
    for x, button in enumerate(ids):
        board.add_button(button, (x, 0))
    for u, v in itertools.pairwise(ids):
        board.add_edge(u, v)
    board.set_light(ids[0], 1)
    return board


def test_markdown_escapes_board_names_and_ids() -> None:
    markdown_it = pytest.importorskip("markdown_it")
    board = _hostile()
    text = to_markdown(explain_board(board))
    assert text.startswith(r"# The algebra of \<script\>alert\(1\)\</script\> \!\[t\]")
    rendered = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(text)
    for tag in ("<script", "<img", "<a ", "<em>", "<strong>a"):
        assert tag not in rendered
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered  # shown, as written
    assert "![i](http://x.test/i.png)" in rendered


def test_md_escape_round_trips_through_a_markdown_parser() -> None:
    markdown_it = pytest.importorskip("markdown_it")
    for text in ("a_b_c", "*x*", "[l](u)", "<b>", "&amp;", "`x`", "a|b", "~~s~~", "\\"):
        html = (
            markdown_it.MarkdownIt("commonmark")
            .enable(["table", "strikethrough"])
            .render(md_escape(text))
        )
        assert (
            html.strip()
            == "<p>" + text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</p>"
        )


@needs_tex
def test_a_hostile_board_compiles(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path, to_latex(explain_board(_hostile()), full=True))
    assert "<script>alert(1)</script>" in _pages(pdf)[0]


def test_document_returns_every_format_as_text(tmp_path: Path) -> None:
    board = read_board(SAMPLES / "classic-3x3.txt")
    e = explain_board(board)
    assert document(board, "off", "md") == to_markdown(e)
    assert document(board, "off", "html", full=True) == to_html(e, full=True)
    assert document(board, "off", "tex") == to_latex(e)
    big = rectangle(11, 11)
    assert document(big, "off", "md").startswith("121 buttons are too many")
    assert "<pre>121 buttons are too many" in document(big, "off", "html")
    assert not list(tmp_path.iterdir())
    with pytest.raises(ValueError, match="md, tex or html"):
        document(board, "off", "pdf")


def test_cli_full_adds_the_appendix(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(SAMPLES / "classic-3x3.txt")
    status, short, _ = run_cli(capsys, "explain", board)
    assert status == 0
    status, full, _ = run_cli(capsys, "explain", board, "--full")
    assert status == 0
    assert "## Appendix: every step" not in short
    assert full.startswith(short.rstrip("\n"))
    assert full.count("```") > 3 * short.count("```")


def test_png_with_dollars_in_button_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    board = rectangle(2, 3)  # ids that matplotlib's mathtext cannot parse
    for button, bad in zip(list(board.buttons), ("$a^$", r"$\frac$", "$", "$x$"), strict=False):
        board.rename_button(button, bad)
    board.set_light(board.buttons[1], 1)
    path = tmp_path / "b.json"
    write_board(board, path)
    status, _, err = run_cli(capsys, "explain", str(path), "-o", str(tmp_path / "x.png"))
    assert status == 0, err
    assert (tmp_path / "x.png").read_bytes().startswith(b"\x89PNG")


def test_a_quiet_pattern_is_drawn_on_its_own_board_with_edges() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.patches import Circle

    from lograph.core.explain.figures import QUIET, draw_pattern

    board = read_board(SAMPLES / "torus-5x5.json")
    e = explain_board(board)
    fig, axes = plt.subplots(1, 2)
    try:
        for ax, q in zip(axes, e.quiet, strict=False):
            draw_pattern(ax, board, q, "q")
            discs = [p for p in ax.patches if isinstance(p, Circle)]
            hatched = [p for p in discs if p.get_hatch()]
            assert len(discs) - len(hatched) == len(board)  # every button, as a disc
            assert len(hatched) == np.count_nonzero(q)  # the pattern's buttons, hatched
            assert {matplotlib.colors.to_hex(p.get_edgecolor()) for p in hatched} == {QUIET}
            pos = board.positions()
            inside = sum(
                1
                for u, v in board.edges()
                if abs(pos[board.index(u)] - pos[board.index(v)]).sum() == 1
            )
            wraps = len(board.edges()) - inside
            assert wraps == 10  # the torus's wrap-around edges …
            assert len(ax.lines) == inside + 2 * wraps  # … drawn as two stubs each
            for line in ax.lines[:]:
                xs, ys = line.get_data()
                if abs(xs[1] - xs[0]) + abs(ys[1] - ys[0]) < 1:  # a stub: off the board
                    far = np.array([xs[1], ys[1]])
                    assert (far < -0.1).any() or (far > 4.1).any()
            assert ax.axison  # a frame keeps the boards apart
            assert ax.spines["top"].get_visible()
    finally:
        plt.close(fig)


@pytest.mark.parametrize("name", ["classic-5x5.txt", "petersen.json", "three-state-4x4.txt"])
def test_the_press_line_names_buttons_as_people_find_them(name: str) -> None:
    """Pressing the buttons the "To press" line names, as often as it says, solves the board."""
    from lograph.core.model.labels import button_names

    board = read_board(SAMPLES / name)
    board.press(board.buttons[1])
    (line,) = [x for x in to_markdown(explain_board(board)).splitlines() if x.startswith("To")]
    index = {n: i for i, n in enumerate(button_names(board.buttons))}
    for item in line.removeprefix("To press: ").removesuffix(".").split("; "):
        times = re.fullmatch(r"(.*) \((\d+) times\)", item)
        label, count = (times.group(1), int(times.group(2))) if times else (item, 1)
        board.press(board.buttons[index[label]], count)
    assert board.is_goal("off")
