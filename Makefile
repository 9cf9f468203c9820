# Build, test and lint the sudoku toolkit.
#
#   make                      build build/$(LUA_VERSION)/sudoku/core.so
#   make test                 the whole spec suite (slow tests included), then "N passed, N failed"
#   make test-fast            the spec suite without tests tagged #slow
#   make demo                 the Quick start's main job: solve the bundled example puzzles
#   make lint                 luacheck over lua/, spec/, examples/, bin/sudoku and bench/ (those present)
#   make bench                the benchmark harness over ../shared/data (several minutes)
#   make bench QUICK=1        the same on the first puzzles of each set (under a minute)
#
# OPT sets the optimisation flags of the core and of the bench's C driver alike
# (make bench OPT="-O3 -march=native"); a change of flags rebuilds the objects.
#
# Override LUA_VERSION (5.4 by default), LUA, LUA_INCDIR or LUA_CFLAGS to build for another Lua.
#
# Hardening (issue 5; the block at the end of this file):
#   make sanitize             the core built with ASan+UBSan into build/asan-$(LUA_VERSION), then the
#                             whole suite against it (SUDOKU_BUILD), the allocation-failure spec included
#   make valgrind             the fast suite under valgrind memcheck (errors and leaks of the core: none)
#   make failalloc            the allocation-failure driver, $(BUILD)/failalloc (make test builds it)

LUA_VERSION ?= 5.4
LUA         ?= lua$(LUA_VERSION)
LUA_INCDIR  ?=
LUA_CFLAGS  ?= $(if $(LUA_INCDIR),-I$(LUA_INCDIR),$(shell pkg-config --cflags lua$(LUA_VERSION) 2>/dev/null))

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT)
WARN     = -std=c99 -Wall -Wextra -Werror -pedantic
SOFLAGS  = -shared -fPIC -fvisibility=hidden
# solve_many (csrc/batch.c) runs its puzzles on POSIX threads.
THREADS  = -pthread
LIBFLAG ?= -shared

