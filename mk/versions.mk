# make test-versions: the suite on every Lua (included by the Makefile; docs/DEVELOPING.md).

.PHONY: test-versions

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
