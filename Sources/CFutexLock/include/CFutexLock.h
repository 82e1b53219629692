// A mutex on a Linux futex: one compare-and-exchange to lock and one atomic decrement to unlock
// when nobody waits, the kernel only when a thread has to wait (the three-state mutex of Ulrich
// Drepper's "Futexes Are Tricky": 0 unlocked, 1 locked, 2 locked with possible waiters).
//
// Used by the Schedulers module's PlatformLock on Linux, where a pthread mutex takes the same two
// atomic instructions but about fifty more around them (its type checks and the call into libc)
// on every lock and unlock; Apple platforms use os_unfair_lock instead. The module is C because
// the futex system call is reached through syscall, which is variadic and cannot be called from
// Swift.
#ifndef CFUTEXLOCK_H
#define CFUTEXLOCK_H

#if defined(__linux__)

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// A futex mutex word; zero-initialized means unlocked.
typedef struct {
    int state;
} cfutex_lock_t;

/// Waits for the lock, sleeping in the kernel while another thread holds it.
static inline __attribute__((noinline)) void cfutex_lock_contended(cfutex_lock_t *lock, int observed) {
    // Announce a waiter (2), then sleep while the word still says so; whoever unlocks a word
    // at 2 wakes one sleeper, which takes the lock as contended (it cannot know it is alone).
    // errno is kept as it was: the system call sets it (EAGAIN, EINTR), a lock must not.
    int saved = errno;
    if (observed != 2) {
        observed = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    }
    while (observed != 0) {
        syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
        observed = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    }
    errno = saved;
}

/// Acquires the lock.
static inline void cfutex_lock(cfutex_lock_t *lock) {
    int expected = 0;
    if (__builtin_expect(__atomic_compare_exchange_n(&lock->state, &expected, 1, 0,
                                                      __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1)) {
        return;
    }
    cfutex_lock_contended(lock, expected);
}

/// Acquires the lock if no thread holds it; returns whether it did.
static inline int cfutex_trylock(cfutex_lock_t *lock) {
    int expected = 0;
    return __atomic_compare_exchange_n(&lock->state, &expected, 1, 0,
                                       __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

static inline __attribute__((noinline)) void cfutex_unlock_contended(cfutex_lock_t *lock) {
    int saved = errno;
    __atomic_store_n(&lock->state, 0, __ATOMIC_RELEASE);
    syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    errno = saved;
}

/// Releases the lock, waking one waiting thread if any may be waiting.
static inline void cfutex_unlock(cfutex_lock_t *lock) {
    if (__builtin_expect(__atomic_fetch_sub(&lock->state, 1, __ATOMIC_RELEASE) != 1, 0)) {
        cfutex_unlock_contended(lock);
    }
}

#endif // __linux__

#endif // CFUTEXLOCK_H
