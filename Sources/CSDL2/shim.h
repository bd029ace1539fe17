// SDL2 from Debian (libsdl2-dev), found by pkg-config: the desktop preview's window, its
// renderer and its mouse, touch and key events (X11 or Wayland, whichever SDL picks).
#include <SDL.h>
#include <SDL_syswm.h>
