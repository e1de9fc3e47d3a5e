/*
** report: report.html of results folders made here, in a folder of the
** test's own, by the project's own writers (run.json by runjson, summary.csv
** by summary_rewrite, chunks.csv and durability.csv by csvout), from
** records of cells that options_parse and plan_build planned; each folder
** read back as `sqlsoak plot` reads it (plotdata_load, plotcrash_load) and
** its page written by report_write, without gnuplot: no graph is drawn
** unless a test puts an image in plots/ itself.  The page is checked for
** what a reader relies on: it is whole and put in place by a rename (no
** temporary file left, a failed rename leaves none either), every cell of
** the table in cell and repeat order with its settings and its figures as
** digits groups them, a cell that did not measure with its status and
** reason, every text from the folder escaped, the graphs not drawn named
** with their reason, and a crash folder's durability table where a run
** folder has its summary.  Then html.c's escaping, piece by piece.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "csvout.h"
#include "graphs.h"
#include "html.h"
#include "measured.h"
#include "options.h"
#include "plan.h"
#include "plotcrash.h"
#include "plotdata.h"
#include "plotspread.h"
#include "report.h"
#include "runjson.h"
#include "summary.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The reason of the cell that did not measure, with text a page must escape. */
#define REASON "journal_mode=truncate read back as <delete> & \"refused\""
#define REASON_HTML "journal_mode=truncate read back as &lt;delete&gt; &amp; &quot;refused&quot;"
/* The run folder's name, and so the page's title: escaped too. */
#define RUN_NAME "night<1>&'x'"
#define RUN_NAME_HTML "night&lt;1&gt;&amp;&#39;x&#39;"
#define HOST "pi<4>&b"
#define HOST_HTML "pi&lt;4&gt;&amp;b"

static char root[4096];

static int make_root(void **state)
{
    (void)state;
    const char *t = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/test_report.XXXXXX", t && *t ? t : "/tmp");
    return mkdtemp(root) ? 0 : -1;
}

