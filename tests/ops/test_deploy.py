"""Static checks of the deployment files (no container engine runs here): the YAML parses; compose has
every role with a health check; every environment variable the files set is one the service reads, and
every one it reads is documented; the image is multi-stage, runs as a non-root user, and starts modules
that exist; the Kubernetes probes hit real routes of the app."""

from __future__ import annotations

import importlib
import json
import re
import runpy
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.urls import Resolver404, resolve

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SETTINGS = (ROOT / "spades_api" / "settings.py").read_text()
GUNICORN_CONF = DEPLOY / "gunicorn.conf.py"
APP_IMAGE = "spades-service"
# Read by the Python interpreter itself, not by the service.
INTERPRETER_VARS = {"PATH", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PIP_NO_CACHE_DIR",
                    "PIP_DISABLE_PIP_VERSION_CHECK"}
# os.environ.get("X"), os.environ["X"], env_bool("X"), env_list("X"), and dj_database_url's env="X".
ENV_READ = re.compile(r"""(?:environ\.get\(|environ\[|env_bool\(|env_list\(|getenv\(|\benv=)\s*"""
                      r"""["']([A-Z][A-Z0-9_]*)["']""")


def read_vars() -> set[str]:
    """Every environment variable that the settings or the gunicorn config read."""
    return set(ENV_READ.findall(SETTINGS)) | set(ENV_READ.findall(GUNICORN_CONF.read_text()))


def k8s_documents() -> list[dict[str, Any]]:
    docs = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


def by_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in k8s_documents() if d["kind"] == kind}


def app_containers() -> list[dict[str, Any]]:
    """Every container of the service's image in the manifests."""
    found = []
    for doc in k8s_documents():
        spec = doc.get("spec", {}).get("template", {}).get("spec", {})
        found += [c for c in spec.get("containers", []) if c["image"].split(":")[0] == APP_IMAGE]
    return found


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def dockerfile_stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each a list of (instruction, arguments) with continuations joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.upper() == "FROM":
            stages.append([])
        if stages:
            stages[-1].append((word.upper(), rest.strip()))
    return stages


def test_every_yaml_file_parses() -> None:
    files = [*DEPLOY.rglob("*.yaml"), *DEPLOY.rglob("*.yml")]
    assert len(files) >= 8
    for path in files:
        assert [d for d in yaml.safe_load_all(path.read_text()) if d], f"{path} is empty"


def test_compose_roles_and_health_checks() -> None:
    services = compose()["services"]
    assert {"web", "worker", "analyst", "beat", "migrate", "postgres", "redis"} <= set(services)
    for name, service in services.items():
        if name == "migrate":
            assert service["restart"] == "no", "the migration runs once"
            continue
        test = service.get("healthcheck", {}).get("test")
        assert test and test[0] in {"CMD", "CMD-SHELL"}, f"{name} has no health check"
    for name in ("web", "worker", "analyst", "beat"):
        assert services[name]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    assert "/readyz" in " ".join(services["web"]["healthcheck"]["test"])


def _assigned_vars() -> dict[str, set[str]]:
    """Variable names each deployment file gives the service's processes."""
    out: dict[str, set[str]] = {}
    for name, service in compose()["services"].items():
        if str(service.get("image", "")).split(":")[0].endswith(APP_IMAGE + "}") or "build" in service:
            out[f"compose:{name}"] = set(service.get("environment", {}))
    for kind in ("ConfigMap", "Secret"):
        for name, doc in by_kind(kind).items():
            out[f"{kind}:{name}"] = set(doc.get("data", {})) | set(doc.get("stringData", {}))
    for container in app_containers():
        out[f"container:{container['name']}"] = {e["name"] for e in container.get("env", [])}
    env_args = [args for stage in dockerfile_stages()[-1:] for word, args in stage if word == "ENV"]
    out["Dockerfile"] = {m for args in env_args for m in re.findall(r"([A-Z][A-Z0-9_]*)=", args)} - INTERPRETER_VARS
    return out


