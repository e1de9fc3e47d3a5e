/*
** html: report.html's pieces, escaped.  See html.h.
*/
#include "html.h"

void html_esc(FILE *f, const char *s)
{
    for (; s && *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
}

void html_row(FILE *f, const char *k, const char *v)
{
    fputs("<tr><th>", f);
    html_esc(f, k);
    fputs("</th><td>", f);
    html_esc(f, v);
    fputs("</td></tr>\n", f);
}

void html_cell(FILE *f, const char *cls, const char *v)
{
    fprintf(f, "<td%s>", cls);
    html_esc(f, v);
    fputs("</td>", f);
}

void html_tagged(FILE *f, const char *tag, const char *s)
{
    fprintf(f, "<%s>", tag);
    html_esc(f, s);
    fprintf(f, "</%s>", tag);
}

void html_head(FILE *f, const char *h)
{
    html_tagged(f, "th", h);
}

void html_head_named(FILE *f, const char *h, const char *csv)
{
    fputs("<th title=\"", f);
    html_esc(f, csv);
    fputs("\">", f);
    html_esc(f, h);
    fputs("</th>", f);
}
