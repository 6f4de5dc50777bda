"""The library's answers as values: frozen, with short reprs, the CLI's JSON as `to_dict`,
and a picture in Jupyter.

Each answer keeps the press matrix it was computed on (``system``) and the board it came
from (``source``: what the question was given, drawn on demand). `to_dict` returns exactly
what the CLI's ``--json`` prints for the same question (`lograph.core.report.answers`).
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.report.answers import (
    QUIET_LIMIT,
    analysis_record,
    chase_record,
    dynamics_record,
    lit_only_record,
    plan_picture,
    solution_record,
    worst_record,
)
from lograph.core.report.records import press_ids, world_records

if TYPE_CHECKING:
    import networkx as nx

    from lograph.core.algebra.analysis import Analysis as CoreAnalysis
    from lograph.core.chase.plan import ChasePlan as CorePlan
    from lograph.core.chase.table import ChaseTable as CoreTable
    from lograph.core.dynamics.summary import BoardDynamics
    from lograph.core.files.level_pack import LevelPack, PackLevel
    from lograph.core.model.board import Board
    from lograph.core.model.system import PressSystem
    from lograph.core.optimize.fewest import FewestSolution
    from lograph.core.optimize.lit_only import LitOnlySolution
    from lograph.core.optimize.worst import WorstPosition
    from lograph.core.solve import Solution as CoreSolution

__all__ = [
    "Analysis",
    "Census",
    "ChasePlan",
    "Dynamics",
    "Explanation",
    "Histogram",
    "LitOnly",
    "Pack",
    "QuietPatterns",
    "Solution",
    "Worlds",
    "Worst",
]

#: Button ids a repr names before "…".
_SHOWN = 8


def _ids_text(ids: list[str]) -> str:
    more = f" … (+{len(ids) - _SHOWN})" if len(ids) > _SHOWN else ""
    return " ".join(ids[:_SHOWN]) + more


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _power(base: int, exponent: int) -> str:
    return f"{base}^{exponent}" if exponent > 3 else str(base**exponent)


@dataclass(frozen=True, eq=False, repr=False)
class _Answer:
    """What every answer has: the press matrix, the board it came from, a picture."""

    system: PressSystem
    source: Any

    def board(self) -> Board:
        """The board the question was asked of (a `PressSystem` made editable on demand)."""
        from lograph.api.inputs import board

        return board(self.source)

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every answer overrides it
        raise NotImplementedError

    def _svg(self, **marks: Any) -> str | None:
        from lograph.notebook.display import board_svg

        return board_svg(self.board(), **marks)

    def _figures(self) -> list[tuple[str, str]]:
        return []

    def _pictures(self) -> list[str]:
        return []

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>"
            f"{html.escape(v)}</td></tr>"
            for k, v in self._figures()
        )
        pictures = "".join(
            f"<div style='display:inline-block;margin:4px'>{p}</div>" for p in self._pictures()
        )
        head = html.escape(type(self).__name__)
        return f"<div><b>{head}</b><table>{rows}</table>{pictures}</div>"


@dataclass(frozen=True, eq=False, repr=False)
class Analysis(_Answer):
    """Rank, nullity, worlds and quiet patterns of a board (``lograph analyze``).

    Attributes
    ----------
    buttons, states : int
        The board's size and number of light states.
    rank, nullity : int
        Of the press matrix over GF(p) (over Z_k: the McCoy rank and the number of quiet
        generators).
    worlds : int
        How many worlds (classes of positions) there are; 1 when every position is
        solvable.
    solvable_count : int
        How many positions are solvable.
    solvable : bool
        Whether the board's own position is solvable.
    world : tuple of int
        The world of the board's own position (all zeros when solvable).
    quiet : ndarray
        A basis of the quiet patterns, one row each.
    engine : str
        The engine that computed it.
    """

    core: CoreAnalysis = field(repr=False)
    world: tuple[int, ...] = ()

    buttons = property(lambda self: self.core.n)
    states = property(lambda self: self.core.states)
    rank = property(lambda self: self.core.rank)
    nullity = property(lambda self: self.core.nullity)
    worlds = property(lambda self: self.core.worlds)
    solvable_count = property(lambda self: self.core.solvable_count)
    solvable = property(lambda self: not any(self.world))
    engine = property(lambda self: self.core.engine)

    @property
    def quiet(self) -> NDArray[np.uint8]:
        return self.core.quiet

    def quiet_patterns(self) -> QuietPatterns:
        """The quiet patterns as their own answer (drawn on the board)."""
        return QuietPatterns(self.system, self.source, self.core)

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph analyze --json`` prints."""
        return analysis_record(self.system, self.core, self.world, QUIET_LIMIT)

    def __repr__(self) -> str:
        where = "solvable" if self.solvable else f"world {list(self.world)}"
        return (
            f"Analysis(buttons={self.buttons}, states={self.states}, rank={self.rank}, "
            f"nullity={self.nullity}, worlds={self.worlds}, this position {where})"
        )

    def _figures(self) -> list[tuple[str, str]]:
        k = self.states
        solvable = (
            f"{_power(k, self.rank)} of {_power(k, self.buttons)} positions"
            if self.core.prime
            else f"1/{self.worlds} of {k}^{self.buttons} positions"
        )
        return [
            ("buttons", str(self.buttons)),
            ("states", str(k)),
            ("rank", str(self.rank)),
            ("nullity", str(self.nullity)),
            ("solvable", solvable),
            ("worlds", str(self.worlds)),
            ("this position", "solvable" if self.solvable else f"world {list(self.world)}"),
            ("engine", self.engine),
        ]

    def _pictures(self) -> list[str]:
        return self.quiet_patterns()._pictures()


