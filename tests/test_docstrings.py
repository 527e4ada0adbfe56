"""Every public entry point has a numpydoc docstring with an example.

The public entry points are the names in the ``__all__`` of each package (and,
for the small modules without one, the functions and classes they define
whose names do not start with ``_``). For each function and class the
docstring must parse as numpydoc and have a one-line summary and an
``Examples`` section holding a doctest (``pytest --doctest-modules`` runs
them); a callable that takes parameters documents them in ``Parameters`` (a
dataclass or a record may use ``Attributes``).

Constants and type aliases cannot carry a docstring of their own (an ``int``,
a ``Literal``): theirs is the string after the assignment, which Sphinx reads,
and test_constants_are_documented looks for it where the name is assigned.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import typing

import pytest
from numpydoc.docscrape import NumpyDocString
from sphinx.pycode import ModuleAnalyzer

PACKAGES = (
    "tansuo.search",
    "tansuo.adversarial",
    "tansuo.graph",
    "tansuo.grid",
    "tansuo.queens",
    "tansuo.sudoku",
    "tansuo.sliding",
    "tansuo.sokoban",
    "tansuo.gomoku",
    "tansuo.xiangqi",
    "tansuo.batch",
    "tansuo.budget",
    "tansuo.result",
    "tansuo.errors",
    "tansuo.files",
)


def _public(module_name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_")
            and (inspect.isfunction(value) or inspect.isclass(value))
            and value.__module__ == module_name
        ]
    return [(f"{module_name}.{name}", getattr(module, name)) for name in names]


def _documentable(value: object) -> bool:
    """Functions and classes: what carries a docstring of its own."""
    return inspect.isfunction(value) or inspect.isclass(value)


ENTRIES = [
    (name, value)
    for module_name in PACKAGES
    for name, value in _public(module_name)
    if _documentable(value)
]


def _docstring(value: object) -> str:
    if inspect.isclass(value):
        return inspect.cleandoc(value.__dict__.get("__doc__") or "")
    return inspect.getdoc(value) or ""


def _takes_parameters(value: object) -> bool:
    """Whether a caller passes it arguments: a function's, or a class's own constructor's."""
    if inspect.isclass(value):
        if getattr(value, "_is_protocol", False):
            return False  # a Protocol is a type to implement, not to construct
        if not any(name in value.__dict__ for name in ("__init__", "__new__")):
            return False  # the constructor is inherited and documented where it is defined
    try:
        signature = inspect.signature(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(name not in ("self", "cls") for name in signature.parameters)


def _parsed(name: str, value: object) -> NumpyDocString:
    text = _docstring(value)
    assert text.strip(), f"{name} has no docstring"
    return NumpyDocString(text)


def _describes_parameters(name: str, value: object) -> bool:
    doc = _parsed(name, value)
    return bool(doc["Parameters"] or (inspect.isclass(value) and doc["Attributes"]))


def test_every_package_has_public_entries():
    counts = {module_name: len(_public(module_name)) for module_name in PACKAGES}
    assert all(counts.values()), counts
    assert len(ENTRIES) > 250, len(ENTRIES)  # functions and classes (271 when written)


@pytest.mark.parametrize(("name", "value"), ENTRIES, ids=[name for name, _ in ENTRIES])
def test_docstring_has_summary_and_example(name, value):
    doc = _parsed(name, value)
    summary = doc["Summary"]
    assert summary and summary[0].strip(), f"{name}: no one-line summary"
    examples = "\n".join(doc["Examples"])
    assert ">>>" in examples, f"{name}: no Examples section with a doctest"


@pytest.mark.parametrize(("name", "value"), ENTRIES, ids=[name for name, _ in ENTRIES])
def test_parameters_are_documented(name, value):
    if not _takes_parameters(value):
        return
    assert _describes_parameters(name, value), (
        f"{name} takes parameters but has no Parameters section"
    )


@functools.cache
def _attribute_docs(module_name: str) -> set[str]:
    """Names given a docstring (the string after the assignment) in a module or package."""
    module = importlib.import_module(module_name)
    names = [module_name, "tansuo.result"]  # (Status and the status names are re-exported)
    if hasattr(module, "__path__"):
        names += [f"{module_name}.{info.name}" for info in pkgutil.iter_modules(module.__path__)]
    documented = set()
    for name in names:
        documented |= {attr for _scope, attr in ModuleAnalyzer.for_module(name).find_attr_docs()}
    return documented


def test_constants_are_documented():
    undocumented = [
        f"{module_name}.{name}"
        for module_name in PACKAGES
        if hasattr(importlib.import_module(module_name), "__all__")
        for name, value in [(full.rsplit(".", 1)[1], value) for full, value in _public(module_name)]
        if not _documentable(value) and name not in _attribute_docs(module_name)
    ]
    assert not undocumented, undocumented


def test_type_aliases_are_left_out_on_purpose():
    # the reason in the module docstring holds: an alias has no docstring of its own
    from tansuo.grid import Point

    assert not _documentable(Point)
    assert not _documentable(typing.Literal["a"])
