# Build, test and lint the sudoku toolkit. docs/DEVELOPING.md explains every target.
#
#   make                      build build/$(LUA_VERSION)/sudoku/core.so
#   make test                 the whole spec suite (slow tests included), then "N passed, N failed"
#   make test-fast            the spec suite without tests tagged #slow
#   make demo                 the Quick start's main job: solve the bundled example puzzles
#   make lint                 luacheck over lua/, spec/, examples/, bin/sudoku, bench/ and fuzz/
#   make syntax               every Lua file parses as Lua 5.1 (luac5.1 -p) and LuaJIT (luajit -bl)
#   make doc                  the HTML API reference in build/doc/ (LDoc, docs/config.ld), and
#                             the check of every link in it, README.md and docs/*.md
#   make bench                the benchmark harness over ../shared/data (several minutes)
#   make bench QUICK=1        the same on the first puzzles of each set (under a minute)
#   make bench ONLY=memory    one part (run.lua's --only: a set, or memory, generators, ...)
#   make bench ONLY=iss SUDOKU_ISS=DIR   sigh's Interactive Sudoku Solver beside ours (node)
#   make pictures             the rendered boards of docs/img/ (README, "Pictures")
#   make rock                 build and install the LuaRocks rock into ~/.luarocks
#   make lib                  the static C library for hosts without Lua (include/sudoku.h):
#                             build/$(LUA_VERSION)/lib/libsudoku.a
#   make portable             the core without its AVX2 code, in build/portable-$(LUA_VERSION)
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
#
# Override LUA, LUA_PKG (the pkg-config name), LUA_INCDIR or LUA_CFLAGS for a Lua installed
# elsewhere.
#
# The long runs live in mk/, included at the end of this file:
#   mk/versions.mk    make test-versions    the fast suite on each of LUA_VERSIONS
#   mk/cross.mk       make test-cross       the fast suite on armhf or arm64 under qemu
#   mk/windows.mk     make test-windows     the fast suite on a mingw-w64 build under wine
#   mk/hardening.mk   make sanitize, valgrind, failalloc, allochost
#   mk/fuzz.mk        make fuzz, fuzz-regress, fuzz-merge, fuzz-build

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
# solve_many (csrc/batch/batch.c) and the command's line pool run on POSIX threads (threads.c;
# on Windows Win32's own, and mk/windows.mk empties this).
THREADS  = -pthread
# A hook's error unwinds through the core's frames (lsolver.c: on_place and its kin run inside
# one protected call around the step). PUC Lua does that with longjmp; LuaJIT unwinds with the
# frames' unwind tables, which gcc emits by default on x86-64 and arm64 but not everywhere
# (armhf), so they are asked for.
UNWIND   = -funwind-tables
LIBFLAG ?= -shared

