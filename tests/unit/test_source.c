/*
** Unit tests of the source tree's shape, read from src/ itself:
**
** - no include cycle between modules: a module is a .c/.h pair, and one
**   that includes another's header depends on it; the dependencies form
**   no loop (the records and cell identity live in headers that know
**   nothing of CSV, the writer knows nothing of the reader).  One module
**   is kept in two pairs for size: faultstate is faultvfs's own state.
** - no column name as a string literal outside the schema's tables
**   (colid.h, csvschema.c, dims.c, latency.c): readers name a column by its
**   id (COL_...), or by a name those tables hand out.  The words that are
**   also names in another vocabulary (run.json keys, options, PRAGMAs,
**   a plot data file's name) are listed below, each with what it is.
** - no JSON key as a string literal in json_object_get, _set or _del:
**   run.json's keys are runkey.h's constants, for writers and readers
**   alike; only the files of another document (listed below, each with
**   what it writes) spell their own.
** - one message buffer: a function that can fail takes it as
**   `char *err, size_t errlen`, never why, n or errn.
** - standard error is written by main, the progress line and notice
**   alone: a message elsewhere goes up in err, or through notice_line.
** - no floating figure formatted by hand ("%.1f", "%.3g", "%g"): every
**   figure a person reads goes through units.h, to three significant
**   figures; only the writers of numbers for a program (listed below,
**   each with what it writes) and units itself spell a floating format.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "srcfiles.h"

#include "csvout.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOURCE_DIR SQLSOAK_SOURCE_DIR    /* the checkout, from the Makefile */

/* The names of src/'s .c and .h files into names; returns how many. */
#define MAXFILES 512
static int source_files(char names[][64])
{
    int n = src_files(names, MAXFILES, 1);
    assert_true(n > 100 && n < MAXFILES);   /* the tree was read, whole */
    return n;
}

#define MAXMOD 256
#define NAMELEN 64

/* The module graph: dep[a][b] when a's .c or .h includes b.h. */
struct graph {
    int n;
    char name[MAXMOD][NAMELEN];
    unsigned char dep[MAXMOD][MAXMOD];
};

/* The index of module name, added when new; a part counts as its whole. */
static int module(struct graph *g, const char *name, size_t len)
{
    static const char *const part_of[][2] = {{"faultstate", "faultvfs"}};
    for (size_t i = 0; i < sizeof part_of / sizeof *part_of; i++)
        if (strlen(part_of[i][0]) == len && strncmp(part_of[i][0], name, len) == 0) {
            name = part_of[i][1];
            len = strlen(name);
        }
    for (int i = 0; i < g->n; i++)
        if (strlen(g->name[i]) == len && strncmp(g->name[i], name, len) == 0)
            return i;
    assert_true(g->n < MAXMOD && len < NAMELEN);
    memcpy(g->name[g->n], name, len);
    g->name[g->n][len] = 0;
    return g->n++;
}

/* Adds the includes of src/file (module of its name without extension). */
static void read_includes(struct graph *g, const char *file)
{
    char path[512], line[1024];
    assert_int_equal(src_path(file, path, sizeof path), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int self = module(g, file, strcspn(file, "."));
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        if (strncmp(p, "#include \"", 10) != 0)
            continue;
        p += 10;
        size_t len = strcspn(p, ".\"");
        int to = module(g, p, len);
        if (to != self)
            g->dep[self][to] = 1;
    }
    fclose(f);
}

/* Depth-first: 1 when a cycle is reachable from v, its modules into path
** (from the first module of the loop to the last), their count in *len. */
static int cycle_from(const struct graph *g, int v, char *state, int *stack, int depth,
                      char *path, size_t n)
{
    state[v] = 1;   /* on the stack */
    stack[depth] = v;
    for (int w = 0; w < g->n; w++) {
        if (!g->dep[v][w])
            continue;
        if (state[w] == 1) {
            size_t len = 0;
            int i = depth;
            while (stack[i] != w)
                i--;
            for (; i <= depth; i++)
                len += (size_t)snprintf(path + len, n - len, "%s -> ", g->name[stack[i]]);
            snprintf(path + len, n - len, "%s", g->name[w]);
            return 1;
        }
        if (state[w] == 0 && cycle_from(g, w, state, stack, depth + 1, path, n))
            return 1;
    }
    state[v] = 2;   /* done */
    return 0;
}

