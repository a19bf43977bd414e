/* SPDX-License-Identifier: Apache-2.0
 * The paint example's whole frame at 1920x1080, timed with Limelight and without it, for
 * BENCHMARKS.md (`make bench-c`): app.c's frame (SDL_RenderClear and SDL_RenderFillRect into an
 * ARGB8888 surface, the blit to the window's surface, SDL_UpdateWindowSurface) at three times its
 * size, and the same frame with the tour's first step shown (limelight_session_advance and
 * limelight_session_compose between the drawing and the blit). The two alternate frame by frame in
 * one process, the order swapped every 36 pairs, so both meet the same moments of the machine.
 *
 *   cc -O2 bench.c $(pkg-config --cflags --libs limelight sdl2) -o bench
 *   SDL_VIDEODRIVER=dummy ./bench tour.json [PAIRS]
 *
 * Prints, in milliseconds, each kind's median, 10th-90th percentile and whole range over the
 * measured frames, the compose alone, and the ratio of the medians (overall and per 100 pairs).
 */
#include <SDL.h>
#include <limelight.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { WIDTH = 1920, HEIGHT = 1080, WARM_UP = 200, BLOCK = 100, WIDGETS = 3 };

typedef struct { const char *id, *role, *name; SDL_Rect rect; Uint8 red, green, blue; } widget;
static const widget widgets[WIDGETS] = { /* app.c's widgets, three times the size */
    {"toolbar.new", "button", "New", {48, 48, 288, 120}, 66, 133, 244},
    {"toolbar.save", "button", "Save", {384, 48, 288, 120}, 52, 168, 83},
    {"canvas", "image", "Canvas", {48, 216, 1824, 816}, 250, 250, 250},
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts `values` and prints its median, 10th-90th percentile and whole range. */
static double report(const char *name, double *values, int count) {
    qsort(values, (size_t)count, sizeof *values, by_value);
    double median = values[count / 2];
    printf("%-22s median %.3f  p10-p90 %.3f-%.3f  range %.3f-%.3f\n", name, median, values[count / 10],
           values[count * 9 / 10], values[0], values[count - 1]);
    return median;
}

static double median_of(const double *values, int count) {
    double *sorted = malloc(sizeof *sorted * (size_t)count);
    if (!sorted) return 0;
    for (int i = 0; i < count; i++) sorted[i] = values[i];
    qsort(sorted, (size_t)count, sizeof *sorted, by_value);
    double median = sorted[count / 2];
    free(sorted);
    return median;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s TOUR.json [PAIRS]\n", argv[0]); return 2; }
    int pairs = argc > 2 ? atoi(argv[2]) : 2000;
    if (pairs < BLOCK || pairs > 1000000) { fprintf(stderr, "PAIRS: %d to 1000000\n", BLOCK); return 2; }
    pairs -= pairs % BLOCK;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("Paint", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, WIDTH, HEIGHT, 0);
    SDL_Surface *frame = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *painter = window && frame ? SDL_CreateSoftwareRenderer(frame) : NULL;
    if (!painter) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    limelight_session *tour = limelight_session_new(argv[1], WIDTH, HEIGHT, 1.0, "en");
    if (!tour) { fprintf(stderr, "%s\n", limelight_last_error()); return 1; }
    for (int i = 0; i < WIDGETS; i++) {
        const widget *w = &widgets[i];
        limelight_session_set_target(tour, w->id, w->rect.x, w->rect.y, w->rect.w, w->rect.h, w->role, w->name);
    }
    limelight_session_set_state(tour, "strokes", "0");
    double *plain = malloc(sizeof *plain * (size_t)pairs), *toured = malloc(sizeof *toured * (size_t)pairs);
    double *composing = malloc(sizeof *composing * (size_t)pairs);
    if (!plain || !toured || !composing) { fprintf(stderr, "out of memory\n"); return 1; }
    long long clock = 0;
    for (int n = -WARM_UP; n < pairs; n++) {
        for (int half = 0; half < 2; half++) {
            int with_tour = half ^ ((n + WARM_UP) / 36 % 2);
            double start = now_ms();
            SDL_SetRenderDrawColor(painter, 32, 33, 36, 255);
            SDL_RenderClear(painter);
            for (int i = 0; i < WIDGETS; i++) {
                SDL_SetRenderDrawColor(painter, widgets[i].red, widgets[i].green, widgets[i].blue, 255);
                SDL_RenderFillRect(painter, &widgets[i].rect);
            }
            SDL_RenderFlush(painter);
            double drawn = now_ms();
            if (with_tour) {
                clock += 16;
                if (limelight_session_advance(tour, clock) == LIMELIGHT_ADVANCE_FAILED ||
                    limelight_session_compose(tour, frame->pixels, WIDTH, HEIGHT, frame->pitch, LIMELIGHT_ARGB8888_PREMULTIPLIED) != 0) {
                    fprintf(stderr, "%s\n", limelight_last_error());
                    return 1;
                }
            }
            double composed = now_ms();
            SDL_BlitSurface(frame, NULL, SDL_GetWindowSurface(window), NULL);
            SDL_UpdateWindowSurface(window);
            double end = now_ms();
            if (with_tour && n == -1) {
                /* The step is shown: the background far from Save's hole is dimmed. */
                Uint32 corner = ((Uint32 *)frame->pixels)[(HEIGHT - 8) * (frame->pitch / 4) + WIDTH - 8];
                if (corner == 0xff202124u) { fprintf(stderr, "the tour's step is not shown\n"); return 1; }
            }
            if (n < 0) continue;
            if (with_tour) toured[n] = end - start, composing[n] = composed - drawn;
            else plain[n] = end - start;
        }
        for (SDL_Event e; SDL_PollEvent(&e);) {}
    }
    printf("%d pairs of 1920x1080 frames (ms)\n", pairs);
    double low = 1e9, high = 0;
    for (int block = 0; block < pairs; block += BLOCK) {
        double ratio = median_of(toured + block, BLOCK) / median_of(plain + block, BLOCK);
        if (ratio < low) low = ratio;
        if (ratio > high) high = ratio;
    }
    double without = report("frame without Limelight", plain, pairs);
    double with = report("frame with a step shown", toured, pairs);
    report("advance and compose", composing, pairs);
    printf("with / without: %.2f (per %d pairs: %.2f-%.2f)\n", with / without, BLOCK, low, high);
    free(plain), free(toured), free(composing);
    limelight_session_free(tour);
    SDL_DestroyRenderer(painter);
    SDL_FreeSurface(frame);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
