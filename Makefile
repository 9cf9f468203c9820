# Build, test and lint the sudoku toolkit.
#
#   make                      build build/$(LUA_VERSION)/sudoku/core.so
#   make test                 the whole spec suite (slow tests included), then "N passed, N failed"
#   make test-fast            the spec suite without tests tagged #slow
#   make demo                 the Quick start's main job: solve the bundled example puzzles
#   make lint                 luacheck over lua/, spec/, examples/, bin/sudoku, bench/ and fuzz/
#   make bench                the benchmark harness over ../shared/data (several minutes)
#   make bench QUICK=1        the same on the first puzzles of each set (under a minute)
#   make check-all            the long matrix (CI_PROFILE=all bash .ci/run): every Lua, ARM under
#                             qemu, sanitizers over the whole suite, valgrind, timed fuzzing
#
# OPT sets the optimisation flags of the core and of the bench's C driver alike
# (make bench OPT="-O3 -march=native"); a change of flags rebuilds the objects.
#
# Lua versions: one source builds and passes the suite on Lua 5.4, 5.3, 5.2, 5.1 and LuaJIT.
#   make LUA_VERSION=5.3 test     any target, for one Lua: 5.4 (default), 5.3, 5.2, 5.1 or jit
#                                 (LuaJIT 2.1: pkg-config luajit, interpreter luajit); each
#                                 builds into build/$(LUA_VERSION)/, which is what spec/helper.lua,
#                                 bin/sudoku and examples/ load (build/jit when the jit global is
#                                 there, else build/<_VERSION's number>)
#   make test-versions            the fast suite on each of LUA_VERSIONS (TEST_TARGET=test: the
#                                 whole suite), then one line summing them all
#   make syntax                   every Lua file parses as Lua 5.1 (luac5.1 -p) and LuaJIT (luajit -bl)
#   make allochost                build/$(LUA_VERSION)/allochost, the Lua host whose allocator counts
#                                 bytes (spec/allocator_spec.lua builds and runs it)
#
# Override LUA, LUA_PKG (the pkg-config name), LUA_INCDIR or LUA_CFLAGS for a Lua installed
# elsewhere.
#
# Hardening (issue 5; the block at the end of this file):
#   make sanitize             the core built with ASan+UBSan into build/asan-$(LUA_VERSION), then the
#                             whole suite against it (SUDOKU_BUILD), the allocation-failure spec included
#   make valgrind             the fast suite under valgrind memcheck (errors and leaks of the core: none)
#   make failalloc            the allocation-failure driver, $(BUILD)/failalloc (make test builds it)

# ---- Lua versions (portability) ---------------------------------------------------------------
LUA_VERSION  ?= 5.4
LUA_VERSIONS ?= 5.4 5.3 5.2 5.1 jit
ifeq ($(LUA_VERSION),jit)
LUA_PKG     ?= luajit
LUA         ?= luajit
else
LUA_PKG     ?= lua$(LUA_VERSION)
LUA         ?= lua$(LUA_VERSION)
endif
LUA_INCDIR  ?=
LUA_CFLAGS  ?= $(if $(LUA_INCDIR),-I$(LUA_INCDIR),$(shell pkg-config --cflags $(LUA_PKG) 2>/dev/null))
# ---- end Lua versions -------------------------------------------------------------------------

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
# The Lua binding (lsudoku.h): the only files that include lua.h; the bench's driver and the C
# fuzz harnesses link the core without them.
BINDING  := lsudoku lboard lsolver llines ldebug

BUSTED  ?= busted
BUSTED_FLAGS ?=

SHELL := /bin/bash

.PHONY: all test test-fast demo lint bench clean rock FORCE syntax test-versions test-cross allochost check-all

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

# $(call run_specs,COMMAND,LOG): runs a busted command line, shows and keeps its output in LOG,
# then prints the summary line "N passed, N failed, N skipped" that CI reads, and exits with
# busted's status.
run_specs = set -o pipefail; $(1) 2>&1 | tee $(2); \
	 status=$$?; $(LUA) spec/support/summary.lua < $(2); exit $$status

test: $(CORE_SO)
	@$(call run_specs,LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=all spec,$(BUILD)/test.log)

test-fast: $(CORE_SO)
	@$(call run_specs,LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) spec,$(BUILD)/test.log)

# ---- test-versions: the suite on every Lua ------------------------------------------------------
# make test-versions runs `make LUA_VERSION=v test-fast` for each v of LUA_VERSIONS (all five by
# default; TEST_TARGET=test for the whole suite on each), keeps going after a failure, and ends
# with one line summing them all: "N passed, N failed, N skipped" (a version whose run printed no
# summary, because its build broke, counts as one failure).
TEST_TARGET ?= test-fast

