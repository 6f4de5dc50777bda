"""The README's and docs/' examples run as written and tell the truth.

Shell examples: every ``$ command`` in a ```console block of README.md or docs/*.md is run
(a ``lograph`` command in this process, anything else by bash with ``lograph`` on the PATH),
each block in order in a fresh folder holding ``graphs/``; the output the page shows under
a command must be what it prints (stdout, then stderr), line for line, where a line ``...``
stands for lines left out. A command shown without output (or only ``...``) must succeed.
Other code blocks (```sh, indented) are recipes too slow for a test, such as the
benchmarks, and are not run.

The Python example: it runs as written and its comments tell the truth.

The expected values are the README's own claims, checked against independent answers where
one exists: the Petersen graph's rank against plain elimination (`tests.references`),
the all-on 5×5's fewest presses against OEIS A075464 and its ties against every
solution's weight, the worst position's presses against every solution of it, and the
chase table's size against its definition (one row per reachable pattern of the check
lights: 2^(check lights − nullity)).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lograph.cli import main
from lograph.core.model.generators import rectangle
from tests.references import (
    A075464,
    coset_weights,
    null_space_mod_p,
    press_matrix,
    rank_mod_p,
)

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def python_example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "the README has one Python example"
    return blocks[0]


def test_readme_python_example_runs_and_its_comments_hold() -> None:
    import networkx as nx

    names: dict[str, Any] = {}
    exec(compile(python_example(), str(README), "exec"), names)
    a, f, w, plan = names["a"], names["f"], names["w"], names["plan"]
    petersen = nx.to_numpy_array(nx.petersen_graph(), dtype=np.int64) + np.eye(10, dtype=np.int64)
    assert a.rank == rank_mod_p(petersen, 2) == 5
    assert a.nullity == 5
    # all on 5×5: OEIS A075464's a(5), and every solution (one per quiet pattern) weighs it
    assert f.press_count == A075464[4] == 15
    assert f.exact
    matrix = press_matrix(rectangle(5, 5))
    quiet = null_space_mod_p(matrix, 2)
    weights = coset_weights(f.presses, quiet, 2)
    assert f.optimal_solutions == weights.count(min(weights)) == 4
    # the 5×5's God's number (15, as published for the classic game): the position shown
    # needs that many, every one of its solutions weighing at least that
    assert w.exact
    assert w.presses_needed == 15
    assert np.array_equal(matrix @ w.presses % 2, w.lights)
    assert min(coset_weights(w.presses, quiet, 2)) == 15
    check_lights = len(plan.check)
    assert len(plan.table) == 2 ** (check_lights - a_nullity_of(matrix)) == 8
    assert names["f"].to_dict() == names["lo"].solve(names["board"], fewest=True).to_dict()


def a_nullity_of(matrix: np.ndarray) -> int:
    return len(matrix) - rank_mod_p(matrix, 2)


# --------------------------------------------------------------------------- shell examples

#: The pages whose ```console examples are run: the README and every page of docs/.
#: CHANGELOG.md is history and is not checked.
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

#: An output line that stands for any number of lines (zero or more) the page leaves out.
ELLIPSIS = "..."


@dataclass(frozen=True)
class Example:
    """One ``$ command`` of a ```console block and the output the page shows under it."""

    line: int
    command: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    """A ```console block: its examples run in order in one fresh folder, so a later one
    may use a file an earlier one wrote."""

    page: Path
    line: int
    examples: tuple[Example, ...]

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def console_blocks(text: str) -> list[tuple[int, list[str]]]:
    """(line number of the block's first line, its lines) for every ```console block."""
    blocks, lines, at = [], text.splitlines(), 0
    while at < len(lines):
        if lines[at].strip() == "```console":
            start, at = at + 2, at + 1
            body = []
            while lines[at].strip() != "```":
                body.append(lines[at])
                at += 1
            blocks.append((start, body))
        at += 1
    return blocks


def page_blocks(page: Path) -> list[Block]:
    """Every ```console block of the page with its ``$ command`` lines and shown output."""
    found = []
    for start, body in console_blocks(page.read_text(encoding="utf-8")):
        examples: list[Example] = []
        for offset, text in enumerate(body):
            if text.startswith("$ "):
                examples.append(Example(start + offset, text[2:], ()))
            else:
                assert examples, f"{page.name}:{start + offset}: output before any $ command"
                last = examples[-1]
                examples[-1] = Example(last.line, last.command, (*last.expected, text))
        found.append(Block(page, start - 1, tuple(examples)))
    return found


def shows(expected: Sequence[str], actual: Sequence[str]) -> bool:
    """Whether the page's lines are the output, line for line (trailing blanks aside), where
    a line ``...`` stands for any run of lines, none included."""
    want = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual]
    while got and not got[-1]:
        got.pop()
    pieces = [list(g) for k, g in itertools.groupby(want, lambda s: s.strip() == ELLIPSIS)]
    if not want:
        return not got
    at, loose = 0, False
    for piece in pieces:
        if piece[0].strip() == ELLIPSIS:
            loose = True
            continue
        if loose:
            match = next(
                (
                    i
                    for i in range(at, len(got) - len(piece) + 1)
                    if got[i : i + len(piece)] == piece
                ),
                None,
            )
            if match is None:
                return False
            at = match + len(piece)
        else:
            if got[at : at + len(piece)] != piece:
                return False
            at += len(piece)
        loose = False
    return loose or at == len(got)


