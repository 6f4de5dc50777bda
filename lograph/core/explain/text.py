"""The explanation as a document: a list of blocks (headings, paragraphs, labelled matrices,
row operations, patterns drawn on the board), written out by `formats`.

The worksheet shows the matrix at the moments that teach: ``[A | c]`` at the start, the
echelon form after forward elimination and the reduced form after backward elimination;
between them each pivot's row operations are one line. With ``full=True`` an appendix
follows with the matrix after every pivot (on boards of at most `STAGE_LIMIT` buttons; past
that the appendix lists the operations only).

Text is *rich*: a tuple of plain strings (lograph's own words), `Name` (a string from the
board: its name, a button id, which every format escapes) and `Script` (``2^2``, ``x_f``:
a superscript or subscript, typeset by each format in its own way). A block's `keep` asks
the format to keep it on one page with the block after it (a heading or a lead-in with its
matrix).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lograph.core.explain.steps import Explanation, Matrix, RowOp, SmithPart, Stage
from lograph.core.model.labels import ButtonNames

__all__ = ["STAGE_LIMIT", "Block", "Inline", "Name", "Rich", "Script", "blocks", "plain"]

#: Largest board whose matrix is printed after every pivot in the full appendix.
STAGE_LIMIT = 36


@dataclass(frozen=True)
class Name:
    """A string taken from the board (its name, a button id): escaped by every format."""

    text: str


@dataclass(frozen=True)
class Script:
    """`base` with `script` raised (``up``: ``2^2``) or lowered (``x_f``); both are lograph's
    own short words or numbers, typeset as mathematics."""

    base: str
    script: str
    up: bool = False


Inline = str | Name | Script
Rich = tuple[Inline, ...]


def plain(text: Rich) -> str:
    """The rich text as typed on a keyboard: ``2^2``, ``x_f``, names as they are."""
    out = []
    for part in text:
        if isinstance(part, Name):
            out.append(part.text)
        elif isinstance(part, Script):
            out.append(f"{part.base}{'^' if part.up else '_'}{part.script}")
        else:
            out.append(part)
    return "".join(out)


@dataclass
class Block:
    """One piece of the document.

    `kind`: ``h`` (a heading of `level` 1 or 2), ``p`` (a paragraph), ``ops`` (short lines,
    one per pivot or per button), ``matrix`` or ``patterns`` (vectors drawn on the board,
    side by side, each with its label). `keep`: keep this block on one page with the next.
    """

    kind: str
    text: Rich = ()
    level: int = 2
    lines: list[Rich] = field(default_factory=list)
    matrix: Matrix = field(default_factory=list)
    rows: list[str] = field(default_factory=list)
    cols: list[str] = field(default_factory=list)
    marked: set[tuple[int, int]] = field(default_factory=set)
    augmented: bool = False
    patterns: list[tuple[str, list[int]]] = field(default_factory=list)
    keep: bool = False

    @property
    def plain(self) -> str:
        """The block's text as typed (`plain`)."""
        return plain(self.text)


def _h(*text: Inline, level: int = 2) -> Block:
    return Block("h", text=text, level=level, keep=True)


def _p(*text: Inline, keep: bool = False) -> Block:
    return Block("p", text=text, keep=keep)


def _button(e: Explanation, j: int) -> Name:
    """Button j as the worksheet names it."""
    return Name(e.board.buttons[j])


def _join(items: list[Rich], sep: str = ", ") -> Rich:
    out: list[Inline] = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.extend(item)
    return tuple(out)


def _times(coefficient: int, what: str) -> str:
    return what if coefficient == 1 else f"{coefficient}·{what}"


def _op_text(op: RowOp) -> str:
    t = f"R{op.target + 1}"
    if op.kind == "swap":
        return f"{t} ↔ R{op.source + 1}"
    if op.kind == "scale":
        return f"{t} ← {op.factor}·{t}"
    return f"{t} ← {t} + {_times(op.factor, f'R{op.source + 1}')}"


def _stage_line(e: Explanation, stage: Stage) -> Rich:
    """One pivot's work on one line: ``r0c0, pivot R1: R2 ← R2 + R1, R6 ← R6 + R1``."""
    r, c = stage.pivot
    ops = ", ".join(_op_text(op) for op in stage.ops) or "nothing to do"
    return (_button(e, c), f", pivot R{r + 1}: {ops}")