test-versions:
	@mkdir -p build; status=0; for v in $(LUA_VERSIONS); do \
	  echo "== make LUA_VERSION=$$v $(TEST_TARGET)"; \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory LUA_VERSION=$$v $(TEST_TARGET) 2>&1 | tee build/test-versions-$$v.log; \
	  [ "$${PIPESTATUS[0]}" -eq 0 ] || status=1; \
	  echo "== Lua $$v: $$(( $$(date +%s) - start )) s"; \
	done; \
	for v in $(LUA_VERSIONS); do \
	  grep -E '^[0-9]+ passed, [0-9]+ failed' build/test-versions-$$v.log | tail -n 1 | grep . \
	    || echo "0 passed, 1 failed, 0 skipped"; \
	done | awk '{ p += $$1; f += $$3; s += $$5 } END { printf "%d passed, %d failed, %d skipped\n", p, f, s }'; \
	exit $$status
# ---- end test-versions ---------------------------------------------------------------------------

# ---- test-cross: the suite on another CPU ----------------------------------------------------------
# make test-cross CROSS=armhf (32-bit ARM, the default) or CROSS=arm64: the core cross-compiled
# with Debian's gcc for that CPU (no AVX2 code, so the portable fast path; on armhf 32-bit
# pointers and size_t), loaded by Debian's Lua 5.4 for that CPU under qemu's user-mode emulation,
# running the fast suite. .ci/cross-deps installs the compiler and qemu and unpacks that Lua into
# $(CROSS_DIR)/root. A lua5.4 script in $(CROSS_DIR)/bin runs the emulated interpreter and comes
# first in PATH, so the bin/sudoku and examples/ processes the specs start are emulated too.
# Left out: the specs that compile and run programs of their own for this machine (the build's
# exports and its portable variant, the allocation-failure driver, the allocator host, the
# LuaRocks build); the native runs cover them.
CROSS         ?= armhf
CROSS_TRIPLET  = $(if $(filter arm64,$(CROSS)),aarch64-linux-gnu,arm-linux-gnueabihf)
CROSS_QEMU     = $(if $(filter arm64,$(CROSS)),qemu-aarch64,qemu-arm)
CROSS_DIR      = build/cross-$(CROSS)
CROSS_ROOT     = $(CURDIR)/$(CROSS_DIR)/root
CROSS_LIBS     = $(CROSS_ROOT)/usr/lib/$(CROSS_TRIPLET):$(CROSS_ROOT)/lib/$(CROSS_TRIPLET)
CROSS_CPATH    = $(CROSS_ROOT)/usr/lib/$(CROSS_TRIPLET)/lua/5.4/?.so;;
CROSS_EXCLUDE  = build_spec failalloc_spec allocator_spec rockspec_spec

test-cross:
	@sh .ci/cross-deps $(CROSS) $(CROSS_ROOT)
	@$(MAKE) --no-print-directory LUA_VERSION=5.4 BUILD=$(CROSS_DIR)/5.4 CC=$(CROSS_TRIPLET)-gcc \
	  LUA_CFLAGS="-I$(CROSS_ROOT)/usr/include/lua5.4 -I$(CROSS_ROOT)/usr/include/$(CROSS_TRIPLET)" all
	@mkdir -p $(CROSS_DIR)/bin
	@printf '#!/bin/sh\nexec %s -L /usr/%s -E LD_LIBRARY_PATH=%s -E "LUA_CPATH_5_4=%s" %s "$$@"\n' \
	  '$(CROSS_QEMU)' '$(CROSS_TRIPLET)' '$(CROSS_LIBS)' '$(CROSS_CPATH)' \
	  '$(CROSS_ROOT)/usr/bin/lua5.4' > $(CROSS_DIR)/bin/lua5.4
	@chmod +x $(CROSS_DIR)/bin/lua5.4
	@echo "test-cross: $$($(CROSS_DIR)/bin/lua5.4 -e 'print(_VERSION)') for $(CROSS) under $(CROSS_QEMU), core built by $(CROSS_TRIPLET)-gcc"
	@$(call run_specs,PATH=$(CURDIR)/$(CROSS_DIR)/bin:$$PATH SUDOKU_BUILD=$(CURDIR)/$(CROSS_DIR)/5.4 \
	  LUA_VERSION=5.4 $(BUSTED) --lua=$(CURDIR)/$(CROSS_DIR)/bin/lua5.4 $(BUSTED_FLAGS) \
	  $(foreach p,$(CROSS_EXCLUDE),--exclude-pattern=$(p)) spec,$(CROSS_DIR)/test.log)
# ---- end test-cross ------------------------------------------------------------------------------

