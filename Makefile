# Two commands for a newcomer: `make lab` and `make test`. Everything else is for developers.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Root installs Debian packages directly; anyone else goes through sudo when it exists.
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: lab test app app-carnival app-carcata app-karnak lite docs site bench lint chromium npm clean-venv

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# `carnuta lab` adds --allow-root when run as root (containers, lab machines).
lab: $(STAMP)
	$(PY) -m carnuta_core lab

# The browser tests drive Debian's chromium; install it when missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; } \
	  || echo "chromium could not be installed: browser tests will be skipped"

# The classroom site's Pyodide runtime is the npm package `pyodide`; install npm when missing.
npm:
	@command -v npm >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm >/dev/null; } \
	  || echo "npm could not be installed: the classroom site tests will be skipped"

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check carnuta_core carnival_core carcata_core karnak_core tabletop widgets tests benchmarks lite lesson_data
	$(VENV)/bin/mypy

# The whole suite, the classroom site's build and browser tests included (tests/test_lite.py).
# Two processes, a test file each at a time (a file's servers and built site stay in one
# process); the slowest tests are listed at the end.
test: $(STAMP) chromium npm lint
	$(PY) -m pytest -n 2 --dist loadfile --durations=25

# The zero-install classroom site, a folder for any static web server: build/lite.
lite: $(STAMP) npm
	$(PY) lite/build.py

# LITE_CACHE: where the classroom site's downloads are kept (a rebuild needs no network).
LITE_CACHE ?= build/lite-cache

# The documentation site (Sphinx, docs/conf.py): build/docs, offline, warnings as errors,
# every page re-read (-E) so that each build checks them all. The lessons run at build time;
# their outputs are cached in build/.jupyter_cache, so only a changed lesson runs again.
docs: $(STAMP)
	$(PY) -m sphinx -E -W --keep-going -j 2 -q -c docs -d build/.doctrees -b html . build/docs

# One folder for any static host, build/site: the documentation at its root, the classroom
# site under lite/ (.nojekyll: GitHub Pages serves the folders whose names begin with _).
site: docs npm
	$(PY) lite/build.py --out build/lite --cache $(LITE_CACHE)
	rm -rf build/site
	cp -R build/docs build/site
	cp -R build/lite build/site/lite
	touch build/site/.nojekyll

app: $(STAMP)
	$(VENV)/bin/voila notebooks/play.ipynb --no-browser --Voila.ip=127.0.0.1

app-carnival: $(STAMP)
	$(VENV)/bin/voila notebooks/play_carnival.ipynb --no-browser --Voila.ip=127.0.0.1

app-carcata: $(STAMP)
	$(VENV)/bin/voila notebooks/play_carcata.ipynb --no-browser --Voila.ip=127.0.0.1

app-karnak: $(STAMP)
	$(VENV)/bin/voila notebooks/play_karnak.ipynb --no-browser --Voila.ip=127.0.0.1

bench: $(STAMP)
	for script in benchmarks/bench_*.py; do $(PY) $$script || exit 1; done

clean-venv:
	rm -rf $(VENV)
