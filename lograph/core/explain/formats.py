"""The explanation written out: Markdown (matrices in fixed-width blocks, pivots in
[brackets]), LaTeX (a worksheet that compiles with a basic pdflatex: amsmath, graphicx,
geometry and multicol only; pivots boxed) or HTML (one self-contained page; pivots
outlined). `document` gives any of them as text, for a board of any size, without writing a
file.

Strings from the board (its name, button ids) are escaped for each format: Markdown
backslash-escapes the characters that make links, images, HTML or emphasis; LaTeX and HTML
escape all their specials. Blocks that must stay together (a heading or a lead-in with the
matrix after it) are set in one unbreakable box in LaTeX and marked ``break-inside: avoid``
in HTML, so a page never ends with a heading whose matrix is on the next.
"""

from __future__ import annotations

import html
import re

from lograph.core.explain.steps import Explanation
from lograph.core.explain.text import Block, Name, Rich, Script, blocks, plain
from lograph.core.model.board import Board
from lograph.core.model.system import parse_cell_name

__all__ = ["document", "html_fragment", "md_escape", "tex", "to_html", "to_latex", "to_markdown"]

#: Matrices wider than this get numbered columns and a legend in the worksheet.
NUMBERED_COLUMNS = 40
#: Boards of at most this many buttons get a two-column worksheet (their matrices fit a column).
TWO_COLUMNS = 16


def document(board: Board, goal: str = "off", kind: str = "md", full: bool = False) -> str:
    """The worksheet of `board` as text: `kind` ``md``, ``tex`` or ``html``; `full` adds the
    appendix with the matrix after every pivot. A board too big for the steps gets its
    figures instead, in the same format."""
    from lograph.core.explain.figures import figures_text
    from lograph.core.explain.steps import EXPLAIN_LIMIT, explain_board

    if kind not in ("md", "tex", "html"):
        raise ValueError(f"unknown kind {kind!r}: use md, tex or html")
    if len(board) <= EXPLAIN_LIMIT:
        e = explain_board(board, goal)
        return {"tex": to_latex, "html": to_html}.get(kind, to_markdown)(e, full=full)
    note = figures_text(board, goal, EXPLAIN_LIMIT)
    if kind == "html":
        return "<!DOCTYPE html><meta charset=utf-8><pre>" + html.escape(note) + "</pre>\n"
    if kind == "tex":
        body = "\n\n".join(tex(line) for line in note.splitlines() if line)
        return "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"
    return note


def _grid(e: Explanation, vector: list[int]) -> list[list[str]] | None:
    """The vector laid out as the board's grid (``.`` for a hole), when it is one."""
    cells = [parse_cell_name(b) for b in e.board.buttons]
    if not cells or any(c is None for c in cells):
        return None
    rows = max(c[0] for c in cells if c) + 1
    cols = max(c[1] for c in cells if c) + 1
    if rows * cols > 4 * len(cells):
        return None
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    for cell, v in zip(cells, vector, strict=True):
        assert cell is not None
        grid[cell[0]][cell[1]] = str(v)
    return grid


def _chains(bs: list[Block]) -> list[list[Block]]:
    """The blocks in runs that stay together: each block with `keep` joins the next."""
    out: list[list[Block]] = []
    run: list[Block] = []
    for b in bs:
        run.append(b)
        if not b.keep:
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


# --- Markdown ---------------------------------------------------------------------------

#: Characters that can start Markdown markup inside a line: emphasis, links and images,
#: raw HTML and entities, code, headings' closing hashes, tables and strike-through.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>!#|~&{}()])")