/* 1 when g has a cycle, named in path. */
static int find_cycle(const struct graph *g, char *path, size_t n)
{
    char state[MAXMOD] = {0};
    int stack[MAXMOD];
    for (int v = 0; v < g->n; v++)
        if (state[v] == 0 && cycle_from(g, v, state, stack, 0, path, n))
            return 1;
    return 0;
}

/* The detector itself: a loop of three is found and named; a diamond is
** no loop. */
static void test_cycle_detector(void **state)
{
    (void)state;
    static struct graph g;
    char path[256];
    memset(&g, 0, sizeof g);
    int a = module(&g, "a", 1), b = module(&g, "b", 1), c = module(&g, "c", 1),
        d = module(&g, "d", 1);
    g.dep[a][b] = g.dep[a][c] = g.dep[b][d] = g.dep[c][d] = 1;
    assert_false(find_cycle(&g, path, sizeof path));
    g.dep[d][a] = 1;
    assert_true(find_cycle(&g, path, sizeof path));
    assert_string_equal(path, "a -> b -> d -> a");
}

static void test_no_include_cycle(void **state)
{
    (void)state;
    static struct graph g;
    static char files[MAXFILES][64];
    char path[4096];
    memset(&g, 0, sizeof g);
    for (int i = 0, n = source_files(files); i < n; i++)
        read_includes(&g, files[i]);
    if (find_cycle(&g, path, sizeof path))
        fail_msg("include cycle: %s", path);
}

/* The files that hold the schema's tables: their literals are the names. */
static const char *const schema_files[] = {"colid.h", "csvschema.c", "dims.c", "latency.c"};

/* Literals equal to a column name that name something else, by file. */
static const struct {
    const char *file, *words, *what;
} other_names[] = {
    {"commands.c", "status", "subcommands"},
    {"crash.c", "intact corrupt", "a trial's outcome words"},
    {"metrics.c", "status", "the Prometheus file's labels"},
    {"modes.c", "chunk", "--read-from's words"},
    {"optiontable.c", "rows chunk reads seed repeat trials replay", "option names"},
    {"plotcrash.c", "corrupt", "an outcome word"},
    {"compare.c", "rows chunk reads", "the options a run was given, by name"},
    {"need.c", "reads", "--need's items"},
    {"plotdata.c", "chunk", "--commit-every's word"},
    {"preset.c", "readers updates", "presets' names"},
    {"report.c", "status", "a row's label"},
    {"reportcrash.c", "intact corrupt", "the outcome words as CSS classes"},
    {"runkey.h",
     "schema_version status baseline_cell cell repeat reason chunks rows verify_failures "
     "wall_s sqlite_version sqlite_source_id device ops chunk reads trials",
     "run.json's keys: a cell's entry says what its summary.csv row does, by the same names"},
    {"tsvschema.c", "readers", "the name of a plot data file"},
    {"sqlapi.c", "journal_mode cache_size mmap_size synchronous", "PRAGMA names"},
    {"headline.c", "rows", "a figure's unit"},
    {"headlinedevice.c", "rows", "a figure's unit"},
};

/* Whether literal s, in file, is a column name used as one (in a schema
** file it is the name itself). */
static int column_literal(const char *file, const char *s)
{
    for (size_t i = 0; i < sizeof schema_files / sizeof *schema_files; i++)
        if (strcmp(file, schema_files[i]) == 0)
            return 0;
    static const enum csv_file files[] = {CSV_CHUNKS, CSV_SUMMARY, CSV_TRIALS,
                                          CSV_DURABILITY, CSV_HISTOGRAMS, CSV_TIMELINE};
    int column = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files && !column; f++)
        for (int i = 0; i < csvout_ncolumns(files[f]) && !column; i++)
            column = strcmp(csvout_column_name(files[f], i), s) == 0;
    for (size_t i = 0; column && i < sizeof other_names / sizeof *other_names; i++) {
        if (strcmp(other_names[i].file, file) != 0)
            continue;
        for (const char *w = other_names[i].words; *w; w += strspn(w, " ")) {
            size_t len = strcspn(w, " ");
            if (strlen(s) == len && strncmp(w, s, len) == 0)
                return 0;
            w += len;
        }
    }
    return column;
}

