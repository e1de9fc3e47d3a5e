/*
** soakrecord: a chunk's record: each phase's figures from the chunk's
** work and its latencies from the phase's histogram; the counting shim's
** figures; the files' sizes and free pages sampled and the row appended
** to chunks.csv.
*/
#ifndef SQLSOAK_SOAKRECORD_H
#define SQLSOAK_SOAKRECORD_H

#include "countvfs.h"
#include "phaserunner.h"
#include "records.h"
#include "soakstate.h"

/* Each phase's figures from w's ops and time into cr. */
void soakrecord_phases(const struct soak *s, const struct chunk_work *w,
                       struct chunk_record *cr);

/* The counting shim's figures since before (NaN when it is not in place). */
void soakrecord_vfs(const struct soak *s, const struct countvfs_counts *before,
                    struct vfs_figures *out);

/* The files' sizes and free pages sampled and cr appended to chunks.csv:
** 0, or -1 with the cell's status set. */
int soakrecord_chunk(struct soak *s, struct chunk_record *cr);

#endif
