/*
** chunkplan: see chunkplan.h.
*/
#include "chunkplan.h"
#include "cellname.h"
#include "colid.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t chunkplan_chunks(const struct chunkplan *p)
{
    return (p->rows + p->chunk - 1) / p->chunk;
}

int64_t chunkplan_rows_after(const struct chunkplan *p, int64_t c)
{
    if (c < 0)
        return 0;
    return c < p->rows / p->chunk ? (c + 1) * p->chunk : p->rows;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

const char *chunkplan_differs(const struct chunkplan *p, const struct chunk_record *cr,
                              char *detail, size_t n)
{
    int64_t c = cr->chunk, inserted = chunkplan_rows_after(p, c) - chunkplan_rows_after(p, c - 1);
    /* updates only without deletes: an update of a hot row deleted
    ** already changes nothing, and counts none */
    const int64_t d = cr->id.v[DIM_DELETES];
    int updates_fixed = d == 0, oldest = d == 0 || p->delete_keys == DK_OLDEST;
    /* the oldest window's rows gone after the chunk, and before it */
    int64_t gone = oldest ? min64((c + 1) * d, chunkplan_rows_after(p, c)) : 0;
    int64_t gone_before = oldest ? min64(c * d, chunkplan_rows_after(p, c - 1)) : 0;
    /* the reads ask for rows from the window's start (or the chunk's
    ** first, --read-from chunk) to its last: none when none is left */
    int64_t lo = strcmp(cr->id.read_from, read_from_names[RF_CHUNK]) == 0 ?
                     chunkplan_rows_after(p, c - 1) : 0;
    int64_t reads = p->reads < 0 ? inserted : p->reads;
    if (lo < gone)
        lo = gone;
    if (lo >= chunkplan_rows_after(p, c))
        reads = 0;
    const struct {
        enum colid col;
        int64_t has, due;
    } fig[] = {
        {COL_rows, cr->rows, chunkplan_rows_after(p, c)},
        {COL_chunk_rows, cr->ph[PHASE_WRITE].ops, inserted},
        {COL_reads, cr->ph[PHASE_READ].ops, reads},
        {COL_updates, cr->ph[PHASE_UPDATE].ops,
         updates_fixed ? cr->id.v[DIM_UPDATES] : cr->ph[PHASE_UPDATE].ops},
        {COL_deletes, cr->ph[PHASE_DELETE].ops,
         oldest ? gone - gone_before : cr->ph[PHASE_DELETE].ops},
    };
    if (c < 0 || c >= chunkplan_chunks(p)) {
        snprintf(detail, n, "chunk %" PRId64 " of a cell of %" PRId64, c, chunkplan_chunks(p));
        return colid_name(COL_chunk);
    }
    for (size_t i = 0; i < sizeof fig / sizeof *fig; i++)
        if (fig[i].has != fig[i].due) {
            snprintf(detail, n, "%" PRId64 " %s where the plan gives %" PRId64, fig[i].has,
                     colid_name(fig[i].col), fig[i].due);
            return colid_name(fig[i].col);
        }
    return NULL;
}

int chunkplan_sequence(const struct csvin *t, const char *path, char *err, size_t errlen)
{
    struct due {
        int64_t cell, repeat, next;
    } *due = calloc((size_t)t->nrows + 1, sizeof *due);
    int ncells = 0, rc = 0;
    if (!due) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int r = 0; rc == 0 && r < t->nrows; r++) {
        int64_t cell = csvin_int(t, CSV_CHUNKS, r, COL_cell, -1);
        int64_t repeat = csvin_int(t, CSV_CHUNKS, r, COL_repeat, INT64_MIN);
        int64_t chunk = csvin_int(t, CSV_CHUNKS, r, COL_chunk, -1);
        int i = 0;
        while (i < ncells && (due[i].cell != cell || due[i].repeat != repeat))
            i++;
        if (i == ncells)
            due[ncells++] = (struct due){cell, repeat, 0};
        if (chunk != due[i].next) {
            char name[CELLNAME_MAX];
            cellname(name, sizeof name, cell, repeat, 0);
            snprintf(err, errlen, "%s: line %d: %s's chunk %s where chunk %" PRId64 " was due: %s",
                     path, r + 2, name, csvin_str(t, CSV_CHUNKS, r, COL_chunk), due[i].next,
                     chunk >= 0 && chunk < due[i].next ? "a chunk twice" : "a chunk missing");
            rc = -1;
        }
        due[i].next++;
    }
    free(due);
    return rc;
}

int chunkplan_cell_rows(const struct csvin *summary, int sumrow, const struct csvin *chunks,
                        int *out, int max)
{
    const char *cell = csvin_str(summary, CSV_SUMMARY, sumrow, COL_cell);
    const char *rep = csvin_str(summary, CSV_SUMMARY, sumrow, COL_repeat);
    int k = 0;
    for (int i = 0; i < chunks->nrows && k < max; i++)
        if (strcmp(csvin_str(chunks, CSV_CHUNKS, i, COL_cell), cell) == 0 &&
            strcmp(csvin_str(chunks, CSV_CHUNKS, i, COL_repeat), rep) == 0)
            out[k++] = i;
    return k;
}
