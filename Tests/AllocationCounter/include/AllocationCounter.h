#ifndef STREAMS_ALLOCATION_COUNTER_H
#define STREAMS_ALLOCATION_COUNTER_H

/// Whether this build counts heap allocations (not under sanitizers, which own malloc).
int streams_allocation_counting_available(void);

/// Starts counting the heap allocations made by the calling thread.
void streams_allocation_counting_begin(void);

/// Stops counting and returns the number of allocations made since the matching begin.
unsigned long streams_allocation_counting_end(void);

#endif
