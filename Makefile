# Two commands for a newcomer: `make lab` and `make test`. Everything else is for developers.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Root installs Debian packages directly; anyone else goes through sudo when it exists.
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: lab test app bench lint chromium clean-venv

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/00_start_here.ipynb --notebook-dir=.

# The browser tests drive Debian's chromium; install it when missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; } \
	  || echo "chromium could not be installed: browser tests will be skipped"

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check carnuta_core carnival_core widgets tests benchmarks
	$(VENV)/bin/mypy

test: $(STAMP) chromium lint
	$(PY) -m pytest

app: $(STAMP)
	$(VENV)/bin/voila notebooks/play.ipynb --no-browser --Voila.ip=127.0.0.1

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(PY) $$script || exit 1; done

clean-venv:
	rm -rf $(VENV)
