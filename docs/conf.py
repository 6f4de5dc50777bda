"""Sphinx configuration of lograph's documentation site.

Build it (warnings are errors, as CI builds it)::

    .venv/bin/python -m sphinx -W --keep-going -b html docs docs/_build/html

Sphinx rather than MkDocs: the docstrings are numpydoc, which numpydoc renders as Sphinx
does for numpy, scipy and networkx; autosummary writes one page per public name; myst-parser
reads the Markdown pages of docs/ where they are; myst-nb runs every notebook in a real
Jupyter kernel during the build; and ``-W`` turns every warning, a broken link or a failing
cell included, into a failed build. docs/index.md says the same to readers.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

import lograph

ROOT = Path(__file__).resolve().parent.parent

project = "lograph"
author = "the lograph authors"
copyright = "the lograph authors, MIT license"
release = lograph.__version__
version = release

extensions = [
    "myst_nb",  # Markdown pages (myst-parser) and notebooks executed by a Jupyter kernel
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]

# .rst first: autosummary writes its pages in reStructuredText
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "census", "**.ipynb_checkpoints", "jupyter_execute"]

# --- the Markdown pages: GitHub's tables and links to headings (`commands.md#render`) work
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3

# --- the reference: one page per public name, written from the docstrings at build time
autosummary_generate = True
templates_path = ["_templates"]  # a class page: its docstring and its documented members
autosummary_imported_members = True
# A class's signature is its constructor's, shown only where people call it (Board): answers
# and errors are made by lograph (docs/_templates/autosummary/).
autodoc_class_signature = "separated"
autodoc_typehints = "none"  # the docstrings say the types in words; signatures stay short
autodoc_default_options = {"members": True, "inherited-members": False}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = True  # `Board` in a type links to its page
# numpydoc's own aliases point into Python's and numpy's sites (intersphinx), which the build
# does not fetch: those words stay plain text
numpydoc_xref_aliases = {
    word: word
    for word in (
        "bool", "boolean", "iterable", "sequence", "generator", "array-like", "array_like",
        "scalar",
    )
}  # fmt: skip
default_role = "py:obj"  # `Board` in a docstring links to Board's page where it has one

# --- notebooks: run every time in a real kernel; a failing cell fails the build
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 120
nb_execution_show_tb = True
nb_merge_streams = True

html_theme = "furo"
html_title = f"lograph {release}"
html_static_path: list[str] = []


#: Pages of the repository outside docs/ that the site shows (docs/index.md includes the
#: README, docs/changelog.md the CHANGELOG), by the link targets the Markdown uses for them:
#: their links work on GitHub and in the site alike.
OUTSIDE_PAGES = {
    "README.md": "index",
    "CHANGELOG.md": "changelog",
    ".": "index",  # the CHANGELOG's link to docs/, seen from docs/changelog.md
}


def link_outside_pages(app: Sphinx, doctree: nodes.document) -> None:
    """Point links to the README and the CHANGELOG at the pages that show them."""
    for node in doctree.findall(addnodes.pending_xref):
        if node.get("reftype") != "myst":
            continue
        target = str(node["reftarget"])
        if node.get("refdomain") == "doc" and Path(target).parent == ROOT:
            target = Path(target).name + ".md"  # myst resolved it to a path outside docs/
        if target in OUTSIDE_PAGES:
            node["refdomain"], node["reftarget"] = "doc", OUTSIDE_PAGES[target]
            node.attributes.setdefault("reftargetid", None)


def setup(app: Sphinx) -> None:
    app.connect("doctree-read", link_outside_pages)
