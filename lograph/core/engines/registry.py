"""The engine registry: every engine by name, its factory, and how ``engine="auto"`` picks one.

The engines are listed here explicitly; each engine module is imported only when its engine
first builds a solver (numba and galois take a while to load), so importing the registry has
no side effects. How the engines work: docs/math.md, "Symbolic chase engines" and "Elimination over
GF(p)".

Examples
--------
>>> available_engines()
['fast', 'chase-p', 'chase-zk', 'dense', 'dense-zk', 'small', 'galois']
>>> from lograph.core.model.generators import grid_system
>>> get_solver(grid_system(3, 3, states=3)).analysis.engine
'chase-p'

A solver that ran a chase exposes its plan for reuse (elimination engines have none);
small GF(2) boards go to the small engine:

>>> get_solver(grid_system(5, 5), "fast").chase_plan.free_count
5
>>> get_solver(grid_system(5, 5)).analysis.engine, get_solver(grid_system(5, 5)).chase_plan
('small', None)

Every engine over a prime field gives the same answers, in the canonical form of
`lograph.core.algebra.canonical` (the quiet basis in reduced row echelon form):

>>> get_solver(grid_system(5, 5), "fast").analysis.quiet[0].tolist()[:6]
[1, 0, 1, 0, 1, 1]

Importing the front end loads no engine (numba and galois stay unloaded):

>>> import subprocess, sys
>>> code = "import sys, lograph.core.solve; print(sorted({'numba', 'galois'} & set(sys.modules)))"
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip()
'[]'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from lograph.core.algebra.analysis import Solver
from lograph.core.algebra.canonical import canonical_solver
from lograph.core.engines.common import (
    AUTO_SMALL_LIMIT,
    CHASE_P_MAX_FREE,
    DENSE_LIMIT_P,
    DENSE_LIMIT_ZK,
    GALOIS_LIMIT,
    SMALL_INT_LIMIT,
    SMALL_LIMIT,
)
from lograph.core.errors import BoardTooLargeError, LographError
from lograph.core.model.ring import Ring, RingKind
from lograph.core.model.system import DENSE_LIMIT, PressSystem
from lograph.core.work import Cancel

__all__ = [
    "AUTO_SMALL_LIMIT",
    "EngineFactory",
    "available_engines",
    "get_solver",
]

Build = Callable[[PressSystem, Cancel], Solver]


@dataclass(frozen=True)
class EngineFactory:
    """An engine: ``build(system, cancel)`` returns a Solver; `supports(system)` says whether
    the engine can take this system at all, and `preference` ranks candidates for
    ``engine="auto"`` (lower is preferred). `limits` says what `supports` accepts, for error
    messages ("up to 6000 buttons"). `composite` says which numbers of states the engine
    is for at all: False prime only, True composite only (its refusals are then named only
    for boards of its kind)."""

    name: str
    build: Build
    supports: Callable[[PressSystem], bool]
    preference: int
    limits: str = ""
    composite: bool = False

    def for_ring(self, ring: Ring) -> bool:
        """Whether the engine is for boards over `ring` at all (fields, or Z_k composite)."""
        return self.composite != ring.is_field

    def accepts(self, system: PressSystem) -> bool:
        """Whether the engine takes this system: the right kind of k and `supports`."""
        return self.for_ring(system.ring) and self.supports(system)


def _imported(module: str, attribute: str = "build") -> Build:
    """A factory that imports `module` on first use and calls its `attribute`."""

    found: list[Build] = []  # the factory, once imported (a small board's call is ~50 µs)

    def build(system: PressSystem, cancel: Cancel) -> Solver:
        if not found:
            found.append(cast(Build, getattr(importlib.import_module(module), attribute)))
        return found[0](system, cancel)

    return build


# Listed in the order refusal messages name them.
_BUILTIN = (
    EngineFactory(
        name="chase-p",
        build=_imported("lograph.core.engines.chase_p"),
        supports=lambda s: s.ring.kind is not RingKind.GF2,
        preference=40,
        limits=f"p > 2; chase plans with at most {CHASE_P_MAX_FREE} free buttons",
    ),
    EngineFactory(
        name="chase-zk",
        build=_imported("lograph.core.engines.chase_zk"),
        supports=lambda s: True,
        preference=45,
        limits=f"chase plans with at most {CHASE_P_MAX_FREE} free buttons",
        composite=True,
    ),
    EngineFactory(
        name="dense",
        build=_imported("lograph.core.engines.dense"),
        supports=lambda s: s.n <= (DENSE_LIMIT if s.ring.kind is RingKind.GF2 else DENSE_LIMIT_P),
        preference=50,
        limits=f"up to {DENSE_LIMIT} buttons, {DENSE_LIMIT_P} for p > 2",
    ),
    EngineFactory(
        name="dense-zk",
        build=_imported("lograph.core.engines.dense_zk"),
        supports=lambda s: s.n <= DENSE_LIMIT_ZK,
        preference=55,
        limits=f"up to {DENSE_LIMIT_ZK} buttons",
        composite=True,
    ),
    EngineFactory(
        name="small",
        build=_imported("lograph.core.engines.small_grid"),
        supports=lambda s: s.n <= (SMALL_LIMIT if s.ring.kind is RingKind.GF2 else SMALL_INT_LIMIT),
        preference=90,
        limits=f"up to {SMALL_LIMIT} buttons, {SMALL_INT_LIMIT} for p > 2",
    ),
    EngineFactory(
        name="galois",
        build=_imported("lograph.core.engines.galois", "GaloisSolver"),
        supports=lambda s: s.n <= GALOIS_LIMIT,
        preference=100,
        limits=f"up to {GALOIS_LIMIT} buttons",
    ),
    EngineFactory(
        name="fast",
        build=_imported("lograph.core.engines.fast", "build_fast_solver"),
        supports=lambda s: s.ring.kind is RingKind.GF2,
        preference=10,
        limits="2 states only",
    ),
)

_ENGINES: dict[str, EngineFactory] = {factory.name: factory for factory in _BUILTIN}


def available_engines() -> list[str]:
    """Names of the registered engines, best first."""
    return [f.name for f in sorted(_ENGINES.values(), key=lambda f: f.preference)]


def get_solver(system: PressSystem, engine: str = "auto", cancel: Cancel = None) -> Solver:
    """Prepare `system` with the named engine (or the best one that supports it).

    The answers are canonical over a prime field, whatever the engine
    (`lograph.core.algebra.canonical`). `cancel` is polled during long work; when it returns
    True the engine raises
    `InterruptedComputation`. In auto mode an engine that refuses the board while building
    (`BoardTooLargeError`, e.g. a chase leaving too many free buttons) hands it to the next
    candidate; when every engine refuses, the error lists each one's reason.
    """
    if engine == "auto":
        return canonical_solver(_auto_solver(system, cancel))
    if engine not in _ENGINES:
        raise LographError(
            f"engine {engine!r} is unknown; choose from auto, {', '.join(available_engines())}"
        )
    factory = _ENGINES[engine]
    if not factory.for_ring(system.ring):
        kind, others = ("prime", "chase-zk or dense-zk")
        if factory.composite:
            kind, others = ("composite", "auto")
        raise BoardTooLargeError(
            f"engine {engine!r} needs a {kind} number of states, not {system.states} (use {others})"
        )
    if not factory.supports(system):
        raise BoardTooLargeError(
            f"engine {engine!r} does not support this board of {system.n} buttons with "
            f"{system.states} states ({factory.limits or 'see --help'})"
        )
    return canonical_solver(factory.build(system, cancel))


def _small_solver(system: PressSystem, cancel: Cancel) -> Solver | None:
    """The small engine's solver when ``auto`` gives it the board, else None.

    Full rectangles up to `SMALL_LIMIT` buttons take its light chase on Python ints (20×20:
    ~70 µs, where the compiled LU takes ~120 µs and the numpy row chase ~0.7 ms). Other
    boards: once numba is loaded its compiled LU wins up to `AUTO_SMALL_LIMIT`. Before, the
    small engine's Python-int path takes every board whose elimination fits in
    `lograph.core.engines.small.INT_WORK` (~0.25 s, less than loading numba): commands on
    a 481-button diamond or a random graph of 2,000 buttons start in a fraction of a
    second. Beyond that the LU, or a chase past the limit, loads numba; and so does a
    process whose int paths have cost it more than loading the LU would (`SmallSolver`
    counts them), which then has the LU ready. Past `AUTO_SMALL_LIMIT` a board without
    many twins goes to the chase, unless the LU is ready and the chase's kernels are not
    (they would compile for seconds).
    """
    if system.ring.kind is not RingKind.GF2 or system.n > SMALL_LIMIT:
        return None
    small = _ENGINES["small"]
    if system.n <= 128:  # any path: a fraction of a millisecond
        return small.build(system, cancel)
    from lograph.core.engines.fast_grid import plain_rectangle

    shape = plain_rectangle(system)
    if shape is not None:
        from lograph.core.engines.small_grid import GridIntsSolver

        return GridIntsSolver(system, *shape)
    from lograph.core.engines.small import lu_kernels
    from lograph.core.kernels.jit import compiled_ready

    lu = lu_kernels()
    if not compiled_ready(*lu):
        from lograph.core.engines.small import build_on_ints

        solver = build_on_ints(system, cancel)  # the LU's, when its switch is due
        if solver is not None:
            return solver
    if (
        system.n <= AUTO_SMALL_LIMIT
        or _twin_share(system) >= 1 / 32
        or (compiled_ready(*lu) and not compiled_ready(*_chase_kernels()))
    ):
        from lograph.core.engines.small import SmallSolver

        return SmallSolver(system, cancel, ints=False)  # the int path was tried just now
    return None


def _chase_kernels() -> tuple[Callable[..., object], ...]:
    """The kernels the fast engine's chase of a general graph starts with (plan, checks,
    their reduction), whose readiness says whether it would compile."""
    from lograph.core.kernels.chase_gf2 import chase_checks
    from lograph.core.kernels.chase_plan import greedy_chase
    from lograph.core.kernels.m4rm import rref_m4rm

    return greedy_chase, chase_checks, rref_m4rm


def _twin_share(system: PressSystem) -> float:
    """The share of buttons whose press changes the same lights as another's.

    Two such twins make a quiet pattern, so this is a lower bound on nullity / N, found in
    one pass over A (a column's hash is the sum of random words of its lights; a collision
    could only change which engine runs, never an answer). Where it is high, a chase
    spends most of its time putting hundreds of quiet patterns in canonical form and the
    small engine's LU, which finds them in that form, is quicker: random geometric graphs
    of 2,000–4,000 buttons (twins 6–12 % of the buttons, nullity 8–15 %) take 0.5–0.8 of
    the chase's time, while on graphs without twins (3- and 4-regular, Erdős–Rényi of mean
    degree 4–10, Barabási–Albert, Watts–Strogatz) the chase is 1.2–17 times quicker.
    """
    from lograph.core.kernels.twins import twin_count

    # compiled: the numpy version took 70 µs of the 1.8 ms a 3-regular graph of 2,000
    # buttons needs, where the kernel takes ~15 µs (and numba is needed next anyway)
    return int(twin_count(system.indptr, system.indices)) / system.n


def _auto_solver(system: PressSystem, cancel: Cancel) -> Solver:
    """The first candidate, by preference, that accepts the board (the small engine first
    for small GF(2) boards)."""
    first = _small_solver(system, cancel)
    if first is not None:
        return first
    candidates = sorted(
        (f for f in _ENGINES.values() if f.accepts(system)), key=lambda f: f.preference
    )
    refusals = []
    for factory in candidates:
        try:
            return factory.build(system, cancel)
        except BoardTooLargeError as exc:  # e.g. a chase leaving too many free buttons
            refusals.append(f"{factory.name}: {exc}")
    kind = [f for f in _ENGINES.values() if f.for_ring(system.ring)]
    refusals += [f"{f.name}: {f.limits}" for f in kind if f.limits and f not in candidates]
    verb = "supports" if not candidates else "can analyse"
    raise BoardTooLargeError(
        f"no engine {verb} this board of {system.n} buttons with {system.states} "
        f"states ({'; '.join(refusals)})"
    )