@dataclass(frozen=True, eq=False, repr=False)
class QuietPatterns(_Answer):
    """The quiet patterns: press sets that change no light (a basis; every quiet pattern is
    a combination of these). Indexing gives one pattern as a press vector."""

    core: CoreAnalysis = field(repr=False)

    def __len__(self) -> int:
        return len(self.core.quiet)

    def __getitem__(self, i: int) -> NDArray[np.uint8]:
        pattern: NDArray[np.uint8] = self.core.quiet[i]
        return pattern

    def __iter__(self) -> Any:
        return iter(self.core.quiet)

    def ids(self, i: int) -> list[str]:
        """The buttons pattern `i` presses (a button repeated for each press)."""
        return press_ids(self.system, self.core.quiet[i])

    def to_networkx(self, i: int) -> nx.Graph:
        """The board with pattern `i` as its lights (node attribute ``light``): reading it
        back with `lograph.board` gives the pattern as the board's position."""
        from lograph.api.inputs import to_networkx

        made = self.board().copy()
        made.set_lights(self.core.quiet[i] % made.states)
        return to_networkx(made)

    def to_dict(self) -> dict[str, Any]:
        """The ``quiet_patterns`` and ``nullity`` keys of ``lograph analyze --json``."""
        record = analysis_record(self.system, self.core, (), QUIET_LIMIT)
        return {key: record[key] for key in ("nullity", "quiet_patterns")}

    def __repr__(self) -> str:
        shown = "; ".join(_ids_text(self.ids(i)) for i in range(min(len(self), 3)))
        more = " …" if len(self) > 3 else ""
        return f"QuietPatterns({len(self)}: {shown}{more})"

    def _figures(self) -> list[tuple[str, str]]:
        return [("quiet patterns (basis)", str(len(self)))]

    def _pictures(self) -> list[str]:
        pictures = []
        for i in range(min(len(self), 8)):
            svg = self._svg(lights=np.zeros(self.system.n), rings=self.core.quiet[i],
                            title=f"quiet pattern #{i + 1}", width=220)  # fmt: skip
            if svg is not None:
                pictures.append(svg)
        return pictures


