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
#include <langinfo.h>
#include <signal.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// ncurses globals and function-like macros do not import into Swift 6 (shared mutable C state,
// macros with arguments). Each gets a small inline accessor; call them on the main thread only.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

// Attribute bits (macros built from NCURSES_BITS do not import).
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }

// Key codes used by the driver.
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_key_f0(void) { return KEY_F0; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }

// The current size of a window.
static inline int cn_maxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_maxx(WINDOW *w) { return getmaxx(w); }

// The locale's character set, e.g. "UTF-8" (nl_langinfo returns a pointer into the C library).
static inline const char *cn_codeset(void) { return nl_langinfo(CODESET); }

// Draws one cell: a spacing character with up to four combining marks (a NUL-terminated
// wide string), its attributes and colour pair. Returns ERR only if the cell could not be set;
// writing the bottom-right cell "fails" to advance the cursor, which is not an error here.
static inline int cn_put_cell(WINDOW *w, int y, int x, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, (short)(pair > 32767 ? 0 : pair), (pair > 32767 ? &pair : NULL)) == ERR) return ERR;
    mvwadd_wch(w, y, x, &cell);
    return OK;
}

// Restores the terminal when the process dies from a signal, then lets the signal do what it
// would have done (core dump, exit status). endwin is not async-signal-safe in theory; in practice
// it only writes the reset sequences, and leaving the terminal in raw mode is worse.
static void cn_fatal_signal(int sig) {
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static inline void cn_install_fatal_signal_handlers(void) {
    int signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGTERM, SIGHUP, SIGQUIT, SIGINT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        action.sa_handler = cn_fatal_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &action, NULL);
    }
}

#endif