BUILD   ?= build/$(LUA_VERSION)
OBJDIR  := $(BUILD)/obj
CORE_SO := $(BUILD)/sudoku/core.so
CORE_SRC := $(wildcard csrc/*.c)
CORE_OBJ := $(patsubst csrc/%.c,$(OBJDIR)/%.o,$(CORE_SRC))
CORE_HDR := $(wildcard csrc/*.h)

BUSTED  ?= busted
BUSTED_FLAGS ?=

SHELL := /bin/bash

.PHONY: all test test-fast demo lint bench clean rock FORCE

all: $(CORE_SO)

# The compile command of the last build. It is rewritten only when it changes, and the objects
# depend on it, so building with other flags (OPT=-O3) rebuilds them; the bench prints it.
FLAGS_FILE  := $(BUILD)/cflags.txt
BUILD_FLAGS := $(CC) $(WARN) $(CFLAGS) $(THREADS) -fPIC -fvisibility=hidden $(LUA_CFLAGS)

$(FLAGS_FILE): FORCE | $(OBJDIR)
	@echo '$(BUILD_FLAGS)' | cmp -s - $@ || echo '$(BUILD_FLAGS)' > $@

$(OBJDIR)/%.o: csrc/%.c $(CORE_HDR) $(FLAGS_FILE) | $(OBJDIR)
	$(CC) $(WARN) $(CFLAGS) $(THREADS) -fPIC -fvisibility=hidden $(LUA_CFLAGS) -c $< -o $@

$(CORE_SO): $(CORE_OBJ) | $(BUILD)/sudoku
	$(CC) $(CFLAGS) $(SOFLAGS) $(LDFLAGS) -o $@ $(CORE_OBJ) $(THREADS)

$(OBJDIR) $(BUILD)/sudoku:
	mkdir -p $@

# The summary line "N passed, N failed, N skipped" is what CI reads.
test: $(CORE_SO)
	@set -o pipefail; LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=all spec 2>&1 | tee $(BUILD)/test.log; \
	 status=$$?; $(LUA) spec/support/summary.lua < $(BUILD)/test.log; exit $$status

test-fast: $(CORE_SO)
	@set -o pipefail; LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) spec 2>&1 | tee $(BUILD)/test.log; \
	 status=$$?; $(LUA) spec/support/summary.lua < $(BUILD)/test.log; exit $$status

demo: $(CORE_SO)
	$(LUA) bin/sudoku solve examples/puzzles.txt
	$(LUA) examples/hdu1426.lua < examples/hdu1426.in

lint:
	luacheck $(wildcard lua spec examples bin/sudoku bench)

# The bench's C driver links the core's objects (all but the Lua binding) with no Lua at all.
# $(THREADS): solve_many's csrc/batch.c runs on POSIX threads.
BENCH_BIN := $(BUILD)/bench/cbench
BENCH_OBJ := $(filter-out $(OBJDIR)/lsudoku.o,$(CORE_OBJ))

$(BENCH_BIN): bench/cbench.c $(BENCH_OBJ) $(CORE_HDR) $(FLAGS_FILE) | $(BUILD)/bench
	$(if $(wildcard csrc/fast9.c),,$(error make bench needs the fast path, csrc/fast9.c))
	$(CC) $(WARN) $(CFLAGS) $(THREADS) -Icsrc $(LDFLAGS) -o $@ bench/cbench.c $(BENCH_OBJ) $(THREADS)

$(BUILD)/bench:
	mkdir -p $@

bench: $(CORE_SO) $(BENCH_BIN)
	$(LUA) bench/run.lua --cbench $(BENCH_BIN) --flags "$$(cat $(FLAGS_FILE))" \
	  --data ../shared/data $(if $(QUICK),--quick)

# LuaRocks' builtin backend compiles inside the source tree; drop its objects and the
# ./sudoku/core.so it leaves, which Lua's default "./?.so" path would otherwise pick up.
rock:
	luarocks --lua-version=$(LUA_VERSION) make --local sudoku-scm-1.rockspec
	rm -f csrc/*.o sudoku/core.so
	if [ -d sudoku ]; then rmdir sudoku; fi

clean:
	rm -rf build

# ---- hardening: sanitizers, valgrind, allocation failure (issue 5) -----------------------------
#
#   make sanitize      the core and spec/support/failalloc built with AddressSanitizer and
#                      UndefinedBehaviorSanitizer into $(SAN_BUILD), then the whole suite (slow
#                      specs included) against that build; any report fails the run
#   make valgrind      the fast suite (no #slow specs) under valgrind memcheck against the
#                      ordinary build; any error or leak of the core fails the run
#   make failalloc     builds $(BUILD)/failalloc, the allocation-failure driver that
#                      spec/failalloc_spec.lua runs (make test builds it too)
#
# The interpreter is not instrumented: make sanitize preloads the sanitizer's runtime into it
# (LD_PRELOAD) and points the specs, and the bin/sudoku and examples/ children they start, at the
# instrumented core with SUDOKU_BUILD. Suppressions for what is not ours: spec/support/lsan.supp
# (LeakSanitizer) and spec/support/valgrind.supp (memcheck).

SAN_CC     ?= gcc
SAN_BUILD  ?= build/asan-$(LUA_VERSION)
# -O2 as in the ordinary build (the slow specs solve whole datasets), -g for the reports' lines.
SAN_OPT    ?= -O2 -g
# float-cast-overflow is not part of "undefined" in gcc or clang; the binding reads numbers, so
# it is asked for by name.
SAN_FLAGS   = -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_ENV     = LD_PRELOAD="$$($(SAN_CC) -print-file-name=libasan.so)" \
              ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1:strict_string_checks=1 \
              LSAN_OPTIONS=suppressions=$(CURDIR)/spec/support/lsan.supp:print_suppressions=0 \
              UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
              SUDOKU_BUILD=$(CURDIR)/$(SAN_BUILD)

LUA_LIBS   ?= $(shell pkg-config --libs lua$(LUA_VERSION) 2>/dev/null || echo -llua$(LUA_VERSION))
FAILALLOC  := $(BUILD)/failalloc

.PHONY: sanitize sanitize-build valgrind failalloc

$(FAILALLOC): spec/support/failalloc.c $(CORE_OBJ) $(CORE_HDR) | $(OBJDIR)
	$(CC) $(WARN) $(CFLAGS) $(THREADS) -Icsrc $(LUA_CFLAGS) $(LDFLAGS) -o $@ spec/support/failalloc.c \
	  $(CORE_OBJ) $(LUA_LIBS) $(THREADS)

failalloc: $(FAILALLOC)

test test-fast: $(FAILALLOC)

sanitize-build:
	$(MAKE) BUILD=$(SAN_BUILD) CC=$(SAN_CC) OPT="$(SAN_OPT)" CFLAGS="$(SAN_OPT) $(SAN_FLAGS)" \
	  LDFLAGS="$(SAN_FLAGS)" all failalloc

# Valgrind runs the interpreter that runs the specs (busted --lua), not the children they start
# (bin/sudoku, examples/, failalloc: --trace-children=no), and the state is closed at the end
# of the run, so whatever is still allocated then is a leak. failalloc runs under it first, on
# its own.
VALGRIND       ?= valgrind
VALGRIND_FLAGS ?= --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible \
                  --errors-for-leak-kinds=definite,indirect,possible --num-callers=40 \
                  --suppressions=$(CURDIR)/spec/support/valgrind.supp
# The specs valgrind runs: the fast suite (see README, "Tests and lint", for the timings).
VALGRIND_SPECS ?=
# failalloc itself also runs under memcheck, over the first VALGRIND_FAILALLOC_K allocations.
VALGRIND_FAILALLOC_K ?= 40

# busted --lua takes one word: a script in the build directory runs the interpreter under valgrind.
VALGRIND_LUA := $(BUILD)/valgrind-lua

valgrind: $(CORE_SO) $(FAILALLOC)
	@printf '#!/bin/sh\nexec %s %s %s "$$@"\n' '$(VALGRIND)' '-q $(VALGRIND_FLAGS)' '$(LUA)' > $(VALGRIND_LUA)
	@chmod +x $(VALGRIND_LUA)
	@set -o pipefail; echo "valgrind: $(FAILALLOC) ./ $(VALGRIND_FAILALLOC_K)"; \
	 $(VALGRIND) -q $(VALGRIND_FLAGS) $(FAILALLOC) ./ $(VALGRIND_FAILALLOC_K) 2>&1 | tee $(BUILD)/valgrind.log; \
	 fa_status=$$?; \
	 LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(CURDIR)/$(VALGRIND_LUA) \
	  $(BUSTED_FLAGS) $(VALGRIND_SPECS) spec 2>&1 | tee -a $(BUILD)/valgrind.log; status=$$?; \
	 [ $$fa_status -eq 0 ] || status=$$fa_status; \
	 if grep -Eq '^==[0-9]+== ' $(BUILD)/valgrind.log; then \
	   echo "valgrind: memcheck reported errors or leaks (see $(BUILD)/valgrind.log)"; status=1; fi; \
	 $(LUA) spec/support/summary.lua < $(BUILD)/valgrind.log; exit $$status

# SAN_RUN=default: the fast suite only (busted's run profiles, .busted); the whole suite by default.
SAN_RUN ?= all

sanitize: sanitize-build
	@set -o pipefail; $(SAN_ENV) LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=$(SAN_RUN) spec 2>&1 \
	  | tee $(SAN_BUILD)/test.log; status=$$?; \
	 if grep -Eq '^(==[0-9]+==ERROR|SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer)|runtime error:' $(SAN_BUILD)/test.log; then \
	   echo "sanitize: the sanitizers reported errors (see $(SAN_BUILD)/test.log)"; status=1; fi; \
	 $(LUA) spec/support/summary.lua < $(SAN_BUILD)/test.log; exit $$status
