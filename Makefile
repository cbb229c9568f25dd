# productscraper — the two commands a newcomer needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PYTEST_ARGS ?=
# Test processes (pytest-xdist); the suite's tests mostly wait on workers and sites.
TEST_JOBS ?= 3
QUALITY_CORPUS ?= ../shared/corpus/realshops

.PHONY: setup demo test bench quality clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $@

## setup: Python packages into .venv, Debian packages where missing (redis-server, chromium, ...)
setup: $(VENV)/.installed
	@bash scripts/install-system-deps.sh

## demo: local stack + demo shop + listing crawl + wait + summary + stack down
demo: setup
	@bash scripts/demo.sh

## test: the test suite (starts its own Redis and MongoDB-wire servers)
test: setup
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadgroup $(PYTEST_ARGS)

## bench: the performance benchmark (writes docs/benchmarks/)
bench: setup
	$(PY) -m bench.run --soak 5000 --zero-repeats 4 --books-repeats 4

## quality: generic extraction P/R/F1 on saved real shop pages, dev and held-out (updates docs/quality.md)
quality: setup
	$(PY) -m productscraper quality $(QUALITY_CORPUS) --split all --write-docs

clean:
	rm -rf .run .pytest_cache
