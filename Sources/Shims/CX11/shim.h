#ifndef LIMELIGHT_CX11_SHIM_H
#define LIMELIGHT_CX11_SHIM_H
/* Xlib's error handler only (SDL opens the display): see SDLHost's X11Errors. */
#include <X11/Xlib.h>
#include <X11/Xproto.h>
#endif
