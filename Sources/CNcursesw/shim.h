#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

// Wide-character ncurses: these must be set before curses.h is included.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// ncurses globals and function-like macros do not import into Swift 6 (shared mutable C state,
// macros with arguments). Each gets a small inline accessor; call them on the main thread only.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cn_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

#endif
