"""Mutations of the sample boards: the malformed files a tester (or an attacker) would try.

`make_case(seed, index)` is deterministic: the same seed and index give the same file, so a
crash found by a long run is reproduced by ``python benchmarks/fuzz.py --show INDEX``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import lograph

SAMPLES = Path(lograph.__file__).parent / "samples"

#: Numbers that broke or could break readers: Python's 4300-digit limit, beyond-float
#: integers, a huge prime, negatives, non-numbers.
NASTY_NUMBERS = (
    "9" * 4301,
    "1" + "0" * 400,
    "2305843009213693951",
    "-1",
    "-0",
    "0",
    "1e400",
    "-1e400",
    "NaN",
    "Infinity",
    "-Infinity",
    "1.5",
    "255",
    "256",
    "4294967297",
    "18446744073709551617",
    "0x10",
    "1_000",
    "",
    "٣",
)
NASTY_VALUES: tuple[object, ...] = (
    None,
    True,
    [],
    {},
    "x",
    "",
    " 1",
    [1, 2, 3],
    {"a": 1},
    10**40,
    -(10**40),
    1.5,
    "\udc00",
    "\x00",
    "a\nb",
    "\u202e",
    [[[[[[[[[[]]]]]]]]]],
)

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{k} "{("&lol" + (str(k - 1) if k > 1 else "") + ";") * 10}">\n'
        for k in range(1, 10)
    )
    + "]>\n"
)
EXTERNAL_ENTITY = (
    '<?xml version="1.0"?>\n<!DOCTYPE g [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
)


@dataclass(frozen=True)
class Case:
    """One fuzz input: a file extension, its bytes, and what produced it."""

    index: int
    ext: str
    data: bytes
    mutation: str
    sample: str


def samples() -> list[Path]:
    return sorted(p for p in SAMPLES.iterdir() if p.suffix in (".txt", ".json", ".graphml", ".g6"))


# --- generic byte-level mutations -------------------------------------------------------


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def insert_junk(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\x00", b"\xff\xfe", b"\xc3(", b"\xed\xb0\x80", b"{", b"]", b"<", b"&"])
    return data[:at] + junk * rng.randint(1, 4) + data[at:]


def delete_or_duplicate(rng: random.Random, data: bytes) -> bytes:
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.randint(1, 200))
    return data[:a] + data[b:] if rng.random() < 0.5 else data[:b] + data[a:b] + data[b:]


def encodings(rng: random.Random, data: bytes) -> bytes:
    choice = rng.randrange(5)
    if choice == 0:
        return b"\xef\xbb\xbf" + data
    if choice == 1:
        return b"\xff\xfe" + data.decode("utf-8", "replace").encode("utf-16-le")
    if choice == 2:
        return data.replace(b"\n", b"\r\n")
    if choice == 3:
        return data.replace(b"\n", b"\r")
    return data.replace(b"\n", rng.choice([b"\n\x0c", b"\n\xc2\x85", b"\n\xe2\x80\xa8"]), 3)


def enormous_line(rng: random.Random, data: bytes) -> bytes:
    at = data.find(b"\n", rng.randrange(len(data))) + 1
    fill = rng.choice([b"1", b"0", b".", b"a", b" ", b"~", b"9"])
    return data[:at] + fill * rng.choice([5_000, 120_000, 300_000]) + b"\n" + data[at:]


_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?")


def nasty_number(rng: random.Random, data: bytes) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return flip_bytes(rng, data)
    for match in rng.sample(found, min(len(found), rng.randint(1, 3))):
        new = rng.choice(NASTY_NUMBERS).encode()
        data = data[: match.start()] + new + data[match.end() :]
        break  # offsets move after a replacement; one is enough per round
    return data


GENERIC: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "flip": flip_bytes,
    "truncate": truncate,
    "junk": insert_junk,
    "splice": delete_or_duplicate,
    "encoding": encodings,
    "line": enormous_line,
    "number": nasty_number,
}
