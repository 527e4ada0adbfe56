"""Sphinx configuration of tansuo's documentation.

Built with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (the
``docs`` extra installs the tools). The build needs no network: no intersphinx.
The gallery's examples run while the docs are built; their pictures are the
PNG and GIF files each example saves in its working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import tansuo

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_tables import write_tables  # noqa: E402 - docs/ is on the path now

write_tables(HERE / "benchmarks")

project = "tansuo"
author = "tansuo developers"
copyright = "tansuo developers"  # noqa: A001 - the name Sphinx reads
version = release = tansuo.__version__

extensions = [
    "myst_parser",
    "numpydoc",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx_gallery.gen_gallery",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "benchmarks/results.md", "examples/README.txt", "gallery/*.ipynb", "gallery/*.py"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- API reference ------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autosummary_ignore_module_all = False
templates_path = ["_templates"]
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "none"  # numpydoc's Parameters sections say the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()
add_module_names = False

# -- the gallery --------------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "gallery",
    "filename_pattern": r".*\.py$",
    "image_scrapers": ("gallery_images.saved_images",),
    "reset_modules": (),
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "abort_on_example_error": True,
    "only_warn_on_example_error": False,
    "plot_gallery": "True",
}

# -- HTML ---------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "tansuo"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_sidebars = {"**": ["sidebar-nav-bs"]}

# A short name in a docstring (``solved``) may match members of several
# classes; numpydoc links it to one of them, which is what the reader wants.
suppress_warnings = ["ref.python"]
