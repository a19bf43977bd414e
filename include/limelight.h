/* SPDX-License-Identifier: Apache-2.0
 * Copyright the Limelight authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
 *
 * liblimelight: Limelight's tours over an app that draws its own frames (an SDL game, a Dear ImGui
 * tool, a kiosk), from C and C++. The app publishes its targets (an id, a rectangle, a role and a
 * name) and gives its input and its time; Limelight runs a tour file over them and blends the dim,
 * its anti-aliased holes and the bubble over each frame the app drew, in place.
 *
 *     limelight_session *s = limelight_session_new("tour.json", 800, 600, 1.0, "en");
 *     if (!s) { fprintf(stderr, "%s\n", limelight_last_error()); return 1; }
 *     for (;;) {                                    // the app's loop
 *         limelight_session_set_target(s, "save", 16, 16, 96, 32, "button", "Save");
 *         if (limelight_session_pointer(s, LIMELIGHT_POINTER_DOWN, x, y) == 0) app_press(x, y);
 *         long long wait = limelight_session_advance(s, now_ms);
 *         app_draw(pixels);
 *         limelight_session_compose(s, pixels, 800, 600, 800 * 4, LIMELIGHT_ARGB8888_PREMULTIPLIED);
 *         app_present(pixels);
 *     }
 *     limelight_session_free(s);
 *
 * Build: cc app.c $(pkg-config --cflags --libs limelight)
 *
 * Status: a function returns 0 (or a handle, or a string) on success and -1 (or NULL) on failure,
 * except where its comment says otherwise; limelight_last_error() then says why, in one line that
 * begins with the function's name. Nothing a caller hands in crashes the library: NULL pointers,
 * strings that are not UTF-8 or too long, numbers that are not finite or too large, a stride too
 * short, a tour file with errors, a handle already freed. Only memory the library cannot check
 * (a pixel buffer shorter than its width, height and stride say) is the caller's to get right.
 *
 * Threads: every limelight_session_* call belongs on one thread: the first thread to call one owns
 * every session from then on (the main thread, where SDL's video calls are, in the usual app). A
 * call from another thread fails with -1 (or NULL, or -2 for limelight_session_advance) and does
 * nothing. limelight_version(), limelight_abi_version(), limelight_last_error() and limelight_free()
 * may be called from any thread.
 *
 * Units: positions and sizes of targets and pointers are points of the session's screen (origin at
 * the top-left corner); a frame is points times the scale in device pixels. Time is the app's, in
 * milliseconds, on any clock that never goes back (SDL_GetTicks64(), CLOCK_MONOTONIC).
 */
#ifndef LIMELIGHT_H
#define LIMELIGHT_H

