"""The engine form the run asked for (``SPADES_ENGINE``) is the one loaded, so ``make test`` cannot test the
pure form twice and call it compiled, nor the other way round."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.compiled import COMPILED_SOURCES, ROOT, built_extensions, module_form

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


def test_the_api_schema_is_the_same_in_both_forms(tmp_path: Path) -> None:
    """The OpenAPI schema's error codes are read from the code that raises them (core.raises); a compiled
    module keeps no source, so the reader takes its ``.py``, and a client reads the same schema whichever form
    serves it (before, a compiled server left the engine's refusals out of POST actions)."""
    if os.environ.get("SPADES_ENGINE") != "compiled":
        pytest.skip("needs the compiled build: make test-compiled runs it")
    schemas = {}
    for form in ("pure", "compiled"):
        out = tmp_path / f"{form}.json"
        subprocess.run([sys.executable, "manage.py", "spectacular", "--format", "openapi-json", "--file", str(out)],
                       cwd=ROOT, env={**os.environ, "SPADES_ENGINE": form, "DEBUG": "1"}, check=True, timeout=120)
        schemas[form] = json.loads(out.read_text())
    act = schemas["compiled"]["paths"]["/api/v1/tables/{table_id}/actions/"]["post"]
    assert "unknown_card" in json.dumps(act["responses"]), "the engine's refusals are missing from POST actions"
    assert schemas["compiled"] == schemas["pure"]