/* Past the comment at p (its newlines counted into *line), or p itself
** when none starts there. */
static const char *skip_comment(const char *p, int *line)
{
    if (p[0] == '/' && p[1] == '*') {
        for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
            *line += *p == '\n';
        return *p ? p + 2 : p;
    }
    if (p[0] == '/' && p[1] == '/')
        return p + strcspn(p, "\n");
    return p;
}

/* The text of the string or character literal whose quote is at p into
** lit (n bytes); returns past its closing quote, or at the end of its
** line when it has none. */
static const char *read_literal(const char *p, char *lit, size_t n)
{
    char q = *p;
    size_t k = 0;
    for (p++; *p && *p != q && *p != '\n'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (k < n - 1)
            lit[k++] = *p;
    }
    lit[k] = 0;
    return *p == q ? p + 1 : p;
}

/* The string literals of C source text (comments and character constants
** skipped), each checked; a message per column name into out.  Returns
** how many. */
static int scan_literals(const char *file, const char *text, char *out, size_t n)
{
    int found = 0, line = 1;
    size_t len = strlen(out);
    for (const char *p = text; *p;) {
        const char *past = skip_comment(p, &line);
        if (past != p) {
            p = past;
        } else if (*p == '\'' || *p == '"') {
            char lit[256];
            past = read_literal(p, lit, sizeof lit);
            if (*p == '"' && column_literal(file, lit)) {
                found++;
                len += (size_t)snprintf(out + len, len < n ? n - len : 0,
                                        "\nsrc/%s:%d: \"%s\"", file, line, lit);
            }
            p = past;
        } else {
            line += *p++ == '\n';
        }
    }
    return found;
}

/* The scanner itself: a literal in code is found, one in a comment, a
** character constant or another vocabulary's list is not. */
static void test_literal_scanner(void **state)
{
    (void)state;
    char out[512] = "";
    assert_int_equal(scan_literals("x.c", "f(\"read_p99_us_median\");\n", out, sizeof out), 1);
    assert_string_equal(out, "\nsrc/x.c:1: \"read_p99_us_median\"");
    out[0] = 0;
    assert_int_equal(scan_literals("x.c", "/* \"rows\" */ c = '\"'; // \"rows\"\n", out,
                                   sizeof out),
                     0);
    assert_int_equal(scan_literals("optiontable.c", "{\"rows\", 1}", out, sizeof out), 0);
    assert_int_equal(scan_literals("x.c", "{\"rows\", 1}", out, sizeof out), 1);
}

/* src/file's text into text (size bytes). */
static void read_source(const char *file, char *text, size_t size)
{
    char path[1024];
    assert_int_equal(src_path(file, path, sizeof path), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, size - 1, f);
    assert_true(n < size - 1);
    text[n] = 0;
    fclose(f);
}

/* scan over every file of src/, its messages into out (n bytes); returns
** how many it found. */
static int scan_tree(int (*scan)(const char *file, const char *text, char *out, size_t n),
                     char *out, size_t n)
{
    static char files[MAXFILES][64], text[1 << 20];
    int found = 0;
    out[0] = 0;
    for (int k = 0, nf = source_files(files); k < nf; k++) {
        read_source(files[k], text, sizeof text);
        found += scan(files[k], text, out, n);
    }
    return found;
}

static void test_no_column_literal(void **state)
{
    (void)state;
    static char out[16384];
    if (scan_tree(scan_literals, out, sizeof out))
        fail_msg("a column named by a string outside the schema's tables: use its COL_ id "
                 "(colid.h)%s",
                 out);
}