@dataclass(frozen=True, eq=False, repr=False)
class Solution(_Answer):
    """How to reach the goal (``lograph solve``; with `fewest`, ``solve --fewest``).

    Attributes
    ----------
    solvable : bool
        Whether the goal can be reached.
    presses : ndarray or None
        How often to press each button, in button order.
    press_count : int or None
        The total presses.
    buttons_to_press : list of str
        The buttons to press (a button repeated for each press).
    world : tuple of int
        The world of the change the presses must make: all zeros exactly when solvable.
    solutions : int
        How many press vectors reach the goal (0 when unsolvable).
    exact, optimal_solutions, method
        For a fewest-presses answer: whether `press_count` is proven minimal, how many
        solutions tie for it, and the search that found it.
    """

    analysis: CoreAnalysis = field(repr=False)
    core: CoreSolution = field(repr=False)
    goal: str = "off"
    best: FewestSolution | None = field(default=None, repr=False)

    solvable = property(lambda self: self.core.solvable)
    world = property(lambda self: self.core.world)
    solutions = property(lambda self: self.core.solutions)
    exact = property(lambda self: None if self.best is None else self.best.exact)
    optimal_solutions = property(
        lambda self: None if self.best is None else self.best.optimal_solutions
    )
    method = property(lambda self: None if self.best is None else self.best.method)

    @property
    def presses(self) -> NDArray[np.uint8] | None:
        return self.core.presses if self.best is None else self.best.presses

    @property
    def press_count(self) -> int | None:
        return None if self.presses is None else int(self.presses.astype(np.int64).sum())

    @property
    def buttons_to_press(self) -> list[str]:
        return [] if self.presses is None else press_ids(self.system, self.presses)

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph solve --json`` (``--fewest`` for a fewest answer) prints."""
        return solution_record(self.system, self.analysis, self.core, self.goal, self.best)

    def __repr__(self) -> str:
        if not self.solvable:
            return f"Solution(unsolvable, world {list(self.world)})"
        fewest = ""
        if self.best is not None:
            proof = "exact" if self.exact else f"not proven, ≥ {self.best.lower_bound}"
            fewest = f", fewest ({proof})"
        return (
            f"Solution({_plural(self.press_count or 0, 'press', 'presses')}{fewest}: "
            f"{_ids_text(self.buttons_to_press)}; "
            f"{self.solutions} solution{'' if self.solutions == 1 else 's'})"
        )

    def _figures(self) -> list[tuple[str, str]]:
        if not self.solvable:
            return [("solvable", f"no: world {list(self.world)}")]
        rows = [("presses", str(self.press_count)), ("solutions", str(self.solutions))]
        if self.best is not None:
            rows.append(("fewest", "exact" if self.exact else "not proven"))
            if self.optimal_solutions is not None:
                rows.append(("optimal solutions", str(self.optimal_solutions)))
        return rows

    def _pictures(self) -> list[str]:
        if self.presses is None:
            svg = self._svg(title="no presses reach the goal")
        else:
            svg = self._svg(rings=self.presses, title="press the ringed buttons")
        return [] if svg is None else [svg]


@dataclass(frozen=True, eq=False, repr=False)
class Worst(_Answer):
    """The hardest solvable position and how many presses it needs (``lograph worst``).

    Attributes
    ----------
    presses_needed : int
        God's number when `exact`, else a proven lower bound.
    upper_bound : int
        A proven upper bound (equal when exact).
    exact : bool
        Whether `presses_needed` is proven to be the most any position needs.
    method : str
        How it was found (``"every button"``, ``"class enumeration"``, ``"spectrum
        search"``, ``"integer program"``, … or ``"bounds"``).
    lights : ndarray or None
        The position itself.
    presses : ndarray or None
        Its fewest presses.
    """

    core: WorstPosition = field(repr=False)
    goal: str = "off"

    presses_needed = property(lambda self: self.core.worst_presses)
    upper_bound = property(lambda self: self.core.upper_bound)
    exact = property(lambda self: self.core.exact)
    method = property(lambda self: self.core.method)
    lights = property(lambda self: self.core.lights)
    presses = property(lambda self: self.core.presses)

    def position(self) -> Board:
        """The board with the worst position as its lights."""
        if self.core.lights is None:
            raise ValueError("the search proved a bound without finding a position")
        made = self.board().copy()
        made.set_lights(self.core.lights)
        return made

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph worst --json`` prints."""
        return worst_record(self.system, self.core, self.goal)

    def __repr__(self) -> str:
        figure = (
            str(self.presses_needed)
            if self.exact
            else f"between {self.presses_needed} and {self.upper_bound}"
        )
        unit = "press" if self.exact and self.presses_needed == 1 else "presses"
        return f"Worst({figure} {unit}, {'exact' if self.exact else 'bounds'}, {self.method})"

    def _figures(self) -> list[tuple[str, str]]:
        return [
            ("presses needed", repr(self)[6:-1]),
        ]

    def _pictures(self) -> list[str]:
        if self.core.lights is None:
            return []
        svg = self._svg(lights=self.core.lights, title="the worst position")
        return [] if svg is None else [svg]


@dataclass(frozen=True, eq=False, repr=False)
class Histogram(_Answer):
    """How many solvable positions need 0, 1, 2, … presses at the fewest
    (``lograph analyze --histogram``): ``counts[k]`` positions need exactly k."""

    counts: tuple[int, ...] = ()

    @property
    def worst(self) -> int:
        """The most presses any solvable position needs (God's number)."""
        return max((k for k, c in enumerate(self.counts) if c), default=0)

    def to_dict(self) -> dict[str, Any]:
        """The ``histogram`` key of ``lograph analyze --histogram --json``."""
        return {"histogram": list(self.counts)}

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}: {c}" for k, c in enumerate(self.counts) if c)
        return f"Histogram({shown})"

    def _figures(self) -> list[tuple[str, str]]:
        return [(f"{k} presses", str(c)) for k, c in enumerate(self.counts) if c]


