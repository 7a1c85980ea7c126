"""The lock files of requirements/ (``make lock``) agree with pyproject.toml: every dependency the project (and the
SDK, for the dev lock) names is pinned, at a version its range allows, with the hashes of its files; the dev lock
and mypyc's pin what they share with the runtime lock at the same versions. A range changed in pyproject.toml
without ``make lock`` fails here, not in an image build a week later."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
# name==version [; marker] \, then its --hash lines
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)(\s*;[^\\]*)?\s*\\?$")


def pins(name: str) -> dict[str, tuple[str, int]]:
    """The lock file's packages: canonical name -> (version, number of hashes)."""
    found: dict[str, tuple[str, int]] = {}
    current = ""
    for line in (LOCKS / name).read_text().splitlines():
        match = PIN.match(line)
        if match:
            current = canonicalize_name(match.group(1))
            # A universal lock forks a package by Python version (contourpy, through endplay's matplotlib:
            # one release for 3.11, a newer one for 3.12 and later): each fork carries its marker. The pin
            # kept here is the first, the one for the oldest Python, which the venvs and the image run.
            if current in found:
                assert match.group(3), f"{name} pins {current} twice without a marker"
                current = f"{current} ({match.group(3).strip()})"
            found[current] = (match.group(2), 0)
        elif line.strip().startswith("--hash=sha256:") and current:
            version, hashes = found[current]
            found[current] = (version, hashes + 1)
        elif line.strip() and not line.lstrip().startswith("#"):
            assert line.startswith(" "), f"{name}: not a pin: {line!r}"
    return found


def project(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text())["project"]


def assert_pinned(requirements: list[str], locked: dict[str, tuple[str, int]], lock: str) -> None:
    for text in requirements:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{lock} does not pin {name}: run make lock"
        version = locked[name][0]
        assert requirement.specifier.contains(version, prereleases=True), \
            f"{lock} pins {name}=={version}, outside {requirement.specifier}: run make lock"


def test_the_locks_pin_what_pyproject_asks_with_hashes() -> None:
    runtime, dev, mypyc = pins("runtime.txt"), pins("dev.txt"), pins("mypyc.txt")
    service = project(ROOT / "pyproject.toml")
    sdk = project(ROOT / "clients" / "python" / "pyproject.toml")
    dev_extra = service["optional-dependencies"]["dev"]

    assert_pinned(service["dependencies"], runtime, "runtime.txt")
    assert_pinned([*service["dependencies"], *dev_extra, *sdk["dependencies"]], dev, "dev.txt")
    assert_pinned([d for d in dev_extra if Requirement(d).name == "mypy"], mypyc, "mypyc.txt")
    for lock, locked in (("runtime.txt", runtime), ("dev.txt", dev), ("mypyc.txt", mypyc)):
        assert all(hashes for _, hashes in locked.values()), f"{lock} has a pin without hashes"
    # One version of a package whichever lock installs it: the dev venv runs what the image runs.
    for lock, locked in (("dev.txt", dev), ("mypyc.txt", mypyc)):
        differ = {n: (v, runtime[n][0]) for n, (v, _) in locked.items() if n in runtime and runtime[n][0] != v}
        assert not differ, f"{lock} and runtime.txt pin different versions: {differ}"
    assert mypyc["mypy"][0] == dev["mypy"][0]
    # The project itself and the SDK are installed from the tree (editable), never from a lock.
    assert not {"spades-service", "spades-client"} & set(dev)