static int remove_root(void **state)
{
    char cmd[4200];
    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf -- '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

/* root/name, made. */
static void subdir(const char *name, char *dir, size_t n)
{
    snprintf(dir, n, "%s/%s", root, name);
    assert_int_equal(mkdir(dir, 0755), 0);
}

/* The options of argv (a NULL-terminated list) for cmd, and their plan. */
static void planned(enum command cmd, const char *const *argv, struct config *cfg,
                    struct cell **cells, int *n)
{
    char err[512] = "";
    int help = 0, argc = 0;
    while (argv[argc])
        argc++;
    if (options_parse(cfg, cmd, argc, (char **)argv, &help, err, sizeof err) ||
        plan_build(cfg, cells, n, err, sizeof err))
        fail_msg("the folder's options: %s", err);
}

/* dir/run.json as a finished run writes it: its command line, options,
** host and storage, status ok. */
static void write_runjson(const char *dir, const struct config *cfg, const char *const *argv)
{
    struct host_info h = {.cpus = 4, .ram_bytes = 4LL << 30};
    struct storage_info st = {.rotational = 0, .free_bytes = -1, .total_bytes = -1};
    int argc = 0;
    while (argv[argc])
        argc++;
    snprintf(h.hostname, sizeof h.hostname, "%s", HOST);
    snprintf(h.kernel, sizeof h.kernel, "Linux 6.1.0");
    snprintf(h.cpu_model, sizeof h.cpu_model, "Cortex-A72");
    snprintf(st.fstype, sizeof st.fstype, "ext4");
    snprintf(st.mount_point, sizeof st.mount_point, "/mnt/card");
    snprintf(st.mount_options, sizeof st.mount_options, "rw,relatime");
    snprintf(st.device, sizeof st.device, "/dev/sda1");
    struct runjson *r = runjson_new(cfg, argc, (char **)argv);
    assert_non_null(r);
    runjson_set_host(r, &h, &st);
    runjson_set_status(r, "ok", NULL);
    runjson_set_end(r, "2026-12-04T06:00:00Z", 0);
    assert_int_equal(runjson_write(r, dir), 0);
    runjson_free(r);
}

/* dir/name: f's header, then the n records of recs (each size bytes). */
static void write_csv(const char *dir, const char *name, enum csv_file f, const void *recs,
                      int n, size_t size)
{
    char path[4300], line[16384];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    assert_true(fd >= 0);
    int len = csvout_header(f, line, sizeof line);
    assert_true(len > 0);
    assert_int_equal(csvout_append(fd, line, len), 0);
    for (int i = 0; i < n; i++) {
        len = csvout_row(f, (const char *)recs + (size_t)i * size, line, sizeof line);
        assert_true(len > 0);
        assert_int_equal(csvout_append(fd, line, len), 0);
    }
    assert_int_equal(close(fd), 0);
}

/* A run of three journal modes, twice each: delete and wal measured,
** truncate unsupported.  Its figures, per journal mode: */
static const struct {
    double write, read, p99, vfs_db, vfs_journal;
    int64_t db_bytes;
} figs[] = {
    {123456.7, 98765.4, 812.345, 100, 50, 1234567},
    {234567.8, 87654.3, 95.5, 110, 0, 2345678},
};
static const char *const run_argv[] = {"sqlsoak", "--rows", "2000", "--chunk", "1000",
                                       "--journal", "delete,wal,truncate", "--repeat", "2",
                                       NULL};

/* dir as `sqlsoak run` leaves it (with run.json unless bare), its cells in
** the order they ran. */
static void make_run(const char *dir, int bare)
{
    struct config cfg;
    struct cell *cells;
    int n;
    planned(CMD_RUN, run_argv + 1, &cfg, &cells, &n);
    assert_int_equal(n, 6);
    struct summary_record *sum = calloc((size_t)n, sizeof *sum);
    struct chunk_record *chk = calloc((size_t)n * 2, sizeof *chk);
    assert_non_null(sum);
    assert_non_null(chk);
    int nchk = 0;
    for (int i = 0; i < n; i++) {
        struct summary_record *s = &sum[i];
        csvout_clear(CSV_SUMMARY, s);
        plan_cell_id(&cfg, &cells[i], "3.45.1", "2024-01-30 source", &s->id);
        s->chunks = 2;
        s->rows = 2000;
        if (cells[i].combo == 3) {
            snprintf(s->status, sizeof s->status, "unsupported");
            snprintf(s->reason, sizeof s->reason, "%s", REASON);
            s->chunks = s->rows = 0;
            continue;
        }
        int k = (int)cells[i].combo - 1;
        snprintf(s->status, sizeof s->status, "ok");
        s->ph[PHASE_WRITE].median = figs[k].write + (double)cells[i].repeat;
        s->ph[PHASE_READ].median = figs[k].read;
        s->ph[PHASE_READ].us[LAT_P99] = figs[k].p99;
        s->write_last_over_first = 0.5;
        s->db_cached_pct_median = 100;
        s->db_bytes = figs[k].db_bytes;
        s->wall_s = 10;
        s->vfs_bytes_per_row[0] = figs[k].vfs_db;
        s->vfs_bytes_per_row[1] = figs[k].vfs_journal;
        s->vfs_syncs_per_commit = 3;
        for (int c = 0; c < 2; c++) {
            struct chunk_record *x = &chk[nchk++];
            csvout_clear(CSV_CHUNKS, x);
            x->id = s->id;
            x->chunk = c;
            x->rows = 1000 * (c + 1);
            x->ph[PHASE_WRITE].ops = 1000;
            x->ph[PHASE_WRITE].rate = s->ph[PHASE_WRITE].median;
            x->ph[PHASE_READ].ops = 1000;
            x->ph[PHASE_READ].rate = figs[k].read;
        }
    }
    char err[512];
    if (summary_rewrite(dir, sum, n, err, sizeof err))
        fail_msg("%s", err);
    write_csv(dir, "chunks.csv", CSV_CHUNKS, chk, nchk, sizeof *chk);
    if (!bare)
        write_runjson(dir, &cfg, run_argv);
    free(sum);
    free(chk);
    free(cells);
    config_free(&cfg);
}

/* What `sqlsoak plot` hands report_write of the run folders here: what
** their chunks measured, with chunks, and the spread of the one setting
** that varies.  The other bits plot sets are not theirs: one setting
** varies (no heatmap), one commit size, one library, no readers, no
** timeline.csv. */
static unsigned run_have(const struct plotdata_run *r)
{
    struct measured m = {0};
    measured_add(&m, &r->chunks, NULL, 0);
    return (measured_needs(&m) & ~GRAPHS_TELEMETRY) | GRAPHS_CHUNKS |
           (plotspread_dimension(r) >= 0 ? GRAPHS_SPREAD : 0);
}

/* The whole of path, malloc'd, NUL-terminated. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *s = NULL;
    size_t n = 0, got;
    char b[8192];
    while ((got = fread(b, 1, sizeof b, f)) > 0) {
        s = realloc(s, n + got + 1);
        assert_non_null(s);
        memcpy(s + n, b, got);
        n += got;
    }
    fclose(f);
    assert_non_null(s);
    s[n] = 0;
    return s;
}

/* Loads dir as plot does (a crash folder or a run's), writes its report
** with what plot hands it, and returns the page (malloc'd); the temporary
** file is gone. */
static char *report_of(const char *dir, int crash)
{
    struct plotdata_run r;
    char err[600], path[4300];
    if ((crash ? plotcrash_load(dir, &r, err, sizeof err) : plotdata_load(dir, &r, err,
                                                                           sizeof err)) != 0)
        fail_msg("%s", err);
    /* a crash folder with cells has its trials' graph */
    assert_int_equal(report_write(&r, crash ? GRAPHS_TRIALS : run_have(&r), stderr), 0);
    plotdata_free(&r);
    snprintf(path, sizeof path, "%s/.report.html.tmp", dir);
    assert_int_equal(access(path, F_OK), -1);
    snprintf(path, sizeof path, "%s/report.html", dir);
    return slurp(path);
}

/* The page of a run folder root/name made by make_run. */
static char *run_report(const char *name, int bare)
{
    char dir[4200];
    subdir(name, dir, sizeof dir);
    make_run(dir, bare);
    return report_of(dir, 0);
}

/* The line of page that begins with start, into buf; fails when none. */
static const char *line_from(const char *page, const char *start, char *buf, size_t n)
{
    const char *p = strstr(page, start);
    if (!p)
        fail_msg("no line begins with %s", start);
    size_t len = strcspn(p, "\n");
    snprintf(buf, n, "%.*s", (int)len, p);
    return buf;
}

static void has(const char *page, const char *want)
{
    if (!strstr(page, want))
        fail_msg("the page lacks: %s", want);
}

static void lacks(const char *page, const char *text)
{
    if (strstr(page, text))
        fail_msg("the page has: %s", text);
}

/* The page is whole: a document from its doctype to its end, titled by
** the folder's name, escaped; it replaced the page before it. */
static void test_page_whole_in_place(void **state)
{
    (void)state;
    char dir[4200], path[4300];
    subdir(RUN_NAME, dir, sizeof dir);
    make_run(dir, 0);
    snprintf(path, sizeof path, "%s/report.html", dir);
    FILE *old = fopen(path, "w");
    assert_non_null(old);
    fputs("an earlier page\n", old);
    assert_int_equal(fclose(old), 0);
    char *page = report_of(dir, 0);
    assert_int_equal(strncmp(page, "<!DOCTYPE html>\n", 16), 0);
    size_t len = strlen(page);
    assert_true(len > 16);
    assert_string_equal(page + len - 15, "</body></html>\n");
    lacks(page, "an earlier page");
    has(page, "<title>sqlsoak: " RUN_NAME_HTML "</title>");
    has(page, "<h1>sqlsoak results: " RUN_NAME_HTML "</h1>");
    lacks(page, RUN_NAME);
    /* the run's description: host and storage from run.json, escaped */
    has(page, "<tr><th>host</th><td>" HOST_HTML " · Cortex-A72 · 4 CPUs · 4.00 GiB RAM · "
              "Linux 6.1.0</td></tr>");
    has(page, "<tr><th>command</th><td>sqlsoak --rows 2000 --chunk 1000 --journal "
              "delete,wal,truncate --repeat 2</td></tr>");
    has(page, "<tr><th>status</th><td>ok</td></tr>");
    has(page, "<tr><th>ended</th><td>2026-12-04T06:00:00Z</td></tr>");
    has(page, "host " HOST_HTML " · ext4 on /dev/sda1");
    lacks(page, HOST);
    /* a run's sections, and no crash folder's */
    has(page, "<h2>Summary</h2>");
    lacks(page, "<h2>Durability</h2>");
    free(page);
}

/* A report that cannot be put in place (report.html is a folder) fails,
** says so, and leaves no temporary file. */
static void test_failed_rename_leaves_nothing(void **state)
{
    (void)state;
    char dir[4200], path[4300], *said = NULL;
    size_t saidn = 0;
    subdir("blocked", dir, sizeof dir);
    make_run(dir, 0);
    snprintf(path, sizeof path, "%s/report.html", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/report.html/keep", dir);
    FILE *k = fopen(path, "w");
    assert_non_null(k);
    assert_int_equal(fclose(k), 0);
    struct plotdata_run r;
    char err[600];
    if (plotdata_load(dir, &r, err, sizeof err))
        fail_msg("%s", err);
    FILE *msg = open_memstream(&said, &saidn);
    assert_non_null(msg);
    assert_int_equal(report_write(&r, run_have(&r), msg), -1);
    assert_int_equal(fclose(msg), 0);
    plotdata_free(&r);
    assert_non_null(strstr(said, "cannot write"));
    assert_non_null(strstr(said, "/report.html"));
    free(said);
    snprintf(path, sizeof path, "%s/.report.html.tmp", dir);
    assert_int_equal(access(path, F_OK), -1);
}

/* The table of cells: the settings every cell shares above it; a row per
** run of a cell, in cell then repeat order (summary.csv has them as they
** ran, by round); the journal mode, the only setting that varies, in a
** column; the figures as digits groups them; the unsupported cell with
** its status and its reason, escaped, and no figures. */
static void test_cells_table(void **state)
{
    (void)state;
    char row[8192];
    char *page = run_report("cells", 0);
    has(page, "<p class=same>Every cell: sqlite_version <b>3.45.1</b> · page_size <b>4k</b>");
    has(page, "<th title=\"journal_mode\">journal mode</th>");
    const char *want[] = {
        "<tr class=\"ok\"><td>1</td><td>1</td><td>delete</td>",
        "<tr class=\"ok\"><td>1</td><td>2</td><td>delete</td>",
        "<tr class=\"ok\"><td>2</td><td>1</td><td>wal</td>",
        "<tr class=\"ok\"><td>2</td><td>2</td><td>wal</td>",
        "<tr class=\"bad\"><td>3</td><td>1</td><td>truncate</td>",
        "<tr class=\"bad\"><td>3</td><td>2</td><td>truncate</td>",
    };
    const char *at = page;
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        const char *p = strstr(page, want[i]);
        if (!p)
            fail_msg("no row %s", want[i]);
        assert_true(p > at);    /* in this order */
        at = p;
    }
    /* cell 1 repeat 1: write 123457.7 and read 98765 as rates, to three
    ** significant figures; the p99 so too; the cost ratio the inverse of
    ** last over first; the status ok */
    line_from(page, want[0], row, sizeof row);
    has(row, "<td class=n>123k</td><td class=n>2.00</td><td class=n>98.8k</td>"
             "<td class=n>812</td><td class=n>100</td>");
    has(row, "<td class=st>ok</td>");
    has(row, "<td class=n>2k</td>");            /* rows in the table: exact, as --rows */
    has(row, "<td class=n>1.23 MB</td>");       /* database size */
    line_from(page, want[3], row, sizeof row);
    has(row, "<td class=n>235k</td><td class=n>2.00</td><td class=n>87.7k</td>"
             "<td class=n>95.5</td>");
    line_from(page, want[4], row, sizeof row);
    /* no figure of its own */
    has(row, "<td>truncate</td><td class=n></td><td class=n></td><td class=n></td>"
             "<td class=n></td><td class=n></td><td class=st>unsupported: " REASON_HTML
             "</td>");
    lacks(page, "<delete>");
    free(page);
}

/* Writes by file: each measured cell's bytes a row by file, the
** unsupported cell not among them. */
static void test_writes_by_file(void **state)
{
    (void)state;
    char *page = run_report("writes", 0);
    has(page, "<h2>Writes by file</h2>");
    has(page, "<li>cell 1 · repeat 1: SQLite wrote 150 bytes a row into its files "
              "(database 100, journal 50.0); 3.00 syncs per COMMIT</li>");
    has(page, "<li>cell 2 · repeat 2: SQLite wrote 110 bytes a row into its files "
              "(database 110); 3.00 syncs per COMMIT</li>");
    lacks(page, "<li>cell 3");
    free(page);
}

/* Without gnuplot's images: the page says none was drawn; the graphs
** whose data the run lacks are named, each with its reason, and only
** those of a run folder. */
static void test_graphs_not_drawn(void **state)
{
    (void)state;
    char item[512];
    char *page = run_report("nographs", 0);
    has(page, "<p>No graphs were drawn");
    lacks(page, "<img");
    has(page, "<h3>Graphs not drawn</h3>");
    /* heatmaps need two settings varying: only the journal mode does */
    has(page, "<li>heatmap_write: ");
    has(page, "<li>heatmap_read: ");
    lacks(page, "<li>write: ");          /* its data is there */
    lacks(page, "<li>spread: ");         /* one setting varies: drawable */
    lacks(page, "<li>durability: ");     /* a crash folder's */
    /* every graph of a run the measured facts do not allow, with its
    ** reason from the graph list */
    const struct graphs_graph *g;
    unsigned have = GRAPHS_CHUNKS | GRAPHS_READS | GRAPHS_SPREAD;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; (g->modes & GRAPHS_RUN) && k < 2 && g->out[k].name; k++) {
            const char *why = graphs_reason(g->needs | g->out[k].needs, have);
            snprintf(item, sizeof item, "<li>%s: %s</li>", g->out[k].name, why ? why : "");
            if (why)
                has(page, item);
            else
                lacks(page, item);
        }
    free(page);
}

