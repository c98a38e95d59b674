# puzzlesat — see README.md. `make test` is what CI runs (via .ci/run).
GO        ?= go
PKGS      := ./...
STATICCHECK := $(shell $(GO) env GOPATH)/bin/staticcheck
FUZZTIME  ?= 10s
# urfave/cli's docs generator (a markdown renderer) is dead weight at every
# start of the binary; its own build tag leaves it out. Every build we ship
# or document uses it.
TAGS      := urfave_cli_no_docs

SITE      ?= bin/site

.PHONY: calibrate site build test test-short test-race acceptance scaleout vet lint fuzz-smoke bench bench-baseline bench-check fmt

build:
	$(GO) build -tags $(TAGS) -o bin/ ./cmd/puzzlesat ./cmd/puzzlesat-render ./cmd/puzzlesat-bench ./cmd/puzzlesat-generate ./cmd/puzzlesat-serve ./cmd/puzzlesat-report

# The static playground: a folder any static file server or GitHub Pages
# hosts, the API answered in the browser by WebAssembly (serve/site).
site:
	rm -rf $(SITE)
	$(GO) run ./cmd/puzzlesat-site -o $(SITE)

# What CI runs: every test. Tests assert facts, not wall-clock times, so
# that a busy machine makes them slower, never red; -timeout (per package)
# only catches a hang: generate's tests, about 2–5 minutes quiet, took 20 at
# load 32, so the bound is 40 minutes.
test:
	$(GO) test -count=1 -timeout 40m $(PKGS)

# The edit loop's tier: -short leaves out the heavy tests (the browser
# tests, the hostile inputs that take seconds of work, large generation
# and scale-out-like runs), each of which says so when skipped.
test-short:
	$(GO) test -short -count=1 -timeout 20m $(PKGS)

# The long acceptance runs (Reborn's optimum proven on gini and cadical,
# minutes each): files tagged acceptance, tests named TestAcceptance*.
# Minutes of work per package on a quiet machine, several times that on a
# busy one: the hour only catches a hang (go test's default is 10 minutes).
acceptance:
	$(GO) test -tags acceptance -run Acceptance -count=1 -timeout 60m $(PKGS)

# The README's scale-out recipes run for real, shrunk: the Slurm job arrays
# on a single-node Slurm it starts and stops (needs root, slurm-wlm, munge),
# GNU parallel on local slots, the Kubernetes Job validated against batch/v1
# and run per index; every sharded run must equal the one-machine run. About
# a minute on 2 cores (.ci/scaleout/run.sh).
scaleout: build
	bash .ci/scaleout/run.sh

# The race detector makes the tests several times slower (sat/ext took
# 14.5 minutes on a busy machine): the limit only catches a hang.
test-race:
	$(GO) test -race -count=1 -timeout 40m $(PKGS)

vet:
	$(GO) vet $(PKGS)
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/puzzlesat-wasm
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1)

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint: $(STATICCHECK)
	$(STATICCHECK) $(PKGS)
	GOOS=js GOARCH=wasm $(STATICCHECK) ./cmd/puzzlesat-wasm

# Every Fuzz target in the tree, each for $(FUZZTIME).
fuzz-smoke:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x ./bench/...

# The quick bench's committed baseline, which CI compares every run with
# (bench-check, in .ci/run). Rewrite it after a deliberate change to an
# encoding or a back-end, review its diff, and commit it. The in-process
# back-ends only: their counters do not depend on what is installed.
BENCH_BASELINE := testdata/bench/baseline.txt
BENCH_FLAGS    := --quick --solvers gini,gophersat --reps 5

bench-baseline: build
	bin/puzzlesat bench $(BENCH_FLAGS) --format gobench > $(BENCH_BASELINE)

bench-check: build
	bin/puzzlesat bench $(BENCH_FLAGS) --baseline $(BENCH_BASELINE)

# The rating's calibration (docs/rating.md): grades the corpus's labelled
# sets and fits each kind's map to stars. Rewrite it after a change to a
# kind's rules or score, review its diff, and commit it; the test of
# answer/rating/calibrate fails while it is stale.
calibrate:
	$(GO) run -tags $(TAGS) ./cmd/puzzlesat-calibrate -o answer/rating/calibration.json

fmt:
	gofmt -w $$(git ls-files '*.go')