@dataclass(frozen=True, eq=False, repr=False)
class Worlds(_Answer):
    """The worlds of a board: the classes of positions that presses cannot leave.

    Attributes
    ----------
    count : int
        How many worlds there are.
    orders : tuple of int
        The order of each world coordinate (p over GF(p)).
    world : tuple of int
        The board's own position's world (all zeros: solvable).
    """

    core: CoreAnalysis = field(repr=False)
    world: tuple[int, ...] = ()

    count = property(lambda self: self.core.worlds)

    @property
    def orders(self) -> tuple[int, ...]:
        return self.core.world_radices()

    def of(self, lights: Any) -> tuple[int, ...]:
        """The world of a light pattern (the goal all lights off)."""
        vector = (-np.asarray(lights, dtype=np.int64)) % self.system.states
        return self.core.syndrome(vector)

    def to_dict(self) -> dict[str, Any]:
        """The ``worlds``, ``solvable_fraction_exact`` and ``world`` keys of
        ``lograph analyze --json``."""
        return {**world_records(self.system, self.core), "world": list(self.world)}

    def __repr__(self) -> str:
        return f"Worlds({self.count}; this position in {list(self.world)})"

    def _figures(self) -> list[tuple[str, str]]:
        return [("worlds", str(self.count)), ("this position", str(list(self.world)))]


def _factors_text(value: int, factors: dict[int, int]) -> str:
    """``12 = 2² · 3``; a prime or 1 alone."""
    digits = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    text = " · ".join(f"{p}{str(e).translate(digits)}" if e > 1 else str(p)
                      for p, e in sorted(factors.items()))  # fmt: skip
    return str(value) if text in ("", str(value)) else f"{value} = {text}"


