# genui — build, test, demo.
#   make demo    install the on-device runtime and model if missing, then show doctor and a generated screen
#   make test    install everything the tests need, then build and run the whole suite and the example client
#                package (Examples/FMClient: Foundation Models code with only the import changed)
#                and check the docs (scripts/check-docs: the Swift names, genui commands and make targets README.md and
#                docs/ show must exist)
#   make test-unit  build, then run only the tests tagged unit (no subprocess, llama-server or browser), in parallel
#   make format  format Sources, Tests and Package.swift with swift-format (.swift-format); make test fails on
#                unformatted code (make format-check) and on code or comment lines over 120 columns
#                (scripts/long-lines)
#   make release  a self-contained genui at .build/release/genui (the Swift runtime and Foundation linked in)
#   make docs    the DocC archives of the library products (.build/plugins/Swift-DocC/outputs); any warning fails
# On a first run the runtime's build (llama.cpp's llama-server, scripts/bootstrap) and the Swift build run side by
# side: neither reads what the other writes.
SHELL := /bin/bash
SWIFT ?= swift
TOOLS := $(CURDIR)/.tools
MODELS ?= $(HOME)/.cache/genui/models
export GENUI_LLAMA_SERVER ?= $(TOOLS)/bin/llama-server
export GENUI_TEST_MODEL ?= $(MODELS)/SmolLM2-135M-Instruct.Q4_1.gguf
export GENUI_MODELS_DIR ?= $(MODELS)

.PHONY: all build release test test-unit demo deps system-deps runtime genui-binary test-binaries bench bench-quick fuzz \
	format format-check docs clean

FORMATTED := Sources Tests Package.swift

all: build

system-deps:
	@scripts/system-deps

runtime:
	@scripts/bootstrap

deps: system-deps runtime

build: system-deps
	$(SWIFT) build

# The command line to install or copy to another Linux machine: the Swift runtime and Foundation are linked in
# (--static-swift-stdlib), so it needs only the system's libraries (libcurl among them), and it starts in about
# two thirds of the time of a build that loads them as shared libraries. Elsewhere the flag changes nothing.
release: system-deps
	$(SWIFT) build -c release --static-swift-stdlib --product genui

# Both yield the CPU to llama.cpp's build when they run beside it: on a first run that build is the longer one and
# ends in steps that use one core (linking, the largest files), so it should start those as early as it can.
genui-binary: system-deps
	nice -n 10 $(SWIFT) build --product genui

test-binaries: system-deps
	nice -n 10 $(SWIFT) build --build-tests

format:
	$(SWIFT) format format --parallel --in-place --recursive $(FORMATTED)
	@scripts/long-lines

format-check:
	@$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)
	@scripts/long-lines --check

# Documentation of every library product; a DocC warning (a link that does not resolve, an undocumented parameter)
# is an error. The dependencies' documentation is not built.
docs: system-deps
	$(SWIFT) package generate-documentation --warnings-as-errors \
		--product GenUI --product GenUIOnDevice --product GenUIOllama --product GenUIOpenAI --product GenUIAnthropic \
		--product GenUIGemini --product GenUIRouter --product GenUIDiagnostics --product GenUIConfig \
		--product GenUIDoctor --product GenUIModels --product GenUIScreens --product GenUIA2UI --product GenUITesting \
		--product GenUIMCP --product GenUIFoundationModels --product FoundationModels

test: system-deps format-check
	@scripts/system-deps --test
	@scripts/a2ui-sdk
	@scripts/mcp-servers
	@$(MAKE) --no-print-directory -j2 runtime test-binaries
	@SWIFT=$(SWIFT) scripts/check-example
	@scripts/check-docs
	@scripts/run-tests

test-unit: system-deps
	$(SWIFT) build --build-tests
	@scripts/run-tests --unit

demo: system-deps
	@$(MAKE) --no-print-directory -j2 runtime genui-binary
	@scripts/demo

# The benchmarks measure the genui that `make release` builds, built with the same flags beside it.
bench: deps release
	$(SWIFT) run -c release --static-swift-stdlib genui-bench

bench-quick: deps release
	$(SWIFT) run -c release --static-swift-stdlib genui-bench --quick

fuzz: deps
	GENUI_FUZZ_COUNT=100000 $(SWIFT) test --no-parallel --filter "Fuzz|fuzz"

clean:
	rm -rf .build
