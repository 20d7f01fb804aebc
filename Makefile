# Entry points; see README.md. Every target installs what is missing first.
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc)
PORT ?= 8080
DATA_DIR ?= ./data

.PHONY: deps build run test test-asan test-container bench clean

deps:
	@bash scripts/install-deps.sh

build: deps
	@start=$$(date +%s); cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null && \
	  cmake --build $(BUILD) -j$(JOBS) && echo "make: build took $$(( $$(date +%s) - start )) s"

run: build
	@bash scripts/run.sh $(BUILD) $(PORT) $(DATA_DIR)

test: build test-asan
	@CARC_WITH_BROWSER=1 CARC_WITH_NGINX=1 bash scripts/install-deps.sh
	@if [ ! -d tests/e2e/node_modules ] || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then cd tests/e2e && npm ci --no-audit --no-fund; fi
	@bash scripts/test.sh $(BUILD)

# The engine's tests once more under AddressSanitizer + UndefinedBehaviorSanitizer.
test-asan: deps
	@start=$$(date +%s); cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCARC_SANITIZE=ON -DCARC_NO_SERVER=ON >/dev/null && \
	  cmake --build $(ASAN_BUILD) -j$(JOBS) && (cd $(ASAN_BUILD) && ctest --output-on-failure -L engine) && \
	  echo "make: the engine under sanitizers (build and tests) took $$(( $$(date +%s) - start )) s"

# docker/ for real with podman: the images, both compose files, a game through nginx with a
# node killed midway (scripts/test-container.sh). Not part of `test`: it takes minutes.
test-container:
	@bash scripts/test-container.sh

bench: build
	@bash scripts/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
