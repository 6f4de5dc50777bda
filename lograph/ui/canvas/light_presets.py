"""The Lights menu's presets and transforms (LightsOutWeb's position buttons and keys): each
sets every light at once, as `lograph.core.model.presets.preset_lights` or
`lograph.core.model.transforms.transform_lights` says, in one undoable step.

An entry that has no meaning on the board (corners and checkers off a grid, shifts off a
full grid rectangle, a border on a board whose buttons all have as many neighbours) is
greyed out, its tooltip saying why (the core's `preset_problem` / `transform_problem`); the
entries follow every structural edit.

The keys are LightsOutWeb's where they clash with nothing: 4 corners, O border, P checkers,
B chessboard, R random solvable, I invert, Shift+I rotate states; its 0, 1 and F are second
keys of Clear All, All On and Random. Its bare arrow keys scroll the board and move through
lists here, so the shifts are Alt+arrows.

=========================  ==============  ===============================================
action (objectName)        shortcut        lights
=========================  ==============  ===============================================
``lights_corners``         4               the four corners lit
``lights_border``          O               the border lit
``lights_checkers``        P               every other cell of every other row lit
``lights_chessboard``      B               a chessboard (row + column odd) lit
``lights_solvable``        R               random, solvable to the goal
``lights_invert``          I               every light one state on (x + 1 mod k)
``lights_complement``      Ctrl+Alt+I      dark and lit swap (k - 1 - x)
``lights_rotate``          Shift+I         every non-zero light one state on, zeros kept
``lights_shift_left``      Alt+Left        every light one cell left, wrapping around
``lights_shift_right``     Alt+Right       … right
``lights_shift_up``        Alt+Up          … up
``lights_shift_down``      Alt+Down        … down
=========================  ==============  ===============================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from lograph.core.errors import BoardError
from lograph.ui.actions import make_action
from lograph.ui.model.commands import SetLightsCommand
from lograph.ui.model.document import STRUCTURAL, Document
from lograph.ui.model.session import Session

#: The action property naming why an entry is greyed out (`lograph.ui.help.tips` shows it).
UNAVAILABLE = "lograph_unavailable"

__all__ = ["EXTRA_KEYS", "PRESET_ACTIONS", "LightPresets", "PresetAction"]


@dataclass(frozen=True)
class PresetAction:
    """One entry: its objectName, the core's preset or transform name, text, key, tip."""

    name: str
    core: str
    transform: bool
    text: str
    keys: str
    tip: str


P = PresetAction
PRESET_ACTIONS: tuple[PresetAction | None, ...] = (
    P("lights_corners", "corners", False, "&Four Corners", "4", "Light the four corner cells"),
    P("lights_border", "border", False, "&Border", "O", "Light the border of the board"),
    P("lights_checkers", "checkers", False, "Chec&kers", "P",
      "Light every other cell of every other row"),
    P("lights_chessboard", "chessboard", False, "C&hessboard", "B",
      "Light the cells whose row + column is odd (or one colour of a two-coloured board)"),
    P("lights_solvable", "random-solvable", False, "Random &Solvable", "R",
      "Random lights from which the goal can be reached"),
    None,
    P("lights_invert", "invert", True, "&Invert", "I", "Every light one state on (x + 1 mod k)"),
    P("lights_complement", "complement", True, "Com&plement", "Ctrl+Alt+I",
      "Dark and lit swap places (k - 1 - x)"),
    P("lights_rotate", "rotate", True, "Ro&tate States", "Shift+I",
      "Every light that is on one state on; dark lights stay dark"),
    None,
    P("lights_shift_left", "shift-left", True, "Shift &Left", "Alt+Left",
      "Every light one cell left, the left column coming back on the right"),
    P("lights_shift_right", "shift-right", True, "Shift Ri&ght", "Alt+Right",
      "Every light one cell right, wrapping around"),
    P("lights_shift_up", "shift-up", True, "Shift &Up", "Alt+Up",
      "Every light one row up, the top row coming back at the bottom"),
    P("lights_shift_down", "shift-down", True, "Shift &Down", "Alt+Down",
      "Every light one row down, wrapping around"),
)  # fmt: skip

