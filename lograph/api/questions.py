"""The questions lograph answers, each taking anything `lograph.board` accepts.

Every function converts its input once (`lograph.api.inputs.press_system`: a `Board` keeps
its press matrix until it changes) and reuses one prepared solver per press matrix, so a
notebook asking several questions of one board eliminates once. Answers are the values of
`lograph.api.results`.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable
from typing import Any

from lograph.api.inputs import board, press_system, solver_of
from lograph.api.results import (
    Analysis,
    Census,
    ChasePlan,
    Dynamics,
    Explanation,
    Histogram,
    LitOnly,
    Pack,
    QuietPatterns,
    Solution,
    Worlds,
    Worst,
)
from lograph.core.errors import BoardError, UnsolvableError
from lograph.core.work import Work

__all__ = [
    "analyze",
    "census",
    "chase_plan",
    "chase_table",
    "dynamics",
    "explain",
    "fewest",
    "histogram",
    "is_solvable",
    "lit_only",
    "play",
    "puzzles",
    "quiet_patterns",
    "share",
    "solve",
    "worlds",
    "worst",
]


def analyze(obj: Any, *, engine: str = "auto") -> Analysis:
    """Rank, nullity, worlds and quiet patterns of the board's press matrix.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    engine : str
        The elimination engine (``"auto"`` picks; ``lograph.core.solve.available_engines``).

    Examples
    --------
    >>> import lograph as lo
    >>> lo.analyze(lo.rectangle(5, 5))
    Analysis(buttons=25, states=2, rank=23, nullity=2, worlds=4, this position solvable)
    """
    from lograph.core.solve import required_change

    system = press_system(obj)
    core = solver_of(system, engine).analysis
    return Analysis(system, obj, core, core.syndrome(required_change(system)))


def solve(obj: Any, goal: str = "off", *, fewest: bool = False, engine: str = "auto") -> Solution:
    """A press vector taking the board's lights to `goal` (``"off"``, ``"on"`` or a
    pattern); with `fewest`, the fewest presses (see `fewest`).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"} or array
        All lights off, all on (at k-1), or a light pattern, one value per button.
    fewest : bool
        Search for the fewest presses too (as `fewest`, without raising when unsolvable).
    engine : str
        The elimination engine (``"auto"`` picks).

    Examples
    --------
    >>> import lograph as lo
    >>> b = lo.board(lo.rectangle(3, 3), lights=1)
    >>> s = lo.solve(b)
    >>> s.solvable, s.press_count
    (True, 5)
    """
    from lograph.core.solve import solve as core_solve

    system = press_system(obj)
    solver = solver_of(system, engine)
    core = core_solve(system, goal, solver=solver)
    best = None
    if fewest and core.presses is not None:
        from lograph.core.optimize.fewest import fewest_presses

        best = fewest_presses(solver, core.presses)
    label = goal if isinstance(goal, str) else "pattern"
    return Solution(system, obj, solver.analysis, core, label, best)


def fewest(obj: Any, goal: str = "off", *, seconds: float | None = None) -> Solution:
    """The solution with the fewest presses, and how many solutions tie for it.

    Exact where the searches finish (``exact`` says so); within `seconds` when given,
    else with the searches' own limits, the best found and a proven lower bound.
    Raises `UnsolvableError` when the goal cannot be reached.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"} or array
        All lights off, all on (at k-1), or a light pattern, one value per button.
    seconds : float, optional
        A time limit for the search; past it the best found comes with a proven lower
        bound (``exact`` False). Default: the searches' own limits on work.

    Examples
    --------
    >>> import lograph as lo
    >>> f = lo.fewest(lo.board(lo.rectangle(5, 5), lights=1))
    >>> f.press_count, f.exact, f.optimal_solutions
    (15, True, 4)
    """
    from lograph.core.optimize.fewest import fewest_presses
    from lograph.core.solve import solve as core_solve

    system = press_system(obj)
    solver = solver_of(system)
    core = core_solve(system, goal, solver=solver)
    if core.presses is None:
        raise UnsolvableError(
            f"the goal cannot be reached: the position is in world {list(core.world)}"
        )
    work = Work() if seconds is None else Work().within(seconds)
    best = fewest_presses(solver, core.presses, work=work)
    label = goal if isinstance(goal, str) else "pattern"
    return Solution(system, obj, solver.analysis, core, label, best)


def is_solvable(obj: Any, goal: str = "off") -> bool:
    """Whether the goal can be reached from the board's lights.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"} or array
        All lights off, all on (at k-1), or a light pattern, one value per button.
    """
    return bool(analyze(obj).solvable if goal == "off" else solve(obj, goal).solvable)


def worst(obj: Any, goal: str = "off", *, seconds: float = 60.0) -> Worst:
    """The hardest solvable position and how many presses it needs (God's number), exact
    where the search finishes within `seconds`, else proven bounds.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"} or array
        All lights off, all on (at k-1), or a light pattern, one value per button.
    seconds : float
        A time limit; past it the answer is proven bounds (``exact`` False).

    Examples
    --------
    >>> import lograph as lo
    >>> lo.worst(lo.rectangle(3, 3))
    Worst(9 presses, exact, every button)
    """
    from lograph.core.optimize.worst import worst_position

    system = press_system(obj)
    result = worst_position(solver_of(system), goal, work=Work().within(seconds))
    return Worst(system, obj, result, goal)


def histogram(obj: Any) -> Histogram:
    """How many solvable positions need 0, 1, 2, … presses at the fewest.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.

    Examples
    --------
    >>> import lograph as lo
    >>> lo.histogram(lo.rectangle(2, 2))
    Histogram(0: 1, 1: 4, 2: 6, 3: 4, 4: 1)
    """
    from lograph.core.optimize.histogram import press_histogram

    system = press_system(obj)
    return Histogram(system, obj, tuple(press_histogram(system, work=Work())))


def quiet_patterns(obj: Any) -> QuietPatterns:
    """A basis of the quiet patterns: press sets that change no light.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    """
    system = press_system(obj)
    return QuietPatterns(system, obj, solver_of(system).analysis)


def worlds(obj: Any) -> Worlds:
    """The worlds of the board (classes of positions presses cannot leave) and the world
    of its own position.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    """
    a = analyze(obj)
    return Worlds(a.system, obj, a.core, a.world)


def chase_plan(obj: Any, *, starts: int = 12) -> ChasePlan:
    """A light-chasing plan with few free buttons (no lookup table; see `chase_table`).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    starts : int
        How many start buttons per component the plan search tries: more tries can find
        a plan with fewer free buttons.
    """
    from lograph.core.chase.plan import chase_plan as core_plan

    system = press_system(obj)
    return ChasePlan(system, obj, core_plan(system, starts=starts))


def chase_table(obj: Any, *, starts: int = 12) -> ChasePlan:
    """A chasing plan with its lookup table: which free buttons to press for each reading
    of the check lights.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    starts : int
        How many start buttons per component the plan search tries.
    """
    from lograph.core.chase.plan import chase_plan as core_plan
    from lograph.core.chase.table import chase_table as core_table

    system = press_system(obj)
    plan = core_plan(system, starts=starts)
    return ChasePlan(system, obj, plan, core_table(system, plan), None)


def dynamics(obj: Any, *, map: str = "solution") -> Dynamics:
    """The board's orbit under LightsOutWeb's solution or press map, the map's order and
    the boards it fixes, all from the algebra (no iterating).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path. Its lights
        are the board whose orbit is asked.
    map : {"solution", "press"}
        ``"solution"``: b → the presses that turn b off, as a board (LightsOutWeb's
        solution period); ``"press"``: b → −A b, the board whose solution is b (its
        inverse-solution period).

    Returns
    -------
    Dynamics
        This board's tail and period, the map's order (factored) and longest tail, whether
        the press matrix is invertible, the fixed boards; ``.step(n)`` steps the board.

    Raises
    ------
    BoardError
        For a map that is not ``"solution"`` or ``"press"``.
    BoardTooLargeError
        Past 6000 buttons (unless the board is a grid the closed form answers).

    Examples
    --------
    >>> import lograph as lo
    >>> d = lo.dynamics(lo.board(lo.rectangle(3, 3), lights=1))
    >>> d.period, d.order, d.fixed_count
    (2, 4, 8)
    """
    from lograph.core.dynamics.maps import MapKind
    from lograph.core.dynamics.summary import summarize

    try:
        kind = MapKind(map)
    except ValueError:
        raise BoardError(f"map {map!r} is not 'solution' or 'press'") from None
    system = press_system(obj)
    return Dynamics(system, obj, summarize(system, None, kind))


def lit_only(obj: Any, goal: str = "off") -> LitOnly:
    """The fewest presses of lit buttons only (the lit-only game), in order; exact on
    boards of up to 26 buttons.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"}
        All lights off or all on.
    """
    from lograph.core.optimize.lit_only import lit_only_solve

    system = press_system(obj)
    return LitOnly(system, obj, lit_only_solve(system, goal, Work()), goal)


def explain(obj: Any, goal: str = "off", *, full: bool = False) -> Explanation:
    """The worksheet of the elimination, as a teacher writes it; `full` lists every step.
    Shows itself in a notebook; ``.markdown()`` and ``.latex()`` give its text.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    goal : {"off", "on"} or array
        All lights off, all on (at k-1), or a light pattern, one value per button.
    full : bool
        Add the appendix with the matrix after every pivot.
    """
    made = board(obj)
    return Explanation(made.to_system(), made, goal, full)


def puzzles(
    obj: Any,
    presses: tuple[int, int] = (3, 6),
    *,
    count: int | None = None,
    unique: bool = False,
    seed: int = 0,
    name: str | None = None,
) -> Pack:
    """A level pack: `count` positions (default one per press count) needing from
    ``presses[0]`` to ``presses[1]`` presses at the fewest, easiest first.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    presses : (int, int)
        The fewest presses of the easiest and the hardest level.
    count : int, optional
        How many levels (default one per press count in the range).
    unique : bool
        Only positions whose fewest presses are reached by one press set.
    seed : int
        The random seed: the same seed gives the same pack.
    name : str, optional
        The pack's title (default: the board's name and the press counts).
    """
    from lograph.core.files.level_pack import LevelPack, PackLevel, default_pack_name
    from lograph.core.optimize.puzzles import TRIES_PER_LEVEL, generate_levels, spread

    made = board(obj)
    low, high = presses
    wanted = count or (high - low + 1)
    solver = solver_of(made.to_system())
    found = generate_levels(
        solver,
        made,
        spread(low, high, wanted),
        unique=unique,
        seed=seed,
        tries=TRIES_PER_LEVEL * wanted,
        stall=TRIES_PER_LEVEL,
        work=Work(),
    )
    if found.missing:
        raise BoardError(
            f"found {len(found.levels)} of {wanted} levels of {low}..{high} presses"
            f"{' with a unique solution' if unique else ''}; widen the range or ask for fewer"
        )
    levels = [PackLevel(lv.lights, lv.fewest, lv.unique) for lv in found.levels]
    title = name or default_pack_name(made.name, levels[0].fewest, levels[-1].fewest, unique)
    return Pack(LevelPack(title, made, levels))


def census(
    graphs: int | Iterable[Any],
    *,
    connected: bool = False,
) -> Census:
    """Count graphs by their Lights Out nullity over GF(2), closed (A + I) and open (A).

    `graphs` is a number of vertices n (every graph on n vertices, up to isomorphism, from
    nauty's ``geng``; `connected` for connected ones only) or any iterable of graphs that
    `lograph.board` accepts (each counted as an undirected graph).

    Parameters
    ----------
    graphs : int or iterable
        A number of vertices n (1..11), or graphs `lograph.board` accepts.
    connected : bool
        With a number n: connected graphs only.

    Examples
    --------
    >>> import lograph as lo, networkx as nx
    >>> lo.census([nx.path_graph(n) for n in range(1, 6)]).by_nullity()
    {0: 3, 1: 2}
    """
    import io

    from lograph.core.census.stream import Counts, scan

    counts = Counts()
    if isinstance(graphs, int) and not isinstance(graphs, bool):
        data = _geng(graphs, connected)
    else:
        if connected:
            raise BoardError("connected= selects geng's graphs; filter your own graphs first")
        data = b"".join(_graph6_line(g) for g in graphs)  # type: ignore[union-attr]
    scan(io.BytesIO(data).readinto, counts, name="census input")
    return Census(tuple(counts.rows()))


def share(obj: Any, path: str | os.PathLike[str]) -> int:
    """Write the board (or a `Pack`) as one self-contained web page that plays it;
    returns the page's size in bytes.

    Parameters
    ----------
    obj : board-like or Pack
        A board (anything `lograph.board` accepts) or a level pack.
    path : str or path
        The page to write (atomically).
    """
    from lograph.core.share.page import board_page, pack_page, plain_drawing, write_page

    if isinstance(obj, Pack):
        data = pack_page(obj.pack, plain_drawing(obj.pack.board))
    else:
        made = board(obj)
        data = board_page(made, plain_drawing(made))
    return write_page(path, data)


def play(obj: Any) -> Any:
    """An interactive widget that plays the board in a Jupyter notebook (the shared page's
    own script); presses made in it show in ``widget.board``, and lights set from Python
    show in it. Needs the ``notebook`` extra (anywidget).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    """
    from lograph.notebook.widget import play_widget

    return play_widget(board(obj))


def _graph6_line(obj: Any) -> bytes:
    from lograph.core.files.graph6 import dumps

    made = board(obj)
    if made.directed:
        raise BoardError("the census counts undirected graphs; this one is directed")
    plain = made.copy()
    plain.clear_lights()
    plain.name = ""
    line = dumps(plain)
    return line if line.endswith(b"\n") else line + b"\n"


def _geng(n: int, connected: bool) -> bytes:
    import shutil

    if not 1 <= n <= 11:
        raise BoardError(f"census of every graph on {n} vertices: n must be 1..11 here")
    program = shutil.which("nauty-geng") or shutil.which("geng")
    if program is None:
        raise BoardError("nauty's geng is not installed (Debian: apt-get install nauty)")
    args = [program, "-q", *(["-c"] if connected else []), str(n)]
    return subprocess.run(args, check=True, capture_output=True).stdout
