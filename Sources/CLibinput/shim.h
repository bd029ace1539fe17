#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdarg.h>
#include <libinput.h>

// libinput's log handler takes a va_list, which Swift imports differently per architecture (a
// pointer on x86_64, a struct on aarch64, where Swift 6.0.3 crashed lowering the closure). The
// message is formatted here, in C, and handed to Swift as text: `vitrine_libinput_log_text` is
// defined in Swift (@_cdecl, VitrineLibinput/LibinputContext.swift).
void vitrine_libinput_log_text(struct libinput *libinput, enum libinput_log_priority priority, const char *text);

static inline void vitrine_libinput_log_format(struct libinput *libinput, enum libinput_log_priority priority, const char *format,
                                               va_list arguments) {
    char text[1024];
    vsnprintf(text, sizeof text, format, arguments);
    vitrine_libinput_log_text(libinput, priority, text);
}

/// Routes `libinput`'s log to `vitrine_libinput_log_text`.
static inline void vitrine_libinput_log_to_swift(struct libinput *libinput) {
    libinput_log_set_handler(libinput, vitrine_libinput_log_format);
}