@dataclass(frozen=True, eq=False, repr=False)
class Dynamics(_Answer):
    """A board under LightsOutWeb's solution or press map (``lograph dynamics``).

    The solution map sends a board b to its solution −A⁻¹b shown as a board (on a singular
    board −A^D b, the Drazin inverse: docs/math.md, "Board dynamics"); the press map sends
    b to −A b, the board whose solution is b.

    Attributes
    ----------
    map : str
        ``"solution"`` or ``"press"``.
    tail : int
        Steps before this board's orbit enters its cycle (0 when A is invertible).
    period : int
        Length of the cycle (LightsOutWeb's solution period).
    period_factors : dict of int to int
        The period's prime factorisation.
    order : int
        The longest period of any board: the lcm of all periods.
    order_factors : dict of int to int
        The order's prime factorisation.
    longest_tail : int
        The longest tail of any board.
    invertible : bool
        Whether the press matrix is invertible (both maps are then bijections).
    fixed : ndarray of uint8
        Rows generating the boards the map fixes (LightsOutWeb's "citybuilder" boards for
        the solution map): a basis over GF(p).
    fixed_count : int
        How many boards the map fixes, the unlit board included.
    """

    core: BoardDynamics = field(repr=False)

    map = property(lambda self: self.core.kind.value)
    tail = property(lambda self: self.core.orbit.tail)
    period = property(lambda self: self.core.orbit.period)
    period_factors = property(lambda self: dict(self.core.orbit.factors))
    order = property(lambda self: self.core.order.order)
    order_factors = property(lambda self: dict(self.core.order.factors))
    longest_tail = property(lambda self: self.core.order.tail)
    invertible = property(lambda self: self.core.order.invertible)
    fixed_count = property(lambda self: self.core.fixed_count)

    @property
    def fixed(self) -> NDArray[np.uint8]:
        return self.core.fixed

    def step(self, times: int = 1) -> NDArray[np.uint8]:
        """The board's lights after `times` steps of the map (negative: backwards, which
        needs an invertible press matrix)."""
        from lograph.core.dynamics.maps import step

        return step(self.system, self.core.lights, self.core.kind, times)

    def eigenboards(self) -> dict[int, NDArray[np.uint8]]:
        """The boards whose press image is a multiple of themselves (LightsOutWeb's
        citybuilder search stops at one): for each multiplier λ that has some, rows
        generating ``{v : A v = λ v}``. λ = k − 1 gives the solution map's fixed boards.

        Returns
        -------
        dict of int to ndarray of uint8
            λ → generating rows (a basis over GF(p); generators over Z_k).
        """
        from lograph.core.dynamics.fixed import eigenboards

        return eigenboards(self.system)

    def stable(self, steps: int, *, lit: bool = False) -> NDArray[np.bool_]:
        """LightsOutWeb's stability: which cells none of the first `steps` steps changes.

        Parameters
        ----------
        steps : int
            How many steps of the map (0: every cell is stable).
        lit : bool
            Keep only the stable cells whose light is on (LightsOutWeb's lit stability).

        Returns
        -------
        ndarray of bool
            One value per button, computed outright rather than by walking the steps.
        """
        from lograph.core.dynamics.stability import stable_cells

        mask = stable_cells(self.system, self.core.lights, self.core.kind, steps)
        return mask & (np.asarray(self.core.lights) != 0) if lit else mask

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph dynamics --json`` prints."""
        return dynamics_record(self.system, self.core)

    def __repr__(self) -> str:
        tail = f", tail={self.tail}" if self.tail else ""
        return (
            f"Dynamics(map={self.map}, period={self.period}{tail}, order={self.order}, "
            f"fixed boards={self.fixed_count})"
        )

    def _figures(self) -> list[tuple[str, str]]:
        return [
            ("map", self.map),
            ("period", _factors_text(self.period, self.period_factors)),
            ("tail", str(self.tail)),
            ("order", _factors_text(self.order, self.order_factors)),
            ("longest tail", str(self.longest_tail)),
            ("fixed boards", f"{self.fixed_count} ({len(self.fixed)} generators)"),
        ]

    def _pictures(self) -> list[str]:
        # The orbit as a strip (the board, then each step, up to the first return or six
        # boards), then up to three fixed boards drawn like quiet patterns.
        from lograph.core.dynamics.maps import step
        from lograph.notebook.display import board_svg

        shown = min(self.tail + self.period, 5)
        lights = self.core.lights
        pictures: list[str | None] = []
        for i in range(shown + 1):
            title = "board" if i == 0 else f"step {i}"
            if i == self.tail + self.period:
                title += " (back)"
            pictures.append(board_svg(self.board(), lights=lights, width=150, title=title))
            lights = step(self.system, lights, self.core.kind, 1)
        for j, row in enumerate(self.fixed[:3]):
            pictures.append(board_svg(self.board(), lights=row, width=150, title=f"fixed {j + 1}"))
        return [p for p in pictures if p is not None]


@dataclass(frozen=True, eq=False, repr=False)
class ChasePlan(_Answer):
    """A plan a person can follow (``lograph chase``): numbered steps, each pressing a
    free button or the button that switches a light off, with the lookup table of the
    check lights when asked for (`lograph.chase_table`)."""

    plan: CorePlan = field(repr=False)
    table: CoreTable | None = field(default=None, repr=False)
    table_error: str | None = "not requested (--no-table)"

    free_count = property(
        lambda self: self.plan.free_count, doc="How many free buttons the plan has."
    )

    @property
    def free(self) -> list[str]:
        """The free buttons: pressed as the lookup table says, not forced by a light."""
        return [self.system.names[w] for w in self.plan.free.tolist()]

    @property
    def check(self) -> list[str]:
        """The check lights: still lit after a chase exactly when free buttons are needed."""
        return [self.system.names[u] for u in self.plan.check.tolist()]

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph chase --json`` prints (``--no-table`` without a table)."""
        picture = plan_picture(self.system, self.plan)
        return chase_record(self.system, self.plan, self.table, self.table_error, picture)

    def __repr__(self) -> str:
        table = "" if self.table is None else f", a table of {len(self.table)} rows"
        return (
            f"ChasePlan({self.system.n} steps, {self.free_count} free buttons: "
            f"{_ids_text(self.free)}{table})"
        )

    def _figures(self) -> list[tuple[str, str]]:
        rows = [("steps", str(self.system.n)), ("free buttons", " ".join(self.free))]
        rows.append(("check lights", " ".join(self.check)))
        if self.table is not None:
            rows.append(("table rows", str(len(self.table))))
        return rows

    def _pictures(self) -> list[str]:
        step = np.zeros(self.system.n, dtype=np.int64)
        step[self.plan.buttons] = np.arange(1, self.system.n + 1)
        free = set(self.plan.free.tolist())
        labels = [f"{s}F" if w in free else str(s) for w, s in enumerate(step.tolist())]
        svg = self._svg(labels=labels, title="chase order (F: free button)")
        return [] if svg is None else [svg]


