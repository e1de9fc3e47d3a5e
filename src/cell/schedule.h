/*
** schedule: which rows each chunk updates and deletes, as a pure function
** of the seed and the workload's shape, so that the generation of every row
** after any chunk is computed, never stored: constant memory at any row
** count, and every value read (the read phase, --verify, resume's check)
** verified against the generation it must have.
**
** Chunk c (0-based) inserts its rows, then makes `updates` updates; rows
** after chunk c: R(c) = min((c + 1) * chunk, rows).  A row's generation
** is the number of updates it has had (kvgen.h: generation 0 is the value
** first inserted).
**  - hot:K   the K hot rows are rows 0..K-1, updated in a fixed round
**            robin over the whole cell: update u (counting from the first
**            chunk's) rewrites row u mod K.  After T updates row r < K has
**            generation T / K, plus 1 when r < T mod K: O(1).
**  - uniform chunk c rewrites `updates` consecutive rows of [G, R(c)),
**            wrapping, from a start drawn from (seed, c): every row still
**            there equally likely, each at most once a chunk (updates <=
**            chunk <= R(c) - G but in a last short chunk, where a block
**            larger than the rows holds them all, rewritten again with the
**            same value).  G is the retention window's start under
**            --delete-keys oldest (schedule_gone_below(c): no update meets
**            a deleted row), else 0.  Beside uniform deletes, whose holes
**            lie anywhere, the block steps over the rows gone before c: it
**            spans as many rows as it takes to meet `updates` rows still
**            there (its extent, kept once computed: 8 bytes a chunk), so
**            that every update rewrites a row.  A row's generation is the
**            number of chunks whose block (extent) holds it: O(chunks), a
**            few instructions each.  With random keys consecutive rows are
**            scattered keys.
** Then it makes `deletes` deletes (after its updates: an update of a
** deleted row changes nothing):
**  - oldest  a retention window: after C chunks the first
**            min(C * deletes, R(C - 1)) rows are gone: O(1).
**  - uniform chunk c deletes `deletes` consecutive rows of [0, R(c)),
**            wrapping, from a start drawn from (seed, c) apart from the
**            updates' (a row already gone is not deleted again): a row is
**            gone when a block of the chunks so far holds it, O(chunks).
** Invariant: updates <= chunk under uniform, K <= chunk under hot, and
** deletes <= chunk (the rows exist from the first chunk on); session
** checks them.
*/
#ifndef SQLSOAK_SCHEDULE_H
#define SQLSOAK_SCHEDULE_H

#include "kvgen.h"
#include "config.h"
#include "plan.h"

#include <stddef.h>
#include <stdint.h>

struct schedule {
    uint64_t seed;
    int64_t rows, chunk;     /* --rows, --chunk */
    int64_t updates;         /* per chunk; 0: no row is ever rewritten */
    int64_t hot;             /* K of hot:K; 0: uniform */
    int64_t deletes;         /* per chunk; 0: no row is ever deleted */
    int delete_keys;         /* enum delete_keys (modes.h) */
};

void schedule_init(struct schedule *s, uint64_t seed, int64_t rows, int64_t chunk,
                   int64_t updates, int64_t hot);

/* Adds the deletes to s (none until called). */
void schedule_init_deletes(struct schedule *s, int64_t deletes, int delete_keys);

/* The schedule of cell c of a run of cfg (its options checked by session:
** no more hot rows than a chunk). */
void schedule_for_cell(struct schedule *s, const struct config *cfg, const struct cell *c);

/* Rows in the table after chunk c. */
int64_t schedule_rows_after(const struct schedule *s, int64_t c);

/* The generation row has once chunks_done chunks have run (each with its
** updates): what a value read then must be. */
uint64_t schedule_generation(const struct schedule *s, int64_t row, int64_t chunks_done);

/* 1 when row is gone once chunks_done chunks have run (each with its
** deletes). */
int schedule_deleted(const struct schedule *s, int64_t row, int64_t chunks_done);

/* The rows below which every row is gone after chunks_done chunks (the
** retention window's start; 0 unless --delete-keys oldest). */
int64_t schedule_gone_below(const struct schedule *s, int64_t chunks_done);

/* Delete j (0 <= j < deletes) of chunk c: the row it removes (one gone
** already, or past the table's end under oldest, removes nothing). */
int64_t schedule_delete(const struct schedule *s, int64_t c, int64_t j);

/* 1 when a read of row (key key) after chunks_done chunks found what it
** must: no row (found 0) where the row is gone, else the value of its
** generation, v[0..len). */
int schedule_value_ok(const struct schedule *s, const struct kvgen *g, int64_t row, int64_t key,
                      int64_t chunks_done, int found, const void *v, size_t len);

/* Update j (0 <= j < updates) of chunk c: the row it rewrites, into
** *row, and the generation it writes, into *gen (>= 1). */
void schedule_update(const struct schedule *s, int64_t c, int64_t j, int64_t *row,
                     uint64_t *gen);

/* Chunk c's updates in order, each the row and generation schedule_update
** gives, at a few instructions an update once started: under uniform the
** generation of consecutive rows changes only where an earlier chunk's
** block starts or ends, so the edges of the blocks before c are sorted
** once (O(c log c)) and swept as the rows rise, again from the first at
** the block's wrap.  Hot rows are O(1) each already. */
struct schedule_edge {
    int64_t at;             /* a row where an earlier block starts (+1) or ends (-1) */
    int delta;
};
struct schedule_span {
    int64_t from, to;       /* rows [from, to) */
};
struct schedule_walk {
    const struct schedule *s;
    int64_t c, j;           /* the next update: j of chunk c */
    int64_t x, lo, r;       /* its row, and the rows [lo, r) the block wraps in */
    struct schedule_edge *edges;   /* sorted by at; NULL under hot */
    size_t nedges, next;    /* the edges at or below the last row, applied */
    uint64_t covered;       /* the earlier blocks holding the last row */
    /* uniform deletes: the rows gone before c, sorted spans the walk
    ** steps over (NULL otherwise), and the next at or past the row */
    struct schedule_span *gone;
    int64_t ngone, gi;
    int all_gone;           /* no row left to step to: none skipped */
    int64_t live;           /* the rows still there to meet (r - lo, or fewer
                            ** beside uniform deletes) */
};

/* Starts the walk of chunk c's updates (s->updates > 0).  0, or -1 when
** out of memory. */
int schedule_walk_start(struct schedule_walk *w, const struct schedule *s, int64_t c);

/* The next update's row and generation, as schedule_update(s, c, j) would
** give them; at most s->updates calls. */
void schedule_walk_next(struct schedule_walk *w, int64_t *row, uint64_t *gen);

void schedule_walk_end(struct schedule_walk *w);

/* 1 when the update the walk gave last met a row it met before, writing
** the same value again (schedule_update_again of it). */
static inline int schedule_walk_again(const struct schedule_walk *w)
{
    return !w->s->hot && w->j - 1 >= w->live;
}

/* 1 when update j of chunk c meets a row an update of the chunk before it
** rewrote, writing the same value again: a uniform block larger than the
** rows still there (a last short chunk under oldest deletes). */
int schedule_update_again(const struct schedule *s, int64_t c, int64_t j);

#endif
