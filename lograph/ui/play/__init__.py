"""Puzzles in the window: level packs, the designer, the lit-only rule, the score.

- `scoreboard`: timer, best possible count and the "Solved in N moves" verdict;
- `progress`: solved levels and best counts per pack, in QSettings;
- `packs`: opening a pack and loading its levels onto the board; `levels`: the Levels dock;
- `designer`: Play ▸ Design Puzzles… (generate, preview, export a pack);
- `tool`: the play tool under the lit-only rule;
- `controller`: the Play menu's actions for all of it.
"""

from lograph.ui.play.controller import PlayController
from lograph.ui.play.tool import LitOnlyPlayTool

__all__ = ["LitOnlyPlayTool", "PlayController"]