# ---- allochost: the allocator check's Lua host ----------------------------------------------
# A Lua interpreter whose state allocates through a counting wrapper of its own allocator, for
# spec/allocator_spec.lua (the core must take all its memory from lua_getallocf, on every Lua,
# LuaJIT included). Links the chosen Lua (pkg-config --libs $(LUA_PKG)); the core never does.
LUA_LIBS ?= $(shell pkg-config --libs $(LUA_PKG) 2>/dev/null)
ALLOCHOST := $(BUILD)/allochost

allochost: $(ALLOCHOST) $(CORE_SO)

$(ALLOCHOST): spec/support/allochost.c $(FLAGS_FILE) | $(OBJDIR)
	$(CC) $(WARN) $(CFLAGS) $(LUA_CFLAGS) $(LDFLAGS) -o $@ $< $(LUA_LIBS) -lm
# ---- end allochost -----------------------------------------------------------------------------

# The long matrix, run before resolving an issue that changed C; CI runs the default profile.
check-all:
	CI_PROFILE=all bash .ci/run

demo: $(CORE_SO)
	$(LUA) bin/sudoku solve examples/puzzles.txt
	$(LUA) examples/hdu1426.lua < examples/hdu1426.in

lint:
	luacheck $(wildcard lua spec examples bin/sudoku bench fuzz)

# ---- syntax: the Lua layer uses no version-only syntax -------------------------------------------
# Every Lua file must parse as Lua 5.1 (luac5.1 -p: no //, &, |, ~, << or >>, no goto or labels)
# and as LuaJIT (luajit -bl compiles it to bytecode), whatever LUA_VERSION says; the suite on each
# version then checks what the code does.
LUAC51       ?= luac5.1
LUAJIT       ?= luajit
SYNTAX_FILES  = $(sort $(shell find lua examples bench spec fuzz -name '*.lua' 2>/dev/null)) bin/sudoku

syntax:
	@status=0; for f in $(SYNTAX_FILES); do \
	  $(LUAC51) -p "$$f" || status=1; \
	  $(LUAJIT) -bl "$$f" >/dev/null || status=1; \
	done; \
	if [ $$status -eq 0 ]; then \
	  echo "syntax: $(words $(SYNTAX_FILES)) Lua files parse as Lua 5.1 ($(LUAC51) -p) and LuaJIT ($(LUAJIT) -bl)"; \
	else echo "syntax: some Lua files do not parse as Lua 5.1 or LuaJIT (above)"; fi; \
	exit $$status
# ---- end syntax ----------------------------------------------------------------------------------