def md_escape(text: str) -> str:
    """`text` as literal Markdown (CommonMark backslash escapes)."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md(text: Rich) -> str:
    out = []
    for part in text:
        if isinstance(part, Name):
            out.append(md_escape(part.text))
        elif isinstance(part, Script):
            out.append(f"{part.base}{'^' if part.up else '_'}{part.script}")
        else:
            out.append(part)
    return "".join(out)


def _cell(value: int, marked: bool) -> str:
    return f"[{value}]" if marked else str(value)


def _text_matrix(b: Block) -> list[str]:
    cols = b.cols
    short = all(len(c) <= 5 for c in cols)
    heads = cols if short else [str(j + 1) for j in range(len(cols))]
    if b.augmented and not short:
        heads[-1] = "c"
    body = [
        [_cell(v, (i, j) in b.marked) for j, v in enumerate(row)] for i, row in enumerate(b.matrix)
    ]
    width = max([len(h) for h in heads] + [len(x) for row in body for x in row] + [1])
    label = max([len(r) for r in b.rows] + [1])

    def line(first: str, items: list[str]) -> str:
        cells = [x.rjust(width) for x in items]
        if b.augmented:
            cells[-1] = "| " + cells[-1]
        return first.rjust(label) + "  " + " ".join(cells)

    out = [line("", heads)]
    out += [line(r, row) for r, row in zip(b.rows, body, strict=True)]
    if not short:
        out.append("columns: " + ", ".join(f"{j + 1} = {c}" for j, c in enumerate(cols)))
    return out


def _text_patterns(e: Explanation, b: Block) -> list[str]:
    """The patterns side by side on the board's grid, or one vector per line."""
    grids = [(label, _grid(e, v)) for label, v in b.patterns]
    if any(g is None for _, g in grids):
        return [f"{label} = ({', '.join(map(str, v))})" for label, v in b.patterns]
    columns: list[list[str]] = []
    for label, g in grids:
        assert g is not None
        rows = [" ".join(r) for r in g]
        width = max(len(label) + 1, *(len(r) for r in rows))
        columns.append([f"{label}:".ljust(width)] + [r.ljust(width) for r in rows])
    height = max(len(c) for c in columns)
    return [
        "   ".join(c[i] if i < len(c) else " " * len(c[0]) for c in columns).rstrip()
        for i in range(height)
    ]


def _fenced(lines: list[str]) -> list[str]:
    """A code block whose fence is longer than any run of backticks inside it."""
    longest = max([len(m) for line in lines for m in re.findall("`+", line)] + [0])
    fence = "`" * max(3, longest + 1)
    return [fence, *lines, fence]


def to_markdown(e: Explanation, full: bool = False) -> str:
    """The worksheet as Markdown (matrices in fixed-width blocks, pivots in [brackets]);
    `full` adds the appendix with the matrix after every pivot."""
    out: list[str] = []
    for b in blocks(e, full):
        if b.kind == "h":
            out += ["#" * b.level + " " + _md(b.text), ""]
        elif b.kind == "p":
            out += [_md(b.text), ""]
        elif b.kind == "ops":
            out += [f"- {_md(x)}" for x in b.lines] + [""]
        elif b.kind == "matrix":
            if b.text:
                out += [f"**{_md(b.text)}**", ""]
            out += [*_fenced(_text_matrix(b)), ""]
        elif b.kind == "patterns":
            out += [*_fenced(_text_patterns(e, b)), ""]
    return "\n".join(out).rstrip() + "\n"


# --- LaTeX ------------------------------------------------------------------------------

_TEX = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\^{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\~{}",
    "|": r"$|$",
    "<": r"$<$",
    ">": r"$>$",
}
_TEX_MATH = {"…": r"\ldots{}", "←": r"$\leftarrow$", "↔": r"$\leftrightarrow$", "≠": r"$\neq$",
             "−": "$-$", "–": "--", "·": r"$\cdot$", "×": r"$\times$"}  # fmt: skip


def tex(text: str) -> str:
    """Plain text for LaTeX (specials escaped, the few symbols used made math; other
    characters beyond ASCII become ``?``, as plain pdflatex has no font for them)."""
    out = []
    for ch in text:
        if ch in _TEX:
            out.append(_TEX[ch])
        elif ch in _TEX_MATH:
            out.append(_TEX_MATH[ch])
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append("?")
    return "".join(out)


def _tex_math(word: str) -> str:
    """One of lograph's own short words in math mode (letters, digits, brackets, spaces)."""
    return "".join(r"\," if ch == " " else ch if ch.isalnum() or ch in "()[]," else "?"
                   for ch in word)  # fmt: skip


