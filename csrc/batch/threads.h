/*
 * The few thread primitives the core's pools use (batch.c's, lineblock.c's), on POSIX threads or
 * on Win32's own (Windows has no pthreads without an extra runtime DLL, which a game shipping
 * core.dll should not need). Each is a thin wrapper: same meaning on both, nothing hidden.
 *
 * A thread's sdk_thread must stay where it is until sdk_thread_join: on Windows it carries the
 * function and argument to the thread, which reads them when it starts.
 */
#ifndef SUDOKU_THREADS_H
#define SUDOKU_THREADS_H

#include "../engine/common.h"

#if defined(_WIN32)
/* Condition variables came with Vista; older headers hide them. */
#if !defined(_WIN32_WINNT) || _WIN32_WINNT < 0x0600
#undef _WIN32_WINNT
#define _WIN32_WINNT 0x0600
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

typedef struct sdk_thread {
    HANDLE handle;
    void (*fn)(void *);
    void *arg;
} sdk_thread;
typedef CRITICAL_SECTION sdk_mutex;
typedef CONDITION_VARIABLE sdk_cond;
#else
#include <pthread.h>

typedef struct sdk_thread {
    pthread_t id;
    void (*fn)(void *);
    void *arg;
} sdk_thread;
typedef pthread_mutex_t sdk_mutex;
typedef pthread_cond_t sdk_cond;
#endif

/* Runs fn(arg) on a new thread: SDK_OK, or SDK_ENOMEM when the system refuses one. */
SDK_INTERNAL int sdk_thread_start(sdk_thread *t, void (*fn)(void *), void *arg);
SDK_INTERNAL void sdk_thread_join(sdk_thread *t);

/* Init: SDK_OK or SDK_ENOMEM (POSIX may refuse; Win32's cannot fail). */
SDK_INTERNAL int sdk_mutex_init(sdk_mutex *m);
SDK_INTERNAL void sdk_mutex_destroy(sdk_mutex *m);
SDK_INTERNAL void sdk_mutex_lock(sdk_mutex *m);
SDK_INTERNAL void sdk_mutex_unlock(sdk_mutex *m);

SDK_INTERNAL int sdk_cond_init(sdk_cond *c);
SDK_INTERNAL void sdk_cond_destroy(sdk_cond *c);
/* Waits for a signal with m held (released while waiting); may wake spuriously, as on POSIX. */
SDK_INTERNAL void sdk_cond_wait(sdk_cond *c, sdk_mutex *m);
SDK_INTERNAL void sdk_cond_signal(sdk_cond *c);
SDK_INTERNAL void sdk_cond_broadcast(sdk_cond *c);

/* Processors online, at least 1. */
SDK_INTERNAL int sdk_cpu_count(void);

#endif