# The bench's C driver links the core's objects (all but the Lua binding) with no Lua at all.
# $(THREADS): solve_many's csrc/batch.c runs on POSIX threads.
BENCH_BIN := $(BUILD)/bench/cbench
BENCH_OBJ := $(filter-out $(patsubst %,$(OBJDIR)/%.o,$(BINDING)),$(CORE_OBJ))

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
	luarocks --lua-version=$(if $(filter jit,$(LUA_VERSION)),5.1,$(LUA_VERSION)) make --local sudoku-scm-1.rockspec
	rm -f csrc/*.o sudoku/core.so
	if [ -d sudoku ]; then rmdir sudoku; fi

clean:
	rm -rf build

# ---- fuzzing (fuzz/, README "Fuzzing") ---------------------------------------------------------
#
#   make fuzz-build                     the libFuzzer harnesses in build/fuzz/ (clang, ASan, UBSan)
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="batch lua"]
#                                       each harness for FUZZ_SECONDS from its committed corpus;
#                                       new inputs go to build/fuzz/corpus/, crashes to
#                                       build/fuzz/artifacts/ (copy one to fuzz/regressions/)
#   make fuzz-regress                   every committed corpus and regression input, once each
#   make fuzz-merge                     adds to fuzz/corpus/ the inputs of build/fuzz/corpus/ that
#                                       reach edges the committed corpus does not (libFuzzer -merge
#                                       on edges alone, hit counts aside: it stays small)
#
# Harnesses: batch (sdk_batch_*: solve_many's text), fast9 (sdk_fast9_* against the general
# engine), solver (boards, regions, constraints, callbacks and the step API under a node budget),
# lua (sudoku.parse, every format reader, detection and Board:fill in an embedded Lua).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= batch fast9 solver lua
FUZZ_SAN      = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS   = -std=c99 -Wall -Wextra -Werror -g -O1 -pthread $(FUZZ_SAN) $(LUA_CFLAGS)
FUZZ_DIR      = build/fuzz
FUZZ_OBJ     := $(patsubst csrc/%.c,$(FUZZ_DIR)/obj/%.o,$(CORE_SRC))
FUZZ_LUA_LIB ?= $(or $(shell pkg-config --libs lua$(LUA_VERSION) 2>/dev/null),-llua$(LUA_VERSION))
# -max_len per harness ($$ml below): inputs stay small so that every run is quick.
# The lua harness runs without leak checks: Lua's collector frees memory in later runs, so
# every run would look like a leak and trigger a full scan (six times slower); the C harnesses,
# which free everything per run, keep them.
FUZZ_MAXLEN   = xo=; case $$t in fast9) ml=128;; solver) ml=2048;; lua) ml=4096; xo=-detect_leaks=0;; \
                *) ml=4096;; esac
FUZZ_OPTS    ?= -timeout=20 -rss_limit_mb=1536

.PHONY: fuzz-build fuzz fuzz-regress fuzz-merge

fuzz-build: $(foreach t,$(FUZZ_TARGETS),$(FUZZ_DIR)/fuzz_$(t))

$(FUZZ_DIR)/obj/%.o: csrc/%.c $(CORE_HDR) | $(FUZZ_DIR)/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fuzz_lua: fuzz/fuzz_lua.c $(FUZZ_OBJ) | $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ROOT='"$(CURDIR)"' -o $@ $< $(FUZZ_OBJ) \
	  $(FUZZ_LUA_LIB) -lm

FUZZ_CORE_OBJ := $(filter-out $(patsubst %,$(FUZZ_DIR)/obj/%.o,$(BINDING)),$(FUZZ_OBJ))

$(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_CORE_OBJ) | $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Icsrc -o $@ $< $(FUZZ_CORE_OBJ)

$(FUZZ_DIR) $(FUZZ_DIR)/obj:
	mkdir -p $@

fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_MAXLEN); \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/artifacts fuzz/corpus/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_DIR)/fuzz_$$t $(FUZZ_OPTS) $$xo -max_len=$$ml -max_total_time=$(FUZZ_SECONDS) \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- \
	    $(FUZZ_DIR)/corpus/$$t fuzz/corpus/$$t $$(ls -d fuzz/regressions/$$t 2>/dev/null) 2>&1 \
	    | grep -aEv '^#[0-9]+.*(NEW|REDUCE|pulse)|^\s+NEW_FUNC|Uses: [0-9]+$$|dictionary' ; \
	  test $${PIPESTATUS[0]} -eq 0; \
	done

fuzz-regress: fuzz-build
	@set -e; mkdir -p $(FUZZ_DIR)/artifacts; for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_MAXLEN); \
	  files=$$(find fuzz/corpus/$$t fuzz/regressions/$$t -type f 2>/dev/null | sort); \
	  echo "fuzz-regress: $$t, $$(echo "$$files" | grep -c . || true) inputs"; \
	  [ -n "$$files" ] || continue; \
	  echo "$$files" | xargs $(FUZZ_DIR)/fuzz_$$t $(FUZZ_OPTS) $$xo \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- -max_len=1000000000 \
	    > $(FUZZ_DIR)/regress-$$t.log 2>&1 || { \
	    grep -aE 'ERROR|SUMMARY|fuzz_lua: |runtime error|^Running: ' $(FUZZ_DIR)/regress-$$t.log \
	      | tail -n 20; \
	    echo "fuzz-regress: $$t failed (log: $(FUZZ_DIR)/regress-$$t.log)"; exit 1; }; \
	done

fuzz-merge: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_MAXLEN); \
	  mkdir -p fuzz/corpus/$$t $(FUZZ_DIR)/corpus/$$t; \
	  before=$$(ls fuzz/corpus/$$t | wc -l); \
	  $(FUZZ_DIR)/fuzz_$$t $(FUZZ_OPTS) $$xo -max_len=$$ml -use_counters=0 -merge=1 \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- fuzz/corpus/$$t \
	    $(FUZZ_DIR)/corpus/$$t > $(FUZZ_DIR)/merge-$$t.log 2>&1; \
	  echo "fuzz-merge: $$t, $$before + $$(( $$(ls fuzz/corpus/$$t | wc -l) - before )) inputs"; \
	done

# ---- hardening: sanitizers, valgrind, allocation failure (issue 5) -----------------------------
#
#   make sanitize      the core and spec/support/failalloc built with AddressSanitizer and
#                      UndefinedBehaviorSanitizer into $(SAN_BUILD), then the whole suite (slow
#                      specs included) against that build; any report fails the run
#   make valgrind      the fast suite (no #slow specs; VALGRIND_RUN=all: the whole suite) under
#                      valgrind memcheck against the ordinary build; any error or leak fails it
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
# The specs valgrind runs: busted's run profile (.busted), the fast suite by default;
# VALGRIND_RUN=all runs the whole suite (about an hour: see README, "Hardening").
VALGRIND_RUN ?= default
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
	  $(BUSTED_FLAGS) --run=$(VALGRIND_RUN) $(VALGRIND_SPECS) spec 2>&1 | tee -a $(BUILD)/valgrind.log; status=$$?; \
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