/* The files whose string keys are another JSON document's, each its own
** vocabulary; everywhere else a key is run.json's, named by runkey.h. */
static const struct {
    const char *file, *what;
} other_documents[] = {
    {"summaryjson.c", "summary.json: summary.csv typed, with units"},
};

/* Whether file writes another document than run.json. */
static int other_document(const char *file)
{
    for (size_t i = 0; i < sizeof other_documents / sizeof *other_documents; i++)
        if (strcmp(other_documents[i].file, file) == 0)
            return 1;
    return 0;
}

/* Whether the identifier at p (len bytes) names one of jansson's calls
** that take an object's key second: json_object_get, _set, _del and
** their variants (json_object_set_new, json_object_getn...). */
static int key_call(const char *p, size_t len)
{
    static const char *const calls[] = {"json_object_get", "json_object_set", "json_object_del"};
    for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
        if (len >= strlen(calls[i]) && strncmp(p, calls[i], strlen(calls[i])) == 0)
            return 1;
    return 0;
}

/* The key calls of C source text whose key (its second argument, at its
** own level: a conditional's branches too) holds a string literal; a
** message per literal into out.  Returns how many; none in a file of
** another document. */
static int scan_keys(const char *file, const char *text, char *out, size_t n)
{
    struct {
        int depth, arg;     /* its parenthesis' depth; the argument at it */
    } calls[32];            /* the key calls the text is inside, innermost last */
    int ncalls = 0, depth = 0, found = 0, line = 1, call = 0;
    size_t len = strlen(out);
    if (other_document(file))
        return 0;
    for (const char *p = text; *p;) {
        const char *past = skip_comment(p, &line);
        if (past != p) {
            p = past;
            continue;
        }
        if (*p == '\'' || *p == '"') {
            char lit[256];
            past = read_literal(p, lit, sizeof lit);
            if (*p == '"' && ncalls && calls[ncalls - 1].depth == depth &&
                calls[ncalls - 1].arg == 1) {
                found++;
                len += (size_t)snprintf(out + len, len < n ? n - len : 0,
                                        "\nsrc/%s:%d: key \"%s\"", file, line, lit);
            }
            p = past;
            call = 0;
            continue;
        }
        if (isalpha((unsigned char)*p) || *p == '_') {
            size_t id = 0;
            while (isalnum((unsigned char)p[id]) || p[id] == '_')
                id++;
            call = key_call(p, id);
            p += id;
            continue;
        }
        if (*p == '(') {
            depth++;
            if (call) {
                assert_true(ncalls < (int)(sizeof calls / sizeof *calls));
                calls[ncalls].depth = depth;
                calls[ncalls++].arg = 0;
            }
        } else if (*p == ')') {
            if (ncalls && calls[ncalls - 1].depth == depth)
                ncalls--;
            depth--;
        } else if (*p == ',' && ncalls && calls[ncalls - 1].depth == depth) {
            calls[ncalls - 1].arg++;
        }
        if (!isspace((unsigned char)*p))
            call = 0;
        line += *p++ == '\n';
    }
    return found;
}

/* The key scanner itself: a literal key is found, in a call nested in
** another, over lines, in a conditional; a constant, a value, a comment,
** another call's literal or another document's file is not. */
static void test_key_scanner(void **state)
{
    (void)state;
    char out[512] = "";
    assert_int_equal(scan_keys("x.c", "v = json_object_get(o, \"status\");\n", out, sizeof out),
                     1);
    assert_string_equal(out, "\nsrc/x.c:1: key \"status\"");
    out[0] = 0;
    assert_int_equal(scan_keys("x.c",
                               "json_object_get(json_object_get(j, \"host\"), RUNKEY_HOST_CPUS);\n"
                               "json_object_set_new (o,\n    \"a\", json_string(\"v\"));\n"
                               "json_object_del(o, i ? \"x\" : RUNKEY_PID);\n",
                               out, sizeof out),
                     3);
    assert_string_equal(out, "\nsrc/x.c:1: key \"host\"\nsrc/x.c:3: key \"a\""
                             "\nsrc/x.c:4: key \"x\"");
    out[0] = 0;
    const char *fine = "json_object_set_new(o, RUNKEY_STATUS, json_string(\"ok\"));\n"
                       "/* json_object_get(o, \"x\") */ c = ',';\n"
                       "json_pack(\"{s:s}\", \"k\", \"v\"); my_json_object_get(o, \"x\");\n"
                       "json_object_get(o, f(\"x\", 1)); json_object_get(o, k), g(a, \"y\");\n";
    assert_int_equal(scan_keys("x.c", fine, out, sizeof out), 0);
    assert_int_equal(scan_keys("summaryjson.c", "json_object_get(o, \"cells\");", out, sizeof out),
                     0);
    assert_string_equal(out, "");
}

