// The futex mutex lives in include/CFutexLock.h, as inline functions.
