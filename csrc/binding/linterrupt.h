/*
 * Ctrl-C and its kin for the binding: a handler of SIGINT, SIGTERM and SIGHUP (the signals that
 * a terminal, `timeout`, `kill`, a batch scheduler or a hang-up send to stop a run) that raises
 * a flag, which the binding hands to every search as its cancellation flag (search_limits.h).
 * The one piece of process-wide state of the module (the flag, and when it went up), because
 * signals are process-wide; nothing installs the handler but an explicit call
 * (sudoku.core.catch_interrupt, which the command-line tool makes): a library never takes over
 * a signal on its own.
 */
#ifndef SUDOKU_LINTERRUPT_H
#define SUDOKU_LINTERRUPT_H

#include <signal.h>

#include "../engine/common.h"

/* Installs the handler and lowers the flag: for SIGINT whatever its disposition was (SIG_IGN
 * included, as a shell leaves it for a job started with `&`); for SIGTERM and SIGHUP unless
 * they are ignored (nohup, `trap '' TERM`: whoever ignored them meant it), which stay ignored.
 * SIGHUP only where it exists (not on Windows). The handler raises the flag to the number of
 * the first signal that came and stays in place: a signal within half a second of the first
 * repeats the same request (`timeout` sends its signal twice, to the command and to its process
 * group) and changes nothing, a later one ends the process with that signal's default action,
 * even if the first went unheeded. Reads and writes that a signal interrupts are restarted (no
 * output is cut short), except when standard input and standard output are both a terminal:
 * then they fail with EINTR, so that a command waiting for typed input hears Ctrl-C.
 * SDK_OK, or SDK_EINVAL when sigaction refuses. */
SDK_INTERNAL int sdk_interrupt_catch(void);

/* The flag: 0 until one of the signals came after the last sdk_interrupt_catch, then that
 * signal's number; never raised when the handler was not installed. */
SDK_INTERNAL const volatile sig_atomic_t *sdk_interrupt_flag(void);

#endif
