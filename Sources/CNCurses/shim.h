// The C surface Strata's terminal layer uses: ncursesw with wide characters, and static-inline wrappers for
// the macros Swift cannot import (getmaxyx, COLOR_PAIR, A_* attributes, KEY_* codes).
#ifndef STRATA_CNCURSES_SHIM_H
#define STRATA_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <wchar.h>
#include <ncurses.h>

/// Opens a terminal by name on the given streams; NULL (instead of exiting) when TERM is unknown.
static inline SCREEN *strata_newterm(const char *term, FILE *output, FILE *input) {
    return newterm(term, output, input);
}

/// The signal that asked the UI to stop (SIGTERM, SIGHUP, SIGINT from outside), 0 when none.
static inline volatile sig_atomic_t *strata_stop_flag(void) {
    static volatile sig_atomic_t flag = 0;
    return &flag;
}

static inline void strata_on_stop_signal(int number) { *strata_stop_flag() = number; }

/// Catches SIGTERM, SIGHUP and SIGINT so the UI can cancel its work and restore the terminal before exiting
/// (installed before newterm, so ncurses keeps its hands off them).
static inline void strata_catch_stop_signals(void) {
    signal(SIGTERM, strata_on_stop_signal);
    signal(SIGHUP, strata_on_stop_signal);
    signal(SIGINT, strata_on_stop_signal);
}

/// The signal caught, or 0.
static inline int strata_stop_signal(void) { return *strata_stop_flag(); }

/// True when the input stream's terminal hung up (its reads would fail at once forever).
static inline int strata_input_hung_up(FILE *input) {
    struct pollfd descriptor = { fileno(input), POLLIN, 0 };
    if (poll(&descriptor, 1, 0) < 0) return 0;
    return (descriptor.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/// The process's standard streams (Swift sees C's `stdin`/`stdout` as unsafe globals).
static inline FILE *strata_stdin(void) { return stdin; }
static inline FILE *strata_stdout(void) { return stdout; }

/// Turns on function-key decoding for the standard screen.
static inline int strata_keypad(void) { return keypad(stdscr, TRUE); }

/// The standard screen's width and height.
static inline int strata_columns(void) { return getmaxx(stdscr); }
static inline int strata_lines(void) { return getmaxy(stdscr); }

/// Attribute bits.
static inline attr_t strata_attr_normal(void) { return A_NORMAL; }
static inline attr_t strata_attr_bold(void) { return A_BOLD; }
static inline attr_t strata_attr_reverse(void) { return A_REVERSE; }
static inline attr_t strata_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t strata_attr_dim(void) { return A_DIM; }

/// Sets the attributes and colour pair of the standard screen for what is drawn next.
static inline int strata_set_attributes(attr_t attributes, short pair) { return attr_set(attributes, pair, NULL); }

/// Draws wide characters at a position.
static inline int strata_draw(int y, int x, const wchar_t *text, int count) { return mvaddnwstr(y, x, text, count); }

/// Reads one key or character; `code` receives it and the result tells which (OK, KEY_CODE_YES or ERR).
static inline int strata_read(wint_t *code) { return get_wch(code); }

/// Key codes.
static inline int strata_key_code_yes(void) { return KEY_CODE_YES; }
static inline int strata_key_resize(void) { return KEY_RESIZE; }
static inline int strata_key_up(void) { return KEY_UP; }
static inline int strata_key_down(void) { return KEY_DOWN; }
static inline int strata_key_left(void) { return KEY_LEFT; }
static inline int strata_key_right(void) { return KEY_RIGHT; }
static inline int strata_key_home(void) { return KEY_HOME; }
static inline int strata_key_end(void) { return KEY_END; }
static inline int strata_key_page_up(void) { return KEY_PPAGE; }
static inline int strata_key_page_down(void) { return KEY_NPAGE; }
static inline int strata_key_back_tab(void) { return KEY_BTAB; }
static inline int strata_key_enter(void) { return KEY_ENTER; }
static inline int strata_key_backspace(void) { return KEY_BACKSPACE; }
static inline int strata_key_mouse(void) { return KEY_MOUSE; }

/* Mouse: clicks of the first button and the wheel, reported at once. */
static inline void strata_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
}

/* The pending mouse event: 1 a click, 2 the wheel up, 3 the wheel down, 0 anything else; its cell in x, y. */
static inline int strata_mouse_event(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
    if (event.bstate & BUTTON5_PRESSED) return 3;
    return 0;
}

/// Reads back the character drawn at a position (for headless tests).
static inline int strata_char_at(int y, int x, wchar_t *out) {
    cchar_t cell;
    attr_t attributes;
    short pair;
    wchar_t text[CCHARW_MAX + 1];
    if (mvin_wch(y, x, &cell) == ERR) return ERR;
    if (getcchar(&cell, text, &attributes, &pair, NULL) == ERR) return ERR;
    *out = text[0];
    return OK;
}

/// Reads back the attributes drawn at a position (for headless tests).
static inline attr_t strata_attributes_at(int y, int x) {
    cchar_t cell;
    attr_t attributes = 0;
    short pair = 0;
    wchar_t text[CCHARW_MAX + 1];
    if (mvin_wch(y, x, &cell) == ERR) return 0;
    getcchar(&cell, text, &attributes, &pair, NULL);
    return attributes;
}

#endif