def test_every_variable_set_is_one_the_service_reads() -> None:
    known = read_vars()
    assigned = _assigned_vars()
    assert {"compose:web", "compose:worker", "ConfigMap:spades-config", "Secret:spades-secrets"} <= set(assigned)
    unknown = {where: names - known for where, names in assigned.items() if names - known}
    assert not unknown, f"set but never read (a typo?): {unknown}"


def test_every_variable_read_is_documented() -> None:
    guide = (DEPLOY / "README.md").read_text()
    missing = sorted(name for name in read_vars() if f"`{name}`" not in guide)
    assert not missing, f"deploy/README.md does not document {missing}"


def test_image_is_multi_stage_and_not_root() -> None:
    stages = dockerfile_stages()
    assert len(stages) >= 2
    names = [re.search(r"\bAS\s+(\S+)", args, re.I) for args in (s[0][1] for s in stages)]
    assert all(names), "name every stage"
    final = stages[-1]
    assert any(word == "COPY" and args.startswith(f"--from={names[0].group(1)}") for word, args in final)  # type: ignore[union-attr]
    users = [args for word, args in final if word == "USER"]
    assert users, "the runtime stage must set a USER"
    user = users[-1].split(":")[0]
    assert user not in {"root", "0"}
    assert user.isdigit(), "a numeric user lets Kubernetes' runAsNonRoot verify it"
    assert any(word == "RUN" and "collectstatic" in args for word, args in stages[0])
    assert any(word == "ENV" and "STATIC_ROOT=" in args for word, args in final)


def _check_module(spec: str) -> None:
    """``package.module[:attribute]`` exists."""
    module, _, attribute = spec.partition(":")
    loaded = importlib.import_module(module)
    if attribute:
        assert hasattr(loaded, attribute), spec


def _check_command(argv: list[str]) -> None:
    """A role's command starts things that exist in this repository."""
    if argv[0] == "gunicorn":
        config = argv[argv.index("--config") + 1]
        assert (ROOT / config).is_file()
        conf = runpy.run_path(str(ROOT / config))
        _check_module(conf["worker_class"].rpartition(".")[0] + ":" + conf["worker_class"].rpartition(".")[2])
        _check_module([a for a in argv[1:] if ":" in a][0])
    elif argv[0] == "celery":
        _check_module(argv[argv.index("-A") + 1] + ".celery:app")
        assert {"worker", "beat"} & set(argv)
    elif argv[:2] == ["python", "manage.py"]:
        assert (ROOT / "manage.py").is_file()
    else:
        pytest.fail(f"unknown command {argv}")


def test_commands_start_modules_that_exist() -> None:
    cmd = [args for word, args in dockerfile_stages()[-1] if word == "CMD"]
    assert cmd and cmd[-1].startswith("["), "CMD in exec form, so signals reach gunicorn"
    commands = [json.loads(cmd[-1])]
    commands += [s["command"] for s in compose()["services"].values() if "build" in s and "command" in s]
    commands += [c["args"] for c in app_containers()]
    assert len(commands) >= 8
    for argv in commands:
        _check_command(argv if isinstance(argv, list) else shlex.split(argv))


def test_probes_hit_routes_of_the_app() -> None:
    probes = 0
    for container in app_containers():
        ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
        for kind in ("startupProbe", "livenessProbe", "readinessProbe"):
            get = container.get(kind, {}).get("httpGet")
            if not get:
                continue
            probes += 1
            assert get["port"] in ports or get["port"] in ports.values()
            try:
                match = resolve(get["path"])
            except Resolver404:
                pytest.fail(f"{container['name']} {kind} probes {get['path']}, which the app does not route")
            assert match.url_name == ("readyz" if kind == "readinessProbe" else "healthz"), (kind, get["path"])
    assert probes >= 3


