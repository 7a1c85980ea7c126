"""Regenerate ``spades_client/generated`` from the service's OpenAPI schema with openapi-python-client.

    python clients/python/regenerate.py --schema schema.json            # replace the committed package
    python clients/python/regenerate.py --schema URL --output DIR       # write it elsewhere (the drift test)

``make sdk`` runs it on the schema ``manage.py spectacular`` writes. The options are in
``openapi-python-client.yaml`` beside this file; the generator and ruff come from the interpreter's own
environment, so the same versions give the same bytes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "spades_client" / "generated"
CONFIG = HERE / "openapi-python-client.yaml"


def generate(schema: str, output: Path) -> None:
    """Write the generated package for ``schema`` (a file or an http(s) URL) to ``output`` (replaced)."""
    bin_dir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "schema.json"
        if schema.startswith(("http://", "https://")):
            with urllib.request.urlopen(schema, timeout=60) as answer:  # noqa: S310 (the caller's own server)
                path.write_bytes(answer.read())
        else:
            shutil.copyfile(schema, path)
        target = Path(tmp) / "generated"
        done = subprocess.run(
            [str(bin_dir / "openapi-python-client"), "generate", "--path", str(path), "--meta", "none",
             "--config", str(CONFIG), "--output-path", str(target)],
            capture_output=True, text=True, cwd=tmp, env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}"
                                                          f"{os.environ.get('PATH', '')}"})
        if done.returncode != 0 or not target.is_dir():
            raise SystemExit(f"openapi-python-client failed:\n{done.stdout}\n{done.stderr}")
        shutil.rmtree(output, ignore_errors=True)
        shutil.copytree(target, output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", required=True, help="the OpenAPI document: a file or a URL")
    parser.add_argument("--output", type=Path, default=PACKAGE, help=f"where to write it (default {PACKAGE})")
    args = parser.parse_args()
    generate(args.schema, args.output)


if __name__ == "__main__":
    main()