def _tex(text: Rich) -> str:
    out = []
    for part in text:
        if isinstance(part, Script):
            mark = "^" if part.up else "_"
            out.append(f"${_tex_math(part.base)}{mark}{{{_tex_math(part.script)}}}$")
        else:
            out.append(tex(part.text if isinstance(part, Name) else part))
    return "".join(out)


_PREAMBLE = r"""\documentclass[10pt]{article}
\usepackage[margin=1.8cm]{geometry}
\usepackage{amsmath}
\usepackage{graphicx}
\usepackage{multicol}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5em}
\setlength{\multicolsep}{2pt}
\pagestyle{empty}
\makeatletter
\renewcommand{\subsection}{\@startsection{subsection}{2}{\z@}%
  {-2ex\@plus-.5ex\@minus-.2ex}{.3ex}{\normalfont\large\bfseries}}
% Start a new page unless #1 of room is left (the needspace package's macro, which a basic
% TeX installation lacks).
\newcommand{\needspace}[1]{\begingroup\setlength{\dimen@}{#1}%
  \vskip\z@\@plus\dimen@\penalty-100\vskip\z@\@plus-\dimen@
  \vskip\dimen@\penalty9999\vskip-\dimen@\vskip\z@skip\endgroup}
\makeatother
% A matrix at its natural size, shrunk to the line's width when wider.
\newsavebox{\matbox}
\newcommand{\fitwidth}[1]{\sbox{\matbox}{#1}%
  \ifdim\wd\matbox>\linewidth\resizebox{\linewidth}{!}{\usebox{\matbox}}%
  \else\usebox{\matbox}\fi}
\newenvironment{ops}{\begin{list}{}{\setlength{\leftmargin}{1.5em}%
  \setlength{\itemindent}{-1.5em}\setlength{\itemsep}{0pt}\setlength{\parsep}{0pt}%
  \setlength{\topsep}{0pt}}\small}{\end{list}}
\begin{document}"""


def _tex_matrix(b: Block) -> list[str]:
    n = len(b.cols)
    spec = "r|" + "c" * (n - 1 if b.augmented else n) + ("|c" if b.augmented else "")
    numbered = n > NUMBERED_COLUMNS  # long labels would shrink the digits to dust
    labels = [str(j + 1) for j in range(n)] if numbered else b.cols
    if numbered and b.augmented:
        labels[-1] = "c"
    head = " & ".join(r"\rotatebox{90}{\texttt{\scriptsize " + tex(c) + "}}" for c in labels)
    lines = [r"\begin{center}\setlength{\arraycolsep}{3pt}\setlength{\fboxsep}{1pt}\footnotesize"]
    if b.text:
        lines.append(_tex(b.text) + r"\\[2pt]")
    lines += [r"\fitwidth{$", rf"\begin{{array}}{{{spec}}}", " & " + head + r" \\ \hline"]
    for i, (label, row) in enumerate(zip(b.rows, b.matrix, strict=True)):
        cells = [rf"\boxed{{{v}}}" if (i, j) in b.marked else str(v) for j, v in enumerate(row)]
        lines.append(r"\texttt{\scriptsize " + tex(label) + "} & " + " & ".join(cells) + r" \\")
    lines += [r"\end{array}$}", r"\end{center}"]
    if numbered:
        legend = ", ".join(f"{j + 1} = {c}" for j, c in enumerate(b.cols[: n - b.augmented]))
        lines += [r"{\scriptsize Columns: " + tex(legend) + ".}", ""]
    return lines


def _tex_patterns(e: Explanation, b: Block) -> list[str]:
    grids = [(label, _grid(e, v)) for label, v in b.patterns]
    if any(g is None for _, g in grids):
        return [
            r"{\small " + tex(f"{label} = ({', '.join(map(str, v))})") + r"\par}"
            for label, v in b.patterns
        ]
    shown = []
    for label, g in grids:
        assert g is not None
        spec = "c" * len(g[0])
        rows = r" \\ ".join(" & ".join(r"\cdot" if x == "." else x for x in r) for r in g)
        shown.append(
            rf"$\text{{{tex(label)}}} = \left[\begin{{array}}{{{spec}}} {rows} "
            r"\end{array}\right]$"
        )
    return [r"\begin{center}\setlength{\arraycolsep}{3pt}", r"\qquad ".join(shown), r"\end{center}"]


