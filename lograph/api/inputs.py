"""The library's door: any graph becomes a `Board`, once.

`board` takes whatever a scientist already has — a `Board`, a `PressSystem`, a networkx
graph, an adjacency matrix (numpy or scipy), a graph6 string, an edge list or a board file —
and `press_system` turns the same inputs into the press matrix the questions work on,
converting a `Board` once until it changes (`Board.to_system` caches its answer) and
preparing one solver per press matrix (`solver_of`), so that several questions asked of one
board eliminate once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem

if TYPE_CHECKING:
    import networkx as nx

    from lograph.core.algebra.analysis import Solver

__all__ = [
    "ACCEPTED",
    "board",
    "from_press_matrix",
    "press_matrix",
    "press_system",
    "read",
    "solver_of",
    "to_networkx",
    "write",
]

#: What every question accepts, as the one-line `TypeError` says.
ACCEPTED = (
    "a lograph Board or PressSystem, a networkx Graph or DiGraph, a numpy or scipy "
    "adjacency matrix, a graph6 string, an edge list [(u, v), ...] or a board file's path"
)

_GRAPH6_HEADER = ">>graph6<<"


def board(
    obj: Any,
    *,
    states: int | None = None,
    rule: str | None = None,
    lights: Any = None,
    name: str | None = None,
) -> Board:
    """Any graph as a lograph `Board`.

    Parameters
    ----------
    obj : Board, PressSystem, networkx graph, array, str, path or edge list
        A `Board` (returned as it is when no option changes it, else a changed copy); a
        `PressSystem`; a networkx ``Graph``/``DiGraph`` (node attributes ``light``, ``pos``
        and ``self_action`` are read when present, and the graph attributes ``rule``,
        ``states`` and ``name`` that `to_networkx` writes); a square numpy array or scipy
        sparse matrix read as an adjacency matrix (non-zero off the diagonal is an edge,
        directed when not symmetric; the rule decides whether a press changes its own light,
        as for any graph — give a press matrix to `from_press_matrix` instead); a graph6
        string; an edge list; or the path of any board file lograph reads.
    states : int, optional
        Number of light states (2..255); default: what the input says, else 2.
    rule : {"closed", "open"}, optional
        Whether a press changes its own light; default: what the input says, else closed.
    lights : int, array or mapping, optional
        The position: one value for every button, one value per button in button order,
        or ``{button: value}``.
    name : str, optional
        The board's name.

    Raises
    ------
    TypeError
        When `obj` is none of these, in one line naming what it got.

    Examples
    --------
    >>> import networkx as nx
    >>> b = board(nx.petersen_graph())
    >>> len(b), b.rule, b.states
    (10, 'closed', 2)
    >>> board([(0, 1), (1, 2)], rule="open").edges()
    [('0', '1'), ('1', '2')]
    """
    made = _board_of(obj, states, rule)
    given = made is obj  # the caller's own board: changed only on a copy
    if given and states is None and rule is None and lights is None and name is None:
        return made
    return _with_options(made.copy() if given else made, states, rule, lights, name)


def _with_options(
    made: Board, states: int | None, rule: str | None, lights: Any, name: str | None
) -> Board:
    """`made` (a board of lograph's own, not the caller's) with the options applied."""
    if states is not None and made.states != states:
        made.states = states
    if rule is not None and made.rule != rule:
        made.rule = rule
    if name is not None:
        made.name = name
    if lights is not None:
        every = isinstance(lights, int | np.integer)
        made.set_lights(np.full(len(made), lights) if every else lights)
    return made


def press_system(obj: Any) -> PressSystem:
    """The press matrix of anything `board` accepts (a `PressSystem` as it is; a `Board`'s
    cached conversion)."""
    if isinstance(obj, PressSystem):
        return obj
    if isinstance(obj, Board):
        return obj.to_system()
    if _is_networkx(obj):  # straight to the press matrix: no Board, no layout
        from lograph.core.model.convert import press_system_from_graph

        _check_simple(obj)
        attrs = obj.graph
        return press_system_from_graph(
            obj,
            rule=str(attrs.get("rule", "closed")),
            states=int(attrs.get("states", 2)),
            name=str(attrs.get("name", "")),
        )
    return _board_of(obj, None, None).to_system()


#: The last solver prepared, with its system and engine: a position changed on the same
#: board (a new system sharing the matrix's arrays) reuses it. One is kept, not more.
_LAST: list[tuple[PressSystem, str, Solver]] = []


def solver_of(system: PressSystem, engine: str = "auto") -> Solver:
    """The system's solver, eliminated once: kept on the system itself (so it lives as long
    as the system does, and goes with it), and reused for a system of the same matrix with
    other lights (what a `Board` gives after a press)."""
    from lograph.core.solve import prepare

    kept: dict[str, Solver] = system.__dict__.setdefault("_lograph_solvers", {})
    if engine in kept:
        return kept[engine]
    if _LAST and _same_matrix(_LAST[0][0], system) and _LAST[0][1] == engine:
        solver = _LAST[0][2]
    else:
        solver = prepare(system, engine)
    kept[engine] = solver
    _LAST[:] = [(system, engine, solver)]
    return solver


def _same_matrix(a: PressSystem, b: PressSystem) -> bool:
    """The same press matrix, known without comparing it: the very same arrays."""
    return a.indptr is b.indptr and a.indices is b.indices and a.states == b.states


def from_press_matrix(
    matrix: Any,
    *,
    states: int | None = None,
    lights: Any = None,
    name: str = "",
) -> Board:
    """The board whose press matrix is `matrix`: column ``w`` holds the lights that
    pressing button ``w`` changes (1 where it adds one, 0 elsewhere; the diagonal says
    whether a press changes its own light).

    `matrix` is a square numpy array, a scipy sparse matrix or a galois ``FieldArray``
    (whose prime field gives the number of states). Buttons are named ``0 .. n-1``.

    Parameters
    ----------
    matrix : array, scipy sparse matrix or galois FieldArray
        The square press matrix.
    states : int, optional
        The number of light states (default: the galois field's order, else 2).
    lights : array, optional
        The position, one value per button.
    name : str
        The board's name.

    Examples
    --------
    >>> import numpy as np
    >>> b = from_press_matrix(np.array([[1, 1], [0, 1]]))
    >>> b.directed, b.edges(), b.to_system().dense().tolist()
    (True, [('1', '0')], [[1, 1], [0, 1]])
    """
    field_states = _field_states(matrix)
    dense = _square(matrix, "press matrix")
    if np.any((dense != 0) & (dense != 1)):
        raise BoardError(
            "a press matrix holds 0 and 1 only: a press adds one to each light it changes"
        )
    rows, cols = np.nonzero(dense)
    made = _matrix_board(
        [str(i) for i in range(dense.shape[0])],
        rows,
        cols,
        states=states if states is not None else field_states or 2,
        name=name,
    )
    if lights is not None:
        made.set_lights(lights)
    return made


def _matrix_board(
    names: list[str],
    rows: np.ndarray,
    cols: np.ndarray,
    *,
    states: int,
    name: str,
    rule: str = "closed",
    directed: bool | None = None,
) -> Board:
    """The board whose press matrix has ones at (`rows`, `cols`): pressing ``cols[i]``
    changes ``rows[i]``."""
    n = len(names)
    entries = set(zip(rows.tolist(), cols.tolist(), strict=True))
    symmetric = all((w, u) in entries for u, w in entries)
    made = Board(
        directed=not symmetric if directed is None else directed,
        rule=rule,
        states=states,
        name=name,
    )
    on_itself = np.zeros(n, dtype=bool)
    for i, button in enumerate(names):
        made.add_button(button, pos=(float(i % 32), float(i // 32)))
    for u, w in sorted(entries, key=lambda e: (e[1], e[0])):
        if u == w:
            on_itself[u] = True
        elif made.directed or w < u:
            made.add_edge(names[w], names[u])  # pressing w changes u: the arc w -> u
    for i in np.flatnonzero(on_itself != (rule == "closed")).tolist():
        made.set_self_action(names[i], bool(on_itself[i]))
    return made


def press_matrix(obj: Any, *, field: bool = False) -> Any:
    """The press matrix of anything `board` accepts, as a dense numpy array of 0 and 1
    (column ``w``: the lights pressing ``w`` changes), or with `field` as a galois
    ``FieldArray`` over GF(p) for p states (galois has no Z_k for composite k).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    field : bool
        Return a galois ``FieldArray`` over GF(p) instead of a numpy array.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> press_matrix(rectangle(1, 3)).tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    >>> type(press_matrix(rectangle(1, 3), field=True)).__name__
    'GF2'
    """
    system = press_system(obj)
    dense = system.dense()
    if not field:
        return dense
    if not system.ring.is_field:
        raise BoardError(
            f"a board of {system.states} states counts in Z_{system.states}, not a field: "
            "galois has no array for it; use field=False"
        )
    import galois

    return galois.GF(system.states)(dense.astype(np.int64))


def to_networkx(made: Board) -> nx.Graph:
    """The board as a networkx graph: node attributes ``pos``, ``light`` and
    ``self_action``, graph attributes ``rule``, ``states`` and ``name``; `board` reads it
    back into an equal board.

    Parameters
    ----------
    made : Board
        The board.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> g = to_networkx(rectangle(2, 3))
    >>> g.number_of_nodes(), g.number_of_edges(), g.graph["rule"]
    (6, 7, 'closed')
    """
    graph = made.graph.__class__()
    graph.graph.update(rule=made.rule, states=made.states, name=made.name)
    for button in made.buttons:
        data = made.graph.nodes[button]
        graph.add_node(
            button,
            pos=tuple(data["pos"]),
            light=int(data["light"]),
            self_action=data["self_action"],
        )
    graph.add_edges_from(made.edges())
    return graph


def read(
    path: str | os.PathLike[str], *, states: int | None = None, rule: str | None = None
) -> Board:
    """Read a board file of any format lograph knows (by its extension).

    Parameters
    ----------
    path : str or path
        The board file; its extension names the format.
    states : int, optional
        The number of light states, instead of what the file says.
    rule : {"closed", "open"}, optional
        The rule, instead of what the file says.
    """
    from lograph.core.files import read_board

    made: Board = read_board(path, rule=rule, states=states)
    return made


def write(obj: Any, path: str | os.PathLike[str]) -> None:
    """Write a board to a file, atomically; the format comes from the extension.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path.
    path : str or path
        The file to write; its extension names the format.
    """
    from lograph.core.files import write_board

    write_board(board(obj), path)


# ----------------------------------------------------------------- conversions
def _board_of(obj: Any, states: int | None, rule: str | None) -> Board:
    if isinstance(obj, Board):
        return obj
    if isinstance(obj, PressSystem):
        return _system_board(obj)
    if _is_networkx(obj):
        return _graph_board(obj, states, rule)
    if isinstance(obj, np.ndarray) or _is_sparse(obj):
        return _graph_board(_adjacency_graph(obj), states, rule)
    if isinstance(obj, os.PathLike):
        return read(obj, states=states, rule=rule)
    if isinstance(obj, bytes | str):
        return _text_board(obj, states, rule)
    if isinstance(obj, Iterable) and not isinstance(obj, dict):
        return _graph_board(_edge_list_graph(obj), states, rule)
    raise TypeError(f"lograph cannot make a board of {_what(obj)}; it takes {ACCEPTED}")


def _what(obj: Any) -> str:
    kind = type(obj)
    shown = (
        f"{kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" else kind.__name__
    )
    return f"a {shown}"


def _is_networkx(obj: Any) -> bool:
    module = type(obj).__module__
    if not module.startswith("networkx"):
        return False
    import networkx as nx

    return isinstance(obj, nx.Graph)


def _is_sparse(obj: Any) -> bool:
    if not type(obj).__module__.startswith("scipy"):
        return False
    import scipy.sparse

    return bool(scipy.sparse.issparse(obj))


def _check_simple(graph: nx.Graph) -> None:
    if graph.is_multigraph():
        raise TypeError(
            "lograph cannot make a board of a networkx multigraph: a press changes a "
            "neighbour once however many edges join them; pass nx.Graph(G) or nx.DiGraph(G)"
        )


def _graph_board(graph: nx.Graph, states: int | None, rule: str | None) -> Board:
    _check_simple(graph)
    attrs = graph.graph
    return Board.from_graph(
        graph,
        rule=rule if rule is not None else str(attrs.get("rule", "closed")),
        states=states if states is not None else int(attrs.get("states", 2)),
        name=str(attrs.get("name", "")),
    )


def _square(matrix: Any, what: str) -> np.ndarray:
    if _is_sparse(matrix):
        matrix = matrix.toarray()
    dense = np.asarray(matrix).view(np.ndarray) if hasattr(matrix, "view") else np.asarray(matrix)
    if dense.ndim != 2 or dense.shape[0] != dense.shape[1]:
        raise BoardError(f"a {what} must be square, not of shape {dense.shape}")
    whole = np.issubdtype(dense.dtype, np.integer) or np.issubdtype(dense.dtype, np.bool_)
    if not whole and not (np.all(np.isfinite(dense)) and np.array_equal(dense, np.round(dense))):
        raise BoardError(f"a {what} holds whole numbers only")
    return dense.astype(np.int64)


def _adjacency_graph(matrix: Any) -> nx.Graph:
    import networkx as nx

    dense = _square(matrix, "adjacency matrix")
    directed = not np.array_equal(dense != 0, (dense != 0).T)
    graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    graph.add_nodes_from(range(dense.shape[0]))
    rows, cols = np.nonzero(dense)
    graph.add_edges_from(zip(rows.tolist(), cols.tolist(), strict=True))
    return graph


def _edge_list_graph(edges: Iterable[Any]) -> nx.Graph:
    import networkx as nx

    graph = nx.Graph()
    for edge in edges:
        if not isinstance(edge, tuple | list) or len(edge) != 2:
            raise TypeError(
                f"lograph cannot read {edge!r} as an edge: an edge list holds pairs (u, v)"
            )
        graph.add_edge(*edge)
    return graph


def _text_board(text: str | bytes, states: int | None, rule: str | None) -> Board:
    """A graph6 string, else the path of a board file."""
    raw = text.encode("latin-1", "replace") if isinstance(text, str) else text
    line = raw.strip().removeprefix(_GRAPH6_HEADER.encode())
    if line and b"\n" not in line and all(63 <= c <= 126 for c in line):
        from lograph.core.files import graph6

        return graph6.loads("graph6 string", line, rule=rule, states=states)
    if isinstance(text, bytes):
        raise BoardError("these bytes are not a graph6 string")
    return read(text, states=states, rule=rule)


def _system_board(system: PressSystem) -> Board:
    """A `PressSystem` as an editable board: its press matrix, names, lights, positions."""
    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    made = _matrix_board(
        list(system.names),
        system.indices,
        cols,
        states=system.states,
        name=system.name,
        rule=system.rule,
        directed=system.directed or not system.symmetric,
    )
    made.set_lights(system.lights)
    if system.positions is not None:
        for button, (x, y) in zip(made.buttons, system.positions.tolist(), strict=True):
            made.set_position(button, (float(x), float(y)))
    made.description = system.description
    return made


def _field_states(matrix: Any) -> int | None:
    """The order of a galois field array's prime field, or None for a plain array."""
    field = getattr(type(matrix), "order", None)
    if field is None or not type(matrix).__module__.startswith("galois"):
        return None
    characteristic = type(matrix).characteristic
    if type(matrix).degree != 1:
        raise BoardError(
            f"a press matrix over GF({characteristic}^{type(matrix).degree}) is not supported: "
            "lograph's lights count in a prime field or in Z_k"
        )
    return int(characteristic)
