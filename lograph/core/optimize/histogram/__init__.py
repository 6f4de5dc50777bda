"""The press histogram: how many solvable positions need exactly 0, 1, 2 … fewest presses.

`press_histogram` counts them exactly, from the quiet classes piece by piece where the
pieces have few class profiles, or by walking every press vector on small boards.
"""

from lograph.core.optimize.histogram._counting import (
    CLASS_DEGREE_LIMIT,
    HISTOGRAM_LIMIT,
    class_histogram,
    class_histogram_work,
    histogram_method,
    min_press_table,
    press_histogram,
    quiet_rows,
)

__all__ = [
    "CLASS_DEGREE_LIMIT",
    "HISTOGRAM_LIMIT",
    "class_histogram",
    "class_histogram_work",
    "histogram_method",
    "min_press_table",
    "press_histogram",
    "quiet_rows",
]