def _tex_ops(b: Block, narrow: bool) -> list[str]:
    """The lines as a tight list, in columns when they are short (not in a `narrow`
    column of a two-column page)."""
    longest = max([len(plain(x)) for x in b.lines] + [0])
    columns = 1 if narrow else 3 if longest <= 30 else 2 if longest <= 48 else 1
    body = [r"\begin{ops}", *(r"\item " + _tex(x) for x in b.lines), r"\end{ops}"]
    if columns == 1 or len(b.lines) < 4:
        return body
    return [rf"\begin{{multicols}}{{{columns}}}", *body, r"\end{multicols}"]


def _tex_block(e: Explanation, b: Block, narrow: bool) -> list[str]:
    if b.kind == "h":
        command = r"\section*{" if b.level == 1 else r"\subsection*{"
        return [command + _tex(b.text) + "}"]
    if b.kind == "p":
        return [_tex(b.text), ""]
    if b.kind == "ops":
        return _tex_ops(b, narrow)
    if b.kind == "matrix":
        return _tex_matrix(b)
    return _tex_patterns(e, b)


def _tex_lines(b: Block) -> int:
    """About how many lines of text `b` takes (to decide what fits in one box)."""
    if b.kind == "matrix":
        return len(b.matrix) + 3
    if b.kind == "patterns":
        return 6
    if b.kind == "ops":
        return len(b.lines)
    return 3


def to_latex(e: Explanation, full: bool = False) -> str:
    """The worksheet in LaTeX (article class; amsmath, graphicx, geometry, multicol);
    `full` adds the appendix with the matrix after every pivot."""
    out = [_PREAMBLE]
    chains = _chains(blocks(e, full))
    columns = e.n <= TWO_COLUMNS
    for number, chain in enumerate(chains):
        if columns and number == 1:  # the title and the board's line span the page
            out.append(r"\begin{multicols}{2}")
        body = [line for b in chain for line in _tex_block(e, b, columns)]
        bounded = chain[-1].kind in ("matrix", "patterns") and sum(map(_tex_lines, chain)) < 60
        if len(chain) > 1 and bounded:  # one box: it moves to the next page whole
            out += [r"\par\noindent\begin{minipage}{\linewidth}\setlength{\parskip}{0.5em}",
                    *body, r"\end{minipage}\par"]  # fmt: skip
        else:
            if len(chain) > 1:
                lines = min(12, sum(map(_tex_lines, chain)))
                out.append(rf"\needspace{{{lines}\baselineskip}}")
            out += body
    if columns and len(chains) > 1:
        out.append(r"\end{multicols}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


# --- HTML -------------------------------------------------------------------------------

_STYLE = """body{font:16px/1.5 system-ui,sans-serif;max-width:70rem;margin:auto;padding:1rem}
table.m{border-collapse:collapse;font:12px ui-monospace,monospace;margin:.5rem 0 1rem}
table.m td,table.m th{padding:1px 4px;text-align:right}table.m th{color:#555;white-space:nowrap}
table.m td.c{border-left:2px solid #333}
td.pivot{outline:2px solid #e03131;background-color:#ffe3e3;font-weight:700}
table.g td{width:1.4em;text-align:center;border:1px solid #ccc;font:13px monospace}
table.g td.on{background:#ffd43b}.wide{overflow-x:auto}
table.row td{vertical-align:top;padding-right:1.5rem}
ul.ops{columns:22rem;column-gap:3rem;padding-left:1.2rem}
ul.ops li{break-inside:avoid}
.keep{break-inside:avoid}h1,h2{break-after:avoid}"""


def _html(text: Rich) -> str:
    out = []
    for part in text:
        if isinstance(part, Script):
            tag = "sup" if part.up else "sub"
            out.append(f"<i>{html.escape(part.base)}</i><{tag}>{html.escape(part.script)}</{tag}>")
        else:
            out.append(html.escape(part.text if isinstance(part, Name) else part))
    return "".join(out)


def _html_matrix(b: Block) -> list[str]:
    out = [f"<p><strong>{_html(b.text)}</strong></p>"] if b.text else []
    out.append('<div class="wide"><table class="m"><tr><th></th>')
    out.append("".join(f"<th>{html.escape(c)}</th>" for c in b.cols) + "</tr>")
    last = len(b.cols) - 1
    for i, (label, row) in enumerate(zip(b.rows, b.matrix, strict=True)):
        cells = []
        for j, v in enumerate(row):
            marks = (("pivot", (i, j) in b.marked), ("c", b.augmented and j == last))
            cls = [x for x, on in marks if on]
            attr = f' class="{" ".join(cls)}"' if cls else ""
            cells.append(f"<td{attr}>{v}</td>")
        out.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells)}</tr>")
    out.append("</table></div>")
    return out


