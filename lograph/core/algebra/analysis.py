"""What the analyser reports, and the engine interface every solver implements.

An *engine* turns a `PressSystem` into a `Solver`: an object that knows the board's
`Analysis` (rank, nullity, quiet basis, left kernel) and can return one particular solution of
``A x = rhs``. The reference engine is galois dense elimination (`lograph.core.engines.galois`);
faster engines (``fast`` for GF(2), ``chase-p`` for p > 2) register themselves under other
names. `engine="auto"` picks the fastest engine that supports the board, and the next one
when an engine refuses it while building.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError, BoardTooLargeError, LographError
from lograph.core.model.system import PressSystem

__all__ = [
    "Analysis",
    "EngineFactory",
    "PreparedSolver",
    "Solver",
    "available_engines",
    "get_solver",
    "register_engine",
]


@dataclass(frozen=True, eq=False)
class Analysis:
    """The linear algebra of a board's press matrix A over GF(p).

    Attributes
    ----------
    n : int
        Number of buttons.
    states : int
        The prime p.
    rank : int
        Rank of A.
    quiet : ndarray, shape (nullity, n), uint8
        A basis of ker A: press patterns that change no light.
    left_kernel : ndarray, shape (nullity, n), uint8
        A basis of ker Aᵀ: a light pattern b is solvable iff ``left_kernel @ b == 0 (mod p)``.
        Its dot products with b (the *syndrome*) name b's *world*.
    engine : str
        Name of the engine that computed it.
    free_buttons : int or None
        Free buttons of the chase plan the engine used (None for elimination engines).
    """

    n: int
    states: int
    rank: int
    quiet: NDArray[np.uint8]
    left_kernel: NDArray[np.uint8]
    engine: str
    free_buttons: int | None = None

    @property
    def nullity(self) -> int:
        return self.n - self.rank

    @property
    def solvable_count(self) -> int:
        """How many light patterns are solvable: p^rank."""
        return int(self.states**self.rank)

    @property
    def solvable_fraction(self) -> Fraction:
        """The solvable share of all p^n patterns: 1 / p^nullity."""
        return Fraction(1, self.states**self.nullity)

    @property
    def worlds(self) -> int:
        """Number of worlds (cosets of the solvable subspace): p^nullity."""
        return int(self.states**self.nullity)

    def syndrome(self, pattern: ArrayLike) -> tuple[int, ...]:
        """The world of a light pattern: its dot products with the left-kernel basis mod p."""
        vec = np.asarray(pattern, dtype=np.int64) % self.states
        if self.nullity == 0:
            return ()
        syn = (self.left_kernel.astype(np.int64) @ vec) % self.states
        return tuple(int(s) for s in syn)

    def world_index(self, pattern: ArrayLike) -> int:
        """The world as one number: the syndrome read as base-p digits (0 = solvable)."""
        index = 0
        for digit in self.syndrome(pattern):
            index = index * self.states + digit
        return index

    def is_solvable_pattern(self, pattern: ArrayLike) -> bool:
        """True when ``A x = pattern`` has a solution."""
        return not any(self.syndrome(pattern))


class Solver(Protocol):
    """A prepared board: its analysis plus a way to get one solution of ``A x = rhs``."""

    @property
    def system(self) -> PressSystem: ...

    @property
    def analysis(self) -> Analysis: ...

    def particular(self, rhs: NDArray[np.int64]) -> NDArray[np.uint8] | None:
        """One x (entries 0..p-1) with ``A x = rhs mod p``, or None if there is none."""
        ...


class PreparedSolver:
    """Plumbing shared by the engines' solvers: the `system` and `analysis` properties and
    validation of a right-hand side. Subclasses set ``_system`` and ``_analysis``."""

    _system: PressSystem
    _analysis: Analysis

    @property
    def system(self) -> PressSystem:
        return self._system

    @property
    def analysis(self) -> Analysis:
        return self._analysis

    def _rhs(self, rhs: ArrayLike) -> NDArray[np.int64]:
        """`rhs` as int64 values mod p, after checking its shape and type."""
        n = self._system.n
        vec = np.asarray(rhs)
        if vec.shape != (n,) or (vec.size and not np.issubdtype(vec.dtype, np.integer)):
            raise BoardError(f"right-hand side must be {n} integers, got shape {vec.shape}")
        return np.mod(vec.astype(np.int64), self._system.states)


#: An engine factory: ``factory(system, cancel)`` returns a Solver. `supports(system)` says
#: whether the engine can take this system at all, and `cost(system)` ranks candidates for
#: ``engine="auto"`` (lower is preferred).
@dataclass(frozen=True)
class EngineFactory:
    name: str
    build: Callable[[PressSystem, Callable[[], bool] | None], Solver]
    supports: Callable[[PressSystem], bool]
    preference: int
    limits: str = ""  # what `supports` accepts, for error messages ("up to 6000 buttons")


_ENGINES: dict[str, EngineFactory] = {}


def register_engine(factory: EngineFactory) -> None:
    """Make an engine available under its name (later registrations replace earlier)."""
    _ENGINES[factory.name] = factory


def _load_builtin_engines() -> None:
    # Imported lazily: engines import numba or galois, which take a while to load.
    import lograph.core.engines.chase_p
    import lograph.core.engines.galois

    try:
        import lograph.core.engines.fast  # noqa: F401
    except ModuleNotFoundError as exc:  # the fast engine is optional until it exists
        if exc.name != "lograph.core.engines.fast":
            raise


def available_engines() -> list[str]:
    """Names of the registered engines, best first."""
    _load_builtin_engines()
    return [f.name for f in sorted(_ENGINES.values(), key=lambda f: f.preference)]


def get_solver(
    system: PressSystem, engine: str = "auto", cancel: Callable[[], bool] | None = None
) -> Solver:
    """Prepare `system` with the named engine (or the best one that supports it).

    `cancel` is polled during long work; when it returns True the engine raises
    `InterruptedComputation`. In auto mode an engine that refuses the board while building
    (`BoardTooLargeError`, e.g. a chase leaving too many free buttons) hands it to the next
    candidate; when every engine refuses, the error lists each one's reason.
    """
    _load_builtin_engines()
    if engine == "auto":
        candidates = sorted(
            (f for f in _ENGINES.values() if f.supports(system)), key=lambda f: f.preference
        )
        refusals = []
        for factory in candidates:
            try:
                return factory.build(system, cancel)
            except BoardTooLargeError as exc:  # e.g. a chase leaving too many free buttons
                refusals.append(f"{factory.name}: {exc}")
        refusals += [
            f"{f.name}: {f.limits}" for f in _ENGINES.values() if f.limits and f not in candidates
        ]
        verb = "supports" if not candidates else "can analyse"
        raise BoardTooLargeError(
            f"no engine {verb} this board of {system.n} buttons with {system.states} "
            f"states ({'; '.join(refusals)})"
        )
    if engine not in _ENGINES:
        raise LographError(
            f"engine {engine!r} is unknown; choose from auto, {', '.join(available_engines())}"
        )
    factory = _ENGINES[engine]
    if not factory.supports(system):
        raise BoardTooLargeError(
            f"engine {engine!r} does not support this board of {system.n} buttons with "
            f"{system.states} states ({factory.limits or 'see --help'})"
        )
    return factory.build(system, cancel)
