"""The container image built and run (issue 35): ``deploy/Dockerfile`` built with buildah
(``deploy/build-image.sh``; the base made from Debian's packages where no registry answers, ``deploy/base-image.sh``),
then the service run from it as the deploy files run it, against this machine's PostgreSQL (a database of this
test's own, made and dropped here) and Redis (the suite's broker and cache databases):

- The compose deployment: migrate, then web (the image's own command), a worker, the analyst (hand reviews) and
  beat, each in a container of its own with compose's command and environment (the operator's variables filled
  in; the services' host names, which only compose's network resolves, replaced by this machine's; ports picked
  free, since the containers share the host's network), its root file system read-only and a ``/tmp`` of its own
  (compose's ``read_only`` and ``tmpfs``). Compose's health checks run inside them.
- A web pod as ``deploy/k8s/`` makes it: the ConfigMap's, the Secret's and the container's environment, a folder at
  each of its volumeMounts, its three probes; an API request comes as the ingress sends it (TLS ended, forwarded).

Inside the image, ``manage.py check --deploy`` has nothing to say on the Kubernetes settings (TLS at the ingress)
and only the HTTPS warnings on compose's plain-HTTP host. Two players register through the web container's port
and play a game with two bots to its end; each player's requests are counted in one window of the shared cache,
whichever web process answered; the worker is killed (SIGKILL, all its processes) in the middle of the game, no
bot moves while it is down, it is started again, and the game finishes with a log that replays to its snapshot; the
analyst serves the first hand's review.
The build's time and the image's size are printed.

There is no Docker engine here: buildah runs the containers (chroot isolation), and what it does not do, the test
does as a container runtime would. A container's processes start as root in the container's own mount namespace,
remount its ``/`` read-only there, and become the image's user (uid 10001) with no capabilities and no new
privileges (setpriv) before the role's command runs; a check from inside finds ``/tmp`` (and ``/dev/shm``) the only
places it can write. Skipped where buildah is missing or the test is not root; under CI=true that is a failure
(``.ci/run`` installs buildah and mmdebstrap).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
import pytest
import redis
from spades_client import SpadesClient

from tests.live import free_port, purge, wait_for
from tests.ops.test_deploy import APP_IMAGE, DEPLOY, app_containers, by_kind, compose, dockerfile_stages
from tests.ops.test_settings import _shell
from tests.tasks.test_workers import assert_log_replays

pytestmark = pytest.mark.services

IMAGE = f"localhost/{APP_IMAGE}:test"
BUILDAH = shutil.which("buildah") or "buildah"
RUN = [BUILDAH, "run", "--isolation", "chroot", "--network", "host"]
# Root in the container's mount namespace makes its / read-only, then the role runs as the image's user.
# HOME is the user's, as an engine sets it.
READ_ONLY_ROOT = ('mount -o remount,bind,ro / && HOME="$(getent passwd "$0" | cut -d: -f6)" && export HOME && '
                  'exec setpriv --reuid="$0" --regid="$0" --clear-groups --no-new-privs --bounding-set=-all '
                  '--inh-caps=-all -- "$@"')
# Where a process of the image might write; only the container's /tmp (a folder of its own) and /dev/shm may take it.
WRITE_PROBE = ('for d in / /app /app/staticfiles /opt/venv /etc /var/tmp /run /run/lock /home /tmp /dev/shm; do '
               'if touch "$d/.probe-$$" 2>/dev/null; then rm -f "$d/.probe-$$"; echo "$d"; fi; done')
GAME = {"hand_cap": 2, "tie": "draw"}
"""Two deals: a middle to kill the worker in, and a deal after it."""


@pytest.fixture
def builder() -> None:
    """buildah, and root (chroot isolation mounts); missing: a failure under CI, a skip elsewhere."""
    missing = [] if shutil.which("buildah") else ["buildah (apt-get install buildah mmdebstrap)"]
    if os.geteuid() != 0:
        missing.append("root")
    if missing:
        reason = "building and running the image needs " + " and ".join(missing)
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


def _buildah(*args: str, timeout: float = 120) -> str:
    proc = subprocess.run([BUILDAH, *args], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"buildah {' '.join(args)}: {proc.stderr[-2000:]}"
    return proc.stdout.strip()


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rpartition(")")[2].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        tree.setdefault(ppid, []).append(int(stat.parent.name))
    return tree


def _is_buildah(pid: int) -> bool:
    """buildah's own processes around a container's (buildah-chroot-runtime, buildah-chroot-exec)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"buildah")
    except OSError:
        return False