def _stage_lines(e: Explanation, stages: list[Stage]) -> list[Rich]:
    """One line per pivot; a run of pivots with nothing to do is one line."""
    lines: list[Rich] = []
    idle: list[Stage] = []

    def flush() -> None:
        if len(idle) == 1:
            lines.append(_stage_line(e, idle[0]))
        elif idle:
            names = _join([(_button(e, s.pivot[1]),) for s in idle])
            rows = f"R{idle[0].pivot[0] + 1}–R{idle[-1].pivot[0] + 1}"
            lines.append((*names, f" (pivots {rows}): nothing to do"))
        idle.clear()

    for stage in stages:
        if stage.ops:
            flush()
            lines.append(_stage_line(e, stage))
        else:
            idle.append(stage)
    flush()
    return lines


def _matrix(e: Explanation, m: Matrix, pivots: list[tuple[int, int]], title: str) -> Block:
    ids = list(e.board.buttons)
    augmented = bool(m) and len(m[0]) > e.n
    return Block(
        "matrix",
        text=(title,) if title else (),
        matrix=m,
        rows=[f"R{i + 1}" for i in range(len(m))],
        cols=[*ids, "c"] if augmented else ids,
        marked=set(pivots),
        augmented=augmented,
    )


def _pattern_names(e: Explanation, vector: list[int]) -> Rich:
    named: list[Rich] = [
        (_button(e, j),) if v == 1 else (f"{v}×", _button(e, j)) for j, v in enumerate(vector) if v
    ]
    return _join(named) if named else ("no button",)


def _press_line(e: Explanation, solution: list[int]) -> Block:
    """The solution as a person presses it: buttons by the names found on the board (row
    and column on a grid, the drawn number elsewhere), with how often when more than once."""
    names = ButtonNames(e.board.buttons)
    pressed: list[Rich] = [
        (Name(names[j]),) if v == 1 else (Name(names[j]), f" ({v} times)")
        for j, v in enumerate(solution)
        if v
    ]
    if not pressed:
        return _p("Nothing to press: the position is already the goal.")
    return _p("To press: ", *_join(pressed, "; "), ".")


def _ring(e: Explanation) -> Rich:
    return (f"GF({e.states})",) if e.prime else (Script("Z", str(e.states)),)


def blocks(e: Explanation, full: bool = False) -> list[Block]:
    """The worksheet: what a teacher writes on the board, in order; with `full`, an appendix
    with the matrix after every pivot."""
    k, n = e.states, e.n
    out = [_h("The algebra of ", Name(e.board.name or "the board"), level=1)]
    rule = "closed (a press changes itself and its neighbours)"
    if e.board.rule == "open":
        rule = "open (a press changes its neighbours only)"
    out.append(
        _p(
            f"{n} buttons, {k} light states, rule {rule}"
            f"{', directed edges' if e.board.directed else ''}. Pressing button j adds column "
            f"j of the press matrix A to the lights; everything is computed in ",
            *_ring(e),
            f" (modulo {k}).",
        )
    )
    goal = "off (0)" if e.goal == "off" else f"on ({k - 1})"
    out.append(
        _p(
            f"The position b, and the change c = goal − b that reaches the goal, every light "
            f"{goal}:",
            keep=True,
        )
    )
    out.append(Block("patterns", patterns=[("b", e.lights), ("c", e.change)]))
    out.append(
        _p(
            "A press vector x reaches the goal exactly when A x = c. The augmented matrix "
            "[A | c]: column j of A is what pressing button j changes; row Ri is the "
            "equation of the i-th light (R1 is ",
            _button(e, 0),
            "'s, and so on).",
            keep=True,
        )
    )
    augmented = [[*row[:], c] for row, c in zip(e.matrix, e.change, strict=True)]
    out.append(_matrix(e, augmented, [], "[A | c]"))
    if e.prime:
        out += _gauss_blocks(e)
        if full:
            out += _appendix(e)
    else:
        out += _smith_blocks(e)
    return out


def _gauss_blocks(e: Explanation) -> list[Block]:
    k = e.states
    out = [_h("Forward elimination")]
    out.append(
        _p(
            "Column by column: find a row with a non-zero entry (the pivot), swap it up, "
            f"scale it to 1 (multiply by the inverse mod {k}), then add multiples of it to "
            "clear the column below. Each line: the column, its pivot row, the operations."
            if k > 2
            else "Column by column: find a row with a 1 (the pivot), swap it up, then add it "
            "to every row below with a 1 in that column. Each line: the column, its pivot "
            "row, the operations."
        )
    )
    forward = [s for s in e.stages if s.phase == "forward"]
    out.append(Block("ops", lines=_stage_lines(e, forward)))
    out.append(_p("The echelon form, pivots marked:", keep=True))
    out.append(_matrix(e, e.echelon, e.pivots, ""))
    free = _join([(_button(e, f),) for f in e.free]) or ("none",)
    out.append(
        _p(
            f"Rank {e.rank}: {e.rank} pivots. Free columns (buttons with no pivot): ",
            *free,
            f". The nullity is {e.nullity}, so there are ",
            Script(str(k), str(e.nullity), up=True),
            f" = {k**e.nullity} quiet patterns and every solvable position has that many "
            "solutions.",
        )
    )
    out += _solvable_blocks(e)
    out += _reduced_blocks(e)
    out += _quiet_blocks(e)
    return out


