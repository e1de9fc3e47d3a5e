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
                snprintf(v, sizeof v, "%.4g", c->nights[i].fig[k]);
            html_cell(f, " class=n", v);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

/* The graph drawn in sub (a folder of the page's), inside the page. */
static void graph(FILE *f, const char *dir, const char *sub, const char *why)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s/history.png", dir, sub);
    if (why) {
        fputs("<p>The graph was not drawn: ", f);
        html_esc(f, why);
        fputs("</p>\n", f);
        return;
    }
    fputs("<figure><img src=\"", f);
    if (embed_data_uri(f, path, "image/png") != 0)
        fputs("data:,", f);
    fputs("\" alt=\"history\"><figcaption>Each figure night by night; a dashed red line before "
          "each night it changed at, with its ratio after to before. <small>", f);
    html_esc(f, sub);
    fputs("/history.png, .svg, and the data drawn</small></figcaption></figure>\n", f);
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
    if (drawn < 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    if (drawn > 0 && p->undrawn++ == 0)
        snprintf(p->why, sizeof p->why, "%s", why);
    html_tagged(p->f, "h2", head);
    fprintf(p->f, "<p>%d night%s</p>\n", c->n, c->n == 1 ? "" : "s");
    nights_table(p->f, c);
    graph(p->f, p->dir, sub, drawn ? why : NULL);
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
    fputs(any ? "</ul>\n" : "<p class=changes>None.</p>\n", p->f);
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
