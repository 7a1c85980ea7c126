"""Apps meet through explicit contracts: project-wide plumbing is ``core``'s, below every app; tournaments
read tables through ``games.selectors`` and open them through ``games.services``, never games' API modules
or its JSON."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(package: str) -> dict[str, set[str]]:
    """Every module each file of ``package`` imports (absolute names)."""
    out: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.update({node.module, *(f"{node.module}.{alias.name}" for alias in node.names)})
        out[str(path.relative_to(ROOT))] = names
    return out


def test_core_depends_on_no_app() -> None:
    for path, names in _imports("core").items():
        apps = {n for n in names if n.split(".")[0] in {"games", "tournaments", "bots", "webclient", "spades_api"}}
        # games.compiled (pure, no Django) tells which form the engine was loaded in: the raised-code
        # reader reads a compiled module's definitions from its .py (the import-linter contract says the same).
        assert all(n.startswith(("games.engine", "games.compiled")) for n in apps), (path, sorted(apps))


def test_tournaments_use_games_contracts_only() -> None:
    # games.player_events: the typed events a service writes to a player's log, a contract like TableResult.
    allowed = ("games.engine", "games.models", "games.selectors", "games.services", "games.signals",
               "games.player_events")
    for path, names in _imports("tournaments").items():
        games = {n for n in names if n.split(".")[0] == "games" and n != "games"}
        assert all(n.startswith(allowed) for n in games), (path, sorted(games))


def test_no_app_imports_another_apps_api() -> None:
    for package in ("games", "tournaments", "bots", "webclient", "spades_api"):
        for path, names in _imports(package).items():
            foreign = {n for n in names if re.match(r"(games|tournaments)\.api\b", n)
                       and not n.startswith(f"{package}.")}
            assert not foreign, (path, sorted(foreign))


def test_tournaments_read_no_table_json() -> None:
    for path in (ROOT / "tournaments").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"\.state\b|\.record\b", text), path
