# `make run` and `make test` work on a fresh machine: they create .venv from
# pyproject.toml when it is missing or older than pyproject.toml; the editable install
# compiles the C kernels for this machine into pontoon_rules/native/_lib (hatch_build.py;
# a C compiler is needed: gcc or clang, or set CC), and $(KERNELS) compiles them again
# when a C source changes (`python -m pontoon_rules.native`).
# pip leaves the installed packages' byte code to be written when first imported
# (--no-compile: a fresh install takes half the time, and the tests import a part).
# So the targets run Python with PYTHONDONTWRITEBYTECODE unset ($(RUN)): a shell that
# sets it would have every one of the suite's ~600 interpreter starts compile pydantic,
# click, yaml and the package from source again (0.56 s an import of the conformance
# kit, against 0.24 s once the byte code is kept).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
KERNELS := pontoon_rules/native/_lib/.built
RUN := env -u PYTHONDONTWRITEBYTECODE

.PHONY: run test test-long lint bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --no-compile -e '.[dev,peers]'
	touch $(STAMP)

# A failed build is said and ignored: the kernels are then built at first use (saying so).
$(KERNELS): $(STAMP) $(wildcard pontoon_rules/native/*.[ch]) pontoon_rules/native/kernels.py
	-$(RUN) $(BIN)/python -m pontoon_rules.native && touch $(KERNELS)

run: $(STAMP) $(KERNELS)
	$(RUN) $(BIN)/pontoon-rules list
	@bash .ci/system-deps pango fonts
	$(RUN) $(BIN)/pontoon-rules docs build
	$(RUN) $(BIN)/pontoon-rules summary

# Every core (pytest-xdist; the C kernels are built once first, see tests/conftest.py).
test: $(STAMP) $(KERNELS)
	@bash .ci/system-deps pango fonts spell pages gettext browser
	$(RUN) $(BIN)/python -m pytest -n auto --dist worksteal

# The same tests with the slow cross-checks at their full sizes (tests/sizes.py).
test-long: $(STAMP) $(KERNELS)
	@bash .ci/system-deps pango fonts spell pages gettext browser
	$(RUN) PONTOON_TEST_LONG=1 $(BIN)/python -m pytest -n auto --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check pontoon_rules tests benchmarks
	$(BIN)/mypy pontoon_rules

bench: $(STAMP) $(KERNELS)
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

golden: $(STAMP)
	$(BIN)/python -m pontoon_rules.engine.scripts.golden tests/golden

clean:
	rm -rf $(VENV) build dist site-build test-artifacts pontoon_rules/native/_lib
