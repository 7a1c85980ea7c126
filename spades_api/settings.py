"""Django settings for the Spades service, read from the environment."""

import os
import sys
from pathlib import Path

import dj_database_url
from corsheaders.defaults import default_headers
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django_guid.integrations import CeleryIntegration
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on" mean true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated environment variable as a list of non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=False)
# The deploy files set SPADES_ENV=production: there, DEBUG is refused whatever else the environment says.
SPADES_ENV = os.environ.get("SPADES_ENV", "development").strip().lower()
if DEBUG and SPADES_ENV == "production":
    raise ImproperlyConfigured("DEBUG must be off when SPADES_ENV=production (unset DEBUG or set DEBUG=0).")

# With DEBUG off (and outside a test run) the service refuses to start on an insecure configuration,
# rather than run with a guessable key or answer any Host header.
_STRICT = not (DEBUG or "pytest" in sys.modules)
MIN_SECRET_KEY_LENGTH = 50  # what `manage.py check --deploy` asks for

# A fixed, public key is allowed only for local development (DEBUG) and test runs.
_INSECURE_DEV_KEY = "django-insecure-spades-dev-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if _STRICT:
    if not SECRET_KEY:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    if SECRET_KEY == _INSECURE_DEV_KEY or SECRET_KEY.startswith("django-insecure"):
        raise ImproperlyConfigured("SECRET_KEY is the public development key; set a random one.")
    if len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH or len(set(SECRET_KEY)) < 5:
        raise ImproperlyConfigured(f"SECRET_KEY must be at least {MIN_SECRET_KEY_LENGTH} random characters, e.g. "
                                   "python -c 'import secrets; print(secrets.token_urlsafe(50))'.")
elif not SECRET_KEY:
    SECRET_KEY = _INSECURE_DEV_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
if _STRICT and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the service's host names (comma-separated) when DEBUG "
                               "is off.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "django_guid",
    "games",
    "tournaments",
    "bots",
    "webclient",
]

MIDDLEWARE = [
    # Probes and the metrics scrape are answered first: they come by pod IP (not an allowed host), over
    # plain HTTP, and must not count as traffic.
    "spades_api.health.OpsEndpointsMiddleware",
    "django_guid.middleware.guid_middleware",  # the request id, before anything that logs
    "core.metrics.RequestMetricsMiddleware",
    "core.problems.ApiProblemMiddleware",  # Django's HTML error pages under /api/ become problem details
    "core.problems.BodyLimitMiddleware",  # a body over DATA_UPLOAD_MAX_MEMORY_SIZE: 413, whatever the view reads
    "core.throttling.RateLimitHeadersMiddleware",  # the caller's quota, as the throttles recorded it
    "django.middleware.security.SecurityMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "spades_api.static.AsyncWhiteNoiseMiddleware",  # WhiteNoise's, async too: see spades_api/static.py
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Activates the language of Accept-Language (en or ja) for the request: DRF's field messages and the
    # project's own (locale/) come in it.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "core.problems.DatabaseOutageMiddleware",  # innermost: sees the exceptions of non-DRF views
]

ROOT_URLCONF = "spades_api.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "spades_api" / "templates"],  # drf-spectacular's Swagger UI page, with a CSP nonce
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "spades_api.wsgi.application"
ASGI_APPLICATION = "spades_api.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
        # A kept connection (DB_CONN_MAX_AGE > 0) that the database dropped while idle (a restart, a failover)
        # is pinged and replaced before a request uses it, instead of failing that request.
        conn_health_checks=True,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded set-up writes from the web server and the Celery worker at once: take the write lock at
    # the start of each transaction and wait for it, rather than fail with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"timeout": 30, "transaction_mode": "IMMEDIATE"}