def _in_image(root: Path, path: str) -> str:
    """``path`` with the symbolic links of the image's file system followed inside it (``/var/run`` is ``/run``),
    as an engine resolves a mount's destination: buildah's chroot mode would follow an absolute link on the host."""
    resolved = Path("/")
    parts = list(Path(path).parts[1:])
    for _ in range(100):
        if not parts:
            return str(resolved)
        part = parts.pop(0)
        here = root / str(resolved).lstrip("/") / part
        if here.is_symlink():
            target = Path(os.readlink(here))
            parts = list(target.parts[1:] if target.is_absolute() else target.parts) + parts
            if target.is_absolute():
                resolved = Path("/")
        else:
            resolved = resolved / part
    raise AssertionError(f"{path}: too many links")


class Container:
    """A working container of the image (``buildah from``) whose processes run as its role's would: on the host's
    network, as the image's user, with a read-only root and a fresh host folder at each writable path (compose's
    tmpfs, a pod's emptyDir volumes), which stay across restarts of its process as an emptyDir does."""

    def __init__(self, name: str, writable: list[str], env: dict[str, str], tmp: Path) -> None:
        self.name = f"spades-e2e-{name}-{uuid.uuid4().hex[:6]}"
        self.env = env
        self.logs = tmp / "logs"
        self.logs.mkdir(exist_ok=True)
        self.volumes: list[str] = []
        _buildah("from", "--pull=false", "--quiet", "--name", self.name, IMAGE)
        root = Path(_buildah("mount", self.name))
        for path in writable:
            host = tmp / "volumes" / name / path.strip("/").replace("/", "_")
            host.mkdir(parents=True)
            host.chmod(0o1777)
            self.volumes += ["--volume", f"{host}:{_in_image(root, path)}"]
        _buildah("umount", self.name)
        config = json.loads(_buildah("inspect", "--type", "container", self.name))["OCIv1"]["config"]
        self.user = config["User"].split(":")[0]
        self.cmd: list[str] = config["Cmd"]
        # buildah's first run makes its mount points (/etc/hosts, /etc/resolv.conf) in the container's layer, as
        # an engine does when it creates a container; every later run finds them and writes nothing there.
        subprocess.run([*RUN, self.name, "--", "true"], check=True, capture_output=True, timeout=60)
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def _argv(self, command: list[str], env: dict[str, str]) -> list[str]:
        flags = [f"--env={key}={value}" for key, value in env.items()]
        return [*RUN, "--user", "0:0", "--cap-add", "CAP_SYS_ADMIN", *self.volumes, *flags, self.name, "--",
                "sh", "-c", READ_ONLY_ROOT, self.user, *command]

    def start(self, command: list[str]) -> None:
        """The role's process, in the background (its output in ``logs/<name>.log``)."""
        self.starts += 1
        log = (self.logs / f"{self.name}.{self.starts}.log").open("wb")
        self.process = subprocess.Popen(self._argv(command, self.env), stdout=log, stderr=subprocess.STDOUT)

    def run(self, command: list[str], *, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """Another process in the container (a health check, a one-shot role), to its end."""
        return subprocess.run(self._argv(command, self.env), capture_output=True, text=True, timeout=timeout)

    def pids(self) -> list[int]:
        """The processes of the role (under buildah's own)."""
        if self.process is None:
            return []
        tree, found, todo = _children(), [], [self.process.pid]
        while todo:
            for child in tree.get(todo.pop(), []):
                todo.append(child)
                if not _is_buildah(child):
                    found.append(child)
        return found

    def log(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-4000:] for path in sorted(self.logs.glob(f"{self.name}.*")))

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to every process of the role: nothing is finished or acknowledged."""
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM to the role's first process, as ``docker stop`` does; SIGKILL if it is not gone in 40 s."""
        pids = self.pids()
        if pids and self.alive():
            os.kill(pids[0], signal.SIGTERM)
            try:
                assert self.process is not None
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.kill()

    def remove(self) -> None:
        if self.alive():
            self.kill()
        subprocess.run([BUILDAH, "rm", self.name], capture_output=True, timeout=60)


def _compose_env(service: dict[str, Any], given: dict[str, str]) -> dict[str, str]:
    return {key: _shell(str(value), given) for key, value in service.get("environment", {}).items()}


