# The two quickstart commands: `make demo` and `make test`. Both work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# PyTorch's CPU build. On this project's machines pip finds it on disk; elsewhere see README.
TORCH  := torch==2.13.0

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

DEMO_HOME ?= $(CURDIR)/.rfp
DEMO_QUESTION ?= What liquidated damages apply if go-live is late?

.PHONY: demo test test-fast lint bench eval sample clean

$(BIN)/rfp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet $(TORCH)
	$(BIN)/pip install --quiet -e '.[export]'
	$(BIN)/rfp setup
	@touch $@

# llama-cpp-python (the `llm` extra) builds from source; GGML_NATIVE=OFF because these VMs'
# CPUs advertise instructions the VM cannot run. pip caches the wheel after the first build.
$(VENV)/.dev: $(BIN)/rfp pyproject.toml
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/pip install --quiet -e '.[dev]'
	@touch $@

## demo: set up, ingest the sample RFP, ask a question (answer with page citations), print its brief, write its compliance matrix.
demo: $(BIN)/rfp
	@$(MAKE) -s --no-print-directory $(TESSERACT) || echo "(continuing: the sample has a text layer)"
	@$(MAKE) -s --no-print-directory $(APERTIUM_PAIR) || echo "(continuing: the sample is in English)"
	RFP_HOME=$(DEMO_HOME) $(BIN)/rfp ingest data/sample_rfp.pdf --kb sample
	RFP_HOME=$(DEMO_HOME) $(BIN)/rfp docs --kb sample
	RFP_HOME=$(DEMO_HOME) $(BIN)/rfp ask "$(DEMO_QUESTION)" --kb sample --steps
	RFP_HOME=$(DEMO_HOME) $(BIN)/rfp brief --kb sample -o $(DEMO_HOME)/sample-brief.md
	RFP_HOME=$(DEMO_HOME) $(BIN)/rfp matrix --kb sample --format xlsx -o $(DEMO_HOME)/sample-matrix.xlsx

# The browser test drives Debian's Chromium; install it when missing (as root, e.g. in CI).
CHROMIUM ?= /usr/bin/chromium
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then \
	  echo "installing Debian's chromium for the browser test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "the browser test needs Debian's chromium: sudo apt-get install chromium" >&2; exit 1; \
	fi

# OCR of scanned pages uses Debian's Tesseract with English and Spanish; installed when missing
# (as root). Without it `rfp ingest` still works and says which pages it could not read.
TESSERACT ?= /usr/bin/tesseract
OCR_PACKAGES := tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa
$(TESSERACT):
	@if [ "$$(id -u)" = 0 ]; then \
	  echo "installing Debian's tesseract-ocr for scanned pages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(OCR_PACKAGES) >/dev/null; \
	else \
	  echo "scanned pages need Tesseract: sudo apt-get install $(OCR_PACKAGES)" >&2; exit 1; \
	fi

# English questions on Spanish tenders are machine-translated by Apertium (rule-based,
# offline); installed when missing (as root). Without it the glossary's words are searched.
APERTIUM_PAIR ?= /usr/share/apertium/modes/eng-spa.mode
$(APERTIUM_PAIR):
	@if [ "$$(id -u)" = 0 ]; then \
	  echo "installing Debian's apertium-eng-spa for English questions on Spanish tenders"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq apertium apertium-eng-spa >/dev/null; \
	else \
	  echo "English questions on Spanish tenders need Apertium: sudo apt-get install apertium apertium-eng-spa" >&2; exit 1; \
	fi

# The team deployment's tests start a throwaway PostgreSQL cluster (tests/postgres_server.py)
# from Debian's server package; installed when missing (as root).
POSTGRES_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
.PHONY: postgres
postgres:
	@if [ -z "$(POSTGRES_INITDB)" ] && ! command -v initdb >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's postgresql for the team deployment's tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else \
	    echo "the team deployment's tests need PostgreSQL: sudo apt-get install postgresql" >&2; exit 1; \
	  fi; \
	fi

## test: set up with dev extras, Chromium, Tesseract, Apertium and PostgreSQL, lint, and run the whole test suite.
test: $(VENV)/.dev $(CHROMIUM) $(TESSERACT) $(APERTIUM_PAIR) postgres
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q --durations=25

## test-fast: the inner loop: lint, then every test but the browser, the servers, the model server and the slow corpora (-m "not browser and not server and not llm and not slow").
test-fast: $(VENV)/.dev $(TESSERACT) $(APERTIUM_PAIR)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q -m "not browser and not server and not llm and not slow" --durations=10

lint: $(VENV)/.dev
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

## bench: the benchmarks (slow; they print ratios against a baseline measured in the same run).
bench: $(VENV)/.dev postgres
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/ingest.py
	$(BIN)/python benchmarks/retrieve.py
	$(BIN)/python benchmarks/scale.py
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/load.py --team
	$(BIN)/python benchmarks/llm.py
	$(BIN)/python benchmarks/matrix.py
	$(BIN)/python benchmarks/brief.py

## eval: retrieval and answer quality on the tuning and held-out gold sets, side by side; the brief's fields and the matrix's requirements against their gold.
EVAL_HOME ?= $(CURDIR)/.rfp-eval
RFPS ?= ../shared/data/rfps
HOLDOUT ?= ../shared/data/rfps-holdout
# The held-out question and brief sets cover the English documents; the Spanish tenders have
# a knowledge base of their own (multilingual embedding) for the Spanish question sets and the
# matrix's Spanish gold, and one with all-MiniLM-L6-v2, the baseline in the same run.
HOLDOUT_ES = $(filter $(HOLDOUT)/jaen-% $(HOLDOUT)/buenos-aires-%,$(wildcard $(HOLDOUT)/*.pdf))
HOLDOUT_EN = $(filter-out $(HOLDOUT_ES),$(wildcard $(HOLDOUT)/*.pdf))
eval: $(VENV)/.dev $(APERTIUM_PAIR)
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp ingest $(RFPS) --kb rfps
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp ingest $(HOLDOUT_EN) --kb holdout
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp ingest $(HOLDOUT_ES) --kb holdout-es --embedding multilingual
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp ingest $(HOLDOUT_ES) --kb holdout-es-minilm --embedding local
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp eval eval/questions.jsonl eval/holdout-questions.jsonl \
	  --kb rfps --kb holdout --pdfs $(RFPS) --pdfs $(HOLDOUT)
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp eval eval/spanish-tuning-questions.jsonl eval/spanish-questions.jsonl \
	  --kb holdout-es --kb holdout-es --mode pipeline --mode plain --mode ask
	@echo "the Spanish sets on all-MiniLM-L6-v2, the baseline of the multilingual model:"
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp eval eval/spanish-tuning-questions.jsonl eval/spanish-questions.jsonl \
	  --kb holdout-es-minilm --kb holdout-es-minilm --mode pipeline --mode plain --mode ask
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp eval-brief eval/brief-gold.jsonl --kb rfps --kb holdout
	RFP_HOME=$(EVAL_HOME) $(BIN)/rfp eval-matrix eval/matrix-gold.jsonl \
	  --kb rfps --kb holdout --kb holdout-es

## sample: regenerate data/sample_rfp.pdf from data/sample_rfp.md.
sample: $(VENV)/.dev
	$(BIN)/python scripts/make_sample_rfp.py

clean:
	rm -rf $(VENV) .rfp .rfp-eval .pytest_cache .ruff_cache *.egg-info
