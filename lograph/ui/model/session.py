"""The window's session: the one owner of the goal, the interaction mode, the lit-only rule
and which overlays are shown. Every reader asks the Session; every control (menu action, dock
button, check box) is a view of it, bound both ways with `bind_toggle`.

Examples
--------
>>> session = Session()
>>> session.goal, session.mode, session.shows("solution"), session.lit_only
('off', 'edit', False, False)
>>> session.set_goal("on")
>>> session.target(3)  # the light value every button must reach with three states
2
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton

__all__ = ["GOALS", "MODES", "OVERLAYS", "Session", "bind_toggle"]

GOALS = ("off", "on")
MODES = ("edit", "lights", "play")
#: The overlays a control can show or hide: the fewest-presses solution, the chase plan,
#: the quiet pattern chosen in the browser, the patterns the position fails, the inverse
#: solution (the press map's image), the fixed board chosen in its browser, and the cells
#: stable since the map was first stepped (all of them, or the lit ones).
OVERLAYS = (
    "solution", "chase_plan", "quiet", "world", "inverse", "fixed", "stability", "lit_stability",
)  # fmt: skip


class Session(QObject):
    """Goal, mode, lit-only rule and shown overlays, with one change signal each (emitted on
    real changes only: setting the value a session already has is silent)."""

    goal_changed = Signal(str)
    mode_changed = Signal(str)
    overlay_changed = Signal(str, bool)  # (overlay name, shown)
    lit_only_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._goal = "off"
        self._mode = "edit"
        self._lit_only = False
        self._shown: set[str] = {"world"}  # the failed pattern is drawn until unticked

    # ------------------------------------------------------------------ goal
    @property
    def goal(self) -> str:
        """``"off"`` (win with every light off) or ``"on"`` (every light at its top value)."""
        return self._goal

    def set_goal(self, goal: str) -> None:
        if goal not in GOALS:
            raise ValueError(f"goal must be one of {GOALS}, not {goal!r}")
        if goal != self._goal:
            self._goal = goal
            self.goal_changed.emit(goal)

    def target(self, states: int) -> int:
        """The light value of the goal on a board with `states` states."""
        return 0 if self._goal == "off" else states - 1

    # ------------------------------------------------------------------ mode
    @property
    def mode(self) -> str:
        return self._mode

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if mode != self._mode:
            self._mode = mode
            self.mode_changed.emit(mode)

    # ------------------------------------------------------------------ lit-only rule
    @property
    def lit_only(self) -> bool:
        """Play by the lit-only rule: only a button whose light is on may be pressed (the
        play tool refuses the others; Hint and Solve give ordered lit-only presses)."""
        return self._lit_only

    def set_lit_only(self, on: bool) -> None:
        if bool(on) != self._lit_only:
            self._lit_only = bool(on)
            self.lit_only_changed.emit(self._lit_only)

    # ------------------------------------------------------------------ overlays
    def shows(self, name: str) -> bool:
        return name in self._shown

    def set_shown(self, name: str, shown: bool) -> None:
        if name not in OVERLAYS:
            raise ValueError(f"overlay must be one of {OVERLAYS}, not {name!r}")
        if shown != (name in self._shown):
            if shown:
                self._shown.add(name)
            else:
                self._shown.discard(name)
            self.overlay_changed.emit(name, shown)


def bind_toggle(
    control: QAction | QAbstractButton,
    read: Callable[[], bool],
    write: Callable[[bool], None],
    changed: SignalInstance,
) -> None:
    """Make a checkable `control` a view of one boolean of the session.

    Toggling the control writes the session; the session's `changed` signal (whatever its
    arguments) sets the control from `read()`. Both directions settle at once, since the
    session is silent when nothing changes and Qt's `setChecked` is silent too.
    """
    control.setCheckable(True)
    control.setChecked(read())
    control.toggled.connect(write)
    changed.connect(lambda *_: control.setChecked(read()))
