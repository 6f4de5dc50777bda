"""The explanation as a document: a list of blocks (headings, paragraphs, labelled matrices,
row operations, patterns drawn on the board), written out by `formats`.

Matrices are shown in full after every pivot while the board has at most `STAGE_LIMIT`
buttons; beyond, each stage lists its row operations and only the first, echelon and
reduced matrices are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lograph.core.explain.steps import Explanation, Matrix, RowOp, Stage

__all__ = ["STAGE_LIMIT", "Block", "blocks"]

#: Largest board whose matrix is printed after every pivot.
STAGE_LIMIT = 36


@dataclass
class Block:
    """One piece of the document. `kind`: ``h`` (heading), ``p`` (paragraph), ``ops`` (row
    operations, one per line), ``matrix`` or ``pattern`` (a vector drawn on the board)."""

    kind: str
    text: str = ""
    lines: list[str] = field(default_factory=list)
    matrix: Matrix = field(default_factory=list)
    rows: list[str] = field(default_factory=list)
    cols: list[str] = field(default_factory=list)
    marked: set[tuple[int, int]] = field(default_factory=set)
    augmented: bool = False
    vector: list[int] = field(default_factory=list)


def _op_text(op: RowOp, ids: list[str]) -> str:
    t = f"R{op.target + 1}"
    if op.kind == "swap":
        return f"{t} ↔ R{op.source + 1}"
    if op.kind == "scale":
        return f"{t} ← {op.factor}·{t}"
    return f"{t} ← {t} + {op.factor}·R{op.source + 1}"


def _stage_lines(stage: Stage, ids: list[str]) -> list[str]:
    r, c = stage.pivot
    head = f"pivot in row R{r + 1}, column {ids[c]}"
    return [head] + [_op_text(op, ids) for op in stage.ops]


def _matrix(e: Explanation, m: Matrix, pivots: list[tuple[int, int]], title: str) -> Block:
    ids = list(e.board.buttons)
    return Block(
        "matrix",
        text=title,
        matrix=m,
        rows=[f"R{i + 1}" for i in range(len(m))],
        cols=[*ids, "c"] if m and len(m[0]) > e.n else ids,
        marked=set(pivots),
        augmented=bool(m) and len(m[0]) > e.n,
    )


def _pattern_names(e: Explanation, vector: list[int]) -> str:
    ids = e.board.buttons
    named = [ids[j] if v == 1 else f"{v}×{ids[j]}" for j, v in enumerate(vector) if v]
    return ", ".join(named) if named else "no button"


def blocks(e: Explanation) -> list[Block]:
    """The document: what a teacher writes on the board, in order."""
    ids = list(e.board.buttons)
    k, n = e.states, e.n
    ring = f"GF({k})" if e.prime else f"Z_{k}"
    out = [Block("h", f"The algebra of {e.board.name or 'the board'}")]
    rule = "closed (a press changes itself and its neighbours)"
    if e.board.rule == "open":
        rule = "open (a press changes its neighbours only)"
    out.append(
        Block(
            "p",
            f"{n} buttons, {k} light states, rule {rule}"
            f"{', directed edges' if e.board.directed else ''}. Pressing button j adds column "
            f"j of the press matrix A to the lights, modulo {k}; rows and columns are labelled "
            f"by button. Everything is computed in {ring}.",
        )
    )
    press = _matrix(e, e.matrix, [], "The press matrix A (row: a light, column: a press)")
    press.rows = ids
    out.append(press)
    goal = "off (0)" if e.goal == "off" else f"on ({k - 1})"
    out.append(Block("p", f"The position b (the lights) and the goal: every light {goal}."))
    out.append(Block("pattern", "b", vector=e.lights))
    out.append(
        Block(
            "p",
            f"A press vector x reaches the goal exactly when A x = c, with c = goal − b (mod {k}):",
        )
    )
    out.append(Block("pattern", "c", vector=e.change))
    augmented = [[*row[:], c] for row, c in zip(e.matrix, e.change, strict=True)]
    out.append(_matrix(e, augmented, [], "The augmented matrix [A | c]"))
    out.append(
        Block("p", f"Row Ri starts as the equation of the i-th light: R1 is {ids[0]}'s, and so on.")
    )
    if e.prime:
        out += _gauss_blocks(e, ids)
    else:
        out += _smith_blocks(e, ids)
    return out


def _gauss_blocks(e: Explanation, ids: list[str]) -> list[Block]:
    k, n = e.states, e.n
    out = [Block("h", "Forward elimination")]
    out.append(
        Block(
            "p",
            "Column by column: find a row with a non-zero entry (the pivot, marked), swap it "
            f"up, scale it to 1 (multiply by the inverse mod {k}), then add multiples of it "
            "to clear the column below. Ri is row i.",
        )
    )
    full = n <= STAGE_LIMIT
    done: list[tuple[int, int]] = []
    for stage in [s for s in e.stages if s.phase == "forward"]:
        done.append(stage.pivot)
        out.append(Block("ops", lines=_stage_lines(stage, ids)))
        if full:
            out.append(_matrix(e, stage.after, list(done), ""))
    if not full:
        out.append(_matrix(e, e.echelon, e.pivots, "The echelon form"))
    free = ", ".join(ids[f] for f in e.free) or "none"
    out.append(
        Block(
            "p",
            f"Rank {e.rank}: {e.rank} pivots. Free columns (buttons with no pivot): {free}. "
            f"The nullity is {e.nullity}, so there are {k}^{e.nullity} = {k**e.nullity} quiet "
            "patterns and every solvable position has that many solutions.",
        )
    )
    out += _solvable_blocks(e, ids)
    out += _reduced_blocks(e, ids)
    out += _quiet_blocks(e)
    return out


def _solvable_blocks(e: Explanation, ids: list[str]) -> list[Block]:
    k, n = e.states, e.n
    out = [Block("h", "Solvable?")]
    if e.solvable:
        rest = "Every zero row of A's part has 0 on the right"
        if e.rank == n:
            rest = "A has full rank, so every position"
            out.append(Block("p", f"{rest} is solvable, this one too."))
        else:
            out.append(Block("p", f"{rest}: the equations agree, so the position is solvable."))
            if e.symmetric:
                out.append(
                    Block(
                        "p",
                        "A is symmetric, so c is solvable exactly when it is orthogonal "
                        "(dot product 0 mod k) to every quiet pattern below; it is.",
                    )
                )
        out += _back_substitution(e, ids)
    else:
        row = e.inconsistent_row
        assert row is not None
        assert e.witness is not None
        out.append(
            Block(
                "p",
                f"Row R{row + 1} of the echelon form reads 0 = {e.echelon[row][n]}: no press "
                "vector satisfies it, so the position is not solvable.",
            )
        )
        dot = sum(a * b for a, b in zip(e.witness, e.change, strict=True)) % k
        if e.witness_is_quiet:
            out.append(
                Block(
                    "p",
                    "Why: A is symmetric, so for the quiet pattern y below (A y = 0) every "
                    "press vector x gives y · (A x) = (A y) · x = 0, but y · c = "
                    f"{dot} ≠ 0. c is not orthogonal to this quiet pattern:",
                )
            )
        else:
            out.append(
                Block(
                    "p",
                    "Why: the combination y of the rows below has y A = 0 (it is how row "
                    f"R{row + 1} was made), but y · c = {dot} ≠ 0:",
                )
            )
        out.append(Block("pattern", "y", vector=e.witness))
    return out


def _reduced_blocks(e: Explanation, ids: list[str]) -> list[Block]:
    n = e.n
    out = [Block("h", "Backward elimination: the reduced form")]
    out.append(Block("p", "Clearing the column above each pivot, from the last pivot up:"))
    back = [s for s in e.stages if s.phase == "backward"]
    for stage in back:
        out.append(Block("ops", lines=_stage_lines(stage, ids)))
        if n <= STAGE_LIMIT:
            out.append(_matrix(e, stage.after, e.pivots, ""))
    if not back:
        out.append(Block("p", "(nothing to clear: the echelon form is already reduced)"))
    if n > STAGE_LIMIT or not back:
        out.append(_matrix(e, e.reduced, e.pivots, "The reduced form"))
    return out


def _back_substitution(e: Explanation, ids: list[str]) -> list[Block]:
    k = e.states
    assert e.solution is not None
    out = [Block("h", "A solution by back substitution")]
    free = ", ".join(ids[f] for f in e.free)
    note = f"Free buttons set to 0 ({free}); then" if e.free else "From"
    out.append(Block("p", f"{note} the last pivot row up, each pivot's button:"))
    lines = []
    for col, rhs, terms, value in e.back_substitution:
        names = str(rhs) + "".join(f" − {c}·{ids[j]}" for c, j in terms)
        numbers = str(rhs) + "".join(f" − {c}·{e.solution[j]}" for c, j in terms)
        shown = f"{names} = {numbers}" if terms else names
        lines.append(f"{ids[col]} = {shown} = {value} (mod {k})")
    out.append(Block("ops", lines=lines))
    assert e.solution is not None
    total = sum(e.solution)
    out.append(Block("p", f"The solution ({total} presses; pressing x_j times button j):"))
    out.append(Block("pattern", "x", vector=e.solution))
    return out


def _quiet_blocks(e: Explanation) -> list[Block]:
    ids = list(e.board.buttons)
    out = [Block("h", "Quiet patterns")]
    if not e.quiet:
        out.append(Block("p", "No free column: no press pattern but pressing nothing is quiet."))
        return out
    how = (
        "For each free column f: x_f = 1, the other free buttons 0, and each pivot's button "
        "the negative of the reduced form's entry in column f. Pressing one changes no light."
        if e.prime
        else "Each generator of ker A with its order (how often it adds up to nothing)."
    )
    out.append(Block("p", how))
    for i, (q, order) in enumerate(zip(e.quiet, e.quiet_orders, strict=True), 1):
        source = f" (free column {ids[e.free[i - 1]]})" if e.prime else f" (order {order})"
        out.append(Block("p", f"Quiet pattern q{i}{source}: {_pattern_names(e, q)}"))
        out.append(Block("pattern", f"q{i}", vector=q))
    return out


def _smith_blocks(e: Explanation, ids: list[str]) -> list[Block]:
    k, n = e.states, e.n
    out = [Block("h", f"The Smith normal form over Z_{k}")]
    out.append(
        Block(
            "p",
            f"{k} is not prime: Z_{k} has no division, so Gaussian elimination does not "
            "apply. Instead, for each prime power q of k, invertible U and V with U A V = D "
            "diagonal (D[t,t] a power of the prime) turn A x = c into D z = U c with "
            "x = V z; the parts are joined by the Chinese remainder theorem.",
        )
    )
    for part in e.smith:
        out.append(Block("h", f"Modulo q = {part.q}"))
        diagonal = ", ".join(str(d) for d in part.diagonal)
        out.append(Block("p", f"D's diagonal: {diagonal}."))
        steps = [f"t{t + 1}" for t in range(n)]
        if n <= STAGE_LIMIT:
            out.append(Block("matrix", "U (row t: an equation of D z = U c)", matrix=part.left,
                             rows=steps, cols=ids))  # fmt: skip
            out.append(Block("matrix", "V (column t: what z_t presses)", matrix=part.right,
                             rows=ids, cols=steps))  # fmt: skip
        shown = ", ".join(str(v) for v in part.transformed)
        out.append(Block("p", f"U c (mod q), for t = 1 … {n}: ({shown})."))
        if part.blocking is None:
            out.append(
                Block(
                    "p",
                    "Each (U c)_t is a multiple of D[t,t] (and 0 where D[t,t] = 0): solvable "
                    "mod q. z_t = (U c)_t / D[t,t], and x = V z:",
                )
            )
            assert part.solution is not None
            out.append(Block("pattern", f"x mod {part.q}", vector=part.solution))
        else:
            t = part.blocking
            if part.diagonal[t] == 0:
                out.append(
                    Block(
                        "p",
                        f"(U c)_{t + 1} = {part.transformed[t]}, but D[{t + 1},{t + 1}] = 0: "
                        f"row t{t + 1} of D z is 0 whatever z is (mod {part.q}): not solvable.",
                    )
                )
                continue
            out.append(
                Block(
                    "p",
                    f"(U c)_{t + 1} = {part.transformed[t]} is not a multiple of D[{t + 1},"
                    f"{t + 1}] = {part.diagonal[t]} (mod {part.q}): not solvable.",
                )
            )
    out.append(Block("h", "Solvable?"))
    if e.solution is not None:
        out.append(Block("p", f"Solvable. Joined mod {k} ({sum(e.solution)} presses):"))
        out.append(Block("pattern", "x", vector=e.solution))
    else:
        out.append(Block("p", "Not solvable: one prime power already has no solution."))
    out += _quiet_blocks(e)
    return out