/* run.json's keys are runkey.h's: no json_object_get, _set or _del names
** a key by a literal outside the files of other documents. */
static void test_no_literal_key(void **state)
{
    (void)state;
    static char out[16384];
    if (scan_tree(scan_keys, out, sizeof out))
        fail_msg("a JSON key as a string literal: name run.json's by its constant (runkey.h), or "
                 "list a file of another document in other_documents (test_source.c)%s",
                 out);
}

/* text with its comments and literals blanked (newlines kept) into code
** (size bytes), so that a pattern finds code alone. */
static void code_only(const char *text, char *code, size_t size)
{
    size_t k = 0;
    int line = 0;
    for (const char *p = text; *p && k < size - 1;) {
        const char *past = skip_comment(p, &line);
        if (past == p && (*p == '\'' || *p == '"')) {
            char lit[256];
            past = read_literal(p, lit, sizeof lit);
        }
        int keep = past == p;
        if (keep)
            past = p + 1;
        for (; p < past && k < size - 1; p++)
            code[k++] = keep || *p == '\n' ? *p : ' ';
    }
    code[k] = 0;
}

/* The line of offset off in text. */
static int line_at(const char *text, size_t off)
{
    int line = 1;
    for (size_t i = 0; i < off && text[i]; i++)
        line += text[i] == '\n';
    return line;
}

/* The message buffers of C source text spelled other than char *err,
** size_t errlen: a pointer named as one (err, why, what, msg, errbuf,
** errmsg) or a size named for one (err...).  A message per buffer into
** out; returns how many. */
static int scan_errbufs(const char *file, const char *text, char *out, size_t n)
{
    static char code[1 << 20];
    static const char *const names[] = {"err", "why", "what", "msg", "errbuf", "errmsg"};
    regex_t re;
    regmatch_t m[3];
    int found = 0;
    size_t len = strlen(out);
    assert_int_equal(regcomp(&re, "char \\*([a-z_]+),[[:space:]]+size_t ([a-z_]+)[),]",
                             REG_EXTENDED), 0);
    code_only(text, code, sizeof code);
    for (const char *p = code; regexec(&re, p, 3, m, p == code ? 0 : REG_NOTBOL) == 0;
         p += m[0].rm_eo) {
        char buf[64], size[64];
        snprintf(buf, sizeof buf, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), p + m[1].rm_so);
        snprintf(size, sizeof size, "%.*s", (int)(m[2].rm_eo - m[2].rm_so), p + m[2].rm_so);
        int named = strncmp(size, "err", 3) == 0;
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
            named |= strcmp(buf, names[i]) == 0;
        if (named && (strcmp(buf, "err") != 0 || strcmp(size, "errlen") != 0)) {
            found++;
            len += (size_t)snprintf(out + len, len < n ? n - len : 0,
                                    "\nsrc/%s:%d: char *%s, size_t %s", file,
                                    line_at(code, (size_t)(p - code + m[0].rm_so)), buf, size);
        }
    }
    regfree(&re);
    return found;
}

/* The files that may write to standard error, each with what it writes. */
static const struct {
    const char *file, *what;
} stderr_writers[] = {
    {"main.c", "a command's error, in one line"},
    {"progress.c", "the progress line"},
    {"notice.c", "a line for the user from below main"},
};