def _local(url: str, database: str) -> str:
    """``url`` (the suite's PostgreSQL) pointing at ``database``."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


@pytest.fixture
def e2e_database() -> Iterator[str]:
    """A database of this test's own on the suite's PostgreSQL, empty (the migrate role fills it), dropped after."""
    url = os.environ.get("DATABASE_URL", "")
    if urlsplit(url).scheme not in {"postgres", "postgresql"}:
        pytest.fail("this test needs PostgreSQL (set DATABASE_URL)")
    name = urlsplit(url).path.strip("/") + "_image_e2e"
    admin_url = _local(url, "postgres")

    def drop() -> None:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    drop()
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _local(url, name)
    finally:
        drop()


def _redis_url(variable: str) -> str:
    url = os.environ.get(variable, "")
    if not url.startswith("redis://"):
        pytest.fail(f"this test needs {variable} on this machine's Redis (make test sets it)")
    return url


def _http_port(argv: list[str], port: int) -> list[str]:
    """A health check's command with the container's web port (8000 in the deploy files) replaced by the one
    given to this test's container, which shares the host's network."""
    return [re.sub(r"127\.0\.0\.1:8000\b", f"127.0.0.1:{port}", arg) for arg in argv]


def _health_check(test: list[str]) -> list[str]:
    """A compose health check as the command a container runs (``$$`` is compose's escape of ``$``)."""
    if test[0] == "CMD-SHELL":
        return ["sh", "-c", test[1].replace("$$", "$")]
    assert test[0] == "CMD", test
    return test[1:]


def _wait_http(client: httpx.Client, path: str, container: Container, *, seconds: float = 120) -> httpx.Response:
    answer: list[httpx.Response] = []

    def answered() -> bool:
        assert container.alive(), container.log()
        try:
            answer[:] = [client.get(path)]
        except httpx.TransportError:
            return False
        return answer[0].status_code == 200

    wait_for(answered, seconds=seconds, what=f"{path} of {container.name} to answer 200")
    return answer[0]


def _table_row(database: str, table_id: str) -> dict[str, Any]:
    with psycopg.connect(database) as conn:
        row = conn.execute("SELECT status, seq, rules, state, winner FROM games_table WHERE id = %s",
                           [table_id]).fetchone()
        assert row is not None
        actions = conn.execute("SELECT seq, type, payload FROM games_action WHERE table_id = %s ORDER BY seq",
                               [table_id]).fetchall()
    status, seq, rules, state, winner = row
    return {"status": status, "seq": seq, "rules": rules, "state": state, "winner": winner, "actions": actions}


class Player(threading.Thread):
    """A registered player playing its seat to the game's end with the SDK (one round trip a move), first legal
    action each time; the final table, or the error, is kept."""

    def __init__(self, base: str, token: str, table_id: str) -> None:
        super().__init__(daemon=True)
        self.client = SpadesClient(base, token)
        self.table_id = table_id
        self.final: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.final = self.client.play(self.table_id, lambda turn: turn.legal[0])
        except BaseException as exc:  # reported by the test
            self.error = exc


def test_the_image_runs_every_role_and_plays_a_game_through_a_worker_restart(
        builder: None, e2e_database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broker, cache = _redis_url("CELERY_BROKER_URL"), _redis_url("CACHE_URL")
    assert cache != broker

    started = time.monotonic()
    build_log = tmp_path / "build.log"
    with build_log.open("w") as log:
        built = subprocess.run([str(DEPLOY / "build-image.sh"), IMAGE], stdout=log, stderr=subprocess.STDOUT,
                               timeout=1800)
    assert built.returncode == 0, build_log.read_text()[-6000:]
    build_seconds = time.monotonic() - started
    manifest = json.loads(_buildah("inspect", "--type", "image", "--format", "{{.Manifest}}", IMAGE))
    size_mb = sum(layer["size"] for layer in manifest["layers"]) / 1e6
    with capsys.disabled():
        print(f"\nimage {IMAGE}: built in {build_seconds:.0f} s (deploy/build-image.sh), {size_mb:.0f} MB")

    # The image's default command is the web role's, the one the Kubernetes web container names.
    cmd = json.loads([args for word, args in dockerfile_stages()[-1] if word == "CMD"][-1])
    services = compose()["services"]
    given = {"SECRET_KEY": secrets.token_urlsafe(50), "METRICS_TOKEN": secrets.token_urlsafe(32)}
    # compose's network names the database and Redis; here they are this machine's, in databases of the test's.
    endpoints = {"DATABASE_URL": e2e_database, "CELERY_BROKER_URL": broker, "CACHE_URL": cache}
    web_port = free_port()
    # The containers share the host's network: each worker role's metrics on a port of its own.
    metrics_ports = {"worker": free_port(), "analyst": free_port()}
    writable = services["web"]["tmpfs"]
    assert services["web"]["read_only"] is True and writable == ["/tmp"]

    def env_of(name: str) -> dict[str, str]:
        env = _compose_env(services[name], given)
        assert set(endpoints) <= set(env), name
        env |= endpoints | {"PORT": str(web_port)}
        if "WORKER_METRICS_PORT" in env:
            env["WORKER_METRICS_PORT"] = str(metrics_ports[name])
        return env

    purge(broker)
    containers: list[Container] = []

    def container(name: str, writable: list[str], env: dict[str, str]) -> Container:
        made = Container(name, writable, env, tmp_path)
        containers.append(made)
        return made

    try:
        # migrate: once, to its end, on the empty database.
        migrate = container("migrate", writable, env_of("migrate"))
        migrated = migrate.run(services["migrate"]["command"], timeout=300)
        assert migrated.returncode == 0, migrated.stdout + migrated.stderr

        # web: the image's command, with a root it cannot write.
        web = container("web", writable, env_of("web"))
        assert web.cmd == cmd
        # compose serves plain HTTP on one host: only the HTTPS settings (HSTS, the redirect) are left to say.
        checked = web.run(["python", "manage.py", "check", "--deploy"])
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert set(re.findall(r"\(security\.(W\d+)\)", checked.stdout + checked.stderr)) <= {"W004", "W008"}, checked
        web.start(web.cmd)
        http = httpx.Client(base_url=f"http://127.0.0.1:{web_port}", timeout=30)
        _wait_http(http, "/healthz", web)
        ready = _wait_http(http, "/readyz", web)
        assert ready.json()["status"] == "ok", ready.json()
        check = web.run(_http_port(_health_check(services["web"]["healthcheck"]["test"]), web_port))
        assert check.returncode == 0, check.stdout + check.stderr
        probe = web.run(["sh", "-c", WRITE_PROBE])
        assert probe.returncode == 0, probe.stderr
        assert set(probe.stdout.split()) == {"/tmp", "/dev/shm"}, probe.stdout
        scrape = http.get("/metrics", headers={"Authorization": f"Bearer {given['METRICS_TOKEN']}"})
        assert scrape.status_code == 200 and "spades_queue_depth" in scrape.text, scrape.text[:500]
        assert http.get("/metrics").status_code in (401, 403), "/metrics must want its token"

        _kubernetes_web_pod(container, endpoints, cmd)

        worker = container("worker", writable, env_of("worker"))
        worker.start(services["worker"]["command"])
        analyst = container("analyst", writable, env_of("analyst"))
        analyst.start(services["analyst"]["command"])
        beat = container("beat", writable, env_of("beat"))
        beat.start(services["beat"]["command"])
        # The health checks of the workers (a ping to its node by the container's host name) and of beat (its
        # schedule file, in the /tmp it shares with its check as a pod's emptyDir is shared).
        for role, box in (("worker", worker), ("analyst", analyst), ("beat", beat)):
            test = _health_check(services[role]["healthcheck"]["test"])
            wait_for(lambda t=test, b=box: b.run(t).returncode == 0, seconds=120,
                     what=f"the {role} container's health check to pass")

        # Two players through the web container's port; bots at the other two seats, played by the worker.
        tokens, ids = [], []
        for name in ("north", "south"):
            made = http.post("/api/v1/players/", json={"name": f"e2e-{name}-{uuid.uuid4().hex[:8]}", "kind": "human"})
            assert made.status_code == 201, made.text
            tokens.append(made.json()["token"])
            ids.append(made.json()["id"])
        bot = {"type": "bot", "level": "normal"}
        opened = http.post("/api/v1/tables/", headers={"Authorization": f"Bearer {tokens[0]}"},
                           json={"preset": "standard", "overrides": GAME, "take_seat": 0,
                                 "seats": [{"type": "open"}, bot, {"type": "open"}, bot]})
        assert opened.status_code == 201, opened.text
        table_id = opened.json()["id"]
        joined = http.post(f"/api/v1/tables/{table_id}/join/", headers={"Authorization": f"Bearer {tokens[1]}"},
                           json={"seat": 2})
        assert joined.status_code == 200, joined.text
        players = [Player(str(http.base_url), token, table_id) for token in tokens]
        for player in players:
            player.start()

        def view() -> dict[str, Any]:
            answer = http.get(f"/api/v1/tables/{table_id}/", headers={"Authorization": f"Bearer {tokens[0]}"})
            assert answer.status_code == 200, answer.text
            return answer.json()

        def mid_game() -> bool:
            assert worker.alive(), worker.log()
            assert all(p.error is None for p in players), [p.error for p in players]
            table = view()
            assert table["status"] != "finished", "the game ended before the worker could be killed"
            return table["seq"] >= 20

        wait_for(mid_game, seconds=300, what="the game to reach its middle")
        worker.kill()
        # With the worker gone the bots do not move: once the table waits for a bot's seat, it stays there.
        wait_for(lambda: view()["view"]["turn"] in (1, 3) and all(p.error is None for p in players), seconds=60,
                 what="the table to wait for a bot")
        stuck = view()["seq"]
        time.sleep(3)
        assert view()["seq"] == stuck, "a bot moved with no worker running"

        worker.start(services["worker"]["command"])
        for player in players:
            player.join(timeout=600)
            assert not player.is_alive(), "the game did not finish"
            assert player.error is None, repr(player.error)
            assert player.final.status == "finished"
        assert worker.alive() and analyst.alive() and beat.alive() and web.alive()
        # The first hand's review, solved by the analyst container (the worker's death did not touch it).
        review_url = f"/api/v1/tables/{table_id}/hands/1/analysis/"
        wait_for(lambda: http.get(review_url, headers={"Authorization": f"Bearer {tokens[0]}"}).status_code == 200,
                 seconds=120, what="the analyst serving the first hand's review")
        review = http.get(review_url, headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        assert review["analysed"] > 0 and len(review["plays"]) == 52, review

        # Each player's requests were counted in one window of the shared cache (Redis, CACHE_URL), whichever of
        # the web container's processes answered them, as in production.
        shared = redis.Redis.from_url(cache)
        for player_id, player in zip(ids, players, strict=True):
            window = shared.zcard(f"spades:1:throttle_user_{player_id}")
            quota = player.client.rate_limit
            assert window > 0 and quota is not None and quota.limit - quota.remaining <= window, (window, quota)

        record = _table_row(e2e_database, table_id)
        assert record["status"] == "finished" and record["seq"] > stuck
        assert record["winner"] in (0, 1, None)  # a drawn game (tie: draw) has none
        assert_log_replays(record["actions"], seq=record["seq"], rules=record["rules"], state=record["state"])
        with capsys.disabled():
            print(f"image e2e: {record['seq']} actions, worker killed at seq {stuck}, "
                  f"{time.monotonic() - started:.0f} s with the build")
    except BaseException:
        for box in containers:
            print(f"--- {box.name}\n{box.log()}")
        raise
    finally:
        for box in reversed(containers):
            box.stop()
            box.remove()


def _kubernetes_web_pod(container: Callable[[str, list[str], dict[str, str]], Container], endpoints: dict[str, str],
                        cmd: list[str]) -> None:
    """The web Deployment's container: the ConfigMap's and the Secret's environment (the example Secret's values
    replaced as its comment says, the endpoints with this machine's) and its own, a fresh folder at each of its
    volumeMounts, its probes on its named port; then an API request as the ingress forwards it."""
    web = next(c for c in app_containers() if c["name"] == "web")
    assert web["args"] == cmd
    env = {**by_kind("ConfigMap")["spades-config"]["data"], **by_kind("Secret")["spades-secrets"]["stringData"]}
    env |= {e["name"]: e["value"] for e in web.get("env", [])}
    env |= endpoints | {"SECRET_KEY": secrets.token_urlsafe(50), "METRICS_TOKEN": secrets.token_urlsafe(32)}
    port = free_port()
    env["PORT"] = str(port)
    assert web["securityContext"]["readOnlyRootFilesystem"] is True
    pod = container("k8s-web", [m["mountPath"] for m in web["volumeMounts"]], {k: str(v) for k, v in env.items()})
    # Django's deployment checklist, on the image's production settings behind TLS: nothing to report.
    checked = pod.run(["python", "manage.py", "check", "--deploy", "--fail-level", "WARNING"])
    assert checked.returncode == 0 and "no issues" in checked.stdout, checked.stdout + checked.stderr
    pod.start(web["args"])
    ports = {p["name"]: p["containerPort"] for p in web["ports"]}
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        for kind in ("startupProbe", "livenessProbe", "readinessProbe"):
            get = web[kind]["httpGet"]
            assert ports[get["port"]] == 8000  # the container's port, which PORT moves here
            answer = _wait_http(http, get["path"], pod)
            assert answer.json()["status"] == "ok", (kind, answer.json())
        host = env["ALLOWED_HOSTS"].split(",")[0]
        forwarded = {"Host": host, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
        answer = http.get("/api/v1/rulesets/", headers=forwarded)
        assert answer.status_code == 200, answer.text
        assert "max-age=31536000" in answer.headers["Strict-Transport-Security"]
        # Plain HTTP past the ingress is sent to HTTPS (SECURE_SSL_REDIRECT), probes excepted (above).
        assert http.get("/api/v1/rulesets/", headers={"Host": host}).status_code == 301
    pod.stop()
    assert pod.process is not None and pod.process.returncode == 0, pod.log()