BUILD   ?= build/$(LUA_VERSION)
OBJDIR  := $(BUILD)/obj
CORE_SO := $(BUILD)/sudoku/core.so
# bin/sudoku's precompiled modules (see their rule below).
LUA_SRC := $(shell find lua -name '*.lua')
LUAC    := $(patsubst lua/%,$(BUILD)/luac/%,$(LUA_SRC))
# The core: csrc/'s folders, one job each, each including only those before it (docs/DEVELOPING.md,
# "The engine"): the general engine, its rules, the 9x9 fast path, the engine choice, puzzle
# text, canonical forms, the human techniques, batches and the command's line mode, and the Lua
# binding. csrc/api/ (the C API) is the library's alone.
CORE_DIRS := engine rules fast9 solve text canon logic batch binding
CORE_SRC := $(foreach d,$(CORE_DIRS),$(wildcard csrc/$(d)/*.c))
CORE_OBJ := $(patsubst csrc/%.c,$(OBJDIR)/%.o,$(CORE_SRC))
CORE_HDR := $(foreach d,$(CORE_DIRS),$(wildcard csrc/$(d)/*.h))
# The record rule's tables (line ends, separators, the alphabet), generated from their one
# declaration in Lua (lua/sudoku/format/rule.lua, lua/sudoku/symbols.lua) and committed, so
# that builds that run no Lua (LuaRocks, cross, Windows, fuzz) have it.
RULE_HDR := csrc/text/rule_table.h
# The Lua binding (csrc/binding/, lsudoku.h): the only files that include lua.h, and the module's
# signal flag (linterrupt.c); the bench's driver, the C fuzz harnesses and the C library link the
# core without them. Names relative to csrc/, without .c.
BINDING  := $(patsubst csrc/%.c,%,$(wildcard csrc/binding/*.c))

BUSTED  ?= busted
BUSTED_FLAGS ?=

SHELL := /bin/bash

.PHONY: all test test-fast test-long demo lint bench clean rock FORCE syntax check-all pictures doc lib

all: $(CORE_SO) $(LUAC)

# The compile command of the last build. It is rewritten only when it changes, and the objects
# depend on it, so building with other flags (OPT=-O3) rebuilds them; the bench prints it.
FLAGS_FILE  := $(BUILD)/cflags.txt
BUILD_FLAGS := $(CC) $(WARN) $(CFLAGS) $(THREADS) $(UNWIND) -fPIC -fvisibility=hidden $(LUA_CFLAGS)

$(FLAGS_FILE): FORCE | $(OBJDIR)
	@echo '$(BUILD_FLAGS)' | cmp -s - $@ || echo '$(BUILD_FLAGS)' > $@

$(RULE_HDR): lua/sudoku/format/rule.lua lua/sudoku/symbols.lua mk/gen_rule.lua
	$(LUA) mk/gen_rule.lua > $@.tmp && mv $@.tmp $@

$(OBJDIR)/%.o: csrc/%.c $(CORE_HDR) $(FLAGS_FILE) | $(addprefix $(OBJDIR)/,$(CORE_DIRS))
	$(CC) $(WARN) $(CFLAGS) $(THREADS) $(UNWIND) -fPIC -fvisibility=hidden $(LUA_CFLAGS) -c $< -o $@

$(CORE_SO): $(CORE_OBJ) | $(BUILD)/sudoku
	$(CC) $(CFLAGS) $(SOFLAGS) $(LDFLAGS) -o $@ $(CORE_OBJ) $(THREADS) $(LDLIBS)

$(OBJDIR) $(addprefix $(OBJDIR)/,$(CORE_DIRS)) $(BUILD)/sudoku:
	mkdir -p $@

# bin/sudoku's precompiled modules (mk/precompile.lua): each holds its source and its bytecode,
# and is used only while lua/ holds that same source, so a stale copy is never run, only slower.
# They take compiling out of the command's start-up.
$(BUILD)/luac/%.lua: lua/%.lua mk/precompile.lua
	@mkdir -p $(@D)
	@$(LUA) mk/precompile.lua $< $@

# $(call run_specs,COMMAND,LOG): runs a busted command line, shows and keeps its output in LOG,
# then prints the summary line "N passed, N failed, N skipped" that CI reads, and exits with
# busted's status.
run_specs = set -o pipefail; $(1) 2>&1 | tee $(2); \
	 status=$$?; $(LUA) spec/support/summary.lua < $(2); exit $$status

# The README's commands, which spec/docs_spec.lua runs whichever Lua runs the specs, start
# bin/sudoku with lua5.4 and link build/5.4's library: a suite on another Lua builds the 5.4
# core too, so that a fresh clone's `make LUA_VERSION=5.1 test` needs nothing else.
ifneq ($(LUA_VERSION),5.4)
README_BUILD := readme-build
readme-build:
	@$(MAKE) --no-print-directory LUA_VERSION=5.4 BUILD=build/5.4 all
.PHONY: readme-build
endif

test: $(CORE_SO) $(LUAC) $(README_BUILD)
	@$(call run_specs,LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=all spec,$(BUILD)/test.log)

# The #long specs alone: every puzzle of the shared sets through every technique, each step held
# against the solution (about an hour of CPU on two threads); make check-all runs it.
test-long: $(CORE_SO) $(LUAC) $(README_BUILD)
	@$(call run_specs,LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) --run=long spec,$(BUILD)/test-long.log)

test-fast: $(CORE_SO) $(LUAC) $(README_BUILD)
	@$(call run_specs,LUA_VERSION=$(LUA_VERSION) $(BUSTED) --lua=$(LUA) $(BUSTED_FLAGS) spec,$(BUILD)/test.log)


# The long matrix, run before resolving an issue that changed C; CI runs the default profile.
check-all:
	CI_PROFILE=all bash .ci/run

demo: $(CORE_SO) $(LUAC)
	$(LUA) bin/sudoku solve examples/puzzles.txt
	$(LUA) examples/hdu1426.lua < examples/hdu1426.in

# The rendered boards of docs/img/ that README shows, drawn by bin/sudoku render on this Lua
# (spec/pictures_spec.lua checks that they are what this makes today).
pictures: $(CORE_SO) $(LUAC)
	LUA=$(LUA) sh mk/pictures.sh docs/img

lint:
	luacheck $(wildcard lua spec examples bin/sudoku bench fuzz types)

# ---- doc: the HTML API reference ------------------------------------------------------------------
# LDoc (Debian's lua-ldoc) reads the doc comments of the public Lua modules and
# lua/sudoku/core.luadoc (the C module's functions and methods), as docs/config.ld lists them, and
# writes build/doc/index.html (DOC_DIR=DIR writes it elsewhere: the specs write theirs in a
# temporary directory, so that two of them never write one at once). A warning (a parameter
# without its @param, a bad reference) fails the build, and so does a broken link: then
# spec/support/links.lua checks every relative link and anchor of the reference, README.md and
# docs/*.md (spec/links_spec.lua runs both). types/ holds the same API as LuaLS stubs for
# editors; spec/doc_coverage_spec.lua checks that both cover every public function.
LDOC    ?= ldoc
DOC_DIR ?= build/doc

doc:
	$(LDOC) --fatalwarnings -c docs/config.ld -d $(abspath $(DOC_DIR)) .
	$(LUA) spec/support/links.lua README.md docs $(DOC_DIR)
# ---- end doc -------------------------------------------------------------------------------------

# ---- syntax: the Lua layer uses no version-only syntax -------------------------------------------
# Every Lua file must parse as Lua 5.1 (luac5.1 -p: no //, &, |, ~, << or >>, no goto or labels)
# and as LuaJIT (luajit -bl compiles it to bytecode), whatever LUA_VERSION says; the suite on each
# version then checks what the code does.
LUAC51       ?= luac5.1
LUAJIT       ?= luajit
SYNTAX_FILES  = $(sort $(shell find lua examples bench spec fuzz types -name '*.lua' 2>/dev/null)) bin/sudoku

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
# $(THREADS): solve_many's csrc/batch/batch.c runs on POSIX threads.
BENCH_BIN := $(BUILD)/bench/cbench
BENCH_OBJ := $(filter-out $(patsubst %,$(OBJDIR)/%.o,$(BINDING)),$(CORE_OBJ))

$(BENCH_BIN): bench/cbench.c $(BENCH_OBJ) $(CORE_HDR) $(FLAGS_FILE) | $(BUILD)/bench
	$(if $(wildcard csrc/fast9/fast9.c),,$(error make bench needs the fast path, csrc/fast9/fast9.c))
	$(CC) $(WARN) $(CFLAGS) $(THREADS) -Icsrc $(LDFLAGS) -o $@ bench/cbench.c $(BENCH_OBJ) $(THREADS)

$(BUILD)/bench:
	mkdir -p $@

# SUDOKU_ISS (a local tree of sigh's Interactive Sudoku Solver, run with node) and TDOKU_BENCH
# reach bench/run.lua from the environment or from make's command line alike (make exports
# both to the recipe).
bench: $(CORE_SO) $(LUAC) $(BENCH_BIN)
	$(LUA) bench/run.lua --cbench $(BENCH_BIN) --flags "$$(cat $(FLAGS_FILE))" \
	  --data ../shared/data $(if $(QUICK),--quick) $(if $(ONLY),--only $(ONLY))

# ---- lib: the static library behind include/sudoku.h, for C and C++ hosts without Lua ----------
# The core's objects (no binding) and the public API (csrc/api/, which the Lua module does not
# contain), linked into one relocatable object whose hidden symbols are then made local, so
# that the archive offers the host only the sudoku_* functions of include/sudoku.h.
AR      ?= ar
OBJCOPY ?= objcopy
LIB_DIR := $(BUILD)/lib
LIB_A   := $(LIB_DIR)/libsudoku.a
API_OBJ := $(patsubst csrc/%.c,$(OBJDIR)/%.o,$(wildcard csrc/api/*.c))
# BENCH_OBJ has no binding, so no signal flag either (binding/linterrupt.c): a library installs no
# signal handler.
LIB_OBJ := $(BENCH_OBJ) $(API_OBJ)

$(OBJDIR)/api/%.o: csrc/api/%.c include/sudoku.h $(CORE_HDR) csrc/api/api.h $(FLAGS_FILE) | $(OBJDIR)/api
	$(CC) $(WARN) $(CFLAGS) $(THREADS) $(UNWIND) -fPIC -fvisibility=hidden -c $< -o $@

$(LIB_A): $(LIB_OBJ) | $(LIB_DIR)
	$(CC) -r -nostdlib -o $(LIB_DIR)/sudoku.o $(LIB_OBJ)
	$(OBJCOPY) --localize-hidden $(LIB_DIR)/sudoku.o
	rm -f $@ && $(AR) rcs $@ $(LIB_DIR)/sudoku.o

$(OBJDIR)/api $(LIB_DIR):
	mkdir -p $@

lib: $(LIB_A)

# The core without the AVX2 code, as on a CPU without it, in a build of its own
# (spec/build_spec.lua runs it; .ci/run makes it before its two lanes, which both run that spec).
PORTABLE_BUILD := build/portable-$(LUA_VERSION)
portable:
	@$(MAKE) --no-print-directory LUA_VERSION=$(LUA_VERSION) BUILD=$(PORTABLE_BUILD) \
	  CFLAGS='-O2 -DSDK_FAST9_PORTABLE_ONLY' all
.PHONY: portable
# ---- end lib ---------------------------------------------------------------------------------------

# LuaRocks' builtin backend compiles inside the source tree; drop its objects and the
# ./sudoku/core.so it leaves, which Lua's default "./?.so" path would otherwise pick up.
rock:
	luarocks --lua-version=$(if $(filter jit,$(LUA_VERSION)),5.1,$(LUA_VERSION)) make --local $(wildcard sudoku-*.rockspec)
	rm -f $(foreach d,$(CORE_DIRS) api,csrc/$(d)/*.o) sudoku/core.so
	if [ -d sudoku ]; then rmdir sudoku; fi

clean:
	rm -rf build


# The long runs (see the list at the top). Included last: their rules add to the targets above
# (make test and test-fast also build the allocation-failure driver, mk/hardening.mk).
include mk/versions.mk mk/cross.mk mk/windows.mk mk/hardening.mk mk/fuzz.mk
