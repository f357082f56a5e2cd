#ifndef STOREFRONT_CALLOCATOR_H
#define STOREFRONT_CALLOCATOR_H
#include <stddef.h>

/// Bytes the C allocator holds free (in its arenas, not given back to the system).
size_t storefront_allocator_free_bytes(void);
/// Bytes the C allocator has handed out and not had back.
size_t storefront_allocator_used_bytes(void);
/// Gives free memory at the top of every arena and whole free pages inside them back to the
/// system; 1 when some was released.
int storefront_allocator_trim(void);
/// Lets the allocator make at most `count` arenas (threads share them beyond that); 1 on success.
int storefront_allocator_limit_arenas(int count);

#endif
