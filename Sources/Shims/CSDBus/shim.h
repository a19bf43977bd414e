#ifndef LIMELIGHT_CSDBUS_SHIM_H
#define LIMELIGHT_CSDBUS_SHIM_H
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>

/* A counter descriptor that one thread writes to wake another's poll (non-blocking, close-on-exec). */
static inline int limelight_wake_descriptor(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* sd-bus's append and reply functions are variadic, which Swift cannot call: these are the typed
   forms the AT-SPI2 bridge uses. */

static inline int limelight_bus_append_text(sd_bus_message *m, char type, const char *text) {
    return sd_bus_message_append_basic(m, type, text);
}

static inline int limelight_bus_append_int32(sd_bus_message *m, int32_t v) { return sd_bus_message_append_basic(m, 'i', &v); }
static inline int limelight_bus_append_uint32(sd_bus_message *m, uint32_t v) { return sd_bus_message_append_basic(m, 'u', &v); }
static inline int limelight_bus_append_bool(sd_bus_message *m, int v) { return sd_bus_message_append_basic(m, 'b', &v); }
static inline int limelight_bus_append_double(sd_bus_message *m, double v) { return sd_bus_message_append_basic(m, 'd', &v); }

static inline int limelight_bus_read_text(sd_bus_message *m, char type, const char **out) { return sd_bus_message_read_basic(m, type, out); }
static inline int limelight_bus_read_int32(sd_bus_message *m, int32_t *out) { return sd_bus_message_read_basic(m, 'i', out); }
static inline int limelight_bus_read_uint32(sd_bus_message *m, uint32_t *out) { return sd_bus_message_read_basic(m, 'u', out); }
static inline int limelight_bus_read_double(sd_bus_message *m, double *out) { return sd_bus_message_read_basic(m, 'd', out); }

/* Replies to `call` with the D-Bus error `name` and `text`. */
static inline int limelight_bus_reply_error(sd_bus_message *call, const char *name, const char *text) {
    sd_bus_error error = SD_BUS_ERROR_MAKE_CONST(name, text);
    return sd_bus_reply_method_error(call, &error);
}

/* Calls `member` and waits up to `usec` for the reply; on failure the error's message is copied
   into `problem` (at most `size` bytes). */
static inline int limelight_bus_call(sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_message **reply,
                                     char *problem, size_t size) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int r = sd_bus_call(bus, m, usec, &error, reply);
    if (r < 0 && problem && size > 0) {
        const char *text = error.message ? error.message : (error.name ? error.name : "the call failed");
        size_t i = 0;
        for (; i + 1 < size && text[i]; i++) problem[i] = text[i];
        problem[i] = 0;
    }
    sd_bus_error_free(&error);
    return r;
}
#endif
