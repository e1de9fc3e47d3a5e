/*
** historypage: the history's report.html; see historypage.h.  The page
** is written as a temporary file renamed into place at its end
** (reportpage.h), each graph inside it as a data: URI (embed.h), so that
** it travels alone.
*/
#include "historypage.h"

#include "cellname.h"
#include "embed.h"
#include "folder.h"
#include "historyplot.h"
#include "html.h"
#include "reportpage.h"
#include "units.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Closes msg, reportpage's lines; when failed, the first into err (the
** caller's err is left alone otherwise: main prints an err it finds). */
static void first_line(FILE *msg, char **said, int failed, char *err, size_t errlen)
{
    fclose(msg);
    const char *why = *said && **said ? *said : "cannot write the page";
    if (failed)
        snprintf(err, errlen, "%.*s", (int)strcspn(why, "\n"), why);
    free(*said);
}

int historypage_begin(struct historypage *p, const char *dir, const char *db, char *err,
                      size_t errlen)
{
    char *said = NULL, method[512];
    size_t len = 0;
    FILE *msg = open_memstream(&said, &len);
    memset(p, 0, sizeof *p);
    p->dir = dir;
    p->f = msg ? reportpage_begin(dir, "history", db, p->tmp, sizeof p->tmp, msg) : NULL;
    if (msg)
        first_line(msg, &said, !p->f, err, errlen);
    if (!p->f) {
        if (!msg)
            snprintf(err, errlen, "out of memory");
        return -1;
    }
    fputs("<p>Each series' cells night by night, and the nights a figure changed. Method: ",
          p->f);
    html_esc(p->f, nights_method(method, sizeof method));
    fputs("</p>\n", p->f);
    return 0;
}

