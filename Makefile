# whistdrive: `make run` serves the demo on http://127.0.0.1:8000, `make test` runs every test.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test setup setup-dev lint clean hall wheel-check

$(PY):
	@test -n "$(PYTHON)" || { echo "Python 3.11 is needed (set PYTHON=/path/to/python3.11)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-base.txt requirements-analysis.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): requirements.txt requirements-base.txt requirements-analysis.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP) $(DEV_STAMP)

setup: $(STAMP)

setup-dev: $(DEV_STAMP)

run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	TASKS_IN_SERVER=1 $(PY) manage.py runserver 127.0.0.1:$(or $(PORT),8000)

# Serve the tablets on the hall's Wi-Fi from this laptop (see README, "Hall mode").
hall: setup
	$(PY) manage.py hall $(if $(ADDRESS),--address $(ADDRESS)) $(if $(PORT),--port $(PORT))

test: setup-dev
	$(PY) -m pytest

# Build the wheel, install it into an empty venv outside the checkout and check that it serves.
wheel-check: setup
	$(PY) .ci/wheel-check

lint: setup-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache build dist *.egg-info