/* The uses of stderr in C source text's code outside stderr_writers; a
** message per use into out; returns how many. */
static int scan_stderr(const char *file, const char *text, char *out, size_t n)
{
    static char code[1 << 20];
    int found = 0;
    size_t len = strlen(out);
    for (size_t i = 0; i < sizeof stderr_writers / sizeof *stderr_writers; i++)
        if (strcmp(stderr_writers[i].file, file) == 0)
            return 0;
    code_only(text, code, sizeof code);
    for (const char *p = code; (p = strstr(p, "stderr")) != NULL; p += 6) {
        int alone = (p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
                    !(isalnum((unsigned char)p[6]) || p[6] == '_');
        if (alone) {
            found++;
            len += (size_t)snprintf(out + len, len < n ? n - len : 0, "\nsrc/%s:%d: stderr",
                                    file, line_at(code, (size_t)(p - code)));
        }
    }
    return found;
}

/* The two scanners themselves: each spelling found, with its line; the
** convention, a comment, a string, another buffer and a writer's own
** file not. */
static void test_convention_scanners(void **state)
{
    (void)state;
    char out[512] = "";
    assert_int_equal(scan_errbufs("x.c",
                                  "int f(char *why, size_t n);\nint g(int a, char *err,\n"
                                  "      size_t n)\n{\n}\nint h(char *e, size_t errn);\n",
                                  out, sizeof out),
                     3);
    assert_string_equal(out, "\nsrc/x.c:1: char *why, size_t n\nsrc/x.c:2: char *err, size_t n"
                             "\nsrc/x.c:6: char *e, size_t errn");
    out[0] = 0;
    assert_int_equal(scan_errbufs("x.c",
                                  "int f(char *err, size_t errlen);\n"
                                  "/* int f(char *why, size_t n); */ s = \"char *why, size_t n)\";\n"
                                  "int g(char *buf, size_t n, char *err, size_t errlen);\n",
                                  out, sizeof out),
                     0);
    assert_int_equal(scan_stderr("x.c", "fflush(stderr);\n/* stderr */ f(\"stderr\");\n"
                                        "x = my_stderr + stderr_n;\nfputs(s, stderr);\n",
                                 out, sizeof out),
                     2);
    assert_string_equal(out, "\nsrc/x.c:1: stderr\nsrc/x.c:4: stderr");
    out[0] = 0;
    assert_int_equal(scan_stderr("notice.c", "fflush(stderr);\n", out, sizeof out), 0);
    assert_string_equal(out, "");
}

static void test_one_message_buffer(void **state)
{
    (void)state;
    static char out[16384];
    if (scan_tree(scan_errbufs, out, sizeof out))
        fail_msg("a message buffer spelled otherwise than char *err, size_t errlen%s", out);
}

static void test_stderr_writers(void **state)
{
    (void)state;
    static char out[16384];
    if (scan_tree(scan_stderr, out, sizeof out))
        fail_msg("standard error written outside main, progress and notice: pass the message "
                 "up in err, or say it with notice_line (notice.h)%s",
                 out);
}

/* The files that format a floating figure themselves, each with why: the
** numbers of a file a program reads stay whole, full precision. */
static const struct {
    const char *file, *why;
} float_writers[] = {
    {"units.c", "the forms themselves, three significant figures"},
    {"csvout.c", "the CSV files' numbers, to each column's precision, for parsers"},
    {"tsv.c", "the data files gnuplot reads, %.9g and %.17g"},
    {"metrics.c", "the Prometheus file, numbers for a scraper"},
    {"compare.c", "comparison.csv's ratios and confidence, numbers for parsers"},
    {"shareaudit.c", "summary.csv's wall_s held against run.json's: the files' own digits"},
    {"sdclass.c", "the SD Association's minimums as its specification writes them, and a "
                  "figure that missed one cut to the digits shown, never rounded up to it"},
};

/* Whether literal lit holds a floating conversion (%f, %.2f, %*.*g, %le
** ...), "%%" aside.  The space flag is left out: "5% from" is prose, in a
** string printed by "%s". */
static int float_format(const char *lit)
{
    for (const char *p = lit; (p = strchr(p, '%')) != NULL;) {
        p++;
        if (*p == '%') {
            p++;
            continue;
        }
        p += strspn(p, "-+#0'");
        p += strspn(p, "0123456789*");
        if (*p == '.') {
            p++;
            p += strspn(p, "0123456789*");
        }
        p += strspn(p, "hlLqjzt");
        if (*p && strchr("fFeEgGaA", *p))
            return 1;
    }
    return 0;
}

/* The floating formats of C source text outside the writers above (a
** scanf's pattern, on its line, reads and is not one); a message each
** into out.  Returns how many. */
static int scan_floats(const char *file, const char *text, char *out, size_t n)
{
    for (size_t i = 0; i < sizeof float_writers / sizeof *float_writers; i++)
        if (strcmp(file, float_writers[i].file) == 0)
            return 0;
    int found = 0, line = 1;
    size_t len = strlen(out);
    const char *bol = text;
    for (const char *p = text; *p;) {
        const char *past = skip_comment(p, &line);
        if (past != p) {
            p = past;
        } else if (*p == '\'' || *p == '"') {
            char lit[512], before[256];
            size_t k = (size_t)(p - bol) < sizeof before ? (size_t)(p - bol) : sizeof before - 1;
            memcpy(before, p - k, k);
            before[k] = 0;
            past = read_literal(p, lit, sizeof lit);
            if (*p == '"' && float_format(lit) && !strstr(before, "scanf(")) {
                found++;
                len += (size_t)snprintf(out + len, len < n ? n - len : 0,
                                        "\nsrc/%s:%d: \"%s\"", file, line, lit);
            }
            p = past;
        } else {
            if (*p == '\n') {
                line++;
                bol = p + 1;
            }
            p++;
        }
    }
    return found;
}

/* The scanner itself: each floating format found, "%%", integers, a
** comment, a scanf's pattern and a writer's own file not. */
static void test_float_scanner(void **state)
{
    (void)state;
    char out[512] = "";
    assert_int_equal(scan_floats("x.c",
                                 "f(\"%.1f s\");\ng(\"%g\", \"%*.*f\");\n"
                                 "h(\"%9.3lf ms %.0f%%\");\n",
                                 out, sizeof out),
                     4);
    assert_string_equal(out, "\nsrc/x.c:1: \"%.1f s\"\nsrc/x.c:2: \"%g\"\nsrc/x.c:2: \"%*.*f\""
                             "\nsrc/x.c:3: \"%9.3lf ms %.0f%%\"");
    out[0] = 0;
    assert_int_equal(scan_floats("x.c",
                                 "f(\"%d%% %s %lld %\" PRId64 \"\");\n/* \"%.2f\" */ "
                                 "c = '%';\nsscanf(l, \"%ld,%lf\", &a, &b);\nf(\"%s\", \"5% from\");\n",
                                 out, sizeof out),
                     0);
    assert_int_equal(scan_floats("csvout.c", "f(\"%.*f\");\n", out, sizeof out), 0);
    assert_string_equal(out, "");
}

static void test_figures_by_units(void **state)
{
    (void)state;
    static char out[16384];
    if (scan_tree(scan_floats, out, sizeof out))
        fail_msg("a figure formatted by hand: say it with units.h (units_rate, units_bytes, "
                 "units_secs, units_number, units_ratio, units_pct), or list the file among "
                 "the writers of numbers for a program, with why%s",
                 out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cycle_detector),
        cmocka_unit_test(test_no_include_cycle),
        cmocka_unit_test(test_literal_scanner),
        cmocka_unit_test(test_no_column_literal),
        cmocka_unit_test(test_key_scanner),
        cmocka_unit_test(test_no_literal_key),
        cmocka_unit_test(test_convention_scanners),
        cmocka_unit_test(test_one_message_buffer),
        cmocka_unit_test(test_stderr_writers),
        cmocka_unit_test(test_float_scanner),
        cmocka_unit_test(test_figures_by_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
