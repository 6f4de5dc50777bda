"""Questions over all the solutions of a board, one subpackage per question.

- `lograph.core.optimize.fewest`: the fewest presses that clear a position, and how many
  solutions tie (`fewest_presses`, `solve_fewest`).
- `lograph.core.optimize.worst`: the worst position, the one needing the most presses
  (`worst_position`).
- `lograph.core.optimize.histogram`: how many positions need 0, 1, 2 … presses
  (`press_histogram`).
- `lograph.core.optimize.quiet`: what the three share: each button's quiet class, the quiet
  code's independent pieces, the board's symmetries on the quiet combinations.
- `lograph.core.optimize.lit_only`: the lit-only game (only a lit button may be pressed).
- `lograph.core.optimize.puzzles`: positions of a chosen difficulty (the puzzle designer).

Each subpackage publishes its names from its ``__init__``; the modules inside (named with a
leading underscore) hold the machinery for each number system and are private: the CLI and
the window import the front doors only (an import-linter contract checks it).

Every long search takes one `lograph.core.work.Work`: its cancel and progress hooks, its
deadline and its budgets (leaves, solutions walked ...), handed down to the work below.
"""