def _orthogonal(k: int) -> str:
    """What "orthogonal" means over GF(k), in the words that fit k."""
    if k == 2:
        return "an even number of c's 1s fall on its buttons"
    return f"dot product 0 mod {k}"


def _solvable_blocks(e: Explanation) -> list[Block]:
    k, n = e.states, e.n
    out = [_h("Solvable?")]
    if e.solvable:
        rest = "Every zero row of A's part has 0 on the right"
        if e.rank == n:
            out.append(_p("A has full rank, so every position is solvable, this one too."))
        else:
            out.append(_p(f"{rest}: the equations agree, so the position is solvable."))
            if e.symmetric:
                out.append(
                    _p(
                        "A is symmetric, so c is solvable exactly when it is orthogonal "
                        f"({_orthogonal(k)}) to every quiet pattern below; it is."
                    )
                )
        out += _back_substitution(e)
    else:
        row = e.inconsistent_row
        assert row is not None
        assert e.witness is not None
        out.append(
            _p(
                f"Row R{row + 1} of the echelon form reads 0 = {e.echelon[row][n]}: no press "
                "vector satisfies it, so the position is not solvable."
            )
        )
        dot = sum(a * b for a, b in zip(e.witness, e.change, strict=True)) % k
        if e.witness_is_quiet:
            out.append(
                _p(
                    "Why: A is symmetric, so for the quiet pattern y below (A y = 0) every "
                    "press vector x gives y · (A x) = (A y) · x = 0, but y · c = "
                    f"{dot} ≠ 0 (mod {k}): c is not orthogonal to this quiet pattern.",
                    keep=True,
                )
            )
        else:
            out.append(
                _p(
                    "Why: the combination y of the rows below has y A = 0 (it is how row "
                    f"R{row + 1} was made), but y · c = {dot} ≠ 0 (mod {k}).",
                    keep=True,
                )
            )
        out.append(Block("patterns", patterns=[("y", e.witness)]))
    return out


def _minus(coefficient: int, what: Inline) -> Rich:
    return (" − ", what) if coefficient == 1 else (f" − {coefficient}·", what)


def _back_substitution(e: Explanation) -> list[Block]:
    k = e.states
    assert e.solution is not None
    out = [_h("A solution by back substitution")]
    free = _join([(_button(e, f),) for f in e.free])
    note: Rich = ("Free buttons set to 0 (", *free, "); then") if e.free else ("From",)
    out.append(_p(*note, f" the last pivot row up, each pivot's button (mod {k}):", keep=True))
    lines: list[Rich] = []
    for col, rhs, terms, value in e.back_substitution:
        names: list[Inline] = [str(rhs)]
        numbers = str(rhs)
        for c, j in terms:
            names += _minus(c, _button(e, j))
            numbers += f" − {_times(c, str(e.solution[j]))}"
        shown: list[Inline] = [*names, " = ", numbers, f" = {value}"] if terms else names
        lines.append((_button(e, col), " = ", *shown))
    out.append(Block("ops", lines=lines))
    total = sum(e.solution)
    out.append(
        _p(
            f"The solution ({total} presses; press button j ",
            Script("x", "j"),
            " times):",
            keep=True,
        )
    )
    out.append(Block("patterns", patterns=[("x", e.solution)]))
    out.append(_press_line(e, e.solution))
    return out


def _reduced_blocks(e: Explanation) -> list[Block]:
    out = [_h("Backward elimination: the reduced form")]
    back = [s for s in e.stages if s.phase == "backward"]
    if back:
        out.append(_p("Clearing the column above each pivot, from the last pivot up:"))
        out.append(Block("ops", lines=_stage_lines(e, back)))
        out.append(_p("The reduced form:", keep=True))
    else:
        out.append(_p("Nothing to clear: the echelon form is already reduced.", keep=True))
    out.append(_matrix(e, e.reduced, e.pivots, ""))
    return out


def _appendix(e: Explanation) -> list[Block]:
    """Every pivot's operations with the matrix after them."""
    out = [_h("Appendix: every step")]
    shown = e.n <= STAGE_LIMIT
    out.append(
        _p(
            "The matrix after each pivot's operations, pivots marked."
            if shown
            else f"The operations of each pivot ({e.n} buttons: the matrices after each pivot "
            f"are shown on boards of up to {STAGE_LIMIT})."
        )
    )
    done: list[tuple[int, int]] = []
    for phase, title in (("forward", "Forward elimination"), ("backward", "Backward")):
        stages = [s for s in e.stages if s.phase == phase]
        if not stages:
            continue
        out.append(_p(title, ":", keep=True))
        for stage in stages:
            if phase == "forward":
                done.append(stage.pivot)
            line = _stage_line(e, stage)
            if shown:
                out.append(Block("ops", lines=[line], keep=True))
                marked = done if phase == "forward" else e.pivots
                out.append(_matrix(e, stage.after, list(marked), ""))
            else:
                out.append(Block("ops", lines=[line]))
    return out


