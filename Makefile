# Developer entry points. `make test` is the single test command (lint, then pytest).
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

PORT ?= 8000

.PHONY: venv lint test test-fast run bench-engine messages

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -e '.[dev]'
	touch $(STAMP)

# ruff everywhere; mypy --strict over the pure libraries listed in pyproject's [tool.mypy]; the import
# rules of ARCHITECTURE.md ([tool.importlinter]).
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# The suite talks to the local PostgreSQL and Redis unless DATABASE_URL / CELERY_BROKER_URL say otherwise.
test: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/spades
test: export CELERY_BROKER_URL ?= redis://127.0.0.1:6379/0
test: venv
	$(MAKE) lint
	$(VENV)/bin/pytest

# The tests that need no PostgreSQL, Redis, server or browser (engine, bots, formats, …): seconds, anywhere.
test-fast: venv
	$(MAKE) lint
	env -u DATABASE_URL -u CELERY_BROKER_URL $(VENV)/bin/pytest -m "not services"

# The service on embedded defaults: SQLite in ./db.sqlite3, DEBUG on, uvicorn (ASGI), and a real Celery
# worker and beat on a broker kept in files under .broker/ (no server to install).
run: venv
	DEBUG=1 $(VENV)/bin/python manage.py migrate --no-input
	DEBUG=1 $(VENV)/bin/python manage.py serve --port $(PORT)

bench-engine: venv
	$(VENV)/bin/python bench/engine.py

# The project's own messages in Japanese (locale/ja/): extract new ones into django.po, then write their msgstr
# and compile. Needs GNU gettext; the compiled django.mo is committed, so running and testing do not.
messages: venv
	$(VENV)/bin/python manage.py makemessages -l ja --no-location --ignore=.venv --ignore=tests --ignore=bench \
		--ignore=deploy --ignore=webclient/static
	$(VENV)/bin/python manage.py compilemessages -l ja --ignore=.venv
