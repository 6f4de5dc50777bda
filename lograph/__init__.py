"""lograph: Lights Out on any graph.

One import gives the library::

    import lograph as lo
    import networkx as nx

    a = lo.analyze(nx.petersen_graph())   # rank, nullity, worlds, quiet patterns
    s = lo.fewest(lo.board(lo.rectangle(5, 5), lights=1))

Every question accepts a `Board`, a `PressSystem`, a networkx graph, an adjacency matrix,
a graph6 string, an edge list or a board file's path (see `board`). Names are loaded on
first use, so ``import lograph`` loads neither numba, Qt, galois nor the notebook widget.
The reference is docs/api.md and the documentation site built from docs/.
"""

import importlib as _importlib
import typing as _typing

__version__ = "0.1.0"

#: Each public name and the module it lives in.
_EXPORTS: dict[str, str] = {
    # boards
    "Board": "lograph.core.model.board",
    "PressSystem": "lograph.core.model.system",
    "board": "lograph.api.inputs",
    "from_press_matrix": "lograph.api.inputs",
    "press_matrix": "lograph.api.inputs",
    "solution_matrix": "lograph.api.matrices",
    "to_networkx": "lograph.api.inputs",
    "read": "lograph.api.inputs",
    "write": "lograph.api.inputs",
    # board generators
    "rectangle": "lograph.core.model.generators",
    "torus": "lograph.core.model.generators",
    "cylinder": "lograph.core.model.generators",
    "mobius": "lograph.core.model.generators",
    "klein": "lograph.core.model.generators",
    "projective": "lograph.core.model.generators",
    "diamond": "lograph.core.model.generators",
    "hexagonal": "lograph.core.model.generators",
    "triangular": "lograph.core.model.generators",
    "named": "lograph.core.model.generators",
    "random_graph": "lograph.core.model.generators",
    # questions
    "analyze": "lograph.api.questions",
    "solve": "lograph.api.questions",
    "is_solvable": "lograph.api.questions",
    "fewest": "lograph.api.questions",
    "worst": "lograph.api.questions",
    "histogram": "lograph.api.questions",
    "quiet_patterns": "lograph.api.questions",
    "worlds": "lograph.api.questions",
    "chase_plan": "lograph.api.questions",
    "chase_table": "lograph.api.questions",
    "dynamics": "lograph.api.questions",
    "lit_only": "lograph.api.questions",
    "puzzles": "lograph.api.questions",
    "census": "lograph.api.questions",
    "explain": "lograph.api.questions",
    "share": "lograph.api.questions",
    "play": "lograph.api.questions",
    # positions
    "preset": "lograph.api.positions",
    "transform": "lograph.api.positions",
    # answers
    "Analysis": "lograph.api.results",
    "Solution": "lograph.api.results",
    "Worst": "lograph.api.results",
    "Histogram": "lograph.api.results",
    "QuietPatterns": "lograph.api.results",
    "Worlds": "lograph.api.results",
    "ChasePlan": "lograph.api.results",
    "Dynamics": "lograph.api.results",
    "LitOnly": "lograph.api.results",
    "Explanation": "lograph.api.results",
    "Pack": "lograph.api.results",
    "Census": "lograph.api.results",
    # errors
    "LographError": "lograph.core.errors",
    "BoardError": "lograph.core.errors",
    "BoardFormatError": "lograph.core.errors",
    "BoardTooLargeError": "lograph.core.errors",
    "UnsolvableError": "lograph.core.errors",
}

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name: str) -> _typing.Any:
    """Load a public name on first use (PEP 562) and keep it."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lograph' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*(n for n in globals() if n.startswith("_")), *_EXPORTS})


def _register_notebook_display() -> None:
    """In IPython, draw boards as SVG: registered by the class's name, so nothing is
    imported until a board is shown (`lograph.notebook.display.board_svg`)."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatter = shell.display_formatter.formatters["image/svg+xml"]
    formatter.for_type_by_name("lograph.core.model.board", "Board", _board_svg)


def _board_svg(board: _typing.Any) -> str | None:
    from lograph.notebook.display import board_svg

    return board_svg(board)


_register_notebook_display()

if _typing.TYPE_CHECKING:  # what the lazy names are, for type checkers and editors
    from lograph.api.inputs import (
        board,
        from_press_matrix,
        press_matrix,
        read,
        to_networkx,
        write,
    )
    from lograph.api.matrices import solution_matrix
    from lograph.api.positions import preset, transform
    from lograph.api.questions import (
        analyze,
        census,
        chase_plan,
        chase_table,
        dynamics,
        explain,
        fewest,
        histogram,
        is_solvable,
        lit_only,
        play,
        puzzles,
        quiet_patterns,
        share,
        solve,
        worlds,
        worst,
    )
    from lograph.api.results import (
        Analysis,
        Census,
        ChasePlan,
        Dynamics,
        Explanation,
        Histogram,
        LitOnly,
        Pack,
        QuietPatterns,
        Solution,
        Worlds,
        Worst,
    )
    from lograph.core.errors import (
        BoardError,
        BoardFormatError,
        BoardTooLargeError,
        LographError,
        UnsolvableError,
    )
    from lograph.core.model.board import Board
    from lograph.core.model.generators import (
        cylinder,
        diamond,
        hexagonal,
        klein,
        mobius,
        named,
        projective,
        random_graph,
        rectangle,
        torus,
        triangular,
    )
    from lograph.core.model.system import PressSystem