def in_process(words: list[str]) -> tuple[int, str]:
    """`lograph WORDS` run in this process: exit status and stdout followed by stderr."""
    # text streams over bytes, as a terminal's are: `samples NAME` copies bytes to .buffer
    stdout, stderr = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            status = main(words)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
    texts = []
    for stream in (stdout, stderr):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]
    return status, "".join(texts)


def in_shell(command: str, folder: Path) -> tuple[int, str]:
    """A command with shell syntax, or another program: run by bash in `folder`, with
    `lograph` on the PATH running this checkout."""
    bin_dir = folder / ".bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        shim = bin_dir / "lograph"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m lograph "$@"\n')
        shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=120
    )
    return done.returncode, done.stdout + done.stderr


def run_example(command: str, folder: Path) -> tuple[int, str]:
    words = shlex.split(command, comments=True)
    plain = words and words[0] == "lograph" and not set(words) & {"|", "&&", ";", ">", "||"}
    if plain and not any(c in command.split("#")[0] for c in "|;><&`$"):
        return in_process(words[1:])
    return in_shell(command, folder)


BLOCKS = [block for page in PAGES for block in page_blocks(page)]


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_shell_examples_print_what_the_page_shows(
    block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "graphs").symlink_to(ROOT / "graphs", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for example in block.examples:
        where = f"{block.page.name}:{example.line}: `$ {example.command}`"
        status, output = run_example(example.command, tmp_path)
        if example.expected:  # no output shown: not compared, only the status below
            assert shows(example.expected, output.splitlines()), (
                f"{where} printed (status {status}):\n{output}"
            )
        if all(line.strip() == ELLIPSIS for line in example.expected):
            # no output shown, or only `...`: the command must at least succeed
            assert status == 0, f"{where} failed ({status}):\n{output}"


def test_every_page_is_seen_and_the_readme_has_examples() -> None:
    names = {page.name for page in PAGES}
    assert {"README.md", "commands.md", "formats.md", "math.md"} <= names
    assert sum(len(b.examples) for b in BLOCKS if b.page == README) >= 4


def test_a_stale_example_fails() -> None:
    # the comparison itself: exact lines, `...` for any run of lines, nothing more
    out = ["buttons 25", "rank 23", "nullity 2", "engine small"]
    assert shows(["buttons 25", "...", "nullity 2", "..."], out)
    assert shows(out, [*out, ""])
    assert not shows(["buttons 25", "rank 24", "..."], out)
    assert not shows(["buttons 25", "rank 23"], out)  # the rest of the output is not shown
    assert not shows(["...", "nullity 3"], out)
    assert not shows([], out)
    (block,) = blocks_of("```console\n$ lograph grid 5 5\nrank 24\n```\n")
    (example,) = block.examples
    status, output = run_example(example.command, ROOT)
    assert status == 0
    assert not shows(example.expected, output.splitlines())


def blocks_of(text: str) -> list[Block]:
    """The blocks of a page written as `text` (for the checks of the checker)."""
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.md"
        page.write_text(text, encoding="utf-8")
        return page_blocks(page)


# ------------------------------------------------------------------ the README's own claims


def section(title: str) -> str:
    """The README's text under ``## title``, up to the next ``## `` heading."""
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.S | re.M)
    assert match, f"the README has a section {title!r}"
    return match.group(1)


