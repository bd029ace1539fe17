// The SDL functions the preview calls, each a call through the pointer dlsym found in
// libSDL2-2.0.so.0 (see include/CSDL2.h). Every definition has the header's own prototype, so
// the compiler checks it; a function not listed here is a link error, not a crash.
#include "CSDL2.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#define VITRINE_SDL_FUNCTIONS(X)                                                                                   \
    X(SDL_ConvertPixels)                                                                                           \
    X(SDL_CreateWindow)                                                                                            \
    X(SDL_DestroyWindow)                                                                                           \
    X(SDL_GetCurrentVideoDriver)                                                                                   \
    X(SDL_GetError)                                                                                                \
    X(SDL_GetWindowSurface)                                                                                        \
    X(SDL_GetWindowWMInfo)                                                                                         \
    X(SDL_InitSubSystem)                                                                                           \
    X(SDL_LockSurface)                                                                                             \
    X(SDL_PollEvent)                                                                                               \
    X(SDL_QuitSubSystem)                                                                                           \
    X(SDL_SetHint)                                                                                                 \
    X(SDL_SetWindowPosition)                                                                                       \
    X(SDL_SetWindowSize)                                                                                           \
    X(SDL_SetWindowTitle)                                                                                          \
    X(SDL_UnlockSurface)                                                                                           \
    X(SDL_UpdateWindowSurfaceRects)

#define VITRINE_SDL_POINTER(name) static __typeof__(name) *loaded_##name;
VITRINE_SDL_FUNCTIONS(VITRINE_SDL_POINTER)

static void *library;

int vitrine_sdl_load(char *error, size_t size) {
    if (library != NULL) return 1;
    // VITRINE_SDL_LIBRARY names another file (scripts/test-preview.py names one that is not
    // there, to see the message a machine without SDL gets).
    const char *file = getenv("VITRINE_SDL_LIBRARY");
    if (file == NULL || file[0] == 0) file = VITRINE_SDL_LIBRARY;
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, size, "%s", dlerror());
        return 0;
    }
#define VITRINE_SDL_RESOLVE(name)                                                                                  \
    loaded_##name = (__typeof__(name) *)dlsym(handle, #name);                                                      \
    if (loaded_##name == NULL) {                                                                                   \
        snprintf(error, size, "%s has no %s", file, #name);                                         \
        dlclose(handle);                                                                                           \
        return 0;                                                                                                  \
    }
    VITRINE_SDL_FUNCTIONS(VITRINE_SDL_RESOLVE)
    library = handle;
    return 1;
}

int SDL_ConvertPixels(int width, int height, Uint32 src_format, const void *src, int src_pitch, Uint32 dst_format, void *dst,
                      int dst_pitch) {
    return loaded_SDL_ConvertPixels(width, height, src_format, src, src_pitch, dst_format, dst, dst_pitch);
}
SDL_Window *SDL_CreateWindow(const char *title, int x, int y, int w, int h, Uint32 flags) {
    return loaded_SDL_CreateWindow(title, x, y, w, h, flags);
}
void SDL_DestroyWindow(SDL_Window *window) { loaded_SDL_DestroyWindow(window); }
const char *SDL_GetCurrentVideoDriver(void) { return loaded_SDL_GetCurrentVideoDriver(); }
const char *SDL_GetError(void) { return loaded_SDL_GetError(); }
SDL_Surface *SDL_GetWindowSurface(SDL_Window *window) { return loaded_SDL_GetWindowSurface(window); }
SDL_bool SDL_GetWindowWMInfo(SDL_Window *window, SDL_SysWMinfo *info) { return loaded_SDL_GetWindowWMInfo(window, info); }
int SDL_InitSubSystem(Uint32 flags) { return loaded_SDL_InitSubSystem(flags); }
int SDL_LockSurface(SDL_Surface *surface) { return loaded_SDL_LockSurface(surface); }
int SDL_PollEvent(SDL_Event *event) { return loaded_SDL_PollEvent(event); }
void SDL_QuitSubSystem(Uint32 flags) { loaded_SDL_QuitSubSystem(flags); }
SDL_bool SDL_SetHint(const char *name, const char *value) { return loaded_SDL_SetHint(name, value); }
void SDL_SetWindowPosition(SDL_Window *window, int x, int y) { loaded_SDL_SetWindowPosition(window, x, y); }
void SDL_SetWindowSize(SDL_Window *window, int w, int h) { loaded_SDL_SetWindowSize(window, w, h); }
void SDL_SetWindowTitle(SDL_Window *window, const char *title) { loaded_SDL_SetWindowTitle(window, title); }
void SDL_UnlockSurface(SDL_Surface *surface) { loaded_SDL_UnlockSurface(surface); }
int SDL_UpdateWindowSurfaceRects(SDL_Window *window, const SDL_Rect *rects, int numrects) {
    return loaded_SDL_UpdateWindowSurfaceRects(window, rects, numrects);
}