elif DATABASES["default"]["ENGINE"].startswith("django.db.backends.postgresql"):
    # An unreachable database fails a request (and /readyz) in seconds instead of hanging on TCP.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(os.environ.get("DB_CONNECT_TIMEOUT", "5"))
    # Under ASGI every request runs in a context of its own, so Django cannot hand a kept connection
    # (DB_CONN_MAX_AGE > 0) to the next request: each request opens one and leaves it open until it is
    # garbage-collected, and concurrency runs PostgreSQL out of connections. A pool per process
    # (DB_POOL_MAX_SIZE > 0 connections at most, psycopg_pool) reuses them instead; with CONN_HEALTH_CHECKS it
    # hands out only live ones, and a request that waits 5 s for one (the database is down) gets a 503.
    if _pool_max := int(os.environ.get("DB_POOL_MAX_SIZE", "0")):
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django refuses kept connections beside a pool
        DATABASES["default"]["OPTIONS"]["pool"] = {"min_size": min(2, _pool_max), "max_size": _pool_max, "timeout": 5}
        # Django's backend, with a pool check that costs no round trip per checkout (spades_api/db/base.py).
        DATABASES["default"]["ENGINE"] = "spades_api.db"

# The web server's limits on slow and numerous clients (spades_api/server.py, under gunicorn and manage.py serve
# alike): a connection whose request line and headers have not all come within REQUEST_HEADER_TIMEOUT seconds of
# its opening (or of the first byte of its next request), or whose body has not all come within
# REQUEST_BODY_TIMEOUT seconds of its headers, is closed; a process with WEB_CONNECTIONS connections (or requests
# in flight) open answers further requests 503 service_unavailable until some close.
REQUEST_HEADER_TIMEOUT = float(os.environ.get("REQUEST_HEADER_TIMEOUT", "10"))
REQUEST_BODY_TIMEOUT = float(os.environ.get("REQUEST_BODY_TIMEOUT", "30"))
WEB_CONNECTIONS = int(os.environ.get("WEB_CONNECTIONS", "1000"))

# Threads a process keeps for the requests of sync views under ASGI (spades_api/asgi.py), and for the async
# views' database reads (core/threads.py): each runs one request or read at a time and holds at most one
# database connection while it does, so keep it below DB_POOL_MAX_SIZE (the async views' authentication takes
# one more from the same pool).
SYNC_VIEW_THREADS = int(os.environ.get("SYNC_VIEW_THREADS", "4"))

# The largest request body the service takes (Django's DATA_UPLOAD_MAX_MEMORY_SIZE): a longer one is refused with
# 413 payload_too_large before any view runs, and under ASGI it is never read past this (spades_api/asgi.py). No
# request of the API comes near it (a table's whole rule set is a few hundred bytes).
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("REQUEST_BODY_MAX_BYTES", "65536"))

