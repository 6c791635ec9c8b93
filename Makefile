# genui — build, test, demo.
#   make demo    install the on-device runtime and model if missing, then show doctor and a generated screen
#   make test    install everything the tests need, then build and run the whole suite and the example client
#                package (Examples/FMClient: Foundation Models code with only the import changed)
SHELL := /bin/bash
SWIFT ?= swift
TOOLS := $(CURDIR)/.tools
MODELS ?= $(HOME)/.cache/genui/models
export GENUI_LLAMA_SERVER ?= $(TOOLS)/bin/llama-server
export GENUI_TEST_MODEL ?= $(MODELS)/SmolLM2-135M-Instruct.Q4_1.gguf

.PHONY: all build test demo deps system-deps runtime bench bench-quick fuzz clean

all: build

system-deps:
	@scripts/system-deps

runtime:
	@scripts/bootstrap

deps: system-deps runtime

build: system-deps
	$(SWIFT) build

test: runtime
	@scripts/system-deps --test
	$(SWIFT) build --build-tests
	@SWIFT=$(SWIFT) scripts/check-example
	@scripts/run-tests

demo: deps
	$(SWIFT) build --product genui
	@scripts/demo

bench: deps
	$(SWIFT) build -c release --product genui
	$(SWIFT) run -c release genui-bench

bench-quick: deps
	$(SWIFT) build -c release --product genui
	$(SWIFT) run -c release genui-bench --quick

fuzz: deps
	GENUI_FUZZ_COUNT=100000 $(SWIFT) test --no-parallel --filter "Fuzz|fuzz"

clean:
	rm -rf .build
