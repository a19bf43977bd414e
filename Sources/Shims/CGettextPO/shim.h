#ifndef LIMELIGHT_CGETTEXTPO_SHIM_H
#define LIMELIGHT_CGETTEXTPO_SHIM_H
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <gettext-po.h>

/* The first problem libgettextpo reported while reading a PO file: its line (0 when it named
   none) and its text. One per thread, so files read on different threads do not mix. */
struct limelight_po_state { size_t line; char text[512]; int problems; };

static inline struct limelight_po_state *limelight_po_state(void) {
    static _Thread_local struct limelight_po_state state;
    return &state;
}

static inline void limelight_po_keep(int severity, size_t lineno, const char *text) {
    struct limelight_po_state *s = limelight_po_state();
    if (severity == PO_SEVERITY_WARNING) return;
    if (s->problems++ > 0) return;
    s->line = lineno == (size_t)-1 ? 0 : lineno;
    strncpy(s->text, text ? text : "", sizeof s->text - 1);
    s->text[sizeof s->text - 1] = 0;
}

/* Records the problem instead of printing it and exiting. For the closing "found N fatal errors"
   libgettextpo says the handler must not return; returning lets po_file_read hand back what it
   read, which the caller then refuses because a problem was kept.
   A fatal error's text is made for the handler alone (xasprintf in read-catalog-abstract.c and
   po-lex.c, the only fatal errors po_file_read reports) and never freed by libgettextpo, which
   expects the handler to exit: this one returns, so it frees the text. Other texts are the
   library's (freed after the call, or literals) and are only copied. */
static inline void limelight_po_xerror(int severity, po_message_t message, const char *filename, size_t lineno,
                                       size_t column, int multiline, const char *text) {
    (void)message; (void)filename; (void)column; (void)multiline;
    limelight_po_keep(severity, lineno, text);
    if (severity == PO_SEVERITY_FATAL_ERROR && text != NULL) free((char *)text);
}

static inline void limelight_po_xerror2(int severity, po_message_t message1, const char *filename1, size_t lineno1,
                                        size_t column1, int multiline1, const char *text1, po_message_t message2,
                                        const char *filename2, size_t lineno2, size_t column2, int multiline2,
                                        const char *text2) {
    (void)message1; (void)filename1; (void)column1; (void)multiline1;
    (void)message2; (void)filename2; (void)lineno2; (void)column2; (void)multiline2; (void)text2;
    limelight_po_keep(severity, lineno1, text1);
}

/* Reads the PO file at `path`; NULL when it cannot be read at all. Problems are kept for
   limelight_po_problem (the count of errors, 0 for a good file). */
static inline po_file_t limelight_po_read(const char *path) {
    static const struct po_xerror_handler handler = { limelight_po_xerror, limelight_po_xerror2 };
    struct limelight_po_state *s = limelight_po_state();
    s->problems = 0;
    s->line = 0;
    s->text[0] = 0;
    return po_file_read(path, &handler);
}

/* Frees a file po_file_read read, with what po_file_free leaves behind: each message's msgctxt
   (gettext 0.21's message_free frees every string of a message but that one). Cleared through
   po_message_set_msgctxt, which frees it, in every domain, so a libgettextpo that frees it itself
   finds NULL there. */
static inline void limelight_po_free(po_file_t file) {
    const char *const *domains = po_file_domains(file);
    for (size_t i = 0; domains != NULL && domains[i] != NULL; i++) {
        po_message_iterator_t iterator = po_message_iterator(file, domains[i]);
        po_message_t message;
        while ((message = po_next_message(iterator)) != NULL) po_message_set_msgctxt(message, NULL);
        po_message_iterator_free(iterator);
    }
    po_file_free(file);
}

/* A message's extracted comments (its `#.` lines) as a string the caller frees. libgettextpo's
   po_message_extracted_comments joins the lines into a new string on every call and never frees
   it ("FIXME: memory leak" in gettext-po.c), or returns the literal "" when there are none; a join
   of one or more lines always ends in a line break, so "" is the one answer not to free. */
static inline char *limelight_po_extracted_comments(po_message_t message) {
    const char *joined = po_message_extracted_comments(message);
    return joined[0] == 0 ? strdup("") : (char *)joined;
}

/* How many errors the last read on this thread had, and the first one's line and text. */
static inline int limelight_po_problem(size_t *line, const char **text) {
    struct limelight_po_state *s = limelight_po_state();
    *line = s->line;
    *text = s->text;
    return s->problems;
}
#endif
