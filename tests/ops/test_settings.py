"""The settings refuse to start on an insecure configuration, and set secure defaults when DEBUG is off.

Each environment is tried by importing ``spades_api.settings`` afresh in one child process (outside
pytest, whose presence relaxes the checks), so a single interpreter start covers every case.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GOOD_KEY = "k" * 20 + "0123456789abcdefghijklmnopqrstuvwxyz"
DEV_KEY = "django-insecure-spades-dev-key-do-not-use-in-production"
GOOD_METRICS_TOKEN = "m" * 10 + "0123456789abcdefghijklmnopqrstuvwxyz"
PRODUCTION = {"SPADES_ENV": "production", "SECRET_KEY": GOOD_KEY, "ALLOWED_HOSTS": "spades.example.com",
              "CACHE_URL": "redis://redis.example.internal:6379/1", "METRICS_TOKEN": GOOD_METRICS_TOKEN}

# name -> the environment (on top of none of the variables below)
CASES: dict[str, dict[str, str]] = {
    "no_key": {"ALLOWED_HOSTS": "spades.example.com"},
    "dev_key": {"SECRET_KEY": DEV_KEY, "ALLOWED_HOSTS": "spades.example.com"},
    "short_key": {"SECRET_KEY": "s3cr3t-but-only-thirty-chars-x", "ALLOWED_HOSTS": "spades.example.com"},
    "one_char_key": {"SECRET_KEY": "a" * 60, "ALLOWED_HOSTS": "spades.example.com"},
    "no_hosts": {"SECRET_KEY": GOOD_KEY},
    "debug_in_production": {**PRODUCTION, "DEBUG": "1"},
    # Production: every process must share one cache, and /metrics (on the public port) needs a token.
    "production_without_cache": {k: v for k, v in PRODUCTION.items() if k != "CACHE_URL"},
    "production_bad_cache_url": {**PRODUCTION, "CACHE_URL": "memcached://cache.example.internal:11211"},
    "production_without_metrics_token": {k: v for k, v in PRODUCTION.items() if k != "METRICS_TOKEN"},
    "production_short_metrics_token": {**PRODUCTION, "METRICS_TOKEN": "replace-me"},
    "production_one_char_metrics_token": {**PRODUCTION, "METRICS_TOKEN": "a" * 40},
    "bad_log_format": {**PRODUCTION, "LOG_FORMAT": "xml"},
    "production": PRODUCTION,
    "production_behind_tls_proxy": {**PRODUCTION, "SECURE_PROXY_SSL_HEADER": "1", "SECURE_SSL_REDIRECT": "1",
                                    "SECURE_HSTS_SECONDS": "31536000", "NUM_PROXIES": "1",
                                    "CORS_ALLOWED_ORIGINS": "https://a.example, https://b.example"},
    "debug": {"DEBUG": "1"},
}



def _shell(value: str, given: dict[str, str]) -> str:
    """A compose value with ``${NAME:?message}`` and ``${NAME:-default}`` filled in from ``given``."""
    def fill(match: re.Match[str]) -> str:
        name, op, default = match.group(1), match.group(2), match.group(3)
        if op == ":?":
            return given[name]
        return given.get(name, default)

    return re.sub(r"\$\{([A-Z_][A-Z0-9_]*)(:\?|:-)([^}]*)\}", fill, value)


def deploy_environments() -> dict[str, dict[str, str]]:
    """What compose's and the Kubernetes files give the web processes, the operator's variables filled in as the
    guide says (the metrics directory left out: the settings create it, and it is the container's)."""
    given = {"SECRET_KEY": GOOD_KEY, "METRICS_TOKEN": GOOD_METRICS_TOKEN}
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    web = {k: _shell(str(v), given) for k, v in compose["services"]["web"]["environment"].items()}
    k8s: dict[str, str] = {}
    for name in ("configmap.yaml", "secret.example.yaml"):
        doc = yaml.safe_load((DEPLOY / "k8s" / name).read_text())
        k8s |= {k: str(v) for k, v in {**doc.get("data", {}), **doc.get("stringData", {})}.items()}
    as_is = dict(k8s)
    k8s["METRICS_TOKEN"] = GOOD_METRICS_TOKEN  # the example's placeholder replaced, as its comment says
    return {f"deploy_{where}": {k: v for k, v in env.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
            for where, env in (("compose", web), ("k8s", k8s), ("k8s_example_as_is", as_is))}


CASES |= deploy_environments()

CLEARED = ("DEBUG", "SPADES_ENV", "SECRET_KEY", "ALLOWED_HOSTS", "LOG_FORMAT", "SECURE_PROXY_SSL_HEADER",
           "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "NUM_PROXIES", "CORS_ALLOWED_ORIGINS",
           "PROMETHEUS_MULTIPROC_DIR", "CACHE_URL", "METRICS_TOKEN", "REQUEST_HEADER_TIMEOUT", "REQUEST_BODY_TIMEOUT",
           "WEB_CONNECTIONS")

PROBE = """
import importlib, json, os, sys
cases = json.loads(sys.argv[1])
cleared = json.loads(sys.argv[2])
out = {}
for name, env in cases.items():
    for var in cleared:
        os.environ.pop(var, None)
    os.environ.update(env)
    sys.modules.pop("spades_api.settings", None)
    try:
        s = importlib.import_module("spades_api.settings")
    except Exception as exc:
        out[name] = {"error": type(exc).__name__, "message": str(exc)}
        continue
    out[name] = {k: getattr(s, k, None) for k in (
        "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
        "SECURE_CONTENT_TYPE_NOSNIFF", "X_FRAME_OPTIONS", "SECURE_REFERRER_POLICY", "SECURE_PROXY_SSL_HEADER",
        "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "LOG_FORMAT", "CORS_ALLOWED_ORIGINS", "CACHES",
        "METRICS_TOKEN", "REQUEST_HEADER_TIMEOUT", "REQUEST_BODY_TIMEOUT", "WEB_CONNECTIONS")}
    out[name]["NUM_PROXIES"] = s.REST_FRAMEWORK["NUM_PROXIES"]
print(json.dumps(out, default=list))
"""


def _outcomes() -> dict[str, dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(CASES), json.dumps(CLEARED)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_insecure_configurations_are_refused_and_secure_defaults_set() -> None:
    out = _outcomes()

    refused = {name: r for name, r in out.items() if "error" in r}
    assert set(refused) == {"no_key", "dev_key", "short_key", "one_char_key", "no_hosts", "debug_in_production",
                            "bad_log_format", "production_without_cache", "production_bad_cache_url",
                            "production_without_metrics_token", "production_short_metrics_token",
                            "production_one_char_metrics_token", "deploy_k8s_example_as_is"}, out
    assert all(r["error"] == "ImproperlyConfigured" for r in refused.values()), refused
    # Each refusal names the variable to fix.
    for name in ("no_key", "dev_key", "short_key", "one_char_key"):
        assert "SECRET_KEY" in refused[name]["message"], refused[name]
    assert "ALLOWED_HOSTS" in refused["no_hosts"]["message"]
    assert "DEBUG" in refused["debug_in_production"]["message"]
    assert "SPADES_ENV" in refused["debug_in_production"]["message"]
    assert "LOG_FORMAT" in refused["bad_log_format"]["message"]
    for name in ("production_without_cache", "production_bad_cache_url"):
        assert "CACHE_URL" in refused[name]["message"], refused[name]
    for name in ("production_without_metrics_token", "production_short_metrics_token",
                 "production_one_char_metrics_token", "deploy_k8s_example_as_is"):
        assert "METRICS_TOKEN" in refused[name]["message"], refused[name]

    prod = out["production"]
    assert prod["DEBUG"] is False and prod["SECRET_KEY"] == GOOD_KEY
    assert prod["ALLOWED_HOSTS"] == ["spades.example.com"]
    assert prod["SESSION_COOKIE_SECURE"] is True and prod["CSRF_COOKIE_SECURE"] is True
    assert prod["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    assert prod["X_FRAME_OPTIONS"] == "DENY"
    assert prod["SECURE_REFERRER_POLICY"] == "same-origin"
    assert prod["LOG_FORMAT"] == "json"
    # Behind a proxy only when asked: the header is forgeable without one, and the proxy usually redirects.
    assert prod["SECURE_PROXY_SSL_HEADER"] is None
    assert prod["SECURE_SSL_REDIRECT"] is False and prod["SECURE_HSTS_SECONDS"] == 0
    assert prod["NUM_PROXIES"] == 0 and prod["CORS_ALLOWED_ORIGINS"] == []
    # One cache for every process (Redis), a token for the metrics, the slow-client limits at their defaults.
    cache = prod["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == PRODUCTION["CACHE_URL"]
    assert prod["METRICS_TOKEN"] == GOOD_METRICS_TOKEN
    assert (prod["REQUEST_HEADER_TIMEOUT"], prod["REQUEST_BODY_TIMEOUT"], prod["WEB_CONNECTIONS"]) == (10, 30, 1000)

    proxied = out["production_behind_tls_proxy"]
    assert proxied["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert proxied["SECURE_SSL_REDIRECT"] is True and proxied["SECURE_HSTS_SECONDS"] == 31536000
    assert proxied["NUM_PROXIES"] == 1
    assert proxied["CORS_ALLOWED_ORIGINS"] == ["https://a.example", "https://b.example"]

    # The deploy files' environments start the service, on the shared cache and with a metrics token.
    for name in ("deploy_compose", "deploy_k8s"):
        assert out[name]["CACHES"]["default"]["BACKEND"].endswith("RedisCache"), out[name]
        assert out[name]["METRICS_TOKEN"] == GOOD_METRICS_TOKEN

    debug = out["debug"]
    assert debug["DEBUG"] is True and debug["SECRET_KEY"] == DEV_KEY
    assert debug["LOG_FORMAT"] == "text" and debug["SESSION_COOKIE_SECURE"] is False
    assert "localhost" in debug["ALLOWED_HOSTS"]
    # make run: no Redis, each process's own memory (the embedded run has one web process)
    assert debug["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert debug["METRICS_TOKEN"] == ""


def test_check_deploy_has_no_errors() -> None:
    """``manage.py check --deploy --fail-level ERROR`` passes on a production environment; the warnings it
    may still give (HSTS, SSL redirect) are settings the operator turns on by environment."""
    env = {k: v for k, v in os.environ.items() if k not in CLEARED} | PRODUCTION
    proc = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "ERROR"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    security = [line for line in (proc.stdout + proc.stderr).splitlines() if "(security." in line]
    assert {line.split("(security.")[1].split(")")[0] for line in security} <= {"W004", "W008"}, security
