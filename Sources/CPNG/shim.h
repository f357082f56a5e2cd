#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libpng's simplified API behind two calls, since its version and size macros do not import.

// Decodes a PNG held in memory into 8-bit RGBA. Refuses pictures of more than `max_pixels` pixels
// before allocating them. Returns 0 and a malloc'd buffer (the caller frees it), or -1 with a reason.
static inline int cpng_decode_rgba(const void *data, size_t size, uint64_t max_pixels, uint32_t *width,
                                   uint32_t *height, uint8_t **pixels, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        return -1;
    }
    if ((uint64_t)image.width * image.height > max_pixels || image.width == 0 || image.height == 0) {
        snprintf(message, message_size, "picture of %ux%u pixels is too large", image.width, image.height);
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        snprintf(message, message_size, "out of memory");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        free(buffer);
        png_image_free(&image);
        return -1;
    }
    *width = image.width;
    *height = image.height;
    *pixels = buffer;
    return 0;
}

// Encodes 8-bit RGBA pixels as a PNG in a malloc'd buffer (the caller frees it). Returns its size, or 0.
static inline size_t cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **out) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    *out = NULL;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL) || size == 0) return 0;
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return 0;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) { free(buffer); return 0; }
    *out = buffer;
    return size;
}

static inline void cpng_free(void *pointer) { free(pointer); }

#endif
