/* SPDX-License-Identifier: Apache-2.0
 * Hands liblimelight everything a C caller can get wrong and checks that each is an error status
 * with a message, never a crash (InstalledLibraryTests runs it, plain and under AddressSanitizer).
 *
 *   bad-input TOUR.json BROKEN.json
 */
#include <limelight.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0, failures = 0;

static void check(int passed, const char *what) {
    checks++;
    if (!passed) {
        failures++;
        printf("FAIL %s (last error: %s)\n", what, limelight_last_error());
    }
}

/* The last error holds `words`. */
static int says(const char *words) { return strstr(limelight_last_error(), words) != NULL; }

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: bad-input TOUR.json BROKEN.json\n"); return 2; }
    check(strcmp(limelight_last_error(), "") == 0, "no error before any call");
    check(limelight_abi_version() == LIMELIGHT_ABI_VERSION, "the header's ABI version");
    check(strcmp(limelight_version(), LIMELIGHT_VERSION) == 0, "the header's version");

    check(limelight_session_new(NULL, 640, 480, 1, "en") == NULL && says("the tour's path is NULL"), "NULL tour path");
    check(limelight_session_new(argv[2], 640, 480, 1, "en") == NULL && says("broken.json:") && says("steps[0].shape"), "a tour with errors names its file, line and key");
    check(limelight_session_new("\xc3\x28", 640, 480, 1, "en") == NULL && says("UTF-8"), "a path that is not UTF-8");
    check(limelight_session_new(argv[1], 0, 480, 1, "en") == NULL, "a screen of no width");
    check(limelight_session_new(argv[1], 100000, 480, 1, "en") == NULL && says("16384"), "a screen over the limits");
    check(limelight_session_new(argv[1], 640, 480, 1e300, "en") == NULL && says("scale"), "a scale over the limits");

    limelight_session *s = limelight_session_new(argv[1], 640, 480, 1, NULL);
    check(s != NULL, "a good session");
    if (!s) return 1;
    check(limelight_session_set_target(s, NULL, 0, 0, 1, 1, NULL, NULL) == -1 && says("NULL"), "NULL id");
    check(limelight_session_set_target(s, "\xff\xfe", 0, 0, 1, 1, NULL, NULL) == -1 && says("UTF-8"), "an id that is not UTF-8");
    check(limelight_session_set_target(s, "a", 0, 0, 1e12, 1, NULL, NULL) == -1, "a rectangle over the limits");
    check(limelight_session_set_target(s, "a", 0, 0, 1, 1, "dragon", NULL) == -1 && says("no role"), "an unknown role");
    check(limelight_session_set_target(s, "toolbar.save", 128, 16, 96, 40, "button", "Save") == 0, "a good target");
    check(limelight_session_pointer(s, 42, 1, 1) == -1, "a pointer kind that is not one");
    check(limelight_session_key(s, NULL) == -1, "NULL key");
    check(limelight_session_key(s, "no such key") == -1, "an unknown key");
    check(limelight_session_set_state(s, "n", "nope") == -1 && says("not JSON"), "a state that is not JSON");
    check(limelight_session_set_state(s, NULL, "1") == -1, "NULL state name");
    check(limelight_session_advance(s, -1) == LIMELIGHT_ADVANCE_FAILED, "a time before 0");
    check(limelight_session_advance(s, 500) >= LIMELIGHT_UNTIL_INPUT, "a good advance");

    unsigned char *pixels = calloc(640 * 480, 4);
    check(limelight_session_compose(s, NULL, 640, 480, 2560, LIMELIGHT_ARGB8888_PREMULTIPLIED) == -1 && says("NULL"), "NULL pixels");
    check(limelight_session_compose(s, pixels, 640, 480, 640, LIMELIGHT_ARGB8888_PREMULTIPLIED) == -1 && says("cannot hold"), "a stride smaller than a row");
    check(limelight_session_compose(s, pixels, 65536, 65536, 262144, LIMELIGHT_ARGB8888_PREMULTIPLIED) == -1, "a frame over the limits");
    check(limelight_session_compose(s, pixels, 640, 480, 2560, 7) == -1 && says("format"), "a format that is not one");
    check(limelight_session_compose(s, pixels, 640, 480, 2560, LIMELIGHT_RGBA8888_PREMULTIPLIED) == 0, "a good frame");
    check(limelight_session_damage(s, 0, 0, -3, -3) == -1, "a damaged rectangle of negative size");
    check(limelight_session_resize(s, 0, 480, 1) == -1 && says("at least 1 point"), "a resize to no width");
    check(limelight_session_resize(s, 800, 600, 2) == 0, "a good resize");
    check(limelight_session_compose(s, pixels, 640, 480, 2560, 0) == -1 && says("1600x1200"), "a frame of the old size after a resize");
    char *json = limelight_session_state_json(s);
    check(json != NULL && strstr(json, "\"tour\"") != NULL, "the state as JSON");
    limelight_free(json);
    limelight_free(NULL);

    limelight_session_free(s);
    check(limelight_session_key(s, "enter") == -1 && says("not a live session"), "a key after free");
    check(limelight_session_pointer(s, LIMELIGHT_POINTER_DOWN, 1, 1) == -1, "a pointer after free");
    check(limelight_session_advance(s, 600) == LIMELIGHT_ADVANCE_FAILED, "advance after free");
    check(limelight_session_compose(s, pixels, 640, 480, 2560, 0) == -1, "compose after free");
    check(limelight_session_state_json(s) == NULL, "the state after free");
    check(limelight_session_set_target(s, "a", 0, 0, 1, 1, NULL, NULL) == -1, "a target after free");
    check(limelight_session_write_catalog(s, "catalog.json") == -1, "the catalog after free");
    limelight_session_on_event(s, NULL, NULL);
    limelight_session_free(s);
    check(says("not a live session"), "free twice");
    limelight_session_free(NULL);
    free(pixels);

    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
