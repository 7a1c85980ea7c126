"""Which form of the pure libraries is loaded: the mypyc-compiled extension modules that ``make compiled``
builds in place beside the sources, or the plain Python ones; and how to make a process load the plain
ones although the extensions are built (the benchmark's pure rate, the test suite's pure run).

Python's import system prefers an extension module to a ``.py`` file of the same name in the same folder,
so a built tree imports the compiled form and a clean one the pure form, from the same typed source.
``SPADES_ENGINE`` (read by :func:`apply_env`, which the test suite and ``bench/engine.py`` call before
anything imports the engine) picks one on purpose: ``pure`` ignores the extensions, ``compiled`` asks for
them (the suite's form test then fails if they are not the ones loaded), unset takes what is built.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from importlib.abc import PathEntryFinder
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The project's root folder."""

COMPILED_PACKAGES: tuple[str, ...] = ("games.engine", "bots.strategies")
"""The packages ``make compiled`` compiles with mypyc (every module of each)."""

COMPILED_SOURCES: tuple[str, ...] = tuple(
    f"games/engine/{name}.py" for name in (
        "__init__", "bidding", "cards", "game", "reasons", "review", "scoring", "solver", "tricks",
    )
) + tuple(
    f"bots/strategies/{name}.py" for name in (
        "__init__", "bidding", "deal", "decide", "evaluate", "infer", "knowledge", "passing", "policy", "rollout",
        "search", "state", "tricks",
    )
)
"""The modules ``make compiled`` (and the container image's build) hands to mypyc: the engine's rules and state
machine, its double dummy solver and the hand review on it, and every module of ``bots.strategies`` (the hard
bot's rollouts are most of a bot's time; they play by the engine's tables and functions, compiled in the same
build). Left pure, and why: ``events`` (mypyc turns a ``ClassVar`` of a dataclass into a field, so the events'
``type`` constant breaks their ``__init__``), ``view`` (the API derives the seat view's OpenAPI schema from its
dataclass annotations, which a compiled class holds as bare classes: ``int | None`` becomes ``type``),
``jsonable`` (the view's base class: an interpreted class cannot subclass a compiled one) and ``rules`` (its
switch checks read the rule set's field annotations, the same loss)."""

FORMS = ("pure", "compiled")

_pure = False
"""Whether :func:`force_pure` has run in this process."""


def module_form(module: object) -> str:
    """``compiled`` when ``module`` was loaded from an extension module, else ``pure``."""
    path = str(getattr(module, "__file__", "") or "")
    return "compiled" if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


def built_extensions() -> list[Path]:
    """The extension modules built in the source tree (the compiled packages' and mypyc's shared
    runtime module at the root)."""
    found: list[Path] = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found += ROOT.glob(f"*__mypyc{suffix}")
        for package in COMPILED_PACKAGES:
            found += (ROOT / package.replace(".", "/")).glob(f"*{suffix}")
    return sorted(set(found))


def force_pure() -> None:
    """Make this process import the project's own modules from their ``.py`` files even where an extension
    module is built beside them. Call before anything imports them; other folders (the installed
    packages' own C extensions) are left alone."""
    root = str(ROOT)
    default_hook = importlib.machinery.FileFinder.path_hook(
        (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
        (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
    )

    def source_only(path: str) -> PathEntryFinder:
        full = os.path.abspath(path or os.getcwd())
        if full != root and not full.startswith(root + os.sep) or os.sep + ".venv" in full[len(root):]:
            raise ImportError("not a folder of the project")  # the next hook (the usual one) takes it
        return default_hook(full)

    global _pure
    if not _pure:
        sys.path_hooks.insert(0, source_only)
        _pure = True
    sys.path_importer_cache.clear()


def apply_env() -> str | None:
    """Follow ``SPADES_ENGINE`` (``pure``, ``compiled`` or unset); returns it. Raises ``ValueError`` for any
    other value."""
    form = os.environ.get("SPADES_ENGINE") or None
    if form is not None and form not in FORMS:
        raise ValueError(f"SPADES_ENGINE must be one of {', '.join(FORMS)}, not {form!r}")
    if form == "pure":
        force_pure()
    return form
