"""The worst position: the solvable position whose fewest presses is largest (the board's
"God's number", the covering radius of the quiet code), exact where it can be found and a
proven range beyond.

`worst_position` dispatches on the board's ring: over GF(2) on the quiet classes (counts
enumerated, the integer program, a search over class spectra, annealing for lower bounds);
over GF(p) and Z_k by walking every press vector, an integer program over shift classes,
or bounds.
"""

from lograph.core.optimize.worst._program import (
    PROGRAM_ENTRIES,
    ProgramWorst,
    program_entries,
    worst_program,
)
from lograph.core.optimize.worst._search import WorstPosition, worst_position
from lograph.core.optimize.worst._zk_anneal import ANNEAL_ENTRIES

__all__ = [
    "ANNEAL_ENTRIES",
    "PROGRAM_ENTRIES",
    "ProgramWorst",
    "WorstPosition",
    "program_entries",
    "worst_position",
    "worst_program",
]