/* A graph drawn is inside the page as its PNG's bytes in base64, with its
** caption and its files; an image whose data the run lacks (left from
** an earlier drawing) is not shown. */
static void test_graph_embedded(void **state)
{
    (void)state;
    char dir[4200], path[4300];
    static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0xff};
    subdir("drawn", dir, sizeof dir);
    make_run(dir, 0);
    snprintf(path, sizeof path, "%s/plots", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    const char *const files[] = {"write.png", "write.svg", "heatmap_write.png"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/plots/%s", dir, files[i]);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(png, 1, sizeof png, f), sizeof png);
        assert_int_equal(fclose(f), 0);
    }
    char *page = report_of(dir, 0);
    has(page, "<figure><img src=\"data:image/png;base64,iVBORw0KGgoA/w==\" alt=\"write\">"
              "<figcaption>");
    has(page, "<small>plots/write.png, .svg</small></figcaption></figure>");
    lacks(page, "alt=\"heatmap_write\"");
    lacks(page, "No graphs were drawn");
    free(page);
}

/* A folder without run.json (a run killed before writing one): the page
** says so and is written all the same. */
static void test_without_runjson(void **state)
{
    (void)state;
    char *page = run_report("bare", 1);
    has(page, "<tr><th>run.json</th><td>missing or unreadable</td></tr>");
    has(page, "<tr class=\"ok\"><td>1</td><td>1</td>");
    free(page);
}

