// eSpeak NG (Debian's libespeak-ng-dev; its voices and dictionaries are espeak-ng-data): speech
// synthesis for the kiosk's speech mode. Only the synchronous API is used — samples come back
// through the synth callback on the calling thread, and Vitrine plays them through ALSA itself —
// so the library's own audio output (libpcaudio, PulseAudio) is never opened.
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
