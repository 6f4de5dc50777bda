"""A board played in a Jupyter notebook: an anywidget running the shared page's own script.

The widget's front end is `lograph.core.share.page.play_script` — the very ES module the
shared web page runs — with a few lines of glue appended that tie it to the widget's model;
its look is the page's (`play_style`, scoped to ``.lograph-play``). So the page and the
notebook play one implementation: the same drawing, moves, undo, hints, new games and
celebration.

The Python object follows the browser and the browser follows Python: each press made in
the notebook updates `PlayWidget.lights` and `PlayWidget.presses`, and with them the lights
of `PlayWidget.board`; a position set from Python (``w.lights = [...]``, or a new board with
``w.board = ...``) is shown at once as a new game.

Needs the ``notebook`` extra (``pip install 'lograph[notebook]'``): anywidget, which brings
ipywidgets. Nothing else in lograph imports this module, so ``import lograph`` loads neither.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import traitlets

from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.share.page import board_page, plain_drawing, play_script, play_style

try:
    import anywidget
except ImportError as exc:  # pragma: no cover - the notebook extra is part of the test extra
    raise ImportError("the play widget needs anywidget: pip install 'lograph[notebook]'") from exc

__all__ = ["PlayWidget", "play_widget"]

#: The widget's side of the model, appended to the page's module: mount `playBoard` in the
#: output cell, send every change of the game to Python, and start a new game from lights
#: set in Python (a change that is not already the position shown).
GLUE = """
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
export default {
  render({ model, el }) {
    let game = null;
    const send = ({ lights, presses }) => {
      if (same(lights, model.get("lights")) && same(presses, model.get("presses"))) return;
      model.set("lights", lights);
      model.set("presses", presses);
      model.save_changes();
    };
    const follow = () => {
      const lights = model.get("lights");
      if (lights.length === model.get("_data").board.ids.length && !same(lights, game.lights())) {
        game.play(lights);
      }
    };
    const mount = () => {
      if (game) game.stop();
      game = null;
      el.replaceChildren();
      game = playBoard(el, model.get("_data"), { changed: (state) => game && send(state) });
      follow();
    };
    mount();
    model.on("change:_data", mount);
    model.on("change:lights", follow);
    return () => {
      game.stop();
      model.off("change:_data", mount);
      model.off("change:lights", follow);
    };
  },
};
"""


class _Lights(traitlets.List):  # type: ignore[type-arg]
    """A list of light values that also takes a numpy array or numpy integers."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, (list, tuple, np.ndarray)):
            array = np.asarray(value)
            if array.ndim != 1 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
                raise traitlets.TraitError(f"lights must be a list of integers, not {value!r:.80}")
            value = [int(v) for v in array]
        return super().validate(obj, value)


class PlayWidget(anywidget.AnyWidget):
    """A board to play in a notebook, kept in step with Python both ways.

    Attributes
    ----------
    board : Board
        The board played (the object given, not a copy): its lights follow every press
        made in the notebook. Assign another board to play that one instead.
    lights : list of int
        The light of every button, in the board's order, as the notebook shows it now.
        Assign a list (or array) of values 0..k-1 to show that position as a new game.
    presses : list of str
        The ids of the buttons pressed in the notebook since the position was set, in order
        (undo takes the last one back). Read-only: it is the player's.
    solved : bool
        Whether every light is off.
    """

    _esm = play_script() + GLUE
    _css = play_style()
    #: The page's data for the board (`board_page`): drawing, press columns, hint tables.
    _data = traitlets.Dict().tag(sync=True)
    lights = _Lights(traitlets.Int()).tag(sync=True)
    #: Set by the front end (and emptied by a new board) only: read-only from Python.
    presses = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)

    def __init__(self, board: Board, **kwargs: Any) -> None:
        data = _page(board)
        self._board = board  # before the traits: checking lights asks the board
        super().__init__(_data=data, lights=board.lights().tolist(), **kwargs)

    @property
    def board(self) -> Board:
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        data = _page(board)
        self._board = board
        with self.hold_sync():
            self._data = data
            self.lights = board.lights().tolist()
            self.set_trait("presses", [])

    @property
    def solved(self) -> bool:
        return not any(self.lights)

    @traitlets.validate("lights")
    def _check_lights(self, proposal: dict[str, Any]) -> list[int]:
        values: list[int] = proposal["value"]
        n, k = len(self._board), self._board.states
        if len(values) != n:
            raise BoardError(f"{len(values)} lights given for a board of {n} buttons")
        if any(not 0 <= v < k for v in values):
            raise BoardError(f"lights must be in 0..{k - 1} on a board of {k} states")
        return values

    @traitlets.observe("lights")
    def _follow_lights(self, change: dict[str, Any]) -> None:
        self._board.set_lights(change["new"])

    def __repr__(self) -> str:
        lit = sum(1 for v in self.lights if v)
        return (
            f"<PlayWidget {self._board.name or 'board'!r}: {len(self.lights)} buttons, "
            f"{lit} lit, {len(self.presses)} presses>"
        )


def _page(board: Board) -> dict[str, Any]:
    """The page's data for `board`. Drawn by the Qt-free `plain_drawing`: the notebook
    package sits below the window's layer (wrap-around edges are drawn as lines)."""
    if not isinstance(board, Board):
        raise TypeError(f"a PlayWidget plays a lograph Board, not {type(board).__name__}")
    return board_page(board, plain_drawing(board))


def play_widget(board: Board) -> PlayWidget:
    """A widget that plays `board` in a notebook; its lights follow the presses made there.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> w = play_widget(rectangle(3, 3))
    >>> w.lights = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    >>> w.board.light("r0c0"), w.solved
    (1, False)
    """
    return PlayWidget(board)
