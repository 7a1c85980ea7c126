# Developer entry points. `make test` is the single test command (lint, then pytest).
PYTHON ?= python3
VENV := .venv
# Two installs into the one venv: `make run` needs only the runtime dependencies, everything else (`make venv`,
# lint, tests) the dev extra too. Both install the pinned versions of requirements/ (`make lock`), hashes checked,
# then the project and the SDK editable from the tree. Each stamp says which install is current for these files;
# the dev lock contains the runtime one, so its install renews both stamps, and a later `make run` installs nothing.
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

PORT ?= 8000

.PHONY: venv venv-run lock lock-upgrade lint test test-fast test-compiled run bench-engine messages compiled clean-compiled sdk

venv: $(STAMP_DEV)
venv-run: $(STAMP_RUN)

$(STAMP_DEV): requirements/dev.txt pyproject.toml clients/python/pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --require-hashes -r requirements/dev.txt
	$(VENV)/bin/pip install -q --no-deps -e . -e clients/python
	touch $(STAMP_DEV) $(STAMP_RUN)

$(STAMP_RUN): requirements/runtime.txt pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --require-hashes -r requirements/runtime.txt
	$(VENV)/bin/pip install -q --no-deps -e .
	touch $(STAMP_RUN)

# The lock files, made by uv from the ranges of pyproject.toml (which stay, for whoever installs the package):
# runtime.txt (the image, `make run`), dev.txt (the dev extra and the SDK's dependencies, at the runtime's pins:
# `make venv`, CI) and mypyc.txt (the dev extra's mypy, which compiles the engine in the image's build). Each pins
# every package with the hashes of its files, for any platform, Python 3.11 and later. `make lock` resolves them
# again after pyproject.toml changed, keeping every pin that still fits; `make lock-upgrade` takes the newest
# releases the ranges allow. tests/ops/test_lock.py fails while they do not match pyproject.toml.
UV_COMPILE = $(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command 'make lock' $(LOCK_FLAGS)
lock: venv
	$(UV_COMPILE) pyproject.toml -o requirements/runtime.txt
	$(UV_COMPILE) pyproject.toml clients/python/pyproject.toml --extra dev -c requirements/runtime.txt \
		-o requirements/dev.txt
	$(VENV)/bin/python -c "import tomllib; from packaging.requirements import Requirement as R; \
		dev = tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['dev']; \
		print(*[d for d in dev if R(d).name == 'mypy'], 'setuptools', sep='\n')" \
		| $(UV_COMPILE) - -c requirements/dev.txt -o requirements/mypyc.txt

lock-upgrade: LOCK_FLAGS = --upgrade
lock-upgrade: lock

# ruff everywhere; mypy --strict over the pure libraries listed in pyproject's [tool.mypy]; the import
# rules of ARCHITECTURE.md ([tool.importlinter]).
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# The suite talks to the local PostgreSQL and Redis unless DATABASE_URL / CELERY_BROKER_URL / CACHE_URL say
# otherwise. The tests empty the cache's Redis database between them: it must not be the broker's.
test: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/spades
test: export CELERY_BROKER_URL ?= redis://127.0.0.1:6379/0
test: export CACHE_URL ?= redis://127.0.0.1:6379/1
test: venv
	$(MAKE) lint
	SPADES_ENGINE=pure $(VENV)/bin/pytest
	$(MAKE) test-compiled

# The engine's suite (conformance, properties, replay) and the bots' again against the compiled form, built
# first; the form test fails if the extension modules are not the ones loaded. Also the OpenAPI tests: the
# error codes in the schema are read from the source, which a compiled module does not keep (core/raises.py).
# One whole game per rule set in the engine's property test (ENGINE_GAMES=1): the pure pass played two with the
# same test player, and one per rule set is what tells whether the compiled engine plays them alike.
test-compiled: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/spades
test-compiled: venv
	$(MAKE) compiled
	SPADES_ENGINE=compiled ENGINE_GAMES=1 $(VENV)/bin/pytest tests/engine tests/bots tests/api/test_openapi.py

# The tests that need no PostgreSQL, Redis, server or browser (engine, bots, formats, …): seconds, anywhere.
test-fast: venv
	$(MAKE) lint
	env -u DATABASE_URL -u CELERY_BROKER_URL -u CACHE_URL $(VENV)/bin/pytest -m "not services"

# The service on embedded defaults, with the runtime dependencies only: SQLite in ./db.sqlite3, DEBUG on, and
# `manage.py serve` supervising uvicorn (ASGI), a real Celery worker and beat on a broker in a SQLite file under
# .broker/ (no server to install). A child that dies is restarted; one that keeps dying ends it non-zero.
run: venv-run
	DEBUG=1 $(VENV)/bin/python manage.py migrate --no-input
	DEBUG=1 $(VENV)/bin/python manage.py serve --port $(PORT)

# The Python SDK's generated package (clients/python/spades_client/generated) made anew from the schema; a test
# fails while the committed one differs from what the served schema generates.
sdk: venv
	DEBUG=1 $(VENV)/bin/python manage.py spectacular --format openapi-json --file .sdk-schema.json
	$(VENV)/bin/python clients/python/regenerate.py --schema .sdk-schema.json
	rm -f .sdk-schema.json

bench-engine: venv
	$(VENV)/bin/python bench/engine.py

# The project's own messages in Japanese (locale/ja/): extract new ones into django.po, then write their msgstr
# and compile. Needs GNU gettext; the compiled django.mo is committed, so running and testing do not.
messages: venv
	DEBUG=1 $(VENV)/bin/python manage.py makemessages -l ja --no-location --ignore=.venv --ignore=tests --ignore=bench \
		--ignore=deploy --ignore=webclient/static
	DEBUG=1 $(VENV)/bin/python manage.py compilemessages -l ja --ignore=.venv

# The optional compiled form of the pure libraries: mypyc compiles the modules games/compiled.py lists (and
# says why the others stay pure) to extension modules built in place beside the same typed source; Python
# imports an extension before a .py of the same name, so a built tree runs compiled and a clean one pure.
compiled: venv
	$(VENV)/bin/mypyc $$($(VENV)/bin/python -c 'from games.compiled import COMPILED_SOURCES; print(*COMPILED_SOURCES)')

clean-compiled:
	rm -rf build/ .mypy_cache/mypyc
	find games bots tournaments -name '*.so' -delete
	rm -f ./*__mypyc*.so
