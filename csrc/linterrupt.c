/* SIGINT's handler and its flag (see linterrupt.h). sigaction is POSIX, not C99. */
#define _POSIX_C_SOURCE 200809L

#include "linterrupt.h"

#include <string.h>
#include <unistd.h>

/* Process-wide by nature: a signal handler can reach nothing else. Written only by the handler
 * and by sdk_interrupt_catch; searches on any thread only read it. */
static volatile sig_atomic_t caught;

static void on_sigint(int sig) {
    (void)sig;
    caught = 1;
}

int sdk_interrupt_catch(void) {
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
}

const volatile sig_atomic_t *sdk_interrupt_flag(void) {
    return &caught;
}
