# make test-windows: the fast suite on a Windows build, under wine (included by the Makefile;
# docs/EMBEDDING.md, "Windows").
#
# Everything is cross-built with Debian's mingw-w64 (x86_64-w64-mingw32-gcc, the win32 thread
# model: no pthreads DLL) into build/win64/, from Debian's source packages that
# .ci/windows-deps fetches with `apt-get source`:
#   bin/lua.exe, bin/lua54.dll    Lua 5.4 as its own Makefile's mingw target builds it (the DLL
#                                 and an interpreter linked to it; lib/liblua54.dll.a to link to)
#   5.4/sudoku/core.dll           the core, by this Makefile with CC set to the mingw compiler
#   bin/lfs.dll, bin/term/core.dll, bin/system/core.dll
#                                 the C modules busted loads (lua-filesystem, lua-term, lua-system)
#   bin/lua/                      busted and its pure-Lua modules, copied from Debian's installed
#                                 packages (/usr/share/lua/5.4)
#   capi/sudoku.dll               the C API as a DLL, and examples/c/ linked to it (run first)
# bin/ is laid out as Lua's default paths on Windows expect (next to lua.exe: ?.dll, lua\?.lua),
# so the interpreter needs no LUA_PATH; those of the machine are unset so that none leaks in.
# wine runs in a prefix of its own under build/win64/wine, made on the first run (a minute).
#
# The specs: .busted's "windows" profile, the fast suite without the specs that need what a
# Windows machine does not have (a POSIX shell, fork, GNU parallel, LÖVE, ...); .busted says
# which and why.

.PHONY: test-windows windows-build windows-core windows-capi

WIN_CC      ?= x86_64-w64-mingw32-gcc
WIN_STRIP   ?= x86_64-w64-mingw32-strip
WIN_DIR      = build/win64
WIN_SRC      = $(WIN_DIR)/src
WIN_BIN      = $(WIN_DIR)/bin
WIN_LUA_SRC  = $(WIN_SRC)/lua5.4/src
WIN_IMPLIB   = $(WIN_DIR)/lib/liblua54.dll.a
WIN_CORE     = $(WIN_DIR)/5.4/sudoku/core.dll
WIN_STAMP    = $(WIN_SRC)/.ready
# Plain C for the third-party sources: they are not ours to hold to -Werror.
WIN_CFLAGS   = -O2 -I$(WIN_LUA_SRC)
WINE        ?= wine
WINE_ENV     = WINEPREFIX='$(CURDIR)/$(WIN_DIR)/wine' WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml=' \
               env -u LUA_PATH -u LUA_CPATH -u LUA_PATH_5_4 -u LUA_CPATH_5_4 -u LUA_INIT -u LUA_INIT_5_4
# Busted's pure-Lua modules, as Debian installs them (symbolic links to the 5.1 tree, followed).
WIN_LUA_MODS = busted busted.lua luassert say pl cliargs cliargs.lua mediator.lua dkjson.lua \
               term argparse.lua

$(WIN_STAMP):
	sh .ci/windows-deps $(WIN_SRC)
	touch $@

# ---- Lua 5.4: the core and standard libraries into lua54.dll (LUA_BUILD_AS_DLL marks its API
# for export), lua.c into lua.exe against it; as src/Makefile's mingw target, without its make.
WIN_LUA_CORE = lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser \
               lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib \
               lmathlib loadlib loslib lstrlib ltablib lutf8lib linit

$(WIN_BIN)/lua54.dll: $(WIN_STAMP)
	mkdir -p $(WIN_DIR)/obj-lua $(WIN_BIN) $(dir $(WIN_IMPLIB))
	for f in $(WIN_LUA_CORE); do \
	  $(WIN_CC) $(WIN_CFLAGS) -DLUA_BUILD_AS_DLL -c $(WIN_LUA_SRC)/$$f.c -o $(WIN_DIR)/obj-lua/$$f.o || exit 1; \
	done
	$(WIN_CC) -shared -o $@ $(patsubst %,$(WIN_DIR)/obj-lua/%.o,$(WIN_LUA_CORE)) \
	  -Wl,--out-implib,$(WIN_IMPLIB)
	$(WIN_STRIP) --strip-unneeded $@

$(WIN_BIN)/lua.exe: $(WIN_BIN)/lua54.dll
	$(WIN_CC) $(WIN_CFLAGS) -DLUA_BUILD_AS_DLL -o $@ $(WIN_LUA_SRC)/lua.c $(WIN_IMPLIB) -s

# ---- busted's C modules: each a DLL linked to lua54.dll, named as require looks for it.
$(WIN_BIN)/lfs.dll: $(WIN_BIN)/lua54.dll
	$(WIN_CC) $(WIN_CFLAGS) -shared -o $@ $(WIN_SRC)/lua-filesystem/src/lfs.c $(WIN_IMPLIB) -s

$(WIN_BIN)/term/core.dll: $(WIN_BIN)/lua54.dll
	mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -shared -o $@ $(WIN_SRC)/lua-term/core.c $(WIN_IMPLIB) -s