#: LightsOutWeb's keys for the presets the Lights menu already had: second shortcuts.
EXTRA_KEYS = {"lights_clear": "0", "lights_on": "1", "lights_random": "F"}


class LightPresets(QObject):
    """The presets' and transforms' actions, kept enabled where they mean something.

    Parameters
    ----------
    document : Document
        The board they change (one `SetLightsCommand` each).
    session : Session
        Its goal is the one "Random Solvable" is solvable to.
    rng : numpy.random.Generator
        The randomness of "Random Solvable".
    parent : QWidget
        The window (owner of the actions).

    Signals
    -------
    status(str)
        One line for the status bar (why nothing changed).
    """

    status = Signal(str)

    def __init__(
        self, document: Document, session: Session, rng: np.random.Generator, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.document, self.session, self.rng = document, session, rng
        self.actions: dict[str, QAction] = {}
        self.specs = {spec.name: spec for spec in PRESET_ACTIONS if spec is not None}
        for spec in self.specs.values():
            act = make_action(parent, spec.name, spec.text, spec.keys, spec.tip)
            act.triggered.connect(lambda _=False, name=spec.name: self.apply(name))
            self.actions[spec.name] = act
        for name in STRUCTURAL:
            getattr(document, name).connect(lambda *_: self.refresh())
        self.refresh()

    def menu_actions(self) -> list[QAction | None]:
        """The entries in menu order (None: a separator)."""
        return [None if spec is None else self.actions[spec.name] for spec in PRESET_ACTIONS]

    @staticmethod
    def add_keys(actions: dict[str, QAction]) -> None:
        """Give the Lights menu's older entries LightsOutWeb's keys as second shortcuts."""
        for name, key in EXTRA_KEYS.items():
            act = actions[name]
            act.setShortcuts([*act.shortcuts(), QKeySequence(key)])
            keys = ", ".join(k.toString() for k in act.shortcuts())
            act.setToolTip(f"{act.text().replace('&', '')} ({keys})")

    def problem(self, name: str) -> str | None:
        """Why entry `name` means nothing on the board now (None: it means something)."""
        from lograph.core.model.presets import preset_problem
        from lograph.core.model.transforms import transform_problem

        spec = self.specs[name]
        if not len(self.document.board):
            return "the board has no buttons"
        system = self.document.press_system()  # cached until the next structural edit
        if spec.transform:
            return transform_problem(system, spec.core)
        return preset_problem(system, spec.core)

    def refresh(self) -> None:
        """Enable each entry that means something on the board; say why the others do not."""
        for name, act in self.actions.items():
            spec, why = self.specs[name], self.problem(name)
            act.setProperty(UNAVAILABLE, why or "")  # the shortcut tooltip adds it
            act.setEnabled(why is None)
            act.setStatusTip(spec.tip if why is None else f"Not on this board: {why}")
            text = spec.text.replace("&", "")
            text = text if why is None else f"{text}: not on this board, {why}"
            act.setToolTip(f"{text} ({spec.keys})")  # as `help.tips` writes it

    def apply(self, name: str) -> bool:
        """Set the lights as entry `name` says, in one undoable step (False: nothing to do,
        or it means nothing on this board, said on the status bar)."""
        from lograph.core.model.presets import preset_lights
        from lograph.core.model.transforms import transform_lights

        spec, board = self.specs[name], self.document.board
        if not len(board):
            return False
        system = self.document.press_system()  # with the current lights
        try:
            if spec.transform:
                lights = transform_lights(system, spec.core)
            else:
                lights = preset_lights(system, spec.core, seed=self.rng, goal=self.session.goal)
        except BoardError as exc:  # greyed out already; a key can still reach here
            self.status.emit(f"{spec.text.replace('&', '')}: {exc}")
            return False
        if np.array_equal(lights, board.lights()):
            self.status.emit(f"{spec.text.replace('&', '')}: no light changes.")
            return False
        self.document.push(SetLightsCommand(self.document, lights, spec.text.replace("&", "")))
        return True
