// Tells ThreadSanitizer about the synchronization of Synchronization.Mutex on Linux, for scripts/sanitizers.sh.
// The package's own code no longer uses Mutex (its `Lock` is a pthread mutex, which ThreadSanitizer intercepts), but
// swift-async-algorithms, linked into the test servers through Hummingbird, does.
//
// Mutex's fast paths are inlined into our code and compiled with -sanitize=thread, so ThreadSanitizer sees their
// atomic compare-and-exchange. Under contention, though, locking and unlocking go through `_lockSlow`,
// `_tryLockSlow` and `_unlockSlow` in the toolchain's libswiftSynchronization.so, which is not instrumented and
// hands the lock over with futex system calls. ThreadSanitizer then sees no release and acquire between two
// critical sections and reports the accesses inside them as a race, although the lock orders them. The script
// preloads this library into the sanitized test run: each slow path calls the toolchain's own function and
// reports, on the lock word's address, the acquire or release it performed, exactly as the fast paths' atomics do.
// Nothing is suppressed: an access outside the lock still races with one inside it.
//
// The functions are Swift methods of `_MutexHandle`: `self` (the lock word's address) is passed in the Swift
// calling convention's context register, which clang's `swiftcall` and `swift_context` describe.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Present in a process built with -sanitize=thread; null in any other process the preload reaches.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef SWIFTCALL void (*LockSlow)(uint32_t threadID, void *SWIFT_SELF handle);
typedef SWIFTCALL bool (*TryLockSlow)(void *SWIFT_SELF handle);
typedef SWIFTCALL void (*UnlockSlow)(void *SWIFT_SELF handle);

// The toolchain's definition of `name`, which this library hides, looked up once and kept in `*cache`.
static void *original(void **cache, const char *name) {
    void *function = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (function != NULL) return function;
    function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        fprintf(stderr, "tsan-mutex-annotations: %s not found\n", name);
        abort();
    }
    __atomic_store_n(cache, function, __ATOMIC_RELEASE);
    return function;
}

SWIFTCALL void lockSlow(uint32_t threadID, void *SWIFT_SELF handle) __asm__(LOCK_SLOW);
SWIFTCALL void lockSlow(uint32_t threadID, void *SWIFT_SELF handle) {
    static void *cache;
    LockSlow function = (LockSlow)original(&cache, LOCK_SLOW);
    function(threadID, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

SWIFTCALL bool tryLockSlow(void *SWIFT_SELF handle) __asm__(TRY_LOCK_SLOW);
SWIFTCALL bool tryLockSlow(void *SWIFT_SELF handle) {
    static void *cache;
    TryLockSlow function = (TryLockSlow)original(&cache, TRY_LOCK_SLOW);
    bool locked = function(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

SWIFTCALL void unlockSlow(void *SWIFT_SELF handle) __asm__(UNLOCK_SLOW);
SWIFTCALL void unlockSlow(void *SWIFT_SELF handle) {
    static void *cache;
    UnlockSlow function = (UnlockSlow)original(&cache, UNLOCK_SLOW);
    if (__tsan_release) __tsan_release(handle);
    function(handle);
}
