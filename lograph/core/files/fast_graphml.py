"""GraphML text straight from a press system's arrays, without a networkx graph.

`system_text` writes exactly what `graphml.dumps` (networkx's ``generate_graphml``) writes
for the same board, a line per element, so a 250,000-button grid is written in a second
instead of building a graph and an XML tree first. Files in this very layout are
read back from arrays by `graphml_lines`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from xml.etree.ElementTree import Element, tostring

import numpy as np

from lograph.core.files.fast_json import CHUNK_LINES
from lograph.core.files.fast_json import system_chunks as json_chunks
from lograph.core.files.native_json import FORMAT_NAME, FORMAT_VERSION
from lograph.core.files.source import paused_gc
from lograph.core.model.checks import name_problem
from lograph.core.model.system import PressSystem

__all__ = ["FAST_WRITERS", "head_text", "system_chunks", "system_text", "writable"]

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
    'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">'
)
# Text ElementTree writes unchanged in an attribute or element (ASCII, nothing escaped).
_PLAIN = re.compile(r"[A-Za-z0-9 _.,:;!?#$%()*+/=@\[\]^`{|}~-]*")


def _attribute(text: str) -> str:
    """`text` as networkx's writer puts it in an attribute (escaped, non-ASCII as ``&#n;``)."""
    if _PLAIN.fullmatch(text):
        return text
    written: str = tostring(Element("e", v=text), encoding="us-ascii").decode("ascii")
    return written[len('<e v="') : -len('" />')]


def _data(key: int, text: str) -> str:
    if not text:
        return f'    <data key="d{key}" />'
    if not _PLAIN.fullmatch(text):
        element = Element("e")
        element.text = text
        text = tostring(element, encoding="us-ascii").decode("ascii")[len("<e>") : -len("</e>")]
    return f'    <data key="d{key}">{text}</data>'


def head_text(self_action: bool, directed: bool) -> str:
    """The lines up to the ``<graph>`` tag, as networkx writes them for a lograph board
    (with the ``self_action`` key when a button overrides the rule)."""
    lines = [_HEAD]
    if self_action:
        lines.append('  <key id="d8" for="node" attr.name="self_action" attr.type="boolean" />')
    keys = [("node", "light", "long"), ("node", "y", "double"), ("node", "x", "double")]
    keys += [("graph", "states", "long"), ("graph", "rule", "string")]
    keys += [("graph", "name", "string"), ("graph", "version", "long")]
    keys += [("graph", "format", "string")]
    for k, (scope, name, kind) in zip(range(7, -1, -1), keys, strict=True):
        lines.append(f'  <key id="d{k}" for="{scope}" attr.name="{name}" attr.type="{kind}" />')
    lines.append(f'  <graph edgedefault="{"directed" if directed else "undirected"}">')
    return "\n".join(lines)


def system_text(system: PressSystem, *, directed: bool | None = None) -> str:
    """The GraphML text of the board `system` describes (see `fast_json.system_text` for
    what a system cannot tell: `directed`, and overrides equal to the rule)."""
    return "".join(system_chunks(system, directed=directed))


def system_chunks(system: PressSystem, *, directed: bool | None = None) -> Iterator[str]:
    """`system_text` in pieces of about `CHUNK_LINES` elements (`fast_json.system_chunks`)."""
    if directed is None:  # what the system says (a directed board read from a file)
        directed = system.directed or not system.symmetric
    with paused_gc():  # millions of lines: no collector passes
        yield from _chunks(system, directed)


def _chunks(system: PressSystem, directed: bool) -> Iterator[str]:
    positions = system.positions if system.positions is not None else np.zeros((system.n, 2))
    cols = np.repeat(np.arange(system.n, dtype=np.int64), np.diff(system.indptr))
    rows = system.indices
    diagonal = np.zeros(system.n, dtype=bool)
    diagonal[cols[rows == cols]] = True
    overridden = diagonal != (system.rule == "closed")
    ids = [_attribute(v) for v in system.names]
    yield head_text(bool(overridden.any()), directed) + "\n"
    flags = ["True" if d else "False" for d in diagonal.tolist()]
    for start in range(0, system.n, CHUNK_LINES):
        stop = start + CHUNK_LINES
        nodes = []
        for ident, (x, y), light, over, flag in zip(
            ids[start:stop],
            positions[start:stop].tolist(),
            system.lights[start:stop].tolist(),
            overridden[start:stop].tolist(),
            flags[start:stop],
            strict=True,
        ):
            override = f'      <data key="d8">{flag}</data>\n' if over else ""
            nodes.append(
                f'    <node id="{ident}">\n      <data key="d5">{x!r}</data>\n'
                f'      <data key="d6">{y!r}</data>\n      <data key="d7">{light}</data>\n'
                f"{override}    </node>\n"
            )
        yield "".join(nodes)
    keep = rows != cols if directed else rows > cols
    sources, targets = cols[keep], rows[keep]
    for start in range(0, len(sources), CHUNK_LINES):
        pairs = zip(
            sources[start : start + CHUNK_LINES].tolist(),
            targets[start : start + CHUNK_LINES].tolist(),
            strict=True,
        )
        yield "".join(f'    <edge source="{ids[u]}" target="{ids[v]}" />\n' for u, v in pairs)
    graph_data = [FORMAT_NAME, str(FORMAT_VERSION), system.name, system.rule, str(system.states)]
    yield "".join(_data(k, text) + "\n" for k, text in enumerate(graph_data))
    yield "  </graph>\n</graphml>\n"


def writable(system: PressSystem) -> bool:
    """Whether GraphML can hold the board (no control characters in its name or ids); when
    not, the board path (`graphml.cannot_hold`) words the refusal."""
    from lograph.core.files.graphml import _NOT_XML

    if name_problem(system.name) is not None:
        return False  # the board path (`write_board`) words the refusal
    return not any(_NOT_XML.search(text) for text in (system.name, *system.names))


#: Formats a board can be written in straight from a press system: name -> (can it hold
#: the board, the text in pieces for `atomic_write_chunks`).
FAST_WRITERS: dict[
    str, tuple[Callable[[PressSystem], bool], Callable[[PressSystem], Iterator[str]]]
] = {
    "json": (lambda system: name_problem(system.name) is None, json_chunks),
    "graphml": (writable, system_chunks),
}
