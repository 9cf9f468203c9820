/* The handler of the signals that stop a run, and its flag (see linterrupt.h). sigaction is
 * POSIX, not C99: on Windows, which has no sigaction (nor SIGHUP), C's own signal() serves. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "linterrupt.h"

#include "../engine/search_limits.h"

#include <string.h>
#if !defined(_WIN32)
#include <unistd.h>
#endif

/* Process-wide by nature: a signal handler can reach nothing else. Written only by the handler
 * and by sdk_interrupt_catch; searches on any thread only read the flag. caught_at, the time of
 * the first signal on sdk_clock's scale (0: none yet), is written before the flag and read by
 * the handler only. */
static volatile sig_atomic_t caught;
static volatile double caught_at;

/* A signal that comes within this many seconds of the first one repeats the same request:
 * `timeout` sends its signal to the command and then to the command's whole process group,
 * so the command gets it twice within microseconds (a few milliseconds on a loaded machine).
 * A later one is a second request, and ends the process. */
#define REPEAT_GRACE 0.5

/* The signals caught, Ctrl-C's first. */
static const int stop_signals[] = {
    SIGINT, SIGTERM,
#if defined(SIGHUP)
    SIGHUP,
#endif
};
#define STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

static void on_stop_signal(int sig) {
    double at;
#if defined(_WIN32)
    /* Windows gives sig its default action before calling the handler: back in place. */
    signal(sig, on_stop_signal);
#endif
    if (!caught) {
        /* The first signal is the one the run reports; the flag never goes back to 0. */
        caught_at = sdk_clock();
        caught = sig;
        return;
    }
    at = caught_at;
    if (at == 0 || sdk_clock() - at < REPEAT_GRACE) return;
    /* A second request, the first one unheeded: the signal's default action, which ends the
     * process (sig is blocked while its handler runs, so it comes once the handler returns).
     * sdk_clock (clock_gettime), signal and raise are async-signal-safe. */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Whether sig is taken even when ignored: SIGINT only (see linterrupt.h). */
static int forced(int sig) {
    return sig == SIGINT;
}

int sdk_interrupt_catch(void) {
    size_t i;
    caught_at = 0;
    caught = 0;
#if defined(_WIN32)
    for (i = 0; i < STOP_SIGNALS; i++) {
        int sig = stop_signals[i];
        void (*was)(int) = signal(sig, on_stop_signal);
        if (was == SIG_ERR) return SDK_EINVAL;
        if (was == SIG_IGN && !forced(sig)) signal(sig, SIG_IGN);
    }
    return SDK_OK;
#else
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    /* While the handler runs on a thread, the other signals wait for it there. */
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < STOP_SIGNALS; i++) sigaddset(&sa.sa_mask, stop_signals[i]);
    /* A read or write the signal interrupts is restarted, so that no byte of the output is lost
     * half-way through a record; except when both standard input and standard output are a
     * terminal, where a read waiting for typed input must hear Ctrl-C (it fails with EINTR
     * instead) and a write the signal cuts short is one to the terminal. With standard output a
     * pipe, a write waiting for a slow reader would fail half-way, and so restarts. */
    sa.sa_flags = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) ? 0 : SA_RESTART;
    for (i = 0; i < STOP_SIGNALS; i++) {
        int sig = stop_signals[i];
        struct sigaction was;
        if (sigaction(sig, NULL, &was) != 0) return SDK_EINVAL;
        if (was.sa_handler == SIG_IGN && !forced(sig)) continue;
        if (sigaction(sig, &sa, NULL) != 0) return SDK_EINVAL;
    }
    return SDK_OK;
#endif
}

const volatile sig_atomic_t *sdk_interrupt_flag(void) {
    return &caught;
}
