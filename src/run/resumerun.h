/*
** resumerun: the run `sqlsoak resume` carries on, read back from its
** run.json: unfinished, its command line parsed again into the options it
** recorded, its plan built.
*/
#ifndef SQLSOAK_RESUMERUN_H
#define SQLSOAK_RESUMERUN_H

#include "config.h"
#include "runner.h"

#include <stddef.h>
#include <stdint.h>

/* The run's command line as run.json holds it (free argv with
** runjson_free_argv, cwd with free). */
struct resumerun {
    char **argv;
    int argc;
    char *cwd;                  /* its working folder; NULL: none recorded */
};

/* The run of results folder out (absolute): unfinished, owned by this
** process from here on (r->owner_fd), its command line read back into
** *run and parsed into *cfg, whose options must be those run.json
** recorded, its libraries loaded and its plan built into r.  args: the
** resume command's own options, whose --progress replaces the run's and
** whose --no-plot holds over it.  0, or -1 with err. */
int resumerun_read(struct runner *r, struct config *cfg, const char *out,
                   const struct config *args, struct resumerun *run, char *err, size_t errlen);

/* A cell recorded with status, after chunks chunks, in a run of rows rows
** in chunks of chunk with --verify or not: hung with every chunk recorded,
** its verify cut short by the watchdog, to run again. */
int resumerun_verify_unfinished(const char *status, int64_t chunks, int64_t rows,
                                int64_t chunk, int verify);

#endif
