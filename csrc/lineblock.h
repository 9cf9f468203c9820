/*
 * The sudoku command's line mode in C, for pipelines of millions of puzzles: a block of whole
 * lines of input goes in, the text to print comes out, with the batch solver (batch.h) doing
 * the puzzles on its threads in between. No Lua frame runs per puzzle, which at a few
 * microseconds a 9x9 puzzle is what the command's own time would otherwise be made of.
 *
 * A line is a record by the rules of the command's line mode (lua/sudoku/cli/pipeline.lua):
 * without its "\n" and one trailing "\r", a line that is blank or whose first non-space
 * character is '#' is no record; any other line's puzzle is its text from the first non-space
 * character up to the next space, ',', ';' or '#' (spaces as C's isspace in the "C" locale,
 * Lua's %s). Records answered here get their text in out; the others become holes, which the
 * caller answers itself (the Lua path, with its own messages): lines with nothing before a
 * separator, puzzles the batch cannot read, puzzles without a solution (whose message depends on
 * why), so that what is printed is byte for byte what the Lua path prints.
 */
#ifndef SUDOKU_LINEBLOCK_H
#define SUDOKU_LINEBLOCK_H

#include "batch.h"

typedef enum sdk_block_mode {
    SDK_BLOCK_SOLVE,     /* the first solution, as a line of symbols */
    SDK_BLOCK_COUNT,     /* the count up to the options' limit, in decimal */
    SDK_BLOCK_VALIDATE   /* "unique", "multiple" (counted to 2) or "unknown" (budget spent) */
} sdk_block_mode;

/* A record whose answer is not only text in out: a hole, or a record answered with a message
 * for standard error. */
typedef struct sdk_block_note {
    size_t line;        /* its line, 1-based within the block */
    size_t at;          /* out's bytes that come before it: a hole's answer goes there, and
                           an answered record's message follows them (its text is in them) */
    size_t start, len;  /* a hole's line within the block (without "\r"), for the caller */
    int hole;           /* 1: the caller answers the record */
    char message[96];   /* an answered record's message, NUL-terminated */
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
} sdk_block;

/* Runs the records of block[0 .. len) in mode with the batch options o (o->limit is set here
 * from the mode: 0 to solve, 2 to validate; count mode keeps the caller's). Returns SDK_OK,
 * SDK_ENOMEM or SDK_EINVAL; on failure everything allocated is freed. */
SDK_INTERNAL int sdk_block_run(sdk_block *r, sdk_allocator a, const char *block, size_t len,
                               sdk_block_mode mode, const sdk_batch_options *o);
SDK_INTERNAL void sdk_block_free(sdk_block *r);

#endif
