// SDL 2 for the desktop preview (`vitrine preview`): its window and its mouse, touch and key
// events (X11 or Wayland, whichever SDL picks). The headers come from Debian's libsdl2-dev at
// build time; the library is loaded only when a preview opens (`vitrine_sdl_load`), so the
// `vitrine` binary does not need libSDL2 and the panel package pulls no X11 or Wayland
// libraries (issue 30). Each SDL function Vitrine calls is defined in sdl.c as a call through
// the pointer found in the loaded library.
#ifndef VITRINE_CSDL2_H
#define VITRINE_CSDL2_H

#include <stddef.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

/// The library loaded on first use (Debian's libsdl2-2.0-0).
#define VITRINE_SDL_LIBRARY "libSDL2-2.0.so.0"

/// Loads libSDL2 and finds every function Vitrine calls; 1 when it can be used (again and
/// again: it is loaded once), 0 with what the loader said in `error` when not.
int vitrine_sdl_load(char *error, size_t size);

#endif
