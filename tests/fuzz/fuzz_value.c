/*
** fuzz_value: the bytes as option values typed by a user, one a line.
** Each line is parsed by value_parse under every matrix dimension's spec
** and under a spec of each kind of value (counts, sizes, durations, whole
** numbers, words; a special word; a power of two), and the lines as one
** command line by options_parse under run, crash and compare.  What must
** hold: a refusal says why; a value parsed is in its range, and its
** canonical text (value_text) and the text a person reads (value_human)
** parse back to the same value.
*/
#include "fuzz.h"
#include "options.h"

#include <jansson.h>

static const char *const words[] = {"auto", "always", "never", NULL};
static const struct value_spec kinds[] = {
    {"count", V_COUNT, 0, NULL, 0, INT64_MAX, NULL, "chunk", -1, CMD_RUN, ""},
    {"rows", V_COUNT, 0, NULL, 1, (int64_t)1 << 50, NULL, NULL, 0, CMD_RUN, ""},
    {"bytes", V_BYTES, 0, NULL, 0, INT64_MAX, NULL, NULL, 0, CMD_RUN, ""},
    {"sector", V_BYTES, VF_POW2, NULL, 512, 65536, NULL, NULL, 0, CMD_RUN, ""},
    {"int", V_INT, 0, NULL, INT64_MIN + 1, INT64_MAX, NULL, "default", VALUE_DEFAULT, CMD_RUN,
     ""},
    {"time", V_DURATION, 0, NULL, 0, INT64_MAX, NULL, "none", 0, CMD_RUN, ""},
    {"word", V_ENUM, 0, NULL, 0, 0, words, NULL, 0, CMD_RUN, ""},
};

static void parse_one(const struct value_spec *s, const char *text)
{
    int64_t v = 0, again = 0;
    char err[8192] = "", buf[64];
    if (value_parse(s, text, &v, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] || s->type == V_FLAG || s->type == V_STR);
        return;
    }
    FUZZ_CHECK((s->special && v == s->special_value) || s->type == V_ENUM ||
               (v >= s->min && v <= s->max));
    FUZZ_CHECK(value_parse(s, value_text(s, v, buf, sizeof buf), &again, err, sizeof err) == 0);
    FUZZ_CHECK(again == v);
    FUZZ_CHECK(value_parse(s, value_human(s, v, buf, sizeof buf), &again, err, sizeof err) == 0);
    FUZZ_CHECK(again == v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size), *argv[65];
    int argc = 0;
    for (char *line = text, *next; line && argc < 64; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        argv[argc++] = line;
    }
    argv[argc] = NULL;
    for (int i = 0; i < argc; i++) {
        for (int d = 0; d < DIM_COUNT; d++)
            if (dim_table[d].opt.type != V_STR)
                parse_one(&dim_table[d].opt, argv[i]);
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            parse_one(&kinds[k], argv[i]);
    }
    static const enum command cmds[] = {CMD_RUN, CMD_CRASH, CMD_COMPARE};
    for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
        struct config cfg;
        int help = 0;
        char err[8192] = "";
        if (options_parse(&cfg, cmds[c], argc, argv, &help, err, sizeof err) == 0)
            json_decref(options_to_json(&cfg));
        else
            FUZZ_CHECK(err[0]);
        config_free(&cfg);
    }
    free(text);
    return 0;
}
