/*
** reportgraphs: the graphs in report.html.  See reportgraphs.h.
*/
#include "reportgraphs.h"
#include "html.h"

#include "embed.h"
#include "graphs.h"

#include <unistd.h>

/* The figures of the graph list drawn for mode with have, in dir/plots,
** each PNG inside the page as a data: URI: a report mailed alone shows
** every graph.  The caption names the files, which stay in plots/ (the
** SVG for zooming), as text: a link would lead nowhere from an email. */
void reportgraphs_write(FILE *f, const char *dir, unsigned mode, unsigned have, double span_s)
{
    const struct graphs_graph *g;
    int any = 0;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; k < 2; k++) {
            char path[4300], caption[1024];
            if (!graphs_drawn(g, k, mode, have))
                continue;
            snprintf(path, sizeof path, "%s/plots/%s.png", dir, g->out[k].name);
            if (access(path, R_OK) != 0)
                continue;
            fputs("<figure><img src=\"", f);
            if (embed_data_uri(f, path, "image/png") != 0) {
                /* gone or unreadable since access(): an empty image, said so */
                fputs("data:,\" alt=\"\"><figcaption>plots/", f);
                html_esc(f, g->out[k].name);
                fputs(".png could not be read.</figcaption></figure>\n", f);
                continue;
            }
            any = 1;
            fputs("\" alt=\"", f);
            html_esc(f, g->out[k].name);
            fputs("\"><figcaption>", f);
            html_esc(f, graphs_caption(g, k, span_s, caption, sizeof caption));
            fputs(" <small>plots/", f);
            html_esc(f, g->out[k].name);
            snprintf(path, sizeof path, "%s/plots/%s.svg", dir, g->out[k].name);
            fputs(access(path, R_OK) == 0 ? ".png, .svg" : ".png", f);
            fputs("</small></figcaption></figure>\n", f);
        }
    if (!any)
        fputs("<p>No graphs were drawn (is gnuplot installed? then run <code>sqlsoak plot "
              "RESULTS_DIR</code>).</p>\n",
              f);
    /* what the terminal counts in one line: each graph not drawn, and why */
    int said = 0;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; (g->modes & mode) && k < 2 && g->out[k].name; k++) {
            const char *why = graphs_reason(g->needs | g->out[k].needs, have);
            if (!why)
                continue;
            fputs(said++ ? "" : "<h3>Graphs not drawn</h3>\n<ul class=notdrawn>\n", f);
            fputs("<li>", f);
            html_esc(f, g->out[k].name);
            fputs(": ", f);
            html_esc(f, why);
            fputs("</li>\n", f);
        }
    if (said)
        fputs("</ul>\n", f);
}
