"""The play widget without a browser: what the front end sends reaches the board, what
Python sets is sent to the front end, bad positions are refused in one line, and the
front end is the shared page's own script."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import traitlets

from lograph.core.errors import BoardError
from lograph.core.model.generators import rectangle, torus
from lograph.core.share.page import page_html, play_script, play_style
from lograph.notebook.widget import PlayWidget, play_widget
from tests.cli.helpers import fresh_interpreter


class Frontend:
    """Stands in for the widget's comm: records the updates Python sends."""

    kernel = object()  # ipywidgets sends only over a comm that has a kernel

    def __init__(self, comm_id: str) -> None:
        self.comm_id = comm_id
        self.sent: list[dict[str, Any]] = []

    def send(self, data: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append(data)

    def on_msg(self, callback: Any) -> None:
        self.receive = callback

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def updates(self, key: str) -> list[Any]:
        return [m["state"][key] for m in self.sent if m["method"] == "update" and key in m["state"]]


def from_browser(widget: PlayWidget, **state: Any) -> None:
    """Deliver an update message as the front end sends one after a press."""
    widget.comm.receive({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


@pytest.fixture
def widget() -> PlayWidget:
    board = rectangle(3, 3)
    board.set_lights(np.ones(9, dtype=np.uint8))
    made = play_widget(board)
    made.comm = Frontend(made.comm.comm_id)
    return made


def test_presses_made_in_the_browser_reach_the_board(widget: PlayWidget) -> None:
    board = widget.board
    after = board.copy()
    after.press("r1c1")  # what the page's script computes for this press
    from_browser(widget, lights=after.lights().tolist(), presses=["r1c1"])
    assert widget.presses == ["r1c1"]
    assert widget.lights == after.lights().tolist()
    assert board.lights().tolist() == after.lights().tolist()  # the very object given
    assert widget.board is board
    assert not widget.solved


def test_a_position_set_in_python_is_sent_to_the_browser(widget: PlayWidget) -> None:
    frontend = widget.comm
    widget.lights = np.array([0, 1, 0, 1, 1, 1, 0, 1, 0])
    assert frontend.updates("lights") == [[0, 1, 0, 1, 1, 1, 0, 1, 0]]
    assert widget.board.lights().tolist() == [0, 1, 0, 1, 1, 1, 0, 1, 0]
    widget.lights = [0] * 9
    assert widget.solved


def test_a_new_board_is_sent_whole(widget: PlayWidget) -> None:
    frontend = widget.comm
    other = torus(3, 4)
    other.set_light("r2c3", 1)
    widget.board = other
    (data,) = frontend.updates("_data")
    assert data["board"]["ids"] == list(other.buttons)
    assert frontend.updates("lights")[-1] == other.lights().tolist()
    assert widget.presses == []
    json.dumps(data)  # the page's data travels as JSON


@pytest.mark.parametrize(
    ("lights", "says"),
    [([1, 0], "2 lights given for a board of 9 buttons"), ([2] * 9, "lights must be in 0..1")],
)
def test_bad_positions_are_refused_in_one_line(
    widget: PlayWidget, lights: list[int], says: str
) -> None:
    before = widget.lights
    with pytest.raises(BoardError, match=says):
        widget.lights = lights
    assert widget.lights == before
    assert widget.comm.updates("lights") == []


def test_presses_are_the_players(widget: PlayWidget) -> None:
    from_browser(widget, presses=["r0c0"])
    with pytest.raises(traitlets.TraitError, match="read-only"):
        widget.presses = []
    assert widget.presses == ["r0c0"]
    widget.board = rectangle(2, 2)  # a new board: no presses yet
    assert widget.presses == []


def test_only_boards_are_played() -> None:
    with pytest.raises(TypeError, match="plays a lograph Board, not list"):
        play_widget([[0, 1], [1, 0]])  # type: ignore[arg-type]


def test_the_widget_runs_the_pages_own_script() -> None:
    board = rectangle(2, 2)
    widget = play_widget(board)
    assert widget._esm.startswith(play_script())  # the same module, glue appended
    assert "export default" in widget._esm[len(play_script()) :]
    assert widget._css == play_style()
    assert play_script() in page_html(widget._data)  # and the page runs it too
    assert widget._data["board"]["ids"] == list(board.buttons)


def test_importing_lograph_loads_no_widget_library(tmp_path: Path) -> None:
    child = (
        "import json, sys\n"
        "import lograph, lograph.notebook\n"
        "print(json.dumps({m: m in sys.modules for m in ('anywidget', 'ipywidgets')}))\n"
    )
    loaded = fresh_interpreter(child, (), tmp_path, {})
    assert loaded == {"anywidget": False, "ipywidgets": False}
