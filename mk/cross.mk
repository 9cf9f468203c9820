# make test-cross: the suite on another CPU (included by the Makefile; docs/DEVELOPING.md).
#
# make test-cross CROSS=armhf (32-bit ARM, the default) or CROSS=arm64: the core cross-compiled
# with Debian's gcc for that CPU (no AVX2 code, so the portable fast path; on armhf 32-bit
# pointers and size_t), loaded by Debian's Lua 5.4 for that CPU under qemu's user-mode emulation,
# running the fast suite. .ci/cross-deps installs the compiler and qemu and unpacks that Lua into
# $(CROSS_DIR)/root. mk/cross-bin/lua5.4 runs the emulated interpreter (told which CPU and root by
# $(CROSS_ENV)) and its directory comes first in PATH, so the bin/sudoku and examples/ processes
# the specs start are emulated too.
# Left out: the specs that compile and run programs of their own for this machine (the build's
# exports and its portable variant, the allocation-failure driver, the allocator host, the
# LuaRocks build); the native runs cover them.

.PHONY: test-cross

CROSS         ?= armhf
CROSS_TRIPLET  = $(if $(filter arm64,$(CROSS)),aarch64-linux-gnu,arm-linux-gnueabihf)
CROSS_QEMU     = $(if $(filter arm64,$(CROSS)),qemu-aarch64,qemu-arm)
CROSS_DIR      = build/cross-$(CROSS)
CROSS_ROOT     = $(CURDIR)/$(CROSS_DIR)/root
CROSS_LIBS     = $(CROSS_ROOT)/usr/lib/$(CROSS_TRIPLET):$(CROSS_ROOT)/lib/$(CROSS_TRIPLET)
CROSS_CPATH    = $(CROSS_ROOT)/usr/lib/$(CROSS_TRIPLET)/lua/5.4/?.so;;
CROSS_EXCLUDE  = build_spec failalloc_spec allocator_spec rockspec_spec
CROSS_BIN      = $(CURDIR)/mk/cross-bin
CROSS_ENV      = CROSS_QEMU='$(CROSS_QEMU)' CROSS_TRIPLET='$(CROSS_TRIPLET)' CROSS_ROOT='$(CROSS_ROOT)' \
                 CROSS_LIBS='$(CROSS_LIBS)' CROSS_CPATH='$(CROSS_CPATH)'

test-cross:
	@sh .ci/cross-deps $(CROSS) $(CROSS_ROOT)
	@$(MAKE) --no-print-directory LUA_VERSION=5.4 BUILD=$(CROSS_DIR)/5.4 CC=$(CROSS_TRIPLET)-gcc \
	  LUA_CFLAGS="-I$(CROSS_ROOT)/usr/include/lua5.4 -I$(CROSS_ROOT)/usr/include/$(CROSS_TRIPLET)" all
	@echo "test-cross: $$($(CROSS_ENV) $(CROSS_BIN)/lua5.4 -e 'print(_VERSION)') for $(CROSS) under $(CROSS_QEMU), core built by $(CROSS_TRIPLET)-gcc"
	@$(call run_specs,$(CROSS_ENV) PATH=$(CROSS_BIN):$$PATH SUDOKU_BUILD=$(CURDIR)/$(CROSS_DIR)/5.4 \
	  LUA_VERSION=5.4 $(BUSTED) --lua=$(CROSS_BIN)/lua5.4 $(BUSTED_FLAGS) \
	  $(foreach p,$(CROSS_EXCLUDE),--exclude-pattern=$(p)) spec,$(CROSS_DIR)/test.log)