/* A crash folder: its durability, a table of journal modes against
** synchronous settings, each measured cell's trials, a cell that failed
** with its status and reason escaped, a pair never run said so; no
** summary of a run's cells. */
static void test_crash_durability(void **state)
{
    (void)state;
    static const char *const argv[] = {"sqlsoak", "--rows", "2000", "--chunk", "1000",
                                       "--journal", "delete,wal", "--sync", "normal,full",
                                       "--trials", "20", NULL};
    char dir[4200];
    struct config cfg;
    struct cell *cells;
    int n;
    subdir("crash", dir, sizeof dir);
    planned(CMD_CRASH, argv + 1, &cfg, &cells, &n);
    assert_int_equal(n, 4);
    struct durability_record d[4];
    int nd = 0;
    for (int i = 0; i < n; i++) {
        struct durability_record *x = &d[nd];
        csvout_clear(CSV_DURABILITY, x);
        plan_cell_id(&cfg, &cells[i], "3.45.1", "2024-01-30 source", &x->id);
        int wal = cells[i].v[DIM_JOURNAL] != cells[0].v[DIM_JOURNAL];
        int full = cells[i].v[DIM_SYNC] != cells[0].v[DIM_SYNC];
        if (wal && full)
            continue;    /* never run */
        nd++;
        if (wal) {
            snprintf(x->status, sizeof x->status, "failed");
            snprintf(x->reason, sizeof x->reason, "cannot open <db> & retry");
            continue;
        }
        snprintf(x->status, sizeof x->status, "ok");
        x->trials = 20;
        x->intact = full ? 20 : 18;
        x->lost_trials = full ? 0 : 2;
        x->lost_commits = full ? 0 : 3;
        x->write_rows_per_s = 5000;
    }
    assert_int_equal(nd, 3);
    write_csv(dir, "durability.csv", CSV_DURABILITY, d, nd, sizeof *d);
    write_runjson(dir, &cfg, argv);
    free(cells);
    config_free(&cfg);
    char *page = report_of(dir, 1);
    has(page, "<h2>Durability</h2>");
    lacks(page, "<h2>Summary</h2>");
    lacks(page, "<table class=sum>");
    has(page, "<p>20 power cuts per cell · 2k rows in chunks of 1k · host " HOST_HTML);
    has(page, "<th>journal_mode \\ synchronous</th><th>normal</th><th>full</th></tr>");
    has(page, "<tr><th>delete</th><td class=lost><b>18</b> intact · <b>2</b> lost · "
              "<b>0</b> corrupt<br><small>of 20 trials · 3 commits lost · 5.00k rows/s");
    has(page, "<td class=intact><b>20</b> intact · <b>0</b> lost · <b>0</b> corrupt");
    has(page, "<tr><th>wal</th><td class=none>failed: cannot open &lt;db&gt; &amp; retry</td>"
              "<td class=none>not run</td></tr>");
    lacks(page, "<db>");
    /* its graph, needing trials, is not drawn here for want of gnuplot alone */
    has(page, "<p>No graphs were drawn");
    lacks(page, "<li>durability: ");
    lacks(page, "<li>write: ");
    free(page);
}

