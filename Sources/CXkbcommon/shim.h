// libxkbcommon (Debian's libxkbcommon-dev): keymaps from xkeyboard-config's RMLVO names, key
// state and keysym-to-UTF-8, for the on-screen keyboard's layouts and hardware keys; its compose
// API for dead keys (the tables are libX11's, /usr/share/X11/locale, package libx11-data).
#include <stdarg.h>
#include <stdio.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>

// xkbcommon's log handler takes a va_list, which Swift imports differently per architecture (a
// pointer on x86_64, a struct on aarch64; see CLibinput's shim). The message is formatted here,
// in C, and handed to Swift as text: `vitrine_xkb_log_text` is defined in Swift (@_cdecl,
// VitrineKeys/XkbLog.swift).
void vitrine_xkb_log_text(struct xkb_context *context, enum xkb_log_level level, const char *text);

static inline void vitrine_xkb_log_format(struct xkb_context *context, enum xkb_log_level level, const char *format, va_list arguments) {
    char text[1024];
    vsnprintf(text, sizeof text, format, arguments);
    vitrine_xkb_log_text(context, level, text);
}

/// Routes `context`'s log to `vitrine_xkb_log_text`.
static inline void vitrine_xkb_log_to_swift(struct xkb_context *context) {
    xkb_context_set_log_fn(context, vitrine_xkb_log_format);
}