#ifdef __cplusplus
extern "C" {
#endif

/* The interface's version: it changes when a declaration here changes in a way that breaks a
 * program built against an earlier one. Compare with limelight_abi_version() at run time. */
#define LIMELIGHT_ABI_VERSION 1
/* The library's version, as limelight_version() returns it. */
#define LIMELIGHT_VERSION "0.1.0"

/* A running tour over one app screen. Opaque: made by limelight_session_new, ended by
 * limelight_session_free. A handle is a number, not an address: one already freed names no
 * session (not even a later one), so a call with it fails with "not a live session". */
typedef struct limelight_session limelight_session;

/* What a pointer did (limelight_session_pointer's kind). */
enum { LIMELIGHT_POINTER_DOWN = 0, LIMELIGHT_POINTER_MOVE = 1, LIMELIGHT_POINTER_UP = 2 };

/* The pixels of a frame (limelight_session_compose's format), both with premultiplied alpha:
 * ARGB8888: native-endian 32-bit words 0xAARRGGBB, SDL_PIXELFORMAT_ARGB8888 (the bytes B, G, R, A on
 *           a little-endian machine); Limelight's own order, composited without conversion.
 * RGBA8888: the bytes R, G, B, A in memory (OpenGL's GL_RGBA with GL_UNSIGNED_BYTE, Dear ImGui's and
 *           stb_image's order, SDL_PIXELFORMAT_ABGR8888 on little-endian); converted on the way.
 * An opaque frame (every alpha 255) is the same premultiplied or not. */
enum { LIMELIGHT_ARGB8888_PREMULTIPLIED = 0, LIMELIGHT_RGBA8888_PREMULTIPLIED = 1 };

/* limelight_session_advance's answers besides a number of milliseconds. */
#define LIMELIGHT_UNTIL_INPUT (-1LL)   /* nothing is due until input, a state or an event */
#define LIMELIGHT_ADVANCE_FAILED (-2LL) /* the call failed: see limelight_last_error() */

/* The library's version ("0.1.0"). Static: never free it. Any thread. */
const char *limelight_version(void);

/* LIMELIGHT_ABI_VERSION as the library was built. Any thread. */
int limelight_abi_version(void);

/* This thread's last failure, one line of UTF-8 naming the function first; "" when no call on this
 * thread has failed. A later failure on the same thread replaces it; successes leave it as it is.
 * Owned by the library, valid until this thread's next failing call or its end: copy it to keep it.
 * Any thread. */
const char *limelight_last_error(void);

/* Starts a session: the tour file at tour_path (JSON, as `limelight check` reads it) over a screen
 * of width x height points at scale device pixels per point (1 to 16384 points a side, scale 0.25 to
 * 8, at most 16384 pixels a side), its texts in language (a BCP 47 tag such as "en" or "pt-BR";
 * NULL: "en"). The tour starts at once at its first step, fading in as time passes (call
 * limelight_session_advance with each frame). Limelight's own words (Next, Done, Skip) are English;
 * the tour's texts are picked by language. The tour is checked as `limelight check` checks it but
 * for its targets, states and events, which the app publishes as it runs (check them with
 * `limelight check --catalog FILE`, see limelight_session_write_catalog).
 * Returns a handle to free with limelight_session_free, or NULL: a tour with errors (the message
 * names the file, the line and the key path of the first, and how many more there are), a size or
 * scale out of range, a language that is not a tag, no fonts. Strings are copied; the caller keeps
 * ownership of its own. Sessions' thread. */
limelight_session *limelight_session_new(const char *tour_path, int width, int height,
                                         double scale, const char *language);

/* Ends a session and frees everything it holds; the handle is dead from now on. NULL does nothing;
 * a dead handle does nothing but set the last error. May be called from the session's own event
 * callback. Sessions' thread. */
void limelight_session_free(limelight_session *session);

/* Publishes a target the tour may point at: id (what tour files name in "target"; 1 to 256 bytes of
 * UTF-8, no control characters) at the rectangle x, y, width, height (points; finite, within
 * +-1000000, width and height not negative), with what a screen reader calls it: role (NULL or one of
 * "button", "tab", "tabBar", "header", "image", "text", "list", "dialog", "progressIndicator",
 * "textField", "toggle", "checkbox", "slider", "progressBar", "screen") and name (NULL or up to 4096
 * bytes). A known id moves and is renamed in place; publish targets each frame or when they change.
 * A tour's anchored target ({"role": "button", "name": "Save"}) finds a target by its role and name
 * as it finds a view's, so a renamed id still finds it (see the README's "Anchored targets").
 * A step whose target is not published waits for it (its "waitFor", then its "ifMissing"). At most
 * 4096 targets. Strings are copied. 0, or -1. Sessions' thread. */
int limelight_session_set_target(limelight_session *session, const char *id, double x, double y,
                                 double width, double height, const char *role, const char *name);

/* Takes every published target away (a screen change: publish the new screen's next). 0, or -1.
 * Sessions' thread. */
int limelight_session_clear_targets(limelight_session *session);

/* Gives Limelight a pointer event (the primary button or a finger) at x, y (points): kind is
 * LIMELIGHT_POINTER_DOWN, _MOVE or _UP. Returns 1 when Limelight used it (the dim blocked it, the
 * bubble's buttons took it): the app must not act on it; 0 when it is the app's (no overlay there,
 * or a tap through a hole, which may also move the tour on); -1 on error. Sessions' thread. */
int limelight_session_pointer(limelight_session *session, int kind, double x, double y);

/* Gives Limelight a key by name: "enter", "escape", "tab", "space", "backspace", "delete", "left",
 * "right", "up", "down", "home", "end", or one character ("s"), after modifiers joined by "+"
 * ("shift+tab", "ctrl+z"). Enter and Right go on, Left goes back, Escape leaves a tour that allows
 * skipping, Tab moves the focus in the bubble. 1 when Limelight used it, 0 when it is the app's,
 * -1 on error. Sessions' thread. */
int limelight_session_key(limelight_session *session, const char *key);

/* Moves the session to the app's time now_ms (milliseconds, 0 to 2^53, never less than the last
 * call's; the first call is the session's start) and runs a frame of it: timers, animations, the
 * tour's conditions, layout; tour events it causes go to the callback before it returns. Returns
 * the milliseconds until the next frame is wanted (wait at most that long for input, then call it
 * again and compose): 0 now (something moves, or waits to be composited), more for a timer,
 * LIMELIGHT_UNTIL_INPUT (-1) when nothing is due until input, a state or an event, and
 * LIMELIGHT_ADVANCE_FAILED (-2) on error. Sessions' thread. */
long long limelight_session_advance(limelight_session *session, long long now_ms);

/* Blends the tour's overlays (the dim with its holes, outlines and the bubble) over the app's frame
 * in place: pixels is width x height device pixels (the session's points times its scale, rounded),
 * rows stride bytes apart (at least width * 4, a multiple of 4), 4-byte aligned, in format. Runs a
 * frame at the session's time first. Without limelight_session_damage, every pixel is taken as newly
 * drawn by the app and composited over (a frame with no tour showing is left as it is). The caller
 * owns pixels; the library writes them during the call only and keeps no pointer to them.
 * 0, or -1 (nothing written). Sessions' thread. */
int limelight_session_compose(limelight_session *session, unsigned char *pixels, int width,
                              int height, int stride, int format);

/* For an app that redraws only what changed: says it redrew only this rectangle of its frame
 * (device pixels; clipped to the frame) since its last compose. From the first call on, the session
 * keeps a copy of the app's pixels (4 bytes a pixel) and compose writes only where the app drew and
 * where the tour changed: a compose where neither happened touches nothing. Compose the same buffer
 * each time: a frame at another address is taken as new everywhere. 0, or -1. Sessions' thread. */
int limelight_session_damage(limelight_session *session, int x, int y, int width, int height);

/* Follows a new screen: width x height points at scale (limits as for limelight_session_new); the
 * next compose takes the frame as new everywhere. 0, or -1. Sessions' thread. */
int limelight_session_resize(limelight_session *session, int width, int height, double scale);

/* Everything about the session as one line of JSON (UTF-8, NUL-terminated):
 * {"state": {"tour": {"id", "step", "of", "state"}, "overlay", "focus", "tab", and each state the
 * app set}, "events": {name: count}, "spotlight": {"holes": [...], "bubble": {...}} or null}.
 * The caller owns the string: free it with limelight_free. NULL on error. Sessions' thread. */
char *limelight_session_state_json(limelight_session *session);

/* Sets the app's state name (letters, digits, _ and .; not tab, overlay, step, tour, focus or view)
 * to json_value: a JSON number ("3"), true or false ("true"), or a string ("\"playing\""). A state
 * keeps the kind it was first set with. The tour's conditions ("showWhen", "advanceOn": {"event":
 * "saves >= 1"}) read it at the next advance or compose. 0, or -1. Sessions' thread. */
int limelight_session_set_state(limelight_session *session, const char *name, const char *json_value);

/* Records one of the app's events, name as for states: a condition on name that the app never set
 * as a state counts its events ("advanceOn": {"event": "saved >= 1"}). Read at the next advance or
 * compose. 0, or -1. Sessions' thread. */
int limelight_session_send_event(limelight_session *session, const char *name);

/* Saves what the app published (its screen, language, targets, the states it set and the events it
 * sent) as a catalog file at path, replaced in one step, for `limelight check --catalog path
 * tour.json`. 0, or -1 (a folder, no room: nothing at path changed). Sessions' thread. */
int limelight_session_write_catalog(limelight_session *session, const char *path);

/* Shows the checklist file at checklist_path (a NAME.checklist.json, the README's "Checklists")
 * over the app's frame from now on: a launcher in its corner with a badge counting the items left,
 * opening a panel of the items; it takes pointer and key events like the tour's overlay (a tap on
 * the launcher is Limelight's, the rest of the frame stays the app's). An item is done when the
 * app's states and events say so (limelight_session_set_state, limelight_session_send_event) or
 * its tour finished; choosing an item plays its tour (ID.json beside the checklist) in place of
 * the session's tour once that one has ended. The events callback gets "checklistShown",
 * "itemLaunched" and "itemDone" lines: save the items done and give them back next time with
 * limelight_session_check_item. limelight_session_state_json says each item's state under
 * "checklist". A second call replaces the checklist. 0, or -1 (the file's first problem in
 * limelight_last_error). Sessions' thread. */
int limelight_session_show_checklist(limelight_session *session, const char *checklist_path);

/* Ticks the item item_id of the checklist shown, as the app saved it from an earlier run (no
 * "itemDone" line is written for it). 0, or -1 (no checklist shown, no such item). Sessions' thread. */
int limelight_session_check_item(limelight_session *session, const char *item_id);

/* Names who the events log's lines are about: user, an anonymous id (1 to 200 bytes of UTF-8), and
 * session_id (NULL keeps the id the session made). Call it before the first advance: a tour with an
 * experiment ("variants", "holdout") draws the user's arm then, and a user held out sees no tour.
 * 0, or -1. Sessions' thread. */
int limelight_session_set_user(limelight_session *session, const char *user, const char *session_id);

/* Gives each tour event, and each event the app sends (limelight_session_send_event), to callback as
 * one line of the events log, the line `limelight --events` writes (the README's "The events log",
 * schemas/events.schema.json): {"time" (UTC, RFC 3339 with milliseconds), "user", "session",
 * "event": "assigned" | "shown" | "advanced" | "finished" | "skipped" | "dismissed" | "targetMissing"
 * | "app" | "hidden" | "waiting" | "waited", "tour", "step" (from 1), "variant", "tourVersion",
 * "stepId", "language", "screen", "cause", "by", "name", "waitedMs", "ms" (since the first advance)}.
 * `limelight analyze` reads a file of them.
 * The callback runs on the sessions' thread at the end of the call that caused the event (advance,
 * compose, pointer, key, set_state, send_event, set_target), after the session's work for it;
 * json_line is valid until it returns. It may call any function of the library, this session's
 * limelight_session_free included. context is handed back as given. The events of the first step,
 * from limelight_session_new, wait for the first callback; after a NULL callback none are kept.
 * Sessions' thread. */
void limelight_session_on_event(limelight_session *session,
                                void (*callback)(const char *json_line, void *context), void *context);

/* Frees a string the library gave the caller (limelight_session_state_json). NULL is fine. Any thread. */
void limelight_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif /* LIMELIGHT_H */
