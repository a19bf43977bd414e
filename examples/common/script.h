/* SPDX-License-Identifier: Apache-2.0
 *
 * Drives an example from a script instead of a person, for Limelight's tests: one command a
 * frame, its input pushed onto SDL's event queue so the example handles it exactly as a person's,
 * on the script's own clock so every run is the same.
 *
 *   tap X Y        the pointer moves to X, Y (points), presses, and releases in the next frame
 *   key NAME       a key press by SDL's name ("Return", "Escape", "Tab", "Left", "Right")
 *   wait MS        MS milliseconds of the script's clock pass, a frame every 100 ms
 *   shot FILE      the frame just composed, saved as a BMP
 *   state          prints the session's state as JSON (limelight_session_state_json)
 *   catalog FILE   saves what the example published (limelight_session_write_catalog)
 *
 * Lines starting with # are comments. The script ends at its last line.
 */
#ifndef LIMELIGHT_EXAMPLE_SCRIPT_H
#define LIMELIGHT_EXAMPLE_SCRIPT_H

#include <SDL.h>
#include <limelight.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    FILE *file;
    long long now;                /* the script's clock, milliseconds */
    long long waiting;            /* milliseconds of a `wait` still to pass */
    int release, release_x, release_y; /* a tap's release, due in the next frame */
    int done;
} example_script;

static int script_open(example_script *s, const char *path) {
    memset(s, 0, sizeof *s);
    s->file = fopen(path, "r");
    if (!s->file) fprintf(stderr, "cannot read the script %s\n", path);
    return s->file != NULL;
}

static void script_push_button(SDL_Window *window, Uint32 type, int x, int y) {
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.button.windowID = SDL_GetWindowID(window);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
}

/* Runs the script's next command after a frame was composed into `frame` (ARGB8888). */
static void script_after_frame(example_script *s, SDL_Window *window, SDL_Surface *frame, limelight_session *session) {
    char line[512], word[32], arg[448];
    int x, y;
    if (s->release) {
        s->release = 0;
        script_push_button(window, SDL_MOUSEBUTTONUP, s->release_x, s->release_y);
        return;
    }
    if (s->waiting > 0) {
        long long step = s->waiting < 100 ? s->waiting : 100;
        s->now += step;
        s->waiting -= step;
        return;
    }
    while (fgets(line, sizeof line, s->file)) {
        if (line[0] == '#' || sscanf(line, "%31s", word) != 1) continue;
        if (strcmp(word, "tap") == 0 && sscanf(line, "tap %d %d", &x, &y) == 2) {
            SDL_WarpMouseInWindow(window, x, y); /* SDL's own pointer state, as a mouse's move leaves it */
            script_push_button(window, SDL_MOUSEBUTTONDOWN, x, y);
            s->release = 1, s->release_x = x, s->release_y = y;
            return;
        } else if (strcmp(word, "key") == 0 && sscanf(line, "key %447s", arg) == 1) {
            SDL_Event e;
            memset(&e, 0, sizeof e);
            e.type = SDL_KEYDOWN;
            e.key.windowID = SDL_GetWindowID(window);
            e.key.state = SDL_PRESSED;
            e.key.keysym.sym = SDL_GetKeyFromName(arg);
            e.key.keysym.scancode = SDL_GetScancodeFromKey(e.key.keysym.sym);
            SDL_PushEvent(&e);
            return;
        } else if (strcmp(word, "wait") == 0 && sscanf(line, "wait %lld", &s->waiting) == 1) {
            return;
        } else if (strcmp(word, "shot") == 0 && sscanf(line, "shot %447s", arg) == 1) {
            if (SDL_SaveBMP(frame, arg) != 0) fprintf(stderr, "shot %s: %s\n", arg, SDL_GetError());
        } else if (strcmp(word, "state") == 0) {
            char *json = limelight_session_state_json(session);
            printf("state %s\n", json ? json : limelight_last_error());
            limelight_free(json);
        } else if (strcmp(word, "catalog") == 0 && sscanf(line, "catalog %447s", arg) == 1) {
            if (limelight_session_write_catalog(session, arg) != 0) fprintf(stderr, "%s\n", limelight_last_error());
        } else {
            fprintf(stderr, "script: cannot read: %s", line);
        }
    }
    s->done = 1;
}

#endif
