/*
 * Ctrl-C for the binding: a SIGINT handler that raises a flag, which the binding hands to every
 * search as its cancellation flag (search_limits.h). The one piece of process-wide state of the
 * module, because signals are process-wide; nothing installs the handler but an explicit call
 * (sudoku.core.catch_interrupt, which the command-line tool makes): a library never takes over
 * a signal on its own.
 */
#ifndef SUDOKU_LINTERRUPT_H
#define SUDOKU_LINTERRUPT_H

#include <signal.h>

#include "common.h"

/* Installs the handler (sigaction, whatever SIGINT's disposition was, SIG_IGN included) and
 * lowers the flag. The handler raises the flag and gives SIGINT back its default action, so a
 * second Ctrl-C ends the process even if the first went unheeded. Reads and writes that the
 * signal interrupts are restarted (no output is cut short), except when standard input is a
 * terminal: then they fail with EINTR, so that a command waiting for typed input hears Ctrl-C.
 * SDK_OK, or SDK_EINVAL when sigaction refuses. */
SDK_INTERNAL int sdk_interrupt_catch(void);

/* The flag: non-zero once SIGINT came after the last sdk_interrupt_catch; never raised when the
 * handler was not installed. */
SDK_INTERNAL const volatile sig_atomic_t *sdk_interrupt_flag(void);

#endif
