#ifndef STREAMS_EXECUTOR_CHECK_H
#define STREAMS_EXECUTOR_CHECK_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the calling thread runs on the serial executor whose two words are `identity` and
/// `implementation` (the bits of an `UnownedSerialExecutor`). Never stops the program.
bool streams_is_current_executor(const void *identity, uintptr_t implementation);

#endif
