/*
 * The record rule in C: how a text of puzzles splits into lines and records, as
 * lua/sudoku/format/rule.lua declares it (its bytes come from rule_table.h, generated from that
 * declaration). Every reader of many lines in the core goes through these: the batch solver
 * (batch.c, sudoku.solve_many) and the command's line mode in C (lineblock.c), so that the same
 * bytes give the same records there as through the Lua readers.
 *
 *  - "\r\n", "\n" and "\r" each end a line ("\r\n" as one);
 *  - a UTF-8 byte order mark at the start is dropped; UTF-16 text is refused;
 *  - a line that is blank or whose first non-space byte is '#' is no record;
 *  - any other line's puzzle runs from its first non-space byte up to the next space or
 *    separator (',', ';', '#').
 * Plain C99: nothing here knows about Lua.
 */
#ifndef SUDOKU_TEXTRULE_H
#define SUDOKU_TEXTRULE_H

#include <string.h>

#include "../engine/common.h"
#include "rule_table.h"

/* Byte classes: a space (the line ends among them), a separator. */
enum { SDK_TEXT_SPACE = 1, SDK_TEXT_SEPARATOR = 2 };

/* byte -> its classes (SDK_TEXT_*), made from rule_table.h. */
SDK_INTERNAL extern const unsigned char sdk_text_class[256];

/* Where the line that starts at pos of text[0 .. len) ends: *end gets the index after its last
 * byte, and the result is where the next line starts (len after the last line). */
/* (rule_table.h's SDK_RULE_LINE_ENDS are these two bytes, '\n' and '\r'.) */
static inline size_t sdk_text_line(const char *text, size_t len, size_t pos, size_t *end) {
    const char *p = text + pos;
    size_t n = len - pos;
    const char *nl = (const char *)memchr(p, '\n', n);
    size_t stop = nl ? (size_t)(nl - p) : n;
    /* A "\r" before the "\n" (or the end) ends the line there: a lone one, or a "\r\n". */
    const char *cr = (const char *)memchr(p, '\r', stop);
    if (cr) {
        size_t e = (size_t)(cr - p);
        *end = pos + e;
        return pos + e + 1 + (e + 1 < n && p[e + 1] == '\n');
    }
    *end = pos + stop;
    return nl ? pos + stop + 1 : len;
}

/* The number of lines of text[0 .. len): its line ends, plus a last line without one. */
static inline size_t sdk_text_count_lines(const char *text, size_t len) {
    size_t lines = 0, pos = 0, end;
    while (pos < len) {
        pos = sdk_text_line(text, len, pos, &end);
        lines++;
    }
    return lines;
}

/* Whether line[0 .. len) (without its end) is a record: 0 for a blank or comment line; else 1,
 * with *lead the index of its first non-space byte, where its puzzle starts. */
static inline int sdk_text_lead(const char *line, size_t len, size_t *lead) {
    size_t i = 0;
    while (i < len && (sdk_text_class[(unsigned char)line[i]] & SDK_TEXT_SPACE)) i++;
    if (i == len || line[i] == SDK_RULE_COMMENT) return 0;
    *lead = i;
    return 1;
}

/* The index after the puzzle that starts at lead of line[0 .. len): the next space or
 * separator, or len (lead itself when a separator comes first). */
static inline size_t sdk_text_puzzle_end(const char *line, size_t len, size_t lead) {
    while (lead < len && !sdk_text_class[(unsigned char)line[lead]]) lead++;
    return lead;
}

/* Both: 0 for a line that is no record; else 1, with its puzzle at line[*lead .. *stop). */
static inline int sdk_text_record(const char *line, size_t len, size_t *lead, size_t *stop) {
    if (!sdk_text_lead(line, len, lead)) return 0;
    *stop = sdk_text_puzzle_end(line, len, *lead);
    return 1;
}

/* The k-th field (from 1) of a record's line[0 .. len), fields being runs of bytes between
 * spaces, ',' and ';' up to a '#': 1 with *start and *flen, or 0 when the line has fewer (then
 * *flen is how many it has). */
static inline int sdk_text_field(const char *line, size_t len, int k, size_t *start,
                                 size_t *flen) {
    size_t i = 0;
    int count = 0;
    for (;;) {
        size_t s;
        while (i < len && (sdk_text_class[(unsigned char)line[i]] & SDK_TEXT_SPACE ||
                           line[i] == ',' || line[i] == ';'))
            i++;
        if (i == len || line[i] == SDK_RULE_COMMENT) break;
        s = i;
        while (i < len && !sdk_text_class[(unsigned char)line[i]]) i++;
        if (++count == k) {
            *start = s;
            *flen = i - s;
            return 1;
        }
    }
    *flen = (size_t)count;
    return 0;
}

/* The layout of a file's first record line (lua/sudoku/format/rule.lua's layout_column and
 * is_header): the column of its puzzles (from 2) when its first field is no puzzle of N*N
 * cells, N >= 4, and a later field is (a Sudoku Exchange line "id puzzle rating", an
 * "id,puzzle,solution" CSV line); 0 for plain puzzle lines; -1 for a header line (two fields or
 * more, each a name: a letter, then letters, digits, '_' or '-'), after which the next record
 * line tells. */
SDK_INTERNAL int sdk_text_layout(const char *line, size_t len);

/* Whether the record line[0 .. len) is a list's title (lua/sudoku/format/rule.lua's
 * is_list_title), next[0 .. nlen) being the next record line: that one's puzzle is N*N cells of
 * an NxN board, and this one's puzzle starts with a word (three letters or more, one of them
 * lowercase), is not N*N long, and holds a character that is no cell of an NxN board. */
SDK_INTERNAL int sdk_text_is_title(const char *line, size_t len, const char *next, size_t nlen);

/* How far text's start is to be skipped: the length of a UTF-8 byte order mark there, or 0. */
SDK_INTERNAL size_t sdk_text_bom(const char *text, size_t len);

/* Whether text starts as UTF-16 does: a UTF-16 byte order mark, or a NUL in every other byte of
 * its first four. */
SDK_INTERNAL int sdk_text_is_utf16(const char *text, size_t len);

/* The side N of a board of count cells (count = N*N, 1 <= N <= SDK_MAX_N), else 0. */
SDK_INTERNAL int sdk_side_of(size_t count);

#endif
