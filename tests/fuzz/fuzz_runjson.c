/*
** fuzz_runjson: the bytes as a results folder's run.json, and what
** follows the first NUL byte (if any) as its cells log (.run.cells), read
** the way status and resume read them (runjson_load, the command line and
** working folder recorded, run_s) and the way plot and report describe a
** run (plotdata_describe: host, storage, card).  What must hold: a
** refusal says why; a command line read back is argc strings.
*/
#include "fuzz.h"
#include "plotdata.h"
#include "runjson.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t json_len = nul ? (size_t)(nul - data) : size;
    fuzz_file("run.json", data, json_len);
    if (nul)
        fuzz_file(".run.cells", nul + 1, size - json_len - 1);
    else
        fuzz_file(".run.cells", NULL, 0);

    char err[8192] = "";
    struct runjson *r = runjson_load(fuzz_dir(), err, sizeof err);
    if (!r) {
        FUZZ_CHECK(err[0]);
    } else {
        FUZZ_CHECK(runjson_root(r) != NULL);
        int argc = -1;
        char **argv = runjson_command_line(r, &argc, err, sizeof err);
        if (argv) {
            for (int i = 0; i < argc; i++)
                FUZZ_CHECK(argv[i] != NULL);
            FUZZ_CHECK(argv[argc] == NULL);
            runjson_free_argv(argv);
        }
        char *cwd = NULL;
        if (runjson_cwd(r, &cwd) == 0)
            free(cwd);
        double at_cell = NAN;
        runjson_run_s(r, &at_cell);
        runjson_free(r);
    }

    struct plotdata_run pr;
    memset(&pr, 0, sizeof pr);
    pr.dir = fuzz_dir();
    err[0] = 0;
    if (plotdata_describe(&pr, err, sizeof err) == 0)
        FUZZ_CHECK(memchr(pr.desc, 0, sizeof pr.desc) != NULL);
    else
        FUZZ_CHECK(err[0]);
    pr.crash = 1;
    if (plotdata_describe(&pr, err, sizeof err) == 0)
        FUZZ_CHECK(memchr(pr.desc, 0, sizeof pr.desc) != NULL);
    return 0;
}
