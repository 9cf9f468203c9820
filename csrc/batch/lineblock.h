/*
 * The sudoku command's line mode in C, for pipelines of millions of puzzles: a block of whole
 * lines of input goes in, the answers come out as data: a solution, a count or a canonical form
 * per record in out (the bytes to print), and a status for each record that is not only that
 * (sdk_block_status). The core knows no word of the command: verdict mode writes the words the
 * caller hands in (sdk_block_words), and a status is for the caller to word. No Lua frame runs per puzzle, which at a
 * few microseconds a 9x9 puzzle is what the command's own time would otherwise be made of.
 *
 * A line is a record by the record rule (textrule.h, declared in lua/sudoku/format/rule.lua):
 * "\r\n", "\n" and "\r" end lines, a line that is blank or whose first non-space character is
 * '#' is no record; any other line's puzzle is its text from the first non-space character up
 * to the next space, ',', ';' or '#' (spaces as C's isspace in the "C" locale, Lua's %s). When
 * the options' size allows 9x9 boards (9, "auto" = -1, or 0: not fixed, the caller checks),
 * a puzzle of 81 symbols of a 9x9 board (1-9 and the blanks) is done here, on the
 * 9x9 fast path (through dispatch.h's engine choice, so with the answer Board:solve gives),
 * which allocates nothing; every other record becomes a hole, which the caller answers itself
 * (the Lua path, with its own messages, and the batch solver for other sizes): lines with nothing
 * before a separator, puzzles of another size or with a character that is no symbol, puzzles
 * without a solution (whose message depends on why), so that what is printed is byte for byte
 * what the Lua path prints.
 *
 * The canonical-form modes (canon.h) do no search: a 9x9 puzzle of 81 symbols gets its
 * canonical form, kept in the block's forms (81 values a record answered, in order) besides the
 * text, so that the calling thread can look the forms up in a set (canonset.h) in input order
 * while the workers go on with the next blocks; clashing givens, which have no canonical form,
 * are holes like every other record the caller's path reads.
 *
 * Two ways to run blocks: sdk_block_run does one on the calling thread; a pool
 * (sdk_block_pool_*) does them on threads of its own, in the order they were submitted, while the
 * calling thread reads the next blocks and writes the answers of the last ones. The pool's
 * threads allocate nothing and touch nothing but their block, its answers and their own fast
 * path object: every byte they use was allocated by the calling thread, when the pool was made
 * or a block submitted, through the allocator handed in, which therefore need not be
 * thread-safe, and the calling thread may run Lua meanwhile.
 */
#ifndef SUDOKU_LINEBLOCK_H
#define SUDOKU_LINEBLOCK_H

#include "batch.h"

typedef enum sdk_block_mode {
    SDK_BLOCK_SOLVE,     /* the first solution, as a line of symbols */
    SDK_BLOCK_COUNT,     /* the count up to the options' limit, in decimal */
    SDK_BLOCK_VERDICT,   /* counted to 2: the caller's word for one solution, for more, or for
                            a budget spent first (sdk_block_words) */
    SDK_BLOCK_CANON,     /* the canonical form, as a line of symbols ('.' for a blank) */
    SDK_BLOCK_CANON_RECORD  /* the record as the line format writes it back: its 81 symbols
                            ('.' for a blank), then its comment with the separator before it;
                            and its canonical form in forms */
} sdk_block_mode;

/* What became of a record that has a note; every other record's answer is data in out (a
 * solution, a count, a canonical form, or the word for its verdict). */
typedef enum sdk_block_status {
    SDK_BLOCK_HOLE = 1,       /* the caller answers the record */
    SDK_BLOCK_MULTIPLE,       /* verdict mode: more than one solution (out holds its word) */
    SDK_BLOCK_OUT_OF_NODES,   /* the options' node budget ran out (verdict mode: out holds the
                                 word for it) */
    SDK_BLOCK_OUT_OF_TIME     /* the options' time budget ran out (likewise) */
} sdk_block_status;

/* The caller's words for verdict mode: what out holds for a record with one solution, with
 * more, and with a budget spent first, each then followed by a newline. The core knows no word
 * of its own: the caller's are copied in when a block is run or a pool made. */
enum { SDK_BLOCK_WORD_ONE, SDK_BLOCK_WORD_MORE, SDK_BLOCK_WORD_UNKNOWN, SDK_BLOCK_NWORDS };
#define SDK_BLOCK_WORD_MAX 64   /* bytes of a word at most (out's room counts on it) */