def _html_patterns(e: Explanation, b: Block) -> list[str]:
    grids = [(label, _grid(e, v)) for label, v in b.patterns]
    if any(g is None for _, g in grids):
        return [
            f"<p><code>{html.escape(label)} = ({', '.join(map(str, v))})</code></p>"
            for label, v in b.patterns
        ]
    cells = []
    for label, g in grids:
        assert g is not None
        rows = "".join(
            "<tr>"
            + "".join(f'<td class="{"on" if x not in ("0", ".") else ""}">{x}</td>' for x in r)
            + "</tr>"
            for r in g
        )
        cells.append(f'<td>{html.escape(label)}:<table class="g">{rows}</table></td>')
    return [f'<table class="row"><tr>{"".join(cells)}</tr></table>']


def _html_block(e: Explanation, b: Block) -> list[str]:
    if b.kind == "h":
        tag = f"h{b.level}"
        return [f"<{tag}>{_html(b.text)}</{tag}>"]
    if b.kind == "p":
        return [f"<p>{_html(b.text)}</p>"]
    if b.kind == "ops":
        return ['<ul class="ops">' + "".join(f"<li>{_html(x)}</li>" for x in b.lines) + "</ul>"]
    if b.kind == "matrix":
        return _html_matrix(b)
    return _html_patterns(e, b)


def html_fragment(board: Board, goal: str = "off", full: bool = False) -> str:
    """The worksheet as HTML to put inside another page (a notebook's output): one
    ``<div class="lograph-worksheet">`` whose style applies to that div alone, not to the
    page around it."""
    page = document(board, goal, "html", full)
    body = page.split("<body>", 1)[-1].rsplit("</body>", 1)[0]
    if "<body>" not in page:  # the figures of a board too big for the steps
        body = page.split("<meta charset=utf-8>", 1)[-1]
    return f'<div class="{_SCOPE}"><style>{_scoped(_STYLE)}</style>{body}</div>'


_SCOPE = "lograph-worksheet"


def _scoped(style: str) -> str:
    """`style` with every rule applied inside the worksheet's div (``body`` is the div)."""
    rules = []
    for rule in style.replace("\n", "").split("}"):
        if "{" not in rule:
            continue
        selectors, declarations = rule.split("{", 1)
        scoped = [
            f".{_SCOPE}" if sel.strip() == "body" else f".{_SCOPE} {sel.strip()}"
            for sel in selectors.split(",")
        ]
        rules.append(",".join(scoped) + "{" + declarations + "}")
    return "".join(rules)


def to_html(e: Explanation, full: bool = False) -> str:
    """The worksheet as one self-contained HTML page (pivots outlined in red); `full` adds
    the appendix with the matrix after every pivot."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(e.board.name or 'the board')}: the algebra</title>",
        f"<style>{_STYLE}</style></head><body>",
    ]
    for chain in _chains(blocks(e, full)):
        body = [line for b in chain for line in _html_block(e, b)]
        out += ['<div class="keep">', *body, "</div>"] if len(chain) > 1 else body
    out.append("</body></html>")
    return "\n".join(out) + "\n"
