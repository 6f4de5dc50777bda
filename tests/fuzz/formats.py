"""Format-aware mutations (JSON structure, GraphML XML, ASCII settings, graph6 headers) and
`make_case`, which picks a sample and a mutation deterministically from (seed, index)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

from tests.fuzz.mutators import (
    BILLION_LAUGHS,
    EXTERNAL_ENTITY,
    GENERIC,
    NASTY_NUMBERS,
    NASTY_VALUES,
    SAMPLES,
    Case,
    samples,
)


def _json_doc(rng: random.Random, data: bytes) -> bytes:
    doc: dict[str, Any] = json.loads(data)
    nodes, edges = doc["nodes"], doc["edges"]
    choice = rng.randrange(9)
    if choice == 0:  # a field of the header, a node or an edge gets a wrong value
        target = rng.choice([doc, rng.choice(nodes), *(edges[:1] or [doc])])
        target[rng.choice(list(target))] = rng.choice(NASTY_VALUES)
    elif choice == 1:
        nodes.append(dict(rng.choice(nodes)))  # a duplicate id
    elif choice == 2:
        edges.append({"source": nodes[0]["id"], "target": "no-such-button"})
    elif choice == 3:
        del rng.choice(nodes)[rng.choice(["id", "pos", "light"])]
    elif choice == 4:
        rng.choice(nodes)["pos"] = [rng.choice([1e308, -1e308, 10**400, 0]), 0]
    elif choice == 5:
        doc[rng.choice(["nodes", "edges", "states", "rule", "directed"])] = rng.choice(NASTY_VALUES)
    elif choice == 6:
        rng.choice(nodes)["id"] = rng.choice(["\udc00", "\ud800x", "a\tb", " a", "é" * 2000])
    elif choice == 7:  # deep nesting, as text: json.dumps itself would recurse
        depth = rng.choice([50, 5_000, 200_000])
        text = json.dumps(doc).replace('"graph": {}', '"graph": ' + "[" * depth + "]" * depth)
        return text.encode()
    else:
        doc["states"] = int(rng.choice(NASTY_NUMBERS[:3]))
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def _graphml(rng: random.Random, data: bytes) -> bytes:
    text = data.decode()
    body = text.split("\n", 1)[1]
    choice = rng.randrange(8)
    if choice == 0:
        laughs = "&lol9;" if rng.random() < 0.5 else "&lol3;"
        return (
            BILLION_LAUGHS + body.replace("<graph ", f"<desc>{laughs}</desc><graph ", 1)
        ).encode()
    if choice == 1:
        return (EXTERNAL_ENTITY + body.replace("<graph ", "<desc>&xxe;</desc><graph ", 1)).encode()
    if choice == 2:
        kind = rng.choice(["boolean", "int", "long", "double", "float", "string"])
        key = f'<key id="dz" for="node" attr.name="z" attr.type="{kind}"><default></default></key>'
        return text.replace("<graph ", key + "<graph ", 1).encode()
    if choice == 3:
        return text.replace("<node ", '<node><port name="p"/></node><node ', 1).encode()
    if choice == 4:
        new = rng.choice(["boolean", "string", "double", "int", "nonsense"])
        return text.replace('attr.type="long"', f'attr.type="{new}"', 1).encode()
    if choice == 5:
        return text.replace("</graph>", '<edge source="r0c0" target="ghost"/></graph>').encode()
    if choice == 6:
        inner = '<node id="n"><graph edgedefault="directed"><node id="m"/></graph></node>'
        return text.replace("</graph>", inner + "</graph>").encode()
    value = rng.choice(NASTY_NUMBERS)
    return text.replace(">0<", f">{value}<", 1).replace(">0.0<", f">{value}<", 1).encode()


def _ascii(rng: random.Random, data: bytes) -> bytes:
    key = rng.choice(["states", "rule", "name"])
    value = rng.choice([*NASTY_NUMBERS, "open", "closed", "x" * 10_000, "\x00", "\udc00"])
    head = f"# {key}: {value}\n".encode("utf-8", "surrogatepass")
    return head + data if rng.random() < 0.7 else data + b"\t1\n" + "1\u0663".encode()


def _graph6(rng: random.Random, data: bytes) -> bytes:
    choice = rng.randrange(6)
    if choice == 0:  # a header claiming about 10⁹ buttons, with little after it
        n = rng.choice([10**9, 2**36 - 1, 258_048, 250_001])
        head = b"~~" + bytes(63 + ((n >> (6 * k)) & 63) for k in range(5, -1, -1))
        return head + b"?" * rng.randint(0, 50)
    if choice == 1:
        n = rng.choice([63, 1000, 70_000])
        return b"~" + bytes(63 + ((n >> (6 * k)) & 63) for k in range(2, -1, -1)) + b"~" * 10
    if choice == 2:
        return bytes(rng.randrange(63, 127) for _ in range(rng.randint(1, 400)))
    if choice == 3:
        return rng.choice([b":Fa@x^", b"&Bg", b">>graph6<<", b">>sparse6<<:A"]) + data
    if choice == 4:
        return data.rstrip() + b"\n" + data
    return complete_graph6(rng.choice([50, 300, 1500]))  # 1500: 1.1 million edges


def complete_graph6(n: int) -> bytes:
    """The graph6 line of the complete graph on `n` < 258048 buttons, built directly (fast)."""
    if n < 63:
        head = bytes([63 + n])
    else:
        head = b"~" + bytes(63 + ((n >> (6 * k)) & 63) for k in range(2, -1, -1))
    full, rest = divmod(n * (n - 1) // 2, 6)
    tail = bytes([63 + ((1 << rest) - 1 << (6 - rest))]) if rest else b""
    return head + b"~" * full + tail


SPECIFIC: dict[str, Callable[[random.Random, bytes], bytes]] = {
    ".json": _json_doc,
    ".graphml": _graphml,
    ".txt": _ascii,
    ".g6": _graph6,
}


def make_case(seed: int, index: int) -> Case:
    """The fuzz case number `index` of a run with `seed`: the `targeted` cases first, then a
    sample mutated once or more."""
    fixed = targeted()
    if index < len(fixed):
        what, ext, data = fixed[index]
        return Case(index, ext, data, what, "targeted")
    rng = random.Random(f"{seed}:{index}")
    ext = rng.choice(sorted(SPECIFIC))  # each format alike, whatever the samples' mix
    sample = rng.choice([p for p in samples() if p.suffix == ext])
    data = sample.read_bytes()
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if not data:
            break
        if rng.random() < 0.45:
            name, mutate = f"{sample.suffix[1:]}-specific", SPECIFIC[sample.suffix]
        else:
            name, mutate = rng.choice(sorted(GENERIC.items()))
        try:
            data = mutate(rng, data)
        except Exception:
            # The structural mutations need an intact sample; on an already broken one,
            # fall back to a byte flip so the case still counts.
            name, data = "flip", GENERIC["flip"](rng, data or b"x")
        steps.append(name)
    return Case(index, sample.suffix, data, "+".join(steps), sample.name)


def _with(sample: str, old: str, new: str) -> bytes:
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    assert old in text, (sample, old)
    return text.replace(old, new, 1).encode("utf-8", "surrogatepass")


_EMPTY_DEFAULT = '<key id="dz" for="node" attr.name="z" attr.type="boolean"><default/></key>'
_GRAPHML_LONG_X = """<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="x" for="node" attr.name="x" attr.type="long"/>
<key id="y" for="node" attr.name="y" attr.type="long"/>
<key id="l" for="node" attr.name="light" attr.type="long"/>
<graph edgedefault="undirected"><node id="a"><data key="x">X</data><data key="y">0</data></node>
</graph></graphml>
"""


@functools.cache
def targeted() -> list[tuple[str, str, bytes]]:
    """The crash classes and the bounds every reader must keep, one case each:
    (what, extension, bytes). These are the first cases of every run."""
    huge = "9" * 4301
    big_grid = (b"1" * 4097 + b"\n") * 4096
    many = '{"nodes": [' + ",".join(f'{{"id": {k}}}' for k in range(250_001)) + "]}"
    return [
        ("4301-digit light", ".json", _with("petersen.json", '"light": 0', f'"light": {huge}')),
        ("4301-digit id", ".json", _with("petersen.json", '"id": "0"', f'"id": {huge}')),
        (
            "huge integer position",
            ".json",
            _with("petersen.json", '"pos": [', f'"pos": [1{"0" * 400}, 0], "x": ['),
        ),
        (
            "1e400 position",
            ".json",
            _with("petersen.json", '"pos": [', '"pos": [1e400, 0], "x": ['),
        ),
        ("NaN position", ".json", _with("petersen.json", '"pos": [', '"pos": [NaN, 0], "x": [')),
        ("surrogate id", ".json", _with("petersen.json", '"id": "0"', '"id": "\\udc00"')),
        ("surrogate name", ".json", _with("petersen.json", '"name": "', '"name": "\\udc00')),
        (
            "huge prime states json",
            ".json",
            _with("petersen.json", '"states": 2', '"states": 2305843009213693951'),
        ),
        ("huge prime states txt", ".txt", b"# states: 2305843009213693951\n101\n"),
        ("4301-digit states txt", ".txt", f"# states: {huge}\n101\n".encode()),
        (
            "huge prime states graphml",
            ".graphml",
            _with(
                "triangular-3x4.graphml", '<data key="d4">2<', '<data key="d4">2305843009213693951<'
            ),
        ),
        (
            "empty key default",
            ".graphml",
            _with(
                "triangular-3x4.graphml",
                "<graph ",
                _EMPTY_DEFAULT + "<graph ",
            ),
        ),
        (
            "graphml port",
            ".graphml",
            _with("triangular-3x4.graphml", '<node id="r0c0">', '<node id="r0c0"><port name="p"/>'),
        ),
        (
            "huge graphml position",
            ".graphml",
            _GRAPHML_LONG_X.replace("X", "1" + "0" * 400).encode(),
        ),
        (
            "4301-digit graphml light",
            ".graphml",
            _GRAPHML_LONG_X.replace("X", "0")
            .replace('<data key="y">0', f'<data key="y">0</data><data key="l">{huge}')
            .encode(),
        ),
        (
            "billion laughs",
            ".graphml",
            (
                BILLION_LAUGHS
                + (SAMPLES / "triangular-3x4.graphml")
                .read_text()
                .split("\n", 1)[1]
                .replace("<graph ", "<desc>&lol9;</desc><graph ", 1)
            ).encode(),
        ),
        (
            "external entity",
            ".graphml",
            (
                EXTERNAL_ENTITY
                + (SAMPLES / "triangular-3x4.graphml")
                .read_text()
                .split("\n", 1)[1]
                .replace("<graph ", "<desc>&xxe;</desc><graph ", 1)
            ).encode(),
        ),
        (
            "graph6 header of 10^9 buttons",
            ".g6",
            b"~~" + bytes(63 + ((10**9 >> (6 * k)) & 63) for k in range(5, -1, -1)) + b"??",
        ),
        ("graph6 complete graph on 6800 buttons (3.85 MB)", ".g6", complete_graph6(6800)),
        (
            "json nested 200000 deep",
            ".json",
            b'{"nodes": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
        ),
        ("txt line of 300000 cells", ".txt", b"1" * 300_000 + b"\n"),
        ("txt grid of 4096x4097 cells", ".txt", big_grid),
        ("json with 250001 buttons", ".json", many.encode()),
    ]
