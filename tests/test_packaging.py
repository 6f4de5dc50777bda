"""What the wheel declares and ships, checked without building it.

`.ci/wheel-check` builds the wheel and runs it from a fresh venv; these tests check the
declarations that build relies on: every third-party module imported by ``lograph`` is a
declared dependency, the package data patterns cover every sample board, and the licence
file named in ``pyproject.toml`` exists.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _imported_top_level_modules() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "lograph").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.partition(".")[0])
    return names


def _normalise(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


def test_every_imported_third_party_module_is_a_declared_dependency() -> None:
    # optional features (census plots, Parquet, Dask, the notebook's play widget) import
    # their packages from an extra
    extras = PYPROJECT["project"]["optional-dependencies"]
    optional = [*extras["plot"], *extras["parquet"], *extras["cluster"], *extras["notebook"]]
    declared = {
        _normalise(re.split(r"[<>=!~ ;\[]", requirement, maxsplit=1)[0])
        for requirement in [*PYPROJECT["project"]["dependencies"], *optional]
    }
    providers = importlib.metadata.packages_distributions()
    third_party = {
        name
        for name in _imported_top_level_modules()
        if name != "lograph" and name not in sys.stdlib_module_names
    }
    assert "numba" in third_party  # the kernels import it directly
    undeclared = {
        name
        for name in third_party
        if not {_normalise(d) for d in providers.get(name, [name])} & declared
        # shiboken6 comes with every PySide6 wheel
        and not (name == "shiboken6" and "pyside6-essentials" in declared)
    }
    assert not undeclared, f"imported but not in [project] dependencies: {sorted(undeclared)}"


def test_package_data_covers_every_sample_board() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["lograph"]
    folder = ROOT / "lograph" / "samples"
    samples = [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert len(samples) >= 10
    missed = [
        p.name
        for p in samples
        if not any(
            fnmatch.fnmatch(f"samples/{p.relative_to(folder).as_posix()}", pattern)
            for pattern in patterns
        )
    ]
    assert not missed, f"sample files that would not ship in the wheel: {missed}"


def test_licence_file_is_declared_and_is_mit() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the lograph authors" in text
