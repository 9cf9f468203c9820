/* SIGINT's handler and its flag (see linterrupt.h). sigaction is POSIX, not C99: on Windows,
 * which has no sigaction, C's own signal() serves. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "linterrupt.h"

#include <string.h>
#if !defined(_WIN32)
#include <unistd.h>
#endif

/* Process-wide by nature: a signal handler can reach nothing else. Written only by the handler
 * and by sdk_interrupt_catch; searches on any thread only read it. */
static volatile sig_atomic_t caught;

static void on_sigint(int sig) {
    (void)sig;
#if defined(_WIN32)
    /* signal() leaves no handler behind on Windows either, as SA_RESETHAND does below. */
    signal(SIGINT, SIG_DFL);
#endif
    caught = 1;
}

int sdk_interrupt_catch(void) {
#if defined(_WIN32)
    caught = 0;
    return signal(SIGINT, on_sigint) == SIG_ERR ? SDK_EINVAL : SDK_OK;
#else
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    /* A read or write the signal interrupts is restarted, so that no byte of the output is lost
     * half-way through a record; except with standard input on a terminal, where a read
     * waiting for typed input must hear Ctrl-C (it fails with EINTR instead). */
    sa.sa_flags = SA_RESETHAND | (isatty(STDIN_FILENO) ? 0 : SA_RESTART);
    caught = 0;
    return sigaction(SIGINT, &sa, NULL) == 0 ? SDK_OK : SDK_EINVAL;
#endif
}

const volatile sig_atomic_t *sdk_interrupt_flag(void) {
    return &caught;
}
