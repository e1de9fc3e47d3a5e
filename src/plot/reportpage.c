/*
** reportpage: report.html's head, stylesheet and end.  See reportpage.h.
*/
#include "reportpage.h"
#include "html.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

FILE *reportpage_begin(const char *dir, const char *kind, const char *name, char *tmp,
                       size_t tn, FILE *msg)
{
    snprintf(tmp, tn, "%s/.report.html.tmp", dir);
    FILE *f = fopen(tmp, "we");
    if (!f) {
        fprintf(msg, "cannot write %s: %s\n", tmp, strerror(errno));
        return NULL;
    }
    fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>sqlsoak: ", f);
    html_esc(f, name);
    fputs("</title>\n<style>\n"
          "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1300px;"
          "padding:0 1em;color:#222}\n"
          "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}\n"
          "table{border-collapse:collapse}td,th{padding:.25em .6em;text-align:left;"
          "vertical-align:top}\n"
          ".kv th{color:#555;font-weight:600;white-space:nowrap}\n"
          ".kv td{font-family:ui-monospace,monospace;word-break:break-all}\n"
          ".scroll{overflow-x:auto}.sum{font-size:13px}.sum th{background:#eee;position:sticky;top:0}\n"
          ".sum td{border-top:1px solid #ddd;white-space:nowrap}.sum tr.bad td{color:#a40}\n"
          /* headings wrap to a few words a line: the table fits 1280 px */
          ".sum td.n{text-align:right}.sum td.st{white-space:normal;max-width:18em}\n"
          /* a ratio with its interval and verdict wraps too */
          ".sum td.nv{text-align:right;white-space:normal;max-width:11em}\n"
          ".sum th{white-space:normal;vertical-align:bottom;max-width:6.5em;font-weight:600}\n"
          /* narrow padding and headings a little smaller: a matrix of three
          ** settings and the ratios (the readers preset) fits 1280 px too */
          ".sum td,.sum th{padding:.25em .4em}.sum th{font-size:.92em}\n"
          ".key{font-size:12px;color:#555}.key code{font-size:11px}\n"
          "figure{margin:1.5em 0}img{max-width:100%;height:auto;border:1px solid #ddd}\n"
          "figcaption{color:#444;margin-top:.3em}figcaption small{color:#777}\n"
          ".dur td,.dur th{border:1px solid #ddd;padding:.4em .7em}.dur th{background:#eee}\n"
          ".dur td.intact{background:#e3f1df}.dur td.lost{background:#fde8d3}\n"
          ".dur td.corrupt{background:#f9dcdc}.dur td.none{background:#f0f0f0;color:#666}\n"
          "dt{font-weight:600}dd{margin:0 0 .4em 1.5em}\n"
          /* on paper: the page's width, no scrolling box (a table cut at
          ** its right edge), a graph never split across two sheets */
          "@page{margin:12mm}\n"
          "@media print{body{margin:0;max-width:none;padding:0;font-size:11px}"
          ".scroll{overflow:visible}.sum{font-size:9px}.sum th{position:static}"
          ".sum td,.sum th{padding:.15em .3em}h2{break-after:avoid}"
          "figure{break-inside:avoid;margin:1em 0}img{border:0}}\n"
          "</style></head><body>\n<h1>sqlsoak ",
          f);
    fputs(kind, f);
    fputs(": ", f);
    html_esc(f, name);
    fputs("</h1>\n", f);
    return f;
}

/* Ends the page and puts it in place of dir/report.html: 0, or -1. */
int reportpage_end(FILE *f, const char *dir, const char *tmp, FILE *msg)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/report.html", dir);
    fputs("</body></html>\n", f);
    int synced = fflush(f) == 0 && fsync(fileno(f)) == 0;
    if (fclose(f) != 0 || !synced || rename(tmp, path) != 0) {
        fprintf(msg, "cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