def test_roles_in_kubernetes() -> None:
    deployments = by_kind("Deployment")
    assert {"spades-web", "spades-worker", "spades-analyst", "spades-beat"} <= set(deployments)
    beat = deployments["spades-beat"]["spec"]
    assert beat["replicas"] == 1 and beat["strategy"] == {"type": "Recreate"}
    assert "spades-migrate" in by_kind("Job")
    web = deployments["spades-web"]["spec"]
    service = by_kind("Service")["spades-web"]["spec"]
    assert service["selector"].items() <= web["template"]["metadata"]["labels"].items()
    hpa = by_kind("HorizontalPodAutoscaler")["spades-web"]["spec"]
    assert hpa["scaleTargetRef"]["name"] == "spades-web"
    # Every pod runs as non-root and has somewhere private for its metrics files.
    multiproc = by_kind("ConfigMap")["spades-config"]["data"]["PROMETHEUS_MULTIPROC_DIR"]
    for doc in [*deployments.values(), *by_kind("Job").values()]:
        pod = doc["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        mounts = {m["mountPath"]: m["name"] for c in pod["containers"] for m in c.get("volumeMounts", [])}
        volumes = {v["name"]: v for v in pod["volumes"]}
        assert "emptyDir" in volumes[mounts[multiproc]], doc["metadata"]["name"]
    kustomized = yaml.safe_load((DEPLOY / "k8s" / "kustomization.yaml").read_text())["resources"]
    assert all((DEPLOY / "k8s" / name).is_file() for name in kustomized)


def test_dockerignore_keeps_local_state_out() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    assert {".git", ".venv", "*.sqlite3", ".broker", ".env"} <= ignored


def test_the_web_role_runs_the_protocol_with_the_slow_client_limits() -> None:
    """gunicorn's worker is uvicorn's with spades_api.server's protocol (read timeouts, the connection limit)."""
    conf = runpy.run_path(str(GUNICORN_CONF))
    module, _, name = conf["worker_class"].rpartition(".")
    worker = getattr(importlib.import_module(module), name)
    from spades_api.server import HttpProtocol, UvicornWorker

    assert issubclass(worker, UvicornWorker)
    http = worker.CONFIG_KWARGS["http"]
    assert getattr(importlib.import_module(http.split(":")[0]), http.split(":")[1]) is HttpProtocol
    assert worker.CONFIG_KWARGS["ws"] == "none"
    config = by_kind("ConfigMap")["spades-config"]["data"]
    assert {"REQUEST_HEADER_TIMEOUT", "REQUEST_BODY_TIMEOUT", "WEB_CONNECTIONS"} <= set(config)


def test_metrics_need_a_secret_token_and_the_processes_share_a_cache() -> None:
    """/metrics is on the public port: compose refuses to start without METRICS_TOKEN (no empty default) and
    Kubernetes takes it from the Secret; every process gets the shared cache, on a Redis database of its own."""
    app_env = compose()["x-app"]["environment"]
    assert str(app_env["METRICS_TOKEN"]).startswith("${METRICS_TOKEN:?"), app_env["METRICS_TOKEN"]
    cache, broker = app_env["CACHE_URL"], app_env["CELERY_BROKER_URL"]
    assert cache.startswith("redis://") and cache != broker
    for name, service in compose()["services"].items():
        if "build" in service:
            assert {"CACHE_URL", "METRICS_TOKEN"} <= set(service["environment"]), name
    secret = by_kind("Secret")["spades-secrets"]["stringData"]
    assert secret["METRICS_TOKEN"] and secret["CACHE_URL"].startswith("redis://")
    assert secret["CACHE_URL"] != secret["CELERY_BROKER_URL"]
    assert not {"METRICS_TOKEN", "CACHE_URL"} & set(by_kind("ConfigMap")["spades-config"]["data"]), \
        "secrets (a token, a URL that may hold a password) belong in the Secret"
    for container in app_containers():
        refs = [ref["secretRef"]["name"] for ref in container.get("envFrom", []) if "secretRef" in ref]
        assert refs == ["spades-secrets"], container["name"]


# Each deployment's own: its hosts and secrets, and where it keeps the metrics files (compose: in the /tmp tmpfs;
# Kubernetes: a memory emptyDir of their own). Every other setting both give the processes has one value.
DEPLOYMENT_OWN = {"SECRET_KEY", "METRICS_TOKEN", "ALLOWED_HOSTS", "DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL",
                  "PROMETHEUS_MULTIPROC_DIR"}
# compose service -> the Kubernetes container running the same role
ROLES = {"migrate": "migrate", "web": "web", "worker": "worker", "analyst": "analyst", "beat": "beat"}


def _k8s_env(container: dict[str, Any]) -> dict[str, str]:
    env: dict[str, str] = {}
    for ref in container.get("envFrom", []):
        if "configMapRef" in ref:
            env |= by_kind("ConfigMap")[ref["configMapRef"]["name"]]["data"]
        if "secretRef" in ref:
            env |= by_kind("Secret")[ref["secretRef"]["name"]]["stringData"]
    own = {e["name"]: str(e["value"]) for e in container.get("env", [])}
    return {key: str(value) for key, value in env.items()} | own


def test_compose_and_kubernetes_run_the_same_commands_probes_and_settings() -> None:
    """What tests/ops/test_image.py runs from compose.yaml is what the manifests run too: each role's command
    (the web role's is the image's own), its health check, its writable places, and one value for every setting
    both give its processes but each deployment's own (DEPLOYMENT_OWN)."""
    from tests.ops.test_settings import _shell

    services = compose()["services"]
    containers = {c["name"]: c for c in app_containers()}
    image_cmd = json.loads([args for word, args in dockerfile_stages()[-1] if word == "CMD"][-1])
    given = {"SECRET_KEY": "s", "METRICS_TOKEN": "m"}
    for service, name in ROLES.items():
        composed, pod = services[service], containers[name]
        assert composed.get("command", image_cmd) == pod["args"], name
        env = {key: _shell(str(value), given) for key, value in composed["environment"].items()}
        k8s = _k8s_env(pod)
        assert set(env) <= set(k8s), f"{name}: {set(env) - set(k8s)} set by compose only"
        differ = {key: (env[key], k8s[key]) for key in set(env) - DEPLOYMENT_OWN if env[key] != k8s[key]}
        assert not differ, f"{name}: compose and Kubernetes disagree: {differ}"
        # Read-only roots with the same writable /tmp, and the metrics folder in a writable place of each.
        assert composed["read_only"] is True and pod["securityContext"]["readOnlyRootFilesystem"] is True
        mounts = [m["mountPath"] for m in pod["volumeMounts"]]
        assert composed["tmpfs"] == ["/tmp"] and "/tmp" in mounts, name
        assert any(env["PROMETHEUS_MULTIPROC_DIR"].startswith(path + "/") for path in composed["tmpfs"]), name
        assert k8s["PROMETHEUS_MULTIPROC_DIR"] in mounts, name
    # The same health checks: compose's in the container, Kubernetes' exec probes the same command.
    for service in ("worker", "analyst", "beat"):
        test = services[service]["healthcheck"]["test"]
        argv = ["sh", "-c", test[1].replace("$$", "$")] if test[0] == "CMD-SHELL" else test[1:]
        assert containers[service]["livenessProbe"]["exec"]["command"] == argv, service
    web = " ".join(services["web"]["healthcheck"]["test"])
    assert containers["web"]["readinessProbe"]["httpGet"]["path"] in web


def test_reviews_and_bots_are_served_by_workers_of_their_own() -> None:
    """The hand reviews' queue (settings: "Two queues") has a worker role of its own in compose and Kubernetes,
    and the bots' worker does not consume it: a review never holds a process that a bot turn or a clock needs."""
    from django.conf import settings

    from spades_api.celery import app

    assert app.amqp.router.route({}, "games.tasks.analyse")["queue"].name == settings.ANALYSIS_QUEUE
    assert app.amqp.router.route({}, "bots.tasks.play_bot_turn")["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE
    services = compose()["services"]
    containers = {c["name"]: c for c in app_containers()}
    for role, queue in (("worker", settings.CELERY_TASK_DEFAULT_QUEUE), ("analyst", settings.ANALYSIS_QUEUE)):
        for argv in (services[role]["command"], containers[role]["args"]):
            assert argv[argv.index("-Q") + 1] == queue, (role, argv)
