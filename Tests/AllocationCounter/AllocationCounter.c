// Counts heap allocations of the calling thread, for tests that prove a hot path allocates
// nothing. The test executable defines malloc and its siblings, which takes precedence over the C
// library's for the whole process; each forwards to glibc's own entry points. Sanitizer builds
// replace malloc themselves, so there the counter is compiled out and reports unavailable.
#include "AllocationCounter.h"
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#    define STREAMS_NO_COUNTER 1
#  endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(STREAMS_NO_COUNTER)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread int counting;
static __thread unsigned long counted;

static inline void note(void) {
    if (counting) counted += 1;
}

void *malloc(size_t size) {
    note();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    note();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

int streams_allocation_counting_available(void) { return 1; }

void streams_allocation_counting_begin(void) {
    counted = 0;
    counting = 1;
}

unsigned long streams_allocation_counting_end(void) {
    counting = 0;
    return counted;
}

#else

int streams_allocation_counting_available(void) { return 0; }
void streams_allocation_counting_begin(void) {}
unsigned long streams_allocation_counting_end(void) { return 0; }

#endif