typedef struct sdk_block_words {
    char text[SDK_BLOCK_NWORDS][SDK_BLOCK_WORD_MAX];
    size_t len[SDK_BLOCK_NWORDS];
} sdk_block_words;

/* A record whose answer is not only data in out: a hole, or a record with a status for the
 * caller to report. */
typedef struct sdk_block_note {
    size_t line;        /* its line, 1-based within the block */
    size_t at;          /* out's bytes that come before it: a hole's answer goes there, and
                           a reported record's report follows them (its word, if any, is in
                           them) */
    size_t start, len;  /* a hole's line within the block (without "\r"), for the caller */
    int status;         /* sdk_block_status */
} sdk_block_note;

typedef struct sdk_block {
    sdk_allocator alloc;
    char *out;              /* the text to print, a line per answered record */
    size_t out_len, out_cap;
    sdk_block_note *notes;  /* in line order */
    size_t nnotes, notes_cap;
    size_t lines;           /* lines in the block */
    size_t records;         /* records done: all of them unless interrupted */
    int interrupted;        /* the limits' flag stopped the batch: records after `records`
                               were not done, and out ends with the last one done */
    int64_t guesses;
    uint8_t *forms;         /* canonical-form modes: 81 values per record answered in out (its
                               line there), in order; NULL in the others */
    size_t nforms, forms_cap;
} sdk_block;

/* Runs the records of block[0 .. len) in mode with the batch options o (their limits and
 * portable; count mode's limit; the threads are not used) on the calling thread; words: the
 * caller's, which verdict mode needs (NULL for the other modes). Returns SDK_OK, SDK_ENOMEM or
 * SDK_EINVAL; on failure everything allocated is freed. */
SDK_INTERNAL int sdk_block_run(sdk_block *r, sdk_allocator a, const char *block, size_t len,
                               sdk_block_mode mode, const sdk_batch_options *o,
                               const sdk_block_words *words);
SDK_INTERNAL void sdk_block_free(sdk_block *r);

/* A pool of threads that run blocks (see above). */
typedef struct sdk_block_pool sdk_block_pool;

/* A pool of `threads` threads (at most SDK_BATCH_MAX_THREADS) for blocks in mode with the
 * options o and words, as sdk_block_run takes them; it holds 2 * threads + 1 blocks at most. A thread that
 * cannot be started leaves its share to the others; with none (threads = 0 asks for none: the
 * pool is then one block's room and one fast path object, reused block after block), each
 * block is done by the calling thread in sdk_block_pool_wait. SDK_OK, SDK_ENOMEM or
 * SDK_EINVAL. */
SDK_INTERNAL int sdk_block_pool_new(sdk_block_pool **out, sdk_allocator a, int threads,
                                    sdk_block_mode mode, const sdk_batch_options *o,
                                    const sdk_block_words *words);
/* Whether the pool holds as many blocks as it can: wait for the oldest and release it first. */
SDK_INTERNAL int sdk_block_pool_full(const sdk_block_pool *p);
/* Blocks submitted and not yet released. */
SDK_INTERNAL size_t sdk_block_pool_pending(const sdk_block_pool *p);
/* Copies block[0 .. len) (whole lines) into the pool, where a thread will run it; *lines gets
 * its number of lines. SDK_OK, SDK_ENOMEM (nothing submitted) or SDK_EINVAL (the pool is
 * full). */
SDK_INTERNAL int sdk_block_pool_submit(sdk_block_pool *p, const char *block, size_t len,
                                       size_t *lines);
/* The answers to the oldest block not yet released, once they are done (waiting for them, or
 * doing the block on the calling thread when no thread of the pool has taken it yet); NULL
 * when there is none. They stay the pool's, unchanged, until sdk_block_pool_release. */
SDK_INTERNAL const sdk_block *sdk_block_pool_wait(sdk_block_pool *p);
/* Gives the oldest block's room back to the pool (after sdk_block_pool_wait). */
SDK_INTERNAL void sdk_block_pool_release(sdk_block_pool *p);
/* Stops the threads (a block under way stops at its next record), joins them and frees
 * everything; blocks not yet waited for are dropped. NULL is fine. */
SDK_INTERNAL void sdk_block_pool_free(sdk_block_pool *p);

#endif
