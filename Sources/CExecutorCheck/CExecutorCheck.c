// The Swift runtime's test of the current executor, which the standard library uses but does not
// make public: an actor's `preconditionIsolated` and `assumeIsolated` stop the program when it
// fails, and Streams needs the answer instead, to report a closure called off its actor.

#include "CExecutorCheck.h"

/// The runtime's `SerialExecutorRef`: the executor object and its witness table with kind bits.
typedef struct {
    const void *identity;
    uintptr_t implementation;
} StreamsSerialExecutorRef;

#if defined(__APPLE__)
// The form with flags is new in the Apple runtimes of 2025; the older one answers without
// stopping for the actors Streams asks about (it is not asked about the main actor).
__attribute__((swiftcall)) extern bool swift_task_isCurrentExecutor(StreamsSerialExecutorRef executor);

bool streams_is_current_executor(const void *identity, uintptr_t implementation) {
    StreamsSerialExecutorRef executor = { identity, implementation };
    return swift_task_isCurrentExecutor(executor);
}
#else
// Flags 0: answer, never stop the program.
__attribute__((swiftcall)) extern bool swift_task_isCurrentExecutorWithFlags(
    StreamsSerialExecutorRef executor, uint64_t flags);

bool streams_is_current_executor(const void *identity, uintptr_t implementation) {
    StreamsSerialExecutorRef executor = { identity, implementation };
    return swift_task_isCurrentExecutorWithFlags(executor, 0);
}
#endif