/* c's nights as a table: a row a night, a column a figure. */
static void nights_table(FILE *f, const struct nights_cell *c)
{
    fputs("<div class=scroll><table class=sum><tr>", f);
    html_head(f, "night");
    html_head(f, "start");
    for (int k = 0; k < NIGHT_FIGS; k++) {
        char head[128];
        snprintf(head, sizeof head, "%s (%s)", nights_fig_name(k), nights_fig_unit(k));
        html_head(f, head);
    }
    fputs("</tr>\n", f);
    for (int i = 0; i < c->n; i++) {
        char v[64];
        snprintf(v, sizeof v, "%d", i + 1);
        fputs("<tr>", f);
        html_cell(f, " class=n", v);
        html_cell(f, "", c->nights[i].start);
        for (int k = 0; k < NIGHT_FIGS; k++) {
            v[0] = 0;
            if (!isnan(c->nights[i].fig[k]))
                units_number(c->nights[i].fig[k], v, sizeof v);
            html_cell(f, " class=n", v);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

/* The graph name drawn in sub (a folder of the page's), inside the page,
** with its caption. */
static void graph(FILE *f, const char *dir, const char *sub, const char *name,
                  const char *caption, const char *why)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s/%s.png", dir, sub, name);
    if (why) {
        fputs("<p>The graph was not drawn: ", f);
        html_esc(f, why);
        fputs("</p>\n", f);
        return;
    }
    fputs("<figure><img src=\"", f);
    if (embed_data_uri(f, path, "image/png") != 0)
        fputs("data:,", f);
    fprintf(f, "\" alt=\"%s\"><figcaption>", name);
    html_esc(f, caption);
    fputs(" <small>", f);
    html_esc(f, sub);
    fprintf(f, "/%s.png, .svg, and the data drawn</small></figcaption></figure>\n", name);
}

/* A graph drawn (historyplot.h: 0), not drawn (1, why in why: counted,
** the first's why kept) or failed (-1: why into err, returned). */
static int drawn_or_said(struct historypage *p, int drawn, const char *why, char *err,
                         size_t errlen)
{
    if (drawn < 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (drawn > 0 && p->undrawn++ == 0)
        snprintf(p->why, sizeof p->why, "%s", why);
    return 0;
}

int historypage_cell(struct historypage *p, const struct nights_cell *c, char *err,
                     size_t errlen)
{
    char name[CELLNAME_MAX], sub[96], dir[4400], head[1024], why[512];
    snprintf(sub, sizeof sub, "series-%d-cell-%lld", c->series, (long long)c->cell);
    snprintf(dir, sizeof dir, "%s/%s", p->dir, sub);
    snprintf(head, sizeof head, "Series %d, %s: %s", c->series,
             cellname(name, sizeof name, c->cell, 1, 1), c->label);
    if (folder_mkdirs(dir, err, errlen))
        return -1;
    int drawn = historyplot_draw(c, dir, head, why, sizeof why);
    if (drawn_or_said(p, drawn, why, err, errlen))
        return -1;
    html_tagged(p->f, "h2", head);
    fprintf(p->f, "<p>%d night%s</p>\n", c->n, c->n == 1 ? "" : "s");
    nights_table(p->f, c);
    graph(p->f, p->dir, sub, "history",
          "Each figure night by night; a dashed red line before each night it changed at, "
          "with its ratio after to before.", drawn ? why : NULL);
    fputs("<h3>Changes</h3>\n", p->f);
    int any = 0;
    for (int f = 0; f < NIGHT_FIGS; f++) {
        struct changepoint cp[NIGHTS_MAX_CHANGES];
        int k = nights_changes(c, f, cp);
        for (int j = 0; j < k; j++) {
            char words[512];
            fputs(any++ ? "<li>" : "<ul class=changes>\n<li>", p->f);
            html_esc(p->f, nights_change_words(c, f, &cp[j], words, sizeof words));
            fputs("</li>\n", p->f);
        }
    }
    if (any) {
        fputs("</ul>\n", p->f);
        return 0;
    }
    char none[128];
    snprintf(none, sizeof none, "%s.", nights_no_change_words(c));
    none[0] = (char)toupper((unsigned char)none[0]);
    fputs("<p class=changes>", p->f);
    html_esc(p->f, none);
    fputs("</p>\n", p->f);
    return 0;
}

int historypage_side(struct historypage *p, const struct boards_side *s, char *err,
                     size_t errlen)
{
    char name[CELLNAME_MAX], head[256], v[256], sub[96], dir[4400], why[512];
    char rows[32];
    snprintf(head, sizeof head, "Side by side, %s at %s rows",
             cellname(name, sizeof name, s->cell, 1, 1),
             units_count((int64_t)s->rows, rows, sizeof rows));
    snprintf(sub, sizeof sub, "side-%d-cell-%lld", ++p->sides, (long long)s->cell);
    snprintf(dir, sizeof dir, "%s/%s", p->dir, sub);
    if (folder_mkdirs(dir, err, errlen))
        return -1;
    int drawn = historyplot_boards(s, dir, head, why, sizeof why);
    if (drawn_or_said(p, drawn, why, err, errlen))
        return -1;
    html_tagged(p->f, "h2", head);
    fputs("<div class=scroll><table class=sum><tr>", p->f);
    const char *heads[] = {"rank", "series", "nights", "write cost (us/row)", "against the first",
                           "verdict"};
    for (size_t k = 0; k < sizeof heads / sizeof *heads; k++)
        html_head(p->f, heads[k]);
    fputs("</tr>\n", p->f);
    for (int i = 0; i < s->n; i++) {
        fputs("<tr>", p->f);
        snprintf(v, sizeof v, "%d", i + 1);
        html_cell(p->f, " class=n", v);
        html_cell(p->f, "", s->row[i].label);
        snprintf(v, sizeof v, "%d", s->row[i].nights);
        html_cell(p->f, " class=n", v);
        units_number(s->row[i].write_cost, v, sizeof v);
        html_cell(p->f, " class=n", v);
        html_cell(p->f, "", boards_against_text(s, i, v, sizeof v));
        html_cell(p->f, " class=st", boards_verdict_text(s, i, v, sizeof v));
        fputs("</tr>\n", p->f);
    }
    fputs("</table></div>\n", p->f);
    graph(p->f, p->dir, sub, "boards",
          "Each series' median write cost as a bar, each of its runs' as a dot, in the "
          "ranking's order.", drawn ? why : NULL);
    return 0;
}

int historypage_end(struct historypage *p, char *err, size_t errlen)
{
    char *said = NULL;
    size_t len = 0;
    FILE *msg = open_memstream(&said, &len);
    if (!msg) {
        historypage_drop(p);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = reportpage_end(p->f, p->dir, p->tmp, msg);
    first_line(msg, &said, rc != 0, err, errlen);
    return rc;
}

void historypage_drop(struct historypage *p)
{
    fclose(p->f);
    unlink(p->tmp);
}
