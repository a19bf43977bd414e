#ifndef LIMELIGHT_CSDL2_SHIM_H
#define LIMELIGHT_CSDL2_SHIM_H
#include <SDL2/SDL.h>

/* Function-like SDL macros do not import into Swift; these wrap them. */
static inline int limelight_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline int limelight_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 limelight_button_mask(int button) { return SDL_BUTTON(button); }
#endif
