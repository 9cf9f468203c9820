/* Threads, locks and the processor count on POSIX or Win32 (see threads.h). sysconf is POSIX,
 * not C99: ask for it by name. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "threads.h"

#if defined(_WIN32)

/* CreateThread's entry has its own signature; the sdk_thread carries the real one. */
static DWORD WINAPI trampoline(LPVOID p) {
    sdk_thread *t = (sdk_thread *)p;
    t->fn(t->arg);
    return 0;
}

int sdk_thread_start(sdk_thread *t, void (*fn)(void *), void *arg) {
    t->fn = fn;
    t->arg = arg;
    t->handle = CreateThread(NULL, 0, trampoline, t, 0, NULL);
    return t->handle ? SDK_OK : SDK_ENOMEM;
}

void sdk_thread_join(sdk_thread *t) {
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

int sdk_mutex_init(sdk_mutex *m) {
    InitializeCriticalSection(m);
    return SDK_OK;
}

void sdk_mutex_destroy(sdk_mutex *m) { DeleteCriticalSection(m); }
void sdk_mutex_lock(sdk_mutex *m) { EnterCriticalSection(m); }
void sdk_mutex_unlock(sdk_mutex *m) { LeaveCriticalSection(m); }

int sdk_cond_init(sdk_cond *c) {
    InitializeConditionVariable(c);
    return SDK_OK;
}

/* Win32 condition variables own no resources. */
void sdk_cond_destroy(sdk_cond *c) { (void)c; }
void sdk_cond_wait(sdk_cond *c, sdk_mutex *m) { SleepConditionVariableCS(c, m, INFINITE); }
void sdk_cond_signal(sdk_cond *c) { WakeConditionVariable(c); }
void sdk_cond_broadcast(sdk_cond *c) { WakeAllConditionVariable(c); }

int sdk_cpu_count(void) {
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return info.dwNumberOfProcessors > 0 ? (int)info.dwNumberOfProcessors : 1;
}

#else
#include <unistd.h>

/* pthread's entry returns a pointer; the sdk_thread carries the real one. */
static void *trampoline(void *p) {
    sdk_thread *t = (sdk_thread *)p;
    t->fn(t->arg);
    return NULL;
}

int sdk_thread_start(sdk_thread *t, void (*fn)(void *), void *arg) {
    t->fn = fn;
    t->arg = arg;
    return pthread_create(&t->id, NULL, trampoline, t) == 0 ? SDK_OK : SDK_ENOMEM;
}

void sdk_thread_join(sdk_thread *t) { pthread_join(t->id, NULL); }

int sdk_mutex_init(sdk_mutex *m) {
    return pthread_mutex_init(m, NULL) == 0 ? SDK_OK : SDK_ENOMEM;
}

void sdk_mutex_destroy(sdk_mutex *m) { pthread_mutex_destroy(m); }
void sdk_mutex_lock(sdk_mutex *m) { pthread_mutex_lock(m); }
void sdk_mutex_unlock(sdk_mutex *m) { pthread_mutex_unlock(m); }

int sdk_cond_init(sdk_cond *c) {
    return pthread_cond_init(c, NULL) == 0 ? SDK_OK : SDK_ENOMEM;
}

void sdk_cond_destroy(sdk_cond *c) { pthread_cond_destroy(c); }
void sdk_cond_wait(sdk_cond *c, sdk_mutex *m) { pthread_cond_wait(c, m); }
void sdk_cond_signal(sdk_cond *c) { pthread_cond_signal(c); }
void sdk_cond_broadcast(sdk_cond *c) { pthread_cond_broadcast(c); }

int sdk_cpu_count(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 1 << 30 ? (int)n : 1;
}

#endif
