// alsa-lib (Debian's libasound2-dev): PCM playback of the kiosk's speech and the sound cards'
// jack controls (headset plugged or not).
#include <stdarg.h>
#include <stdio.h>
#include <alsa/asoundlib.h>

// alsa-lib prints its own errors to stderr ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown
// PCM …") unless an error handler is set, and that handler is variadic, which Swift can neither
// define nor call. The message is formatted here, in C, and handed to Swift as text:
// `vitrine_alsa_error_text` is defined in Swift (@_cdecl, VitrineSpeech/Playback/AlsaErrorLog.swift).
void vitrine_alsa_error_text(const char *file, int line, const char *function, int error, const char *text);

static inline void vitrine_alsa_error_format(const char *file, int line, const char *function, int error, const char *format, ...) {
    char text[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    vitrine_alsa_error_text(file, line, function, error, text);
}

/// Routes alsa-lib's error messages (process-wide) to `vitrine_alsa_error_text`.
static inline int vitrine_alsa_errors_to_swift(void) {
    return snd_lib_error_set_handler(vitrine_alsa_error_format);
}