@dataclass(frozen=True, eq=False, repr=False)
class LitOnly(_Answer):
    """The fewest presses of lit buttons only, in order (``lograph solve --lit-only``)."""

    core: LitOnlySolution = field(repr=False)
    goal: str = "off"

    solvable = property(
        lambda self: self.core.solvable, doc="Whether lit presses alone reach the goal."
    )

    @property
    def order(self) -> list[str] | None:
        """The buttons to press, in order; None when unsolvable."""
        order: list[str] | None = self.to_dict()["presses"]
        return order

    def to_dict(self) -> dict[str, Any]:
        """What ``lograph solve --lit-only --json`` prints."""
        return lit_only_record(self.system, self.core, self.goal)

    def __repr__(self) -> str:
        if self.order is None:
            return f"LitOnly(unsolvable; {self.core.explored} positions reachable)"
        count = _plural(len(self.order), "lit press", "lit presses")
        return f"LitOnly({count}: {_ids_text(self.order)})"


@dataclass(frozen=True, eq=False, repr=False)
class Explanation(_Answer):
    """The worksheet of ``lograph explain``: the elimination as a teacher writes it."""

    goal: str = "off"
    full: bool = False

    def markdown(self) -> str:
        """The worksheet as Markdown (what ``lograph explain -o x.md`` writes)."""
        from lograph.core.explain.formats import document

        return document(self.board(), self.goal, "md", self.full)

    def latex(self) -> str:
        """The worksheet as a LaTeX document (what ``lograph explain -o x.tex`` writes)."""
        from lograph.core.explain.formats import document

        return document(self.board(), self.goal, "tex", self.full)

    def to_dict(self) -> dict[str, Any]:
        """The worksheet as Markdown (``lograph explain -o x.md`` writes this text)."""
        return {"markdown": self.markdown()}

    def __repr__(self) -> str:
        return f"Explanation({self.system.n} buttons, states {self.system.states})"

    def _repr_html_(self) -> str:
        from lograph.core.explain.formats import html_fragment

        return html_fragment(self.board(), self.goal, self.full)

    def _repr_markdown_(self) -> str:
        return self.markdown()


