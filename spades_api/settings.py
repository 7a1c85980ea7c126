"""Django settings for the Spades service, read from the environment."""

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

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

# A fixed, public key is allowed only for local development (DEBUG) and test runs; anything else must
# set SECRET_KEY.
_INSECURE_DEV_KEY = "django-insecure-spades-dev-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or "pytest" in sys.modules):
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = _INSECURE_DEV_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "tournaments",
    "bots",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "spades_api.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
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
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded set-up writes from the web server and the Celery worker at once: take the write lock at
    # the start of each transaction and wait for it, rather than fail with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"timeout": 30, "transaction_mode": "IMMEDIATE"}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# collectstatic's target, for deployments; unset, WhiteNoise serves from the apps' static folders instead.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": ["games.auth.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "games.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    # Per token and per IP; a bot playing fast makes a few requests a second.
    "DEFAULT_THROTTLE_RATES": {
        "user": os.environ.get("THROTTLE_USER_RATE", "1200/min"),
        "anon": os.environ.get("THROTTLE_ANON_RATE", "120/min"),
        "register": os.environ.get("THROTTLE_REGISTER_RATE", "30/min"),
    },
    "UNAUTHENTICATED_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Spades service API",
    "DESCRIPTION": (
        "Play Spades over HTTP. Register with POST /api/v1/players/ to get a token, then send it as "
        "'Authorization: Bearer <token>'. Open or join a table, read your seat view, ask for your legal "
        "moves, act with the table's seq, and follow the events feed. Errors are RFC 9457 problem details "
        "with a stable 'code' (see GET /api/v1/errors/); messages follow Accept-Language (en, ja). "
        "Cards are rank then suit: QS, TH, 2C; jokers BJ and LJ."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc come from drf-spectacular-sidecar, served by the service itself (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "OAS_VERSION": "3.1.0",
    "COMPONENT_SPLIT_REQUEST": True,
    "TAGS": [
        {"name": "players", "description": "Accounts and API tokens."},
        {"name": "rules", "description": "Presets, switches and error codes."},
        {"name": "tables", "description": "Open, list, join and read tables; finished hands."},
        {"name": "play", "description": "Legal moves, actions and the events feed."},
    ],
}

# Celery: bot turns, move clocks and the sweeper. Production and tests use Redis or RabbitMQ
# (CELERY_BROKER_URL); without one, a broker in files under .broker/ needs no server (embedded run).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _BROKER_DIR = Path(os.environ.get("BROKER_DIR", BASE_DIR / ".broker"))
    for _sub in ("queue", "processed"):
        (_BROKER_DIR / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR / "queue"),
        "data_folder_out": str(_BROKER_DIR / "queue"),
        "processed_folder": str(_BROKER_DIR / "processed"),
        "store_processed": False,
        "polling_interval": 0.05,  # the default second per poll would make every bot move wait a second
    }
CELERY_TASK_ACKS_LATE = True  # a task whose worker dies is delivered again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
SWEEP_SECONDS = float(os.environ.get("SWEEP_SECONDS", "5"))
CELERY_BEAT_SCHEDULE = {
    "sweep-stalled-tables": {"task": "games.tasks.sweep", "schedule": SWEEP_SECONDS},
}
BOT_BUDGET_MS = int(os.environ.get("BOT_BUDGET_MS", "200"))
