/*
** colid: the names of the column ids.  See colid.h.
*/
#include "colid.h"

#include <assert.h>
#include <stddef.h>

static const char *const names[] = {
#define COLID_NAME(name) #name,
    COLID_LIST(COLID_NAME)
#undef COLID_NAME
};
_Static_assert(sizeof names / sizeof *names == COL_COUNT, "a name per id");

const char *colid_name(enum colid c)
{
    assert(c >= 0 && c < COL_COUNT);
    return names[c];
}
