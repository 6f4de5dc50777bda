"""The Document's cached press matrix: reused for light changes, rebuilt after edits."""

from __future__ import annotations

import numpy as np

from lograph.core.model.generators import rectangle
from lograph.ui.model.commands import AddEdgesCommand, PressCommand, SetSelfActionsCommand
from lograph.ui.model.document import Document


def dense_of(document: Document) -> np.ndarray:
    return document.press_system().dense()


def test_light_changes_reuse_the_matrix_and_report_the_new_lights(qtbot) -> None:
    document = Document(rectangle(3, 3))
    first = document.press_system()
    document.push(PressCommand(document, "r1c1"))
    second = document.press_system()
    assert second.indices is first.indices  # same structure, not rebuilt
    assert second.lights.tolist() == document.board.lights().tolist()
    assert second.lights.tolist() != first.lights.tolist()


def test_structural_edits_rebuild_it(qtbot) -> None:
    document = Document(rectangle(3, 3))
    before = dense_of(document)
    document.push(AddEdgesCommand(document, [("r0c0", "r2c2")]))
    after = dense_of(document)
    assert after[document.board.index("r2c2"), document.board.index("r0c0")] == 1
    assert before[document.board.index("r2c2"), document.board.index("r0c0")] == 0
    np.testing.assert_array_equal(after, document.board.to_system().dense())
    document.push(SetSelfActionsCommand(document, {"r1c1": False}))
    np.testing.assert_array_equal(dense_of(document), document.board.to_system().dense())
    document.undo_stack.undo()
    document.undo_stack.undo()
    np.testing.assert_array_equal(dense_of(document), before)
    document.replace_board(rectangle(2, 2))
    assert document.press_system().n == 4
