/*
** sharedpage: see sharedpage.h.
*/
#include "sharedpage.h"

#include <string.h>
#include <sys/mman.h>

struct sharedpage *sharedpage_create(int64_t chunk)
{
    void *m = mmap(NULL, sizeof(struct sharedpage), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    struct sharedpage *p = m;
    memset(p, 0, sizeof *p);
    atomic_init(&p->committed, -1);
    atomic_init(&p->phase, SHAREDPAGE_BETWEEN);
    atomic_init(&p->chunk, chunk);
    atomic_init(&p->quit, 0);
    return p;
}

void sharedpage_destroy(struct sharedpage *p)
{
    if (p)
        munmap(p, sizeof *p);
}

void sharedpage_read_done(struct sharedpage *p, int i, uint64_t lat)
{
    struct sharedpage_slot *s = &p->slot[i];
    atomic_fetch_add_explicit(&s->ops, 1, memory_order_relaxed);
    uint64_t m = atomic_load_explicit(&s->max_ns, memory_order_relaxed);
    while (lat > m &&
           !atomic_compare_exchange_weak_explicit(&s->max_ns, &m, lat, memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

int64_t sharedpage_take(struct sharedpage *p, int n, uint64_t *max_ns)
{
    int64_t ops = 0;
    uint64_t mx = 0;
    for (int i = 0; i < n; i++) {
        ops += atomic_exchange_explicit(&p->slot[i].ops, 0, memory_order_relaxed);
        uint64_t m = atomic_exchange_explicit(&p->slot[i].max_ns, 0, memory_order_relaxed);
        if (m > mx)
            mx = m;
    }
    *max_ns = mx;
    return ops;
}