# The cache every process shares (core.shared_cache): the rate limits' counts (core.throttling) and the accounts
# of checked tokens (games.auth), which must agree across processes. Django's RedisCache at CACHE_URL (the broker's
# Redis with a database number of its own, or another); unset, each process's own memory, which is right only
# for a single web process (make run), so production refuses to start without it. Short socket timeouts: a Redis
# that stops answering costs a request a second now and then, and the callers carry on without it meanwhile.
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if CACHE_URL:
    if CACHE_URL.split("://", 1)[0] not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(f"CACHE_URL must be a redis://, rediss:// or unix:// URL, not {CACHE_URL!r}.")
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL,
                          "KEY_PREFIX": "spades",
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
elif SPADES_ENV == "production":
    raise ImproperlyConfigured("CACHE_URL must name the Redis the service's processes share (rate limits, token "
                               "checks) when SPADES_ENV=production, e.g. redis://redis:6379/1.")
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]  # the project's own messages; `make messages` extracts and compiles them
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# collectstatic's target, for deployments; unset, WhiteNoise serves from the apps' static folders instead.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where core.idempotency stores the first response to each Idempotency-Key (core owns no models).
IDEMPOTENCY_RECORD_MODEL = "games.IdempotencyRecord"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "core.openapi.ProblemAutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": ["games.auth.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # DRF's JSON renderer and parser, through orjson (same bytes, several times faster: core/renderers.py).
    "DEFAULT_RENDERER_CLASSES": ["core.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["core.renderers.JSONParser"],
    "EXCEPTION_HANDLER": "core.problems.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        # DRF's throttles, each also reporting the caller's quota for the RateLimit-* headers (core.throttling).
        "core.throttling.UserRateThrottle",
        "core.throttling.AnonRateThrottle",
        "core.throttling.ScopedRateThrottle",
    ],
    # Per token and per IP; a bot playing fast makes a few requests a second.
    "DEFAULT_THROTTLE_RATES": {
        "user": os.environ.get("THROTTLE_USER_RATE", "1200/min"),
        "anon": os.environ.get("THROTTLE_ANON_RATE", "120/min"),
        "register": os.environ.get("THROTTLE_REGISTER_RATE", "30/min"),
    },
    "UNAUTHENTICATED_USER": None,
    # How many proxies in front of the service append to X-Forwarded-For; the anon throttle keys on the
    # address the outermost one saw. 0 (the default) ignores the header, which a client could forge.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}

_RATES = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
API_DESCRIPTION = f"""Play Spades over HTTP: as a person's client, or as a bot.

## Start
1. `POST /api/v1/players/` with a name (3 to 40 letters, digits, `_`, `.`, `-`) and `kind` (`human` or `bot`).
   The answer holds your API token, shown once.
2. Send it on every other call as the header `Authorization: Bearer YOUR_TOKEN` (in the Authorize
   dialog, paste the token alone).
3. `POST /api/v1/tables/` opens a table (a preset from `GET /api/v1/rulesets/`, seats open or kept for a
   built-in bot); `POST /api/v1/tables/{{id}}/join/` takes a seat. The game starts when every seat is taken.

## The play loop
1. `GET /api/v1/tables/{{id}}/events/?after=SEQ&wait=25` waits (long-poll) until something happens after the
   seq you last saw, and answers the new entries with the table's `seq` (browsers: `events/stream/`, Server-Sent
   Events).
2. When your seat is in the view's `waiting_for`, `GET .../legal/` lists your legal actions (and why each card
   you hold can or cannot be played).
3. `POST .../actions/` with the action and the `seq` you last saw. It answers the table as your seat now sees it
   and the new `seq`. If the table moved on meanwhile you get 409 `stale_seq` with the current `seq`, and
   nothing changes: read again and decide again.
4. Loop from 1 with `after` set to the new seq. Nothing else is needed: no polling of the table itself.

A POST may carry an `Idempotency-Key` header: a retry with the same key answers the first response again.

## Rate limits
Per token: {_RATES["user"]}; per address without a token: {_RATES["anon"]}; registrations per address:
{_RATES["register"]} (operators may change them; `deploy/README.md`), each counted once for the whole service,
however many of its servers answer you. Every answer carries your quota of the limit closest to refusing you:
`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the allowance grows again). Over a
limit the answer is 429 `throttled` with a `Retry-After` header (and `retry_after` in the body and its `params`):
wait that many seconds. A 503 `service_unavailable` asks the same; retry a POST with the same `Idempotency-Key`.

## Errors
Every error is an RFC 9457 problem details body (`application/problem+json`): `code` is stable (the list:
`GET /api/v1/errors/`), `title` names the kind of error, `detail` says what was wrong with this request (the
bids allowed, the suit to follow, the seat to move), `params` holds those particulars for programs, and
`errors` maps each bad field to its messages. Each operation below lists the codes it can answer with.
Messages follow `Accept-Language` (English or Japanese). A request body may be at most
{DATA_UPLOAD_MAX_MEMORY_SIZE} bytes (413 `payload_too_large`, whatever the endpoint) and its JSON may nest a few
dozen levels (400 `json_too_deep`, with the limit in `params`).

Cards are written rank then suit: `QS`, `TH`, `2C`; jokers `BJ` and `LJ`."""

SPECTACULAR_SETTINGS = {
    "TITLE": "Spades service API",
    "DESCRIPTION": API_DESCRIPTION,
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc come from drf-spectacular-sidecar, served by the service itself (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "OAS_VERSION": "3.1.0",
    "COMPONENT_SPLIT_REQUEST": True,
    # The RateLimit-* and Retry-After headers the responses refer to (core.openapi).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.openapi.add_header_components"],
    "ENUM_NAME_OVERRIDES": {
        "TableStatusEnum": ["open", "playing", "finished"],
        "TournamentStatusEnum": ["registering", "running", "finished", "cancelled"],
        "MatchStatusEnum": ["playing", "finished"],
        "ChallengeStatusEnum": ["pending", "accepted", "declined", "cancelled", "expired"],
        "SeekStatusEnum": ["waiting", "matched", "cancelled"],
        "DeclineReasonEnum": "games.player_events.DECLINE_REASONS",
        "BotLevelEnum": "games.services.BOT_LEVELS",
        "ErrorCodeEnum": "core.errors.CODES",
        "TimeoutActionEnum": ["auto_play", "bot", "forfeit"],
    },
    "TAGS": [
        {"name": "players", "description": "Accounts, API tokens and your own event stream."},
        {"name": "matchmaking", "description": "Challenges to a named player or bot, and seeks for a game against "
                                               "anyone (paired by ladder rating, bots after a wait)."},
        {"name": "rules", "description": "Presets, switches and error codes."},
        {"name": "tables", "description": "Open, list, join and read tables; finished hands."},
        {"name": "play", "description": "Legal moves, actions and the events feed."},
        {"name": "tournaments", "description": "Scheduled events: round robin, single and double elimination, "
                                               "Swiss and duplicate; entries, pairings, standings, brackets."},
        {"name": "ladders", "description": "Always-on rated pools of bots (openskill), leaderboards and history."},
        {"name": "ops", "description": "Liveness and readiness probes (no token, never throttled)."},
    ],
}

# Celery: bot turns, move clocks and the sweeper. Production and tests use Redis or RabbitMQ
# (CELERY_BROKER_URL); without one, the embedded run (make run) keeps its broker in a SQLite file under
# .broker/ (spades_api/broker.py: kombu's SQLAlchemy transport, no server to install). No result backend:
# every task's result is ignored.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
EMBEDDED_BROKER = not CELERY_BROKER_URL
if EMBEDDED_BROKER:
    BROKER_DIR = Path(os.environ.get("BROKER_DIR", BASE_DIR / ".broker"))
    BROKER_DIR.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = f"sqlite:///{BROKER_DIR / 'broker.sqlite3'}"
    CELERY_BROKER_TRANSPORT = "spades_api.broker:Transport"
    # The default second per idle poll would make every bot move wait a second.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}
# Two queues. Hand reviews (games.tasks.analyse) hold a worker process for seconds of solving: on the queue of
# bot turns and move clocks, a bot or a speed game's clock would wait behind them. So they have a queue of their
# own ("analysis"), served by a worker of its own (the embedded run's "analyst" child, compose's and Kubernetes'
# analyst role); every other task is on "celery". A worker started without -Q consumes both.
CELERY_TASK_DEFAULT_QUEUE = "celery"
ANALYSIS_QUEUE = "analysis"
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in (CELERY_TASK_DEFAULT_QUEUE,
                                                                               ANALYSIS_QUEUE)]
CELERY_TASK_ROUTES = {"games.tasks.analyse": {"queue": ANALYSIS_QUEUE}}
CELERY_TASK_ACKS_LATE = True  # a task whose worker dies is delivered again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # workers log through LOGGING below (JSON in production)
SWEEP_SECONDS = float(os.environ.get("SWEEP_SECONDS", "5"))
TOURNAMENT_TICK_SECONDS = float(os.environ.get("TOURNAMENT_TICK_SECONDS", "10"))
# Presence: a player's last_seen is written at most this often; a ladder pairs only the bot accounts seen
# within LADDER_PRESENCE_SECONDS (built-in bots are always there).
PRESENCE_WRITE_SECONDS = float(os.environ.get("PRESENCE_WRITE_SECONDS", "30"))
# The account of a token checked lately is kept this long in the shared cache (games.auth), so that a client's
# requests read it once, not each time. A save or deletion of the account (a rotation, a revocation, the admin)
# removes it from the cache at once for every process; only a change that bypasses the ORM's signals (a queryset
# update(), SQL) waits this long. 0 reads the account on every request.
TOKEN_CACHE_SECONDS = float(os.environ.get("TOKEN_CACHE_SECONDS", "5"))
LADDER_PRESENCE_SECONDS = float(os.environ.get("LADDER_PRESENCE_SECONDS", "120"))
# A player's event stream says "your_turn" when a table begins to wait for its seat and it has not moved there
# for this long (or ever): a player playing along hears nothing, so a game writes no event per move.
YOUR_TURN_QUIET_SECONDS = float(os.environ.get("YOUR_TURN_QUIET_SECONDS", "30"))
# Caps on what one account may hold at once (games.services, games.matchmaking, tournaments), each checked
# under the account's row lock: its own tables (opened through POST tables/, or by challenging a built-in bot)
# not finished, its tournaments not over, the ladders it created (a ladder never ends), and its challenges
# waiting for an answer, in all and to one account. A request past one is refused with 409 and the cap in the
# problem's params.
MAX_OPEN_TABLES = int(os.environ.get("MAX_OPEN_TABLES", "5"))
MAX_TOURNAMENTS = int(os.environ.get("MAX_TOURNAMENTS", "3"))
MAX_LADDERS = int(os.environ.get("MAX_LADDERS", "3"))
MAX_PENDING_CHALLENGES = int(os.environ.get("MAX_PENDING_CHALLENGES", "20"))
MAX_PENDING_CHALLENGES_PER_OPPONENT = int(os.environ.get("MAX_PENDING_CHALLENGES_PER_OPPONENT", "3"))
# A table opened through POST tables/ whose seats are not all taken this long after it was opened is closed
# (finished, result "abandoned"; games.tasks.tables_expire, every OPEN_TABLE_SWEEP_SECONDS). 0: never.
OPEN_TABLE_TTL_SECONDS = float(os.environ.get("OPEN_TABLE_TTL_SECONDS", "3600"))
# A game without a move clock where nobody moved for this long is closed the same way (reason "idle"). 0: never.
IDLE_TABLE_TTL_SECONDS = float(os.environ.get("IDLE_TABLE_TTL_SECONDS", "86400"))
OPEN_TABLE_SWEEP_SECONDS = 60.0
CELERY_BEAT_SCHEDULE = {
    "sweep-stalled-tables": {"task": "games.tasks.sweep", "schedule": SWEEP_SECONDS},
    # Scheduled tournament starts, ladder matchmaking, and the safety net for lost "game finished" messages.
    "tournaments-tick": {"task": "tournaments.tasks.tick", "schedule": TOURNAMENT_TICK_SECONDS},
    # Challenges that ran out, and seeks whose bot fill a lost message left waiting.
    "matchmaking-tick": {"task": "games.tasks.matchmaking_tick", "schedule": SWEEP_SECONDS},
    # Open tables nobody filled within OPEN_TABLE_TTL_SECONDS, unclocked games idle for IDLE_TABLE_TTL_SECONDS.
    "tables-expire": {"task": "games.tasks.tables_expire", "schedule": OPEN_TABLE_SWEEP_SECONDS},
}
BOT_BUDGET_MS = int(os.environ.get("BOT_BUDGET_MS", "200"))
# The solver nodes a finished hand's double dummy review may search for its cards (games.analysis); the cards
# it cannot reach (the first ones: the review runs backwards) are served as not analysed...
_budget = os.environ.get("ANALYSIS_NODE_BUDGET", "1000000").strip().lower().replace("_", "")
ANALYSIS_NODE_BUDGET: int | None = None if _budget == "none" else int(_budget)
# ...and the par of the deal (each side's most tricks, who could have made nil), solved after the cards: unset,
# in what they left (rarely enough); a number, in a budget of its own. Not the default: 1,000,000 nodes of its
# own under `make run` solved the par of 1 hand in 12 and doubled a review's time, so the reviews queued
# behind one another (bench/README.md, 2026-12-08).
_par = os.environ.get("ANALYSIS_PAR_NODE_BUDGET", "").strip().replace("_", "")
ANALYSIS_PAR_NODE_BUDGET: int | None = int(_par) if _par else None
# A review claimed by a worker that has not finished in this long, or pending this long, is announced again.
ANALYSIS_STALE_SECONDS = float(os.environ.get("ANALYSIS_STALE_SECONDS", "120"))

# Security headers and cookies. TLS ends at the proxy or ingress in front of the service; these switch on
# what it cannot do for us.
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = not DEBUG
if env_bool("SECURE_PROXY_SSL_HEADER"):
    # Only behind a proxy that sets (and strips clients' own) X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT")
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD")

# Content-Security-Policy (django-csp) on every response. The HTML pages (Swagger UI, ReDoc, the admin, a
# page at /play/) load scripts from this origin only; the one inline script, Swagger UI's set-up, carries
# the request's nonce (spades_api/templates/drf_spectacular/swagger_ui.html). Swagger UI and ReDoc set
# inline styles, and ReDoc's search runs in a blob: worker.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF, "blob:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# CORS for browser clients on other origins (django-cors-headers), for the API only. None by default.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_HEADERS = (*default_headers, "idempotency-key", "last-event-id", "x-request-id", "if-none-match")
CORS_EXPOSE_HEADERS = ["X-Request-ID", "Retry-After", "Idempotent-Replayed", "ETag", "RateLimit-Limit",
                       "RateLimit-Remaining", "RateLimit-Reset"]

# Request ids (django-guid): a well-formed UUID in X-Request-ID is kept, anything else replaced by a new
# one; echoed in the response, put in every log line and problem body, and carried into the Celery tasks
# the request schedules.
DJANGO_GUID = {
    "GUID_HEADER_NAME": "X-Request-ID",
    "VALIDATE_GUID": True,
    "RETURN_HEADER": True,
    "EXPOSE_HEADER": False,  # CORS_EXPOSE_HEADERS does it, for CORS responses only
    "INTEGRATIONS": [CeleryIntegration(use_django_logging=True)],
}

# Logs: one JSON object a line (python-json-logger) unless LOG_FORMAT=text, the default under DEBUG.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text" if DEBUG else "json").strip().lower()
if LOG_FORMAT not in {"json", "text"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or text, not {LOG_FORMAT!r}.")
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "django_guid.log_filters.CorrelationId", "correlation_id_field": "request_id"},
    },
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "text": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["request_id"], "formatter": LOG_FORMAT},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django_guid": {"level": "WARNING"},  # it logs every id it makes at INFO
        "django": {"handlers": [], "propagate": True},  # Django's own DEBUG console handler would repeat lines
    },
}

