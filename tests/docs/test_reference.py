"""The reference (docs/reference/index.md) documents exactly the public API, every name with
a docstring of its own whose parameters are the function's.

The site builds one page per name listed under the reference's ``autosummary`` directives
(docs/conf.py); a name of `lograph.__all__` missing there would have no page, and a name
listed there but not public would document an internal. A class without a docstring of its
own would show its base's (or, for a dataclass, the generated signature) as if it were its
own; a documented parameter the function does not take is a wrong docstring.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from numpydoc.validate import validate

import lograph as lo

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "reference" / "index.md"

PUBLIC = sorted(set(lo.__all__) - {"__version__"})

#: Public functions whose parameters are described in prose, not yet in a numpydoc
#: ``Parameters`` section, with the reason. Empty is the goal.
#: Public functions whose parameters are described in prose rather than a Parameters
#: section (none today; a name listed here skips the PR01 check).
PARAMETERS_IN_PROSE: dict[str, str] = {}


def listed_names(text: str) -> list[str]:
    """The names under every ``.. autosummary::`` directive of a reference page."""
    names: list[str] = []
    for block in re.findall(r"```\{eval-rst\}\n(.*?)```", text, re.S):
        if ".. autosummary::" not in block:
            continue
        body = block.split(".. autosummary::", 1)[1]
        names += [
            line.strip()
            for line in body.splitlines()
            if line.strip() and not line.strip().startswith(":")
        ]
    return names


def own_docstring(obj: Any) -> str:
    """The docstring `obj` itself carries: not a base class's, not the signature a
    dataclass writes for itself ("" when there is none)."""
    doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__
    doc = inspect.cleandoc(doc or "")
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj):
        generated = obj.__name__ + str(inspect.signature(obj)).replace(" -> None", "")
        if doc == generated:
            return ""
    return doc


def test_the_reference_lists_every_public_name_once() -> None:
    listed = listed_names(REFERENCE.read_text(encoding="utf-8"))
    assert len(listed) == len(set(listed)), "a name is listed twice"
    assert sorted(listed) == PUBLIC, (
        f"missing from the reference: {sorted(set(PUBLIC) - set(listed))}; "
        f"not public: {sorted(set(listed) - set(PUBLIC))}"
    )


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_has_a_docstring_of_its_own(name: str) -> None:
    doc = own_docstring(getattr(lo, name))
    assert doc, f"lograph.{name} has no docstring of its own"
    assert doc.splitlines()[0].strip(), f"lograph.{name}'s docstring opens with a blank line"


FUNCTIONS = [n for n in PUBLIC if inspect.isfunction(getattr(lo, n))]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_documented_parameters_are_the_function_s(name: str) -> None:
    """numpydoc's own checks: PR02, a documented parameter the function does not take;
    PR01, a parameter left undocumented (unless listed in PARAMETERS_IN_PROSE)."""
    errors = dict(validate(f"lograph.{name}")["errors"])
    assert "PR02" not in errors, f"lograph.{name}: {errors['PR02']}"
    if name not in PARAMETERS_IN_PROSE:
        assert "PR01" not in errors, f"lograph.{name}: {errors['PR01']}"


def test_the_checks_catch_what_they_look_for() -> None:
    page = "```{eval-rst}\n.. autosummary::\n   :toctree: generated\n\n   board\n   Board\n```\n"
    assert listed_names(page) == ["board", "Board"]
    assert listed_names("```{eval-rst}\n.. currentmodule:: lograph\n```\n") == []

    class Undocumented(lo.LographError):
        pass

    @dataclasses.dataclass
    class Plain:
        x: int

    def bare(x: int) -> int:
        return x

    assert lo.LographError.__doc__
    assert not own_docstring(Undocumented)
    assert not own_docstring(Plain)
    assert not own_docstring(bare)
    assert own_docstring(lo.Board).startswith("A Lights Out board")
