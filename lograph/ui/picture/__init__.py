"""Pictures of a board, drawn by the canvas's own code without a window or a dialog.

- `render`: a `BoardScene` as PNG or SVG bytes or a file, with the marks an export asks for
  (the fewest-presses solution, the chase plan); shared by File ▸ Export, the Getting
  Started pictures and the headless ``lograph render``;
- `preview`: a small read-only picture of a `Board` as a widget (the New Board dialog, the
  puzzle designer).

Nothing here imports dialog, dock or window code, so ``lograph render`` needs only Qt's
offscreen platform.
"""
