"""The committed generated package (clients/python/spades_client/generated) is exactly what
openapi-python-client makes of the schema a live server serves: regenerated into a temporary folder, every
file is the same. A change to the API that is not regenerated (``make sdk``) fails here."""

from __future__ import annotations

import filecmp
import subprocess
import sys
from pathlib import Path

COMMITTED = Path(__file__).resolve().parents[2] / "clients" / "python" / "spades_client" / "generated"
REGENERATE = COMMITTED.parents[1] / "regenerate.py"


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*.py")}


def test_the_committed_client_is_the_one_the_served_schema_generates(asgi_server: str, tmp_path: Path) -> None:
    fresh = tmp_path / "generated"
    done = subprocess.run([sys.executable, str(REGENERATE), "--schema", f"{asgi_server}/api/schema/?format=json",
                           "--output", str(fresh)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    committed, generated = _files(COMMITTED), _files(fresh)
    assert committed == generated, (f"only committed: {sorted(committed - generated)[:10]}; only generated: "
                                    f"{sorted(generated - committed)[:10]}: run make sdk")
    _, differ, errors = filecmp.cmpfiles(COMMITTED, fresh, sorted(committed), shallow=False)
    assert not differ and not errors, f"these differ from the served schema's client: {differ[:10]}: run make sdk"
