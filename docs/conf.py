"""Sphinx configuration of lowball's documentation (issue 28).

Build with ``sphinx-build -W -b html docs docs/_build/html`` after ``pip install '.[docs]'``
(``-W``: every warning is an error, as in CI). The pages are Markdown (MyST); the API reference
is autodoc over the installed package's numpydoc docstrings (napoleon reads them).
"""

from __future__ import annotations

import sys
from pathlib import Path

import lowball

sys.path.insert(0, str(Path(__file__).parent / "_ext"))  # rule_links: RULES.md's rules linked to the code

project = "lowball"
author = "the lowball authors"
copyright = "the lowball authors"  # noqa: A001 (Sphinx's name)
release = lowball.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "rule_links",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]

# MyST: headings get anchors (links such as table.md#running-a-table), ``:::`` fences for
# directives, ``{py:meth}`...``` roles work in every page (RULES.md links its rules to the code).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# autodoc and napoleon: numpydoc docstrings, members in the order of the source.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True  # Attributes as fields (a NamedTuple's fields are members already)
napoleon_custom_sections = [("Actions", "Notes"), ("Observations", "Notes")]  # VectorEnv's
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
autosummary_generate = False

html_theme = "furo"
html_title = f"lowball {release}"
html_static_path: list[str] = []
