"""Optimisation over the solutions of a board: fewest presses, the worst position and the
press histogram."""
