#ifndef CCHAFA_SHIM_H
#define CCHAFA_SHIM_H

#include <chafa.h>
#include <stdint.h>

// Converts RGBA pixels into `columns` x `rows` terminal cells with chafa: for each cell, the
// character (a Unicode scalar) and its raw foreground and background colours (a packed 0xRRGGBB
// in truecolor mode, a palette index in the indexed modes, -1 where nothing is drawn).
// `mode` is a ChafaCanvasMode; `sextants` adds the sextant symbols to half blocks and quadrants.
static inline void cchafa_render(const uint8_t *rgba, int width, int height, int columns, int rows, int mode,
                                 int sextants, uint32_t *chars, int32_t *foreground, int32_t *background) {
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    ChafaSymbolTags tags = CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD;
    if (sextants) tags |= CHAFA_SYMBOL_TAG_SEXTANT;
    chafa_symbol_map_add_by_tags(symbols, tags);
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_canvas_mode(config, (ChafaCanvasMode)mode);
    chafa_canvas_config_set_symbol_map(config, symbols);
    // Pictures are converted on a background thread already: one worker keeps the result the same
    // on every machine and leaves the other cores to the app.
    chafa_set_n_threads(1);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            int i = y * columns + x;
            chars[i] = chafa_canvas_get_char_at(canvas, x, y);
            gint fg = -1, bg = -1;
            chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg);
            foreground[i] = fg;
            background[i] = bg;
        }
    }
    chafa_canvas_unref(canvas);
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(symbols);
}

static inline int cchafa_mode_truecolor(void) { return CHAFA_CANVAS_MODE_TRUECOLOR; }
static inline int cchafa_mode_256(void) { return CHAFA_CANVAS_MODE_INDEXED_256; }
static inline int cchafa_mode_16(void) { return CHAFA_CANVAS_MODE_INDEXED_16; }
static inline int cchafa_mode_8(void) { return CHAFA_CANVAS_MODE_INDEXED_8; }
static inline int cchafa_mode_shapes(void) { return CHAFA_CANVAS_MODE_FGBG; }

#endif