/* f's text so far (a memstream's buffer, flushed). */
static const char *text(FILE *f, char **buf)
{
    assert_int_equal(fflush(f), 0);
    return *buf;
}

static void test_html_escape(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    html_esc(f, "a&b<c>d\"e'f");
    assert_string_equal(text(f, &buf), "a&amp;b&lt;c&gt;d&quot;e&#39;f");
    rewind(f);
    html_esc(f, NULL);        /* nothing for NULL */
    html_esc(f, "");
    assert_int_equal(ftell(f), 0);
    html_esc(f, "&amp;");     /* an entity already: escaped again, shown as typed */
    fputc('|', f);
    html_esc(f, "µs · ok\t\n");   /* UTF-8 and control bytes pass as they are */
    fputc('|', f);
    html_esc(f, "<<>>");
    fputc(0, f);
    assert_string_equal(text(f, &buf), "&amp;amp;|µs · ok\t\n|&lt;&lt;&gt;&gt;");
    rewind(f);
    html_row(f, "a<b", "c&d");
    html_cell(f, " class=n", "1<2");
    html_cell(f, "", NULL);
    html_tagged(f, "li", "'q'");
    html_head(f, "x>y");
    html_head_named(f, "p99 \"µs\"", "read_p99_us\"><script>");
    fputc(0, f);
    assert_string_equal(text(f, &buf),
                        "<tr><th>a&lt;b</th><td>c&amp;d</td></tr>\n"
                        "<td class=n>1&lt;2</td><td></td><li>&#39;q&#39;</li><th>x&gt;y</th>"
                        "<th title=\"read_p99_us&quot;&gt;&lt;script&gt;\">p99 &quot;µs&quot;"
                        "</th>");
    assert_int_equal(fclose(f), 0);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_page_whole_in_place),
        cmocka_unit_test(test_failed_rename_leaves_nothing),
        cmocka_unit_test(test_cells_table),
        cmocka_unit_test(test_writes_by_file),
        cmocka_unit_test(test_graphs_not_drawn),
        cmocka_unit_test(test_graph_embedded),
        cmocka_unit_test(test_without_runjson),
        cmocka_unit_test(test_crash_durability),
        cmocka_unit_test(test_html_escape),
    };
    return cmocka_run_group_tests(tests, make_root, remove_root);
}
