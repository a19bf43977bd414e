/* SPDX-License-Identifier: Apache-2.0
 * A paint tool's shell in plain C and SDL2: it draws its own UI (SDL_RenderFillRect into a surface),
 * publishes its widgets as Limelight targets and shows a tour over its own frames.
 *
 *   cc app.c $(pkg-config --cflags --libs limelight sdl2) -o paint && ./paint tour.json
 */
#include <SDL.h>
#include <limelight.h>
#include <stdio.h>
#include "../common/script.h"

typedef struct { const char *id, *role, *name; SDL_Rect rect; Uint8 red, green, blue; } widget;
enum { NEW, SAVE, CANVAS, WIDGETS };
static const widget widgets[WIDGETS] = {
    {"toolbar.new", "button", "New", {16, 16, 96, 40}, 66, 133, 244},
    {"toolbar.save", "button", "Save", {128, 16, 96, 40}, 52, 168, 83},
    {"canvas", "image", "Canvas", {16, 72, 608, 240}, 250, 250, 250},
};

static void print_event(const char *json_line, void *context) { (void)context; printf("event %s\n", json_line); }

static int inside(int i, int x, int y) { SDL_Point p = {x, y}; return SDL_PointInRect(&p, &widgets[i].rect); }

static const char *key_name(SDL_Keycode key) {
    switch (key) {
    case SDLK_RETURN: return "enter";
    case SDLK_ESCAPE: return "escape";
    case SDLK_TAB: return "tab";
    case SDLK_LEFT: return "left";
    case SDLK_RIGHT: return "right";
    default: return NULL;
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s TOUR.json [SCRIPT]\n", argv[0]); return 2; }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("Paint", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 640, 480, 0);
    SDL_Surface *frame = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *painter = window && frame ? SDL_CreateSoftwareRenderer(frame) : NULL;
    if (!painter) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    limelight_session *tour = limelight_session_new(argv[1], 640, 480, 1.0, "en");
    if (!tour) { fprintf(stderr, "%s\n", limelight_last_error()); return 1; }
    limelight_session_on_event(tour, print_event, NULL);
    for (int i = 0; i < WIDGETS; i++) {
        const widget *w = &widgets[i];
        limelight_session_set_target(tour, w->id, w->rect.x, w->rect.y, w->rect.w, w->rect.h, w->role, w->name);
    }
    limelight_session_set_state(tour, "strokes", "0");
    example_script script;
    if (argc > 2 && !script_open(&script, argv[2])) return 2;
    SDL_Rect strokes[64];
    int stroke_count = 0;
    for (int running = 1; running && !(argc > 2 && script.done);) {
        long long wait = limelight_session_advance(tour, argc > 2 ? script.now : (long long)SDL_GetTicks64());
        SDL_SetRenderDrawColor(painter, 32, 33, 36, 255);
        SDL_RenderClear(painter);
        for (int i = 0; i < WIDGETS; i++) {
            SDL_SetRenderDrawColor(painter, widgets[i].red, widgets[i].green, widgets[i].blue, 255);
            SDL_RenderFillRect(painter, &widgets[i].rect);
        }
        SDL_SetRenderDrawColor(painter, 234, 67, 53, 255);
        SDL_RenderFillRects(painter, strokes, stroke_count);
        SDL_RenderFlush(painter);
        limelight_session_compose(tour, frame->pixels, 640, 480, frame->pitch, LIMELIGHT_ARGB8888_PREMULTIPLIED);
        SDL_BlitSurface(frame, NULL, SDL_GetWindowSurface(window), NULL);
        SDL_UpdateWindowSurface(window);
        if (argc > 2) script_after_frame(&script, window, frame, tour);
        else SDL_WaitEventTimeout(NULL, wait < 0 ? 1000 : (int)wait);
        for (SDL_Event e; SDL_PollEvent(&e);) {
            if (e.type == SDL_QUIT) running = 0;
            if (e.type == SDL_KEYDOWN && key_name(e.key.keysym.sym))
                printf("%s: key %s\n", limelight_session_key(tour, key_name(e.key.keysym.sym)) == 1 ? "limelight" : "app", key_name(e.key.keysym.sym));
            if (e.type != SDL_MOUSEBUTTONDOWN && e.type != SDL_MOUSEBUTTONUP) continue;
            int kind = e.type == SDL_MOUSEBUTTONDOWN ? LIMELIGHT_POINTER_DOWN : LIMELIGHT_POINTER_UP, x = e.button.x, y = e.button.y;
            if (limelight_session_pointer(tour, kind, x, y) != 0) {
                if (kind == LIMELIGHT_POINTER_UP) printf("limelight: tap at %d,%d\n", x, y);
            } else if (kind == LIMELIGHT_POINTER_UP && inside(SAVE, x, y)) {
                printf("app: saved\n");
                limelight_session_send_event(tour, "saved");
            } else if (kind == LIMELIGHT_POINTER_UP && inside(NEW, x, y)) {
                printf("app: new drawing\n");
                stroke_count = 0;
            } else if (kind == LIMELIGHT_POINTER_UP && inside(CANVAS, x, y) && stroke_count < 64) {
                strokes[stroke_count++] = (SDL_Rect){x - 6, y - 6, 12, 12};
                char count[16];
                snprintf(count, sizeof count, "%d", stroke_count);
                limelight_session_set_state(tour, "strokes", count);
                printf("app: stroke %d\n", stroke_count);
            }
        }
    }
    limelight_session_free(tour);
    SDL_DestroyRenderer(painter);
    SDL_FreeSurface(frame);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
