"""The solution map's answers for the current board, computed in the background: this
board's period under the solution map and under the press map (with the tail before the
cycle), each map's order (the longest period any board has) and the fixed boards (boards
that are their own solution). The mathematics: docs/math.md, "The solution map".

Two jobs on the window's runner, each with the runner's cancel hook and a token that names
what its answer belongs to: "dynamics" (the orders and the fixed boards: the press matrix
only) starts when an analysis is done; "orbit" (the periods: the matrix and the lights)
starts after it, and again once the lights have stayed unchanged for `SETTLE_MS`. They
never run at once, so the runner's other thread stays free for the fewest presses, hints
and the worst position. A structural edit drops every answer (the analysis model cancels
both channels); the panel's Cancel stops them.

Examples
--------
>>> answers = DynamicsAnswers(model)  # doctest: +SKIP
>>> answers.changed.connect(lambda: print(answers.orbits))  # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal

from lograph.core.errors import LographError
from lograph.core.model.system import PressSystem
from lograph.core.work import Work
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.jobs import Job

if TYPE_CHECKING:
    from lograph.core.dynamics import MapKind, MapOrder, Orbit

__all__ = ["DynamicsAnswers", "MapAnswers", "factor_text", "number_text"]

#: The runner channels of the two jobs (the analysis model cancels them on an edit).
ORDER_CHANNEL, ORBIT_CHANNEL = "dynamics", "orbit"
#: Quiet time after the last change of lights before the periods are computed again.
SETTLE_MS = 150


def number_text(value: int) -> str:
    """An integer with separators, or its size past 18 digits.

    >>> number_text(1234), number_text(10**30)
    ('1,234', 'a 31-digit number')
    """
    return f"{value:,}" if value < 10**18 else f"a {len(str(value))}-digit number"


def factor_text(factors: dict[int, int]) -> str:
    """A prime factorisation, smallest prime first.

    >>> factor_text({5: 1, 2: 3}), factor_text({})
    ('2^3 · 5', '1')
    """
    if not factors:
        return "1"
    return " · ".join(f"{p}^{e}" if e > 1 else f"{p}" for p, e in sorted(factors.items()))


@dataclass(frozen=True)
class MapAnswers:
    """What the "dynamics" job finds: each map's order and the solution map's fixed boards."""

    orders: dict[MapKind, MapOrder]
    fixed: NDArray[np.uint8]  # rows: a basis (generators over Z_k) of the fixed boards


def _orders_and_fixed(system: PressSystem, job: Job) -> MapAnswers:
    from lograph.core.dynamics import MapKind, fixed_boards, map_order

    work = Work(cancel=job, progress=job.report)
    orders = {kind: map_order(system, kind, work=work) for kind in MapKind}
    fixed = np.asarray(fixed_boards(system, MapKind.SOLUTION), dtype=np.uint8)
    return MapAnswers(orders, fixed.reshape(-1, system.n))


def _orbits(system: PressSystem, job: Job) -> dict[MapKind, Orbit]:
    from lograph.core.dynamics import MapKind, orbit

    work = Work(cancel=job, progress=job.report)
    return {kind: orbit(system, system.lights, kind, work=work) for kind in MapKind}


class DynamicsAnswers(QObject):
    """The solution map's answers, following the shared `AnalysisModel`.

    Signals
    -------
    changed()
        An answer arrived or was dropped, or a job started or failed.
    """

    changed = Signal()

    def __init__(self, model: AnalysisModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.document = model.document
        self.maps: MapAnswers | None = None
        self.orbits: dict[MapKind, Orbit] | None = None
        self.error = ""
        self._structure = -1  # the structure `maps` (or its job) belongs to
        self._orbits_wanted = False  # asked for while the orders were being computed
        model.analysis_changed.connect(self._analysis_changed)
        # a burst of presses (an animated solve, a chase) costs one periods' job, not one each
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.request_orbits)
        self.document.lights_changed.connect(self._lights_changed)

    def _lights_changed(self, _ids: list[str]) -> None:
        self.model.runner.cancel(ORBIT_CHANNEL)
        if self.orbits is not None:
            self.orbits = None
            self.changed.emit()
        self._settle.start()

    @property
    def running(self) -> bool:
        runner = self.model.runner
        busy = runner.is_running(ORDER_CHANNEL) or runner.is_running(ORBIT_CHANNEL)
        return busy or self._settle.isActive()

    def _analysis_changed(self) -> None:
        if self.model.solver is None:  # an edit (or a new analysis) for another matrix
            if self._structure != self.model.structure:
                self.maps, self.orbits, self.error = None, None, ""
                self.changed.emit()
            return
        if self._structure != self.model.structure:  # after Cancel: only when asked again
            self.request()

    # ------------------------------------------------------------------ the jobs
    def request(self) -> None:
        """Compute the orders, the fixed boards and the periods (again) for this board."""
        model = self.model
        if not len(self.document.board) or model.system is None:
            return
        self._structure = model.structure
        self.maps, self.error = None, ""
        system = self.document.press_system()
        model.runner.submit(
            ORDER_CHANNEL,
            lambda job: _orders_and_fixed(system, job),
            "Finding the solution map's order and fixed boards…",
            token=model.structure,
            current=lambda: model.structure,
            done=lambda _token, answers: self._store_maps(answers),
            failed=self._failed,
        )
        self.request_orbits()  # after this job: see below
        self.changed.emit()

    def request_orbits(self) -> None:
        """Compute this board's periods under both maps (again). While the orders are being
        computed this waits for them: the runner has two threads, and the other one stays
        free for the fewest presses and the hints."""
        model = self.model
        self.orbits = None
        if not len(self.document.board) or model.system is None:
            self.changed.emit()
            return
        if model.runner.is_running(ORDER_CHANNEL):
            self._orbits_wanted = True
            self.changed.emit()
            return
        self._orbits_wanted = False
        system = self.document.press_system()

        def token() -> object:
            return (model.structure, model.lights)

        model.runner.submit(
            ORBIT_CHANNEL,
            lambda job: _orbits(system, job),
            "Finding this board's periods…",
            token=token(),
            current=token,
            done=lambda _token, orbits: self._store_orbits(orbits),
            failed=self._failed,
        )
        self.changed.emit()

    def _store_maps(self, answers: MapAnswers) -> None:
        self.maps = answers
        self.changed.emit()
        if self._orbits_wanted:
            self.request_orbits()

    def _store_orbits(self, orbits: dict[MapKind, Orbit]) -> None:
        self.orbits = orbits
        self.changed.emit()

    def _failed(self, _token: object, error: BaseException) -> None:
        if self._orbits_wanted and not self.model.runner.is_running(ORDER_CHANNEL):
            self.request_orbits()  # the periods do not depend on the orders
        if not isinstance(error, LographError):
            raise error  # a bug: the window's error hook reports it
        self.error = str(error)
        self.changed.emit()
