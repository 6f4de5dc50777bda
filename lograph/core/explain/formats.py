"""The explanation written out: Markdown (matrices in fixed-width blocks, pivots in
[brackets]), LaTeX (a worksheet that compiles with plain pdflatex: amsmath, graphicx and
geometry only; pivots boxed) or HTML (one self-contained page; pivots outlined)."""

from __future__ import annotations

import html

from lograph.core.explain.steps import Explanation
from lograph.core.explain.text import Block, blocks
from lograph.core.model.system import parse_cell_name

__all__ = ["tex", "to_html", "to_latex", "to_markdown"]

#: Matrices wider than this get numbered columns and a legend in the worksheet.
NUMBERED_COLUMNS = 40


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


def to_markdown(e: Explanation, figures_only: str | None = None) -> str:
    """The document as Markdown (matrices in fixed-width blocks, pivots in [brackets])."""
    out: list[str] = []
    for b in blocks(e):
        if b.kind == "h":
            out += [("# " if not out else "## ") + b.text, ""]
        elif b.kind == "p":
            out += [b.text, ""]
        elif b.kind == "ops":
            out += [f"- {x}" for x in b.lines] + [""]
        elif b.kind == "matrix":
            if b.text:
                out += [f"**{b.text}**", ""]
            out += ["```", *_text_matrix(b), "```", ""]
        elif b.kind == "pattern":
            grid = _grid(e, b.vector)
            if grid is None:
                out += [f"{b.text} = ({', '.join(map(str, b.vector))})", ""]
            else:
                out += ["```", f"{b.text}:", *(" ".join(r) for r in grid), "```", ""]
    return "\n".join(out).rstrip() + "\n"


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
             "−": "$-$", "·": r"$\cdot$", "×": r"$\times$"}  # fmt: skip


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


def _tex_matrix(b: Block) -> list[str]:
    n = len(b.cols)
    spec = "r|" + "c" * (n - 1 if b.augmented else n) + ("|c" if b.augmented else "")
    numbered = n > NUMBERED_COLUMNS  # long labels would shrink the digits to dust
    labels = [str(j + 1) for j in range(n)] if numbered else b.cols
    if numbered and b.augmented:
        labels[-1] = "c"
    head = " & ".join(r"\texttt{\scriptsize " + tex(c) + "}" for c in labels)
    lines = [
        r"\begin{center}",
        r"\resizebox{" + _width(n) + r"}{!}{$",
        rf"\begin{{array}}{{{spec}}}",
    ]
    lines.append(" & " + head + r" \\ \hline")
    for i, (label, row) in enumerate(zip(b.rows, b.matrix, strict=True)):
        cells = [rf"\boxed{{{v}}}" if (i, j) in b.marked else str(v) for j, v in enumerate(row)]
        lines.append(r"\texttt{\scriptsize " + tex(label) + "} & " + " & ".join(cells) + r" \\")
    lines += [r"\end{array}$}", r"\end{center}"]
    if numbered:
        legend = ", ".join(f"{j + 1} = {c}" for j, c in enumerate(b.cols[: n - b.augmented]))
        lines += [r"{\scriptsize Columns: " + tex(legend) + ".}", ""]
    return lines


def _width(columns: int) -> str:
    return rf"{min(1.0, 0.045 * (columns + 1)):.2f}\linewidth"


def to_latex(e: Explanation) -> str:
    """The document as a LaTeX worksheet (article class, amsmath and graphicx)."""
    out = [
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2cm]{geometry}",
        r"\usepackage{amsmath}",
        r"\usepackage{graphicx}",
        r"\setlength{\parindent}{0pt}",
        r"\setlength{\parskip}{0.6em}",
        r"\begin{document}",
    ]
    for b in blocks(e):
        if b.kind == "h":
            out.append((r"\section*{" if len(out) == 7 else r"\subsection*{") + tex(b.text) + "}")
        elif b.kind == "p":
            out.append(tex(b.text))
            out.append("")
        elif b.kind == "ops":
            out.append(r"\begin{itemize}")
            out += [r"\item " + tex(x) for x in b.lines]
            out.append(r"\end{itemize}")
        elif b.kind == "matrix":
            if b.text:
                out.append(r"\textbf{" + tex(b.text) + "}")
                out.append("")
            out += _tex_matrix(b)
        elif b.kind == "pattern":
            grid = _grid(e, b.vector)
            if grid is None:
                out.append(rf"\[ {tex(b.text)} = ({', '.join(map(str, b.vector))}) \]")
            else:
                spec = "c" * len(grid[0])
                rows = r" \\ ".join(" & ".join(r) for r in grid)
                out.append(rf"\[ {tex(b.text)} = \begin{{array}}{{{spec}}} {rows} \end{{array}} \]")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


_STYLE = """body{font:16px/1.5 system-ui,sans-serif;max-width:70rem;margin:auto;padding:1rem}
table.m{border-collapse:collapse;font:12px ui-monospace,monospace;margin:.5rem 0 1rem}
table.m td,table.m th{padding:1px 4px;text-align:right}table.m th{color:#555;white-space:nowrap}
table.m td.c{border-left:2px solid #333}
td.pivot{outline:2px solid #e03131;background-color:#ffe3e3;font-weight:700}
table.g td{width:1.4em;text-align:center;border:1px solid #ccc;font:13px monospace}
table.g td.on{background:#ffd43b}.wide{overflow-x:auto}"""


def to_html(e: Explanation) -> str:
    """The document as one self-contained HTML page (pivots outlined in red)."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(e.board.name or 'the board')}: the algebra</title>",
        f"<style>{_STYLE}</style></head><body>",
    ]
    for b in blocks(e):
        if b.kind == "h":
            tag = "h1" if len(out) == 5 else "h2"
            out.append(f"<{tag}>{html.escape(b.text)}</{tag}>")
        elif b.kind == "p":
            out.append(f"<p>{html.escape(b.text)}</p>")
        elif b.kind == "ops":
            out.append("<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in b.lines) + "</ul>")
        elif b.kind == "matrix":
            if b.text:
                out.append(f"<p><strong>{html.escape(b.text)}</strong></p>")
            out.append('<div class="wide"><table class="m"><tr><th></th>')
            out.append("".join(f"<th>{html.escape(c)}</th>" for c in b.cols) + "</tr>")
            last = len(b.cols) - 1
            for i, (label, row) in enumerate(zip(b.rows, b.matrix, strict=True)):
                cells = []
                for j, v in enumerate(row):
                    cls = [
                        x
                        for x, on in (
                            ("pivot", (i, j) in b.marked),
                            ("c", b.augmented and j == last),
                        )
                        if on
                    ]
                    attr = f' class="{" ".join(cls)}"' if cls else ""
                    cells.append(f"<td{attr}>{v}</td>")
                out.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells)}</tr>")
            out.append("</table></div>")
        elif b.kind == "pattern":
            grid = _grid(e, b.vector)
            if grid is None:
                out.append(
                    f"<p><code>{html.escape(b.text)} = ({', '.join(map(str, b.vector))})</code></p>"
                )
            else:
                rows = "".join(
                    "<tr>"
                    + "".join(
                        f'<td class="{"on" if x not in ("0", ".") else ""}">{x}</td>' for x in r
                    )
                    + "</tr>"
                    for r in grid
                )
                out.append(f'<p>{html.escape(b.text)}:</p><table class="g">{rows}</table>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"
