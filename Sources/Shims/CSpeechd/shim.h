#ifndef LIMELIGHT_CSPEECHD_SHIM_H
#define LIMELIGHT_CSPEECHD_SHIM_H
#include <stdlib.h>
#include <sys/stat.h>
#include <speech-dispatcher/libspeechd.h>

/* Connects to the speech-dispatcher service that answers at the default address (SPEECHD_ADDRESS,
   else the user's socket) without starting one; NULL when none answers. */
static inline SPDConnection *limelight_spd_connect(const char *client) {
    char *error = NULL;
    SPDConnectionAddress *address = spd_get_default_address(&error);
    free(error);
    error = NULL;
    if (address == NULL) return NULL;
    /* No socket, no service: spd_open2's failure path leaks, and there is nothing to try. */
    struct stat st;
    if (address->method == SPD_METHOD_UNIX_SOCKET &&
        (address->unix_socket_name == NULL || stat(address->unix_socket_name, &st) != 0 || !S_ISSOCK(st.st_mode))) {
        SPDConnectionAddress__free(address);
        return NULL;
    }
    SPDConnection *c = spd_open2(client, "main", NULL, SPD_MODE_SINGLE, address, 0, &error);
    free(error);
    SPDConnectionAddress__free(address);
    return c;
}
#endif
