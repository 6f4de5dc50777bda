"""Puzzles in the window: level packs, the designer, the lit-only switch, the score.

- `scoreboard`: timer, best possible count and the "Solved in N moves" verdict;
- `progress`: solved levels and best counts per pack, in QSettings;
- `packs`: opening a pack and loading its levels onto the board; `levels`: the Levels dock;
- `designer`: Play ▸ Design Puzzles… (generate, preview, export a pack);
- `controller`: the Play menu's actions for all of it, placed through a `DockHost`.

The play tool itself (pressing, the lit-only rule, a new game on activation) is
`lograph.ui.canvas.tools.PlayTool`.
"""

from lograph.ui.play.controller import DockHost, PlayController

__all__ = ["DockHost", "PlayController"]
