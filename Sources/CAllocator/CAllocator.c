#include "CAllocator.h"
#include <malloc.h>

size_t storefront_allocator_free_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.fordblks;
}

size_t storefront_allocator_used_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

int storefront_allocator_trim(void) {
    return malloc_trim(0);
}

int storefront_allocator_limit_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}
