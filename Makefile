# Build, test and lint the sudoku toolkit.
#
#   make                      build build/$(LUA_VERSION)/sudoku/core.so
#   make test                 the whole spec suite (slow tests included), then "N passed, N failed"
#   make test-fast            the spec suite without tests tagged #slow
#   make demo                 the Quick start's main job: solve the bundled example puzzles
#   make lint                 luacheck over lua/, spec/, examples/, bin/sudoku and bench/ (those present)
#
# Override LUA_VERSION (5.4 by default), LUA, LUA_INCDIR or LUA_CFLAGS to build for another Lua.

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

.PHONY: all test test-fast demo lint clean rock

all: $(CORE_SO)

$(OBJDIR)/%.o: csrc/%.c $(CORE_HDR) | $(OBJDIR)
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

# LuaRocks' builtin backend compiles inside the source tree; drop its objects and the
# ./sudoku/core.so it leaves, which Lua's default "./?.so" path would otherwise pick up.
rock:
	luarocks --lua-version=$(LUA_VERSION) make --local sudoku-scm-1.rockspec
	rm -f csrc/*.o sudoku/core.so
	if [ -d sudoku ]; then rmdir sudoku; fi

clean:
	rm -rf build