@dataclass(frozen=True, eq=False, repr=False)
class Pack:
    """A level pack: a board and its levels, easiest first (``lograph puzzle``)."""

    pack: LevelPack

    name = property(lambda self: self.pack.name, doc="The pack's title.")

    @property
    def levels(self) -> list[PackLevel]:
        """The levels, easiest first: each its lights, fewest presses and uniqueness."""
        return list(self.pack.levels)

    def level(self, i: int) -> Board:
        """Level `i` (from 0) as a board with its position."""
        made = self.pack.board.copy()
        made.set_lights(self.pack.levels[i].lights)
        return made

    def write(self, path: str | os.PathLike[str]) -> None:
        """Save the pack as ``.json`` (the window and ``lograph share`` open it)."""
        from lograph.core.files.level_pack import write_level_pack

        write_level_pack(self.pack, path)

    def to_dict(self) -> dict[str, Any]:
        """The ``name``, ``states`` and ``levels`` keys of ``lograph puzzle --json``."""
        return {
            "name": self.name,
            "states": self.pack.board.states,
            "levels": [
                {"level": i, "fewest": lv.fewest, "unique": lv.unique}
                for i, lv in enumerate(self.pack.levels, 1)
            ],
        }

    def __repr__(self) -> str:
        fewest = [lv.fewest for lv in self.pack.levels]
        span = f"{min(fewest)}..{max(fewest)}" if fewest else "none"
        return f"Pack({self.name!r}, {len(fewest)} levels, fewest {span} presses)"

    def _repr_html_(self) -> str:
        from lograph.notebook.display import board_svg

        pictures = []
        for i, lv in enumerate(self.pack.levels):
            svg = board_svg(self.pack.board, lights=lv.lights, width=180,
                            title=f"level {i + 1}: {lv.fewest} presses")  # fmt: skip
            if svg is not None:
                pictures.append(f"<div style='display:inline-block;margin:4px'>{svg}</div>")
        return f"<div><b>{html.escape(self.name)}</b><br>{''.join(pictures)}</div>"


@dataclass(frozen=True, eq=False, repr=False)
class Census:
    """How many graphs have each (vertices, edges, nullity closed, nullity open): the
    table ``lograph census geng … -o counts.csv`` writes, as rows."""

    rows: tuple[tuple[int, int, int, int, int], ...] = ()

    @property
    def graphs(self) -> int:
        """How many graphs were counted."""
        return sum(row[4] for row in self.rows)

    def by_nullity(self, rule: str = "closed") -> dict[int, int]:
        """Graphs counted by the nullity of the closed (A + I) or open (A) rule."""
        column = 2 if rule == "closed" else 3
        counts: dict[int, int] = {}
        for row in self.rows:
            counts[row[column]] = counts.get(row[column], 0) + row[4]
        return dict(sorted(counts.items()))

    def to_dict(self) -> dict[str, Any]:
        """The census table's rows, in its columns' names."""
        names = ("vertices", "edges", "nullity_closed", "nullity_open", "graphs")
        return {
            "graphs": self.graphs,
            "rows": [dict(zip(names, row, strict=True)) for row in self.rows],
        }

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}: {c}" for k, c in self.by_nullity().items())
        return f"Census({self.graphs} graphs; by closed nullity {shown})"

    def _repr_html_(self) -> str:
        cells = "".join(f"<tr><td>{k}</td><td>{c}</td></tr>" for k, c in self.by_nullity().items())
        return (
            f"<div><b>Census</b> of {self.graphs} graphs<table><tr><th>nullity (closed)</th>"
            f"<th>graphs</th></tr>{cells}</table></div>"
        )
