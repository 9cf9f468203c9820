# make fuzz, fuzz-regress, fuzz-merge, fuzz-build: the libFuzzer harnesses of fuzz/ (included by the
# Makefile; docs/DEVELOPING.md, "Fuzzing").
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
# Harnesses: batch (sdk_batch_*: solve_many's text), block (sdk_block_run: the command's line
# mode in C), fast9 (sdk_fast9_* against the general
# engine), solver (boards, regions, constraints, callbacks and the step API under a node budget),
# restore (saved searches from hostile text: sdk_solver_restore, then saved again and stepped),
# lua (sudoku.parse, every format reader, detection and Board:fill in an embedded Lua), seams
# (fuzz_lua.c again, with fuzz/lua_seams.lua: random boards with random and hostile rules, and
# random sequences of the API on them).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= batch block fast9 solver restore lua seams
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
                seams) ml=256; xo=-detect_leaks=0;; \
                *) ml=4096;; esac
FUZZ_OPTS    ?= -timeout=20 -rss_limit_mb=1536

.PHONY: fuzz-build fuzz fuzz-regress fuzz-merge

fuzz-build: $(foreach t,$(FUZZ_TARGETS),$(FUZZ_DIR)/fuzz_$(t))

$(FUZZ_DIR)/obj/%.o: csrc/%.c $(CORE_HDR) | $(addprefix $(FUZZ_DIR)/obj/,$(CORE_DIRS))
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fuzz_lua: fuzz/fuzz_lua.c $(FUZZ_OBJ) | $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ROOT='"$(CURDIR)"' -o $@ $< $(FUZZ_OBJ) \
	  $(FUZZ_LUA_LIB) -lm

$(FUZZ_DIR)/fuzz_seams: fuzz/fuzz_lua.c $(FUZZ_OBJ) | $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ROOT='"$(CURDIR)"' \
	  -DFUZZ_SCRIPT='"fuzz/lua_seams.lua"' -o $@ $< $(FUZZ_OBJ) $(FUZZ_LUA_LIB) -lm

FUZZ_CORE_OBJ := $(filter-out $(patsubst %,$(FUZZ_DIR)/obj/%.o,$(BINDING)),$(FUZZ_OBJ))

$(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_CORE_OBJ) | $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Icsrc -o $@ $< $(FUZZ_CORE_OBJ)

$(FUZZ_DIR) $(FUZZ_DIR)/obj $(addprefix $(FUZZ_DIR)/obj/,$(CORE_DIRS)):
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