# lua-system's C files, or, without its source, mk/windows/system.lua (see there).
$(WIN_DIR)/system.ready: $(WIN_BIN)/lua54.dll
	mkdir -p $(WIN_BIN)/system $(WIN_BIN)/lua
	if [ -d $(WIN_SRC)/lua-system ]; then \
	  $(WIN_CC) $(WIN_CFLAGS) -shared -o $(WIN_BIN)/system/core.dll $(WIN_SRC)/lua-system/src/*.c \
	    $(WIN_IMPLIB) -s && \
	  cp $(WIN_SRC)/lua-system/system/init.lua $(WIN_BIN)/lua/system.lua; \
	else \
	  echo "test-windows: no source of lua-system; busted gets mk/windows/system.lua instead"; \
	  cp mk/windows/system.lua $(WIN_BIN)/lua/system.lua; \
	fi
	touch $@

# ---- busted's Lua modules and its command.
$(WIN_BIN)/busted.lua: $(WIN_BIN)/lua54.dll
	mkdir -p $(WIN_BIN)/lua
	cd /usr/share/lua/5.4 && cp -RL $(WIN_LUA_MODS) $(CURDIR)/$(WIN_BIN)/lua/
	cp /usr/bin/busted $@

# ---- the core: this Makefile's own rules, with the mingw compiler, Lua's headers from its
# source, no -pthread (threads.c uses Win32's threads), lua54.dll to link to, and gcc's runtime
# linked in (else core.dll needs libgcc_s_seh-1.dll beside it). A phony target,
# not the DLL's own name: that make includes this file too, and would run itself again.
windows-core: $(WIN_BIN)/lua54.dll
	@$(MAKE) --no-print-directory LUA_VERSION=5.4 BUILD=$(WIN_DIR)/5.4 CC=$(WIN_CC) \
	  LUA_CFLAGS="-I$(WIN_LUA_SRC)" THREADS= CORE_SO=$(WIN_CORE) LDLIBS="$(WIN_IMPLIB) -static-libgcc" all

# ---- the C API (include/sudoku.h) as a DLL: the core's objects but the Lua binding, and
# csrc/api/ with SUDOKU_DLL_EXPORT, so that sudoku.dll exports the sudoku_* functions alone;
# examples/c/ built against it with SUDOKU_DLL_IMPORT and run under wine (solve_lines on the
# bundled puzzles, frames with its own checks).
WIN_CAPI     = $(WIN_DIR)/capi
WIN_OBJ      = $(WIN_DIR)/5.4/obj
WIN_API_OBJ  = $(patsubst csrc/api/%.c,$(WIN_CAPI)/%.o,$(wildcard csrc/api/*.c))

$(WIN_CAPI)/%.o: csrc/api/%.c include/sudoku.h $(CORE_HDR) csrc/api/api.h
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WARN) $(CFLAGS) -DSUDOKU_DLL_EXPORT -c $< -o $@

windows-capi: windows-core $(WIN_API_OBJ)
	$(WIN_CC) -shared -o $(WIN_CAPI)/sudoku.dll $(WIN_API_OBJ) \
	  $(filter-out $(patsubst %,$(WIN_OBJ)/%.o,$(BINDING)),$(patsubst csrc/%.c,$(WIN_OBJ)/%.o,$(CORE_SRC))) \
	  -Wl,--out-implib,$(WIN_CAPI)/libsudoku.dll.a -static-libgcc
	for e in solve_lines frames; do \
	  $(WIN_CC) $(WARN) $(CFLAGS) -Iinclude -DSUDOKU_DLL_IMPORT -o $(WIN_CAPI)/$$e.exe \
	    examples/c/$$e.c $(WIN_CAPI)/libsudoku.dll.a -static-libgcc || exit 1; \
	done
	@$(WINE_ENV) $(WINE) $(WIN_CAPI)/solve_lines.exe < examples/puzzles.txt > $(WIN_CAPI)/solved.txt
	@$(WINE_ENV) $(WINE) $(WIN_CAPI)/frames.exe > $(WIN_CAPI)/frames.txt
	@echo "test-windows: sudoku.dll (the C API) solved $$(grep -c . $(WIN_CAPI)/solved.txt) puzzles under wine; examples/c/frames.c passed"

windows-build: $(WIN_BIN)/lua.exe $(WIN_BIN)/lfs.dll $(WIN_BIN)/term/core.dll \
               $(WIN_DIR)/system.ready $(WIN_BIN)/busted.lua windows-core

test-windows: windows-build windows-capi
	@echo "test-windows: $$($(WINE_ENV) $(WINE) $(WIN_BIN)/lua.exe -e 'io.write(_VERSION)' 2>/dev/null) under $$($(WINE) --version), core built by $(WIN_CC)"
	@$(call run_specs,$(WINE_ENV) SUDOKU_BUILD=$(WIN_DIR)/5.4 $(WINE) $(WIN_BIN)/lua.exe \
	  $(WIN_BIN)/busted.lua --run=windows $(BUSTED_FLAGS),$(WIN_DIR)/test.log)
