#ifndef LIMELIGHT_CSPEECHD_SHIM_H
#define LIMELIGHT_CSPEECHD_SHIM_H
#include <stdlib.h>
#include <speech-dispatcher/libspeechd.h>

/* Connects to the speech-dispatcher service that answers at the default address (SPEECHD_ADDRESS,
   else the user's socket) without starting one; NULL when none answers. */
static inline SPDConnection *limelight_spd_connect(const char *client) {
    char *error = NULL;
    SPDConnectionAddress *address = spd_get_default_address(&error);
    free(error);
    error = NULL;
    if (address == NULL) return NULL;
    SPDConnection *c = spd_open2(client, "main", NULL, SPD_MODE_SINGLE, address, 0, &error);
    free(error);
    SPDConnectionAddress__free(address);
    return c;
}
#endif
