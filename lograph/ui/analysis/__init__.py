"""The analysis dock: figures, the current position's world, quiet patterns, solutions on
the board, the worst position and the press histogram, computed off the GUI thread.

`install(window)` adds it to a `MainWindow`; the parts are

- `jobs`: background jobs (thread pool, one current job per channel, cancel),
- `model`: the analysis state following the Document (revisions, debounce, stale drops),
- `position`: where the lights stand (their world), followed press by press,
- `solution`: show solution, hint, solve step by step (overlay marks, undoable presses),
- `patterns`: the position section and the quiet-pattern browser,
- `histogram_view`: the bar chart,
- `panel`: the dock's widget, `dock`: actions, menu and shortcuts.
"""

from lograph.ui.analysis.dock import AnalysisDock, install

__all__ = ["AnalysisDock", "install"]
