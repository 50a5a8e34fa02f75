# The two commands of the README: `make run` and `make test`. Both install what is missing.
SHELL := /bin/bash
CARGO ?= cargo
APT_GET := $(if $(filter 0,$(shell id -u)),apt-get,sudo apt-get)

# Debian packages: Tauri's build (WebKitGTK), the app under Xvfb and its WebDriver, the
# browser tests (chromium), the app's file dialogs answered by xdotool, the LAN discovery
# test's network namespace (iproute2, unshare), the TLS table test's certificate (openssl).
APT_BUILD := libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev \
  libsoup-3.0-dev libjavascriptcoregtk-4.1-dev build-essential pkg-config libssl-dev libxdo-dev file
# The web app's WebAssembly: Debian's newer Rust with its library sources (to build the
# standard library for wasm32), its linker, and clang for SQLite's C (../shared/NOTES-wasm.md).
APT_WASM := rustc-web cargo-web rust-web-src lld-19 clang-19
APT_TEST := xvfb xauth xdotool openssl webkit2gtk-driver chromium fonts-dejavu-core iproute2 util-linux procps
# Node and npm: Debian's packages only when no node/npm is installed (a NodeSource node
# bundles npm and conflicts with Debian's npm package).
APT_NODE := $(if $(shell command -v npm 2>/dev/null),,nodejs npm)
TAURI_DRIVER := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin/tauri-driver
# Every build of `make test` shares this profile (Cargo.toml: release without LTO); the app
# itself (`make run`, `make bundle`, `make bench`) is built with the full release profile.
TEST_PROFILE := release-tests
TEST_BIN := $(CURDIR)/target/$(TEST_PROFILE)
# Every build of `make test` selects the whole workspace with its tests, so Cargo resolves the
# same features each time: `cargo build -p X` resolves others (no dev-dependencies, fewer
# members) and rebuilt a large part of the dependency tree a second and a third time. The app
# and UI server binaries come out of this build (their packages have integration tests).
TEST_BUILD := $(CARGO) test --workspace --profile $(TEST_PROFILE)
# The offline web app (crates/web in WebAssembly, then the static folder). rustup's toolchain
# has no wasm32 library here: Debian's rustc-web builds one (-Zbuild-std; RUSTC_BOOTSTRAP lets
# a stable compiler take -Z flags, for this one command only).
WASM := target/wasm32-unknown-unknown/web/carcassonne_web.wasm
WEB_APP := $(CURDIR)/target/web-app
WASM_BUILD := PATH=/usr/bin:$$PATH RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-19/bin/wasm-ld CC_wasm32_unknown_unknown=clang-19 \
  cargo build --profile web --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort -p carcassonne-web

.PHONY: run test deps deps-run apt rust node ui wasm web lint unit ui-unit ui-test app-e2e lan-e2e bundle bench selfplay sync-tiles app

run: deps-run ui
	$(CARGO) build --release -p carcassonne-app
	@[ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] || { echo "No display: run from a desktop session (or DISPLAY=:99 with Xvfb)"; exit 1; }
	./target/release/carcassonne-app

test: deps lint unit ui-unit ui-test app-e2e lan-e2e

deps: apt rust node
	@[ -x $(TAURI_DRIVER) ] || $(CARGO) install tauri-driver --locked --version 2.1.0

deps-run: apt rust node

# Installs the Debian packages that are missing (one apt-get call, only when needed).
apt:
	@missing=$$(for p in $(APT_BUILD) $(APT_WASM) $(APT_TEST) $(APT_NODE); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing: $$missing"; \
	  $(APT_GET) update && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y --no-install-recommends $$missing; \
	fi

rust:
	@command -v $(CARGO) >/dev/null 2>&1 || { \
	  echo "Rust is missing: installing Debian's cargo (needs Rust >= 1.85; rustup is better)"; \
	  $(APT_GET) update && $(APT_GET) install -y --no-install-recommends cargo rustc; }
	@$(CARGO) fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@$(CARGO) clippy --version >/dev/null 2>&1 || rustup component add clippy

# npm packages of the UI and of the LAN browser test, from their lock files (the UI's again
# when its lock file changed since they were installed: a new package such as axe-core).
node:
	@[ ui/node_modules/.package-lock.json -nt ui/package-lock.json ] || (cd ui && npm ci --no-audit --no-fund)
	@[ -d crates/net/e2e/node_modules ] || (cd crates/net/e2e && npm ci --no-audit --no-fund)

# The UI bundle (ui/dist), which the app embeds at compile time.
ui: node
	cd ui && npm run build

# The offline web app as a static folder (target/web-app): put it on any web server.
wasm: apt
	$(WASM_BUILD)

web: wasm ui
	cd ui && node build-web.mjs ../$(WASM) $(WEB_APP)

lint: ui
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --profile $(TEST_PROFILE) -- -D warnings
	cd ui && npx tsc --noEmit

unit: ui
	$(TEST_BUILD)

# The UI's modules without a browser (the board screen's controller), node's test runner.
ui-unit: node
	cd ui && node tests/unit/run.mjs

# The UI in Debian's chromium against the real API (UI server, real SQLite files).
ui-test: ui web
	$(TEST_BUILD) --no-run
	cd ui && UI_SERVER_BIN=$(TEST_BIN)/carcassonne-ui-server CARCASSONNE_BIN=$(TEST_BIN)/carcassonne WEB_APP=$(WEB_APP) node --test tests/

# The real app under Xvfb, driven through tauri-driver + WebKitWebDriver.
app-e2e: ui
	$(TEST_BUILD) --no-run
	cd ui && APP_BIN=$(TEST_BIN)/carcassonne-app TAURI_DRIVER=$(TAURI_DRIVER) node --test tests/e2e/app.tauri.mjs

# A phone browser (chromium) joins a LAN table served by the host and plays a move; and the
# same at `carcassonne host --tls-cert/--tls-key` over HTTPS/WSS (a self-signed certificate).
lan-e2e: node
	$(TEST_BUILD) --test browser --test host_tls -- --ignored

# A .deb (and .rpm) of the app in target/release/bundle/.
bundle: deps-run ui
	ui/node_modules/.bin/tauri build --bundles deb,rpm

bench: rust
	$(CARGO) run --release -q -p carcassonne-cli -- bench

selfplay: rust
	$(CARGO) run --release -q -p carcassonne-cli -- selfplay --games 500 --seed 1

# Refreshes the engine's copy of the shared tile catalogue and its format description (a test
# checks they match).
sync-tiles:
	cp ../shared/tiles/catalogue.json crates/engine/data/catalogue.json
	cp ../shared/tiles/FORMAT.md crates/engine/data/FORMAT.md