# Prometheus metrics (core.metrics) at /metrics. With several processes (gunicorn workers, Celery's
# prefork pool) each writes its samples under PROMETHEUS_MULTIPROC_DIR, an empty directory of their own,
# and a scrape sums them. METRICS_TOKEN, when set, must come as 'Authorization: Bearer <token>'; production
# refuses to start without one, since /metrics is served on the public port (per-route counts and timings).
PROMETHEUS_MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None
if PROMETHEUS_MULTIPROC_DIR:
    # prometheus_client opens its files there as the metrics are defined, before any server hook runs.
    Path(PROMETHEUS_MULTIPROC_DIR).mkdir(parents=True, exist_ok=True)
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
MIN_METRICS_TOKEN_LENGTH = 32
if SPADES_ENV == "production" and (len(METRICS_TOKEN) < MIN_METRICS_TOKEN_LENGTH or len(set(METRICS_TOKEN)) < 5):
    raise ImproperlyConfigured(f"METRICS_TOKEN must be at least {MIN_METRICS_TOKEN_LENGTH} random characters when "
                               "SPADES_ENV=production (Prometheus sends it as a bearer token), e.g. "
                               "python -c 'import secrets; print(secrets.token_urlsafe(32))'.")
# A Celery worker serves its own metrics on this port when set (the web's /metrics is the web's only).
WORKER_METRICS_PORT = int(os.environ.get("WORKER_METRICS_PORT", "0")) or None
READYZ_TIMEOUT_SECONDS = float(os.environ.get("READYZ_TIMEOUT_SECONDS", "2"))
