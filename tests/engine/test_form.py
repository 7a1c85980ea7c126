"""The engine form the run asked for (``SPADES_ENGINE``) is the one loaded, so ``make test`` cannot test the
pure form twice and call it compiled, nor the other way round."""

import importlib
import os

import pytest

from games.compiled import COMPILED_SOURCES, built_extensions, module_form

MODULES = [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in COMPILED_SOURCES]


@pytest.mark.parametrize("name", MODULES)
def test_the_asked_for_form_is_loaded(name: str) -> None:
    form = os.environ.get("SPADES_ENGINE")
    if form is None:
        pytest.skip("SPADES_ENGINE unset: the run takes whichever form is built")
    module = importlib.import_module(name)
    assert module_form(module) == form, f"{name} is loaded from {module.__file__}"
    if form == "compiled":
        assert str(module.__file__).endswith(".so")


def test_the_modules_left_pure_are_pure() -> None:
    import games.engine.events
    import games.engine.rules
    import games.engine.view

    for module in (games.engine.events, games.engine.rules, games.engine.view):
        assert module_form(module) == "pure"


def test_a_compiled_run_has_a_build() -> None:
    if os.environ.get("SPADES_ENGINE") != "compiled":
        pytest.skip("not a compiled run")
    assert built_extensions()