def quick_start_commands() -> tuple[list[str], list[str]]:
    """The Quick start's two shell lines (its indented lines), each split at ``&&``: the
    first installs and runs lograph, the second installs the test tools and runs the tests."""
    indented = [line for line in section("Quick start").splitlines() if line.startswith("    ")]
    assert len(indented) == 2, "the Quick start has two commands"
    first, second = ([part.strip() for part in line.split("&&")] for line in indented)
    return first, second


def readme_test_command() -> str:
    (command,) = (c for c in quick_start_commands()[1] if " -m pytest" in c)
    return command


def ci_commands() -> list[str]:
    """The commands of `.ci/run`; the installers' quiet options for CI's log (``-q``) left
    out, the test command as it is."""
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.split(">/dev/null")[0].strip() for line in text.splitlines()]
    return [
        line if " -m pytest" in line else " ".join(w for w in line.split() if w != "-q")
        for line in lines
        if line and not line.startswith("#")
    ]


def test_ci_installs_and_runs_the_tests_as_the_readme_says() -> None:
    ci = ci_commands()
    for command in quick_start_commands()[1]:
        if command.startswith(("apt-get install", ".venv/bin/pip install")) or command == (
            readme_test_command()
        ):
            assert command in ci, f"`.ci/run` does not run the README's {command!r}"


def test_the_test_commands_plugins_are_in_the_test_extra() -> None:
    # `-n` is pytest-xdist's option: a fresh `pip install -e '.[dev]'` must bring it
    command = readme_test_command()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    test_extra = re.search(r"^test = \[(.*?)^\]", pyproject, re.S | re.M)
    assert test_extra
    if "-n" in command.split():
        assert '"pytest-xdist' in test_extra.group(1)


def test_commands_with_a_required_output_show_it_in_the_readmes_table() -> None:
    import argparse

    from lograph.cli import build_parser

    (commands,) = (a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    rows = {
        row.split("`")[1].split()[0]: re.split(r"(?<!\\)\|", row)[1]  # `\|` is a cell's |
        for row in section("A short CLI tour").splitlines()
        if row.startswith("| `")
    }
    assert set(commands.choices) <= set(rows) | {"gui"}
    for name, parser in commands.choices.items():
        required = [a for a in parser._actions if a.required and a.option_strings]
        for action in required:
            assert any(option in rows[name].split() for option in action.option_strings), (
                f"the README's table shows `{name}` without its required {action.option_strings}"
            )


def test_the_explain_row_names_the_extra_a_png_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # without matplotlib the command names the extra to install; the README must name it too
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails
    monkeypatch.chdir(tmp_path)
    status, output = in_process(
        ["explain", str(ROOT / "graphs" / "classic-3x3.txt"), "-o", "x.png"]
    )
    assert status == 2
    extra = re.search(r"lograph\[(\w+)\]", output)
    assert extra, output
    (row,) = (r for r in section("A short CLI tour").splitlines() if r.startswith("| `explain"))
    assert "PNG" in row
    assert f"`{extra.group(1)}` extra" in row


def test_the_tour_says_how_to_reach_lograph_and_the_window_where_its_libraries_are() -> None:
    tour = section("A short CLI tour")
    before_first_example = tour.split("```console")[0]
    assert ".venv/bin/activate" in before_first_example
    assert ".venv/bin/lograph" in before_first_example
    quick = section("Quick start")
    assert ".venv/bin/lograph` with no" in quick
    assert "](#install)" in quick
    assert "apt-get install libxcb-cursor0" in section("Install")


def anchors(page: Path) -> set[str]:
    """The link targets of a page's headings, as GitHub makes them (code blocks left out)."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {
        re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        for heading in re.findall(r"^#+ (.*)$", text, re.M)
    }


def test_the_readmes_links_to_sections_resolve() -> None:
    links = re.findall(r"\]\(([\w./-]*)#([^)]+)\)", README.read_text(encoding="utf-8"))
    assert ("", "install") in links
    for page, anchor in links:
        assert anchor in anchors(ROOT / page if page else README), f"README: no {page}#{anchor}"
