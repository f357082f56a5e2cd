#ifndef STOREFRONT_CSTARTUPCLOCK_H
#define STOREFRONT_CSTARTUPCLOCK_H
#include <stdint.h>

/// CLOCK_MONOTONIC in nanoseconds.
int64_t storefront_monotonic_ns(void);
/// CLOCK_MONOTONIC when the program's own initialisers ran: after the dynamic loader mapped,
/// relocated and initialised every shared library, before main.
int64_t storefront_libraries_loaded_ns(void);

#endif
