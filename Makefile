# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
CARGO ?= cargo

.PHONY: run test deps lint unit bench sync-tiles selfplay

run: deps
	$(CARGO) run --release -q -p carcassonne-cli -- play --players 3 --seed $$RANDOM

test: deps lint unit

deps:
	@command -v $(CARGO) >/dev/null 2>&1 || { \
	  echo "Rust is missing: installing Debian's cargo (needs Rust >= 1.85; rustup is better)"; \
	  apt-get update && apt-get install -y --no-install-recommends cargo rustc; }
	@$(CARGO) fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@$(CARGO) clippy --version >/dev/null 2>&1 || rustup component add clippy
	@# The LAN discovery test runs in its own network namespace (unshare + ip, loopback only).
	@command -v ip >/dev/null 2>&1 && command -v unshare >/dev/null 2>&1 || { \
	  apt-get update && apt-get install -y --no-install-recommends iproute2 util-linux; }

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --release -- -D warnings

unit:
	$(CARGO) test --workspace --release

bench: deps
	$(CARGO) run --release -q -p carcassonne-cli -- bench

selfplay: deps
	$(CARGO) run --release -q -p carcassonne-cli -- selfplay --games 500 --seed 1

# Refreshes the engine's copy of the shared tile catalogue (a test checks they match).
sync-tiles:
	cp ../shared/tiles/catalogue.json crates/engine/data/catalogue.json
