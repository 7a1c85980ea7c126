# Developer entry points. `make test` is the single test command (lint, then pytest).
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: venv lint test bench-engine

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -e '.[dev]'
	touch $(STAMP)

lint: venv
	$(VENV)/bin/ruff check .

test: venv
	$(MAKE) lint
	$(VENV)/bin/pytest

bench-engine: venv
	$(VENV)/bin/python bench/engine.py