def _quiet_blocks(e: Explanation) -> list[Block]:
    out = [_h("Quiet patterns")]
    if not e.quiet:
        out.append(_p("No free column: no press pattern but pressing nothing is quiet."))
        return out
    how: Rich = (
        (
            "For each free column f: ",
            Script("x", "f"),
            " = 1, the other free buttons 0, and each pivot's button the negative of the "
            "reduced form's entry in column f. Pressing one changes no light:",
        )
        if e.prime
        else ("Each generator of ker A with its order (how often it adds up to nothing):",)
    )
    out.append(_p(*how, keep=True))
    lines: list[Rich] = []
    for i, (q, order) in enumerate(zip(e.quiet, e.quiet_orders, strict=True), 1):
        source: Rich = (
            (" (free column ", _button(e, e.free[i - 1]), ")")
            if e.prime
            else (f" (order {order})",)
        )
        lines.append((f"q{i}", *source, ": ", *_pattern_names(e, q)))
    out.append(Block("ops", lines=lines, keep=True))
    out.append(Block("patterns", patterns=[(f"q{i}", q) for i, q in enumerate(e.quiet, 1)]))
    return out


def _smith_blocks(e: Explanation) -> list[Block]:
    k, n = e.states, e.n
    ids = list(e.board.buttons)
    out = [_h("The Smith normal form over ", Script("Z", str(k)))]
    out.append(
        _p(
            f"{k} is not prime: ",
            Script("Z", str(k)),
            " has no division, so Gaussian elimination does not apply. Instead, for each "
            "prime power q of k, invertible U and V with U A V = D diagonal (D[t,t] a power "
            "of the prime) turn A x = c into D z = U c with x = V z; the parts are joined by "
            "the Chinese remainder theorem.",
        )
    )
    for part in e.smith:
        out.append(_h(f"Modulo q = {part.q}"))
        diagonal = ", ".join(str(d) for d in part.diagonal)
        out.append(_p(f"D's diagonal: {diagonal}."))
        steps = [f"t{t + 1}" for t in range(n)]
        if n <= STAGE_LIMIT:
            out.append(_p("U (row t: an equation of D z = U c):", keep=True))
            out.append(Block("matrix", matrix=part.left, rows=steps, cols=ids))
            out.append(_p("V (column t: what ", Script("z", "t"), " presses):", keep=True))
            out.append(Block("matrix", matrix=part.right, rows=ids, cols=steps))
        shown = ", ".join(str(v) for v in part.transformed)
        out.append(_p(f"U c (mod q), for t = 1 … {n}: ({shown})."))
        out += _smith_verdict(part)
    out.append(_h("Solvable?"))
    if e.solution is not None:
        out.append(_p(f"Solvable. Joined mod {k} ({sum(e.solution)} presses):", keep=True))
        out.append(Block("patterns", patterns=[("x", e.solution)]))
        out.append(_press_line(e, e.solution))
    else:
        out.append(_p("Not solvable: one prime power already has no solution."))
    out += _quiet_blocks(e)
    return out


def _smith_verdict(part: SmithPart) -> list[Block]:
    """Whether D z = U c is solvable modulo one prime power, and x there when it is."""
    if part.blocking is None:
        assert part.solution is not None
        return [
            _p(
                "Each ",
                Script("(U c)", "t"),
                " is a multiple of D[t,t] (and 0 where D[t,t] = 0): solvable mod q. ",
                Script("z", "t"),
                " = ",
                Script("(U c)", "t"),
                " / D[t,t], and x = V z:",
                keep=True,
            ),
            Block("patterns", patterns=[(f"x mod {part.q}", part.solution)]),
        ]
    t = part.blocking
    if part.diagonal[t] == 0:
        return [
            _p(
                Script("(U c)", str(t + 1)),
                f" = {part.transformed[t]}, but D[{t + 1},{t + 1}] = 0: row t{t + 1} "
                f"of D z is 0 whatever z is (mod {part.q}): not solvable.",
            )
        ]
    return [
        _p(
            Script("(U c)", str(t + 1)),
            f" = {part.transformed[t]} is not a multiple of D[{t + 1},{t + 1}] = "
            f"{part.diagonal[t]} (mod {part.q}): not solvable.",
        )
    ]
