"""The analysis dock: figures, the current position's world, quiet patterns, solutions on
the board, the worst position and the press histogram, computed off the GUI thread.

The state it shows is `lograph.ui.model.analysis.AnalysisModel` (shared with the chasing
dock); the parts here are

- `solution`: show solution, hint, solve step by step (overlay marks, undoable presses),
- `patterns`: the position section and the quiet-pattern browser,
- `histogram_view`: the bar chart,
- `figure_texts`, `figure_help`: what each figure means, and its "?" labels and tooltips,
- `panel`: the dock's widget, `dock`: the dock and the actions it contributes.
"""

from lograph.ui.analysis.dock import AnalysisDock

__all__ = ["AnalysisDock"]
