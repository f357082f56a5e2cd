#include "CStartupClock.h"
#include <time.h>

static int64_t libraries_loaded_ns;

int64_t storefront_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

// The executable's constructors run after those of every library it loaded: this is the moment
// the loader hands over.
__attribute__((constructor)) static void storefront_note_libraries_loaded(void) {
    libraries_loaded_ns = storefront_monotonic_ns();
}

int64_t storefront_libraries_loaded_ns(void) { return libraries_loaded_ns; }
