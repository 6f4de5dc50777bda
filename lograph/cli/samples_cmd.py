"""``lograph samples [NAME]``: list the sample boards shipped inside the package, or copy one out.

A wheel install has no ``graphs/`` folder, so the samples travel as package data. Every
command that reads a BOARD also takes ``sample:NAME`` (for example
``lograph analyze sample:classic-5x5.txt``); this command lists the names and writes a copy
to a file of your own (``-o FILE``) or to standard output.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from lograph.cli.common import SAMPLE_PREFIX, add_json_flag, emit, output_arg

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "samples",
        help="list the shipped sample boards, or copy one out",
        description="With no NAME, list the sample boards shipped with lograph (any command "
        f"reads one as {SAMPLE_PREFIX}NAME). With NAME, print that board file, or write it "
        "to FILE with -o.",
    )
    parser.add_argument("name", metavar="NAME", nargs="?", help="a sample's file name")
    parser.add_argument(
        "-o",
        "--output",
        type=output_arg,
        metavar="FILE",
        help="write the sample to FILE (never overwritten), in the format of its extension "
        "(.json .txt .graphml .g6)",
    )
    add_json_flag(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from lograph.core.errors import LographError

    if args.name is None:
        if args.output is not None:
            raise LographError("-o needs a sample NAME (see 'lograph samples' for the names)")
        return _list(args)
    return _copy(args.name.removeprefix(SAMPLE_PREFIX), args.output)


def _list(args: argparse.Namespace) -> int:
    from lograph.core.files.samples import read_sample, sample_names

    rows: list[dict[str, Any]] = []
    for name in sample_names():
        board = read_sample(name)
        rows.append(
            {
                "name": name,
                "buttons": len(board),
                "edges": board.graph.number_of_edges(),
                "states": board.states,
            }
        )
    width = max((len(row["name"]) for row in rows), default=0)
    text = "\n".join(
        f"{row['name']:<{width}}  {row['buttons']:4d} buttons  {row['edges']:4d} edges  "
        f"{row['states']} states"
        for row in rows
    )
    emit(args, {"samples": rows}, text)
    return 0


def _copy(name: str, output: str | None) -> int:
    from lograph.core.errors import LographError
    from lograph.core.files import atomic_write_bytes, format_for, write_board
    from lograph.core.files.samples import read_sample, sample_file

    packaged = sample_file(name)  # an unknown NAME is refused first, whatever -o says
    if output is None:
        sys.stdout.buffer.write(packaged.read_bytes())
        sys.stdout.flush()
        return 0
    if os.path.lexists(output):  # a copy of a sample is never worth losing a file for
        raise LographError(f"{output}: file exists; choose another name or remove it first")
    target = format_for(output)  # an unknown extension is refused with the known ones
    if target is format_for(name):
        atomic_write_bytes(output, packaged.read_bytes())  # the same bytes, comments and all
        print(f"wrote {output}")
    else:
        # -o names another format (petersen.json -o p.g6): written as that format, as
        # `lograph convert` would, or refused when it cannot hold the board
        write_board(read_sample(name), output, target.name)
        print(f"wrote {output} (converted to {target.name})")
    return 0
