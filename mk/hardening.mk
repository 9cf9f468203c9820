# Memory checks (included by the Makefile; docs/DEVELOPING.md, "Hardening"):
#
#   make sanitize      the core and spec/support/failalloc built with AddressSanitizer and
#                      UndefinedBehaviorSanitizer into $(SAN_BUILD), then the whole suite (slow
#                      specs included) against that build; any report fails the run
#   make valgrind      the fast suite (no #slow specs; VALGRIND_RUN=all: the whole suite) under
#                      valgrind memcheck against the ordinary build; any error or leak fails it
#   make failalloc     builds $(BUILD)/failalloc, the allocation-failure driver that
#                      spec/failalloc_spec.lua runs (make test builds it too)
#   make allochost     builds $(BUILD)/allochost, the Lua host whose allocator counts bytes
#                      (spec/allocator_spec.lua builds and runs it)
#
# The interpreter is not instrumented: make sanitize preloads the sanitizer's runtime into it
# (LD_PRELOAD) and points the specs, and the bin/sudoku and examples/ children they start, at the
# instrumented core with SUDOKU_BUILD. Suppressions for what is not ours: spec/support/lsan.supp
# (LeakSanitizer) and spec/support/valgrind.supp (memcheck).

.PHONY: sanitize sanitize-build valgrind failalloc allochost

# Both hosts below link the chosen Lua (the core never does).
LUA_LIBS ?= $(shell pkg-config --libs $(LUA_PKG) 2>/dev/null)

# ---- allochost: the allocator check's Lua host ----------------------------------------------
# A Lua interpreter whose state allocates through a counting wrapper of its own allocator, for
# spec/allocator_spec.lua (the core must take all its memory from lua_getallocf, on every Lua,
# LuaJIT included).
ALLOCHOST := $(BUILD)/allochost

allochost: $(ALLOCHOST) $(CORE_SO)

$(ALLOCHOST): spec/support/allochost.c $(FLAGS_FILE) | $(OBJDIR)
	$(CC) $(WARN) $(CFLAGS) $(LUA_CFLAGS) $(LDFLAGS) -o $@ $< $(LUA_LIBS) -lm

# ---- failalloc: the allocation-failure driver ------------------------------------------------
FAILALLOC  := $(BUILD)/failalloc

$(FAILALLOC): spec/support/failalloc.c $(CORE_OBJ) $(CORE_HDR) | $(OBJDIR)
	$(CC) $(WARN) $(CFLAGS) $(THREADS) -Icsrc $(LUA_CFLAGS) $(LDFLAGS) -o $@ spec/support/failalloc.c \
	  $(CORE_OBJ) $(LUA_LIBS) $(THREADS)

failalloc: $(FAILALLOC)

test test-fast: $(FAILALLOC)

# ---- sanitize: the suite against the core built with ASan and UBSan ------------------------------
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
# SAN_RUN=default: the fast suite only (busted's run profiles, .busted); the whole suite by default.
SAN_RUN ?= all

sanitize-build:
	$(MAKE) BUILD=$(SAN_BUILD) CC=$(SAN_CC) OPT="$(SAN_OPT)" CFLAGS="$(SAN_OPT) $(SAN_FLAGS)" \
	  LDFLAGS="$(SAN_FLAGS)" all failalloc

sanitize: sanitize-build
	@set -o pipefail; $(SAN_ENV) LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=$(SAN_RUN) spec 2>&1 \
	  | tee $(SAN_BUILD)/test.log; status=$$?; \
	 if grep -Eq '^(==[0-9]+==ERROR|SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer)|runtime error:' $(SAN_BUILD)/test.log; then \
	   echo "sanitize: the sanitizers reported errors (see $(SAN_BUILD)/test.log)"; status=1; fi; \
	 $(LUA) spec/support/summary.lua < $(SAN_BUILD)/test.log; exit $$status

# ---- valgrind: the suite's interpreter under memcheck --------------------------------------------
# Valgrind runs the interpreter that runs the specs (busted --lua), not the children they start
# (bin/sudoku, examples/, failalloc: --trace-children=no), and the state is closed at the end
# of the run, so whatever is still allocated then is a leak. failalloc runs under it first, on
# its own.
VALGRIND       ?= valgrind
VALGRIND_FLAGS ?= --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect,possible \
                  --errors-for-leak-kinds=definite,indirect,possible --num-callers=40 \
                  --suppressions=$(CURDIR)/spec/support/valgrind.supp
# The specs valgrind runs: busted's run profile (.busted), the fast suite by default;
# VALGRIND_RUN=all runs the whole suite (about an hour: see docs/DEVELOPING.md, "Hardening").
VALGRIND_RUN ?= default
VALGRIND_SPECS ?=
# failalloc itself also runs under memcheck, over the first VALGRIND_FAILALLOC_K allocations.
VALGRIND_FAILALLOC_K ?= 40

# busted --lua takes one word: mk/valgrind-lua runs the interpreter under valgrind, told which
# valgrind, flags and Lua by these variables.
VALGRIND_LUA     := $(CURDIR)/mk/valgrind-lua
VALGRIND_LUA_ENV  = MEMCHECK_VALGRIND='$(VALGRIND)' MEMCHECK_FLAGS='$(VALGRIND_FLAGS)' MEMCHECK_LUA='$(LUA)'

valgrind: $(CORE_SO) $(FAILALLOC)
	@set -o pipefail; echo "valgrind: $(FAILALLOC) ./ $(VALGRIND_FAILALLOC_K)"; \
	 $(VALGRIND) -q $(VALGRIND_FLAGS) $(FAILALLOC) ./ $(VALGRIND_FAILALLOC_K) 2>&1 | tee $(BUILD)/valgrind.log; \
	 fa_status=$$?; \
	 $(VALGRIND_LUA_ENV) LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(VALGRIND_LUA) \
	  $(BUSTED_FLAGS) --run=$(VALGRIND_RUN) $(VALGRIND_SPECS) spec 2>&1 | tee -a $(BUILD)/valgrind.log; status=$$?; \
	 [ $$fa_status -eq 0 ] || status=$$fa_status; \
	 if grep -Eq '^==[0-9]+== ' $(BUILD)/valgrind.log; then \
	   echo "valgrind: memcheck reported errors or leaks (see $(BUILD)/valgrind.log)"; status=1; fi; \
	 $(LUA) spec/support/summary.lua < $(BUILD)/valgrind.log; exit $$status
