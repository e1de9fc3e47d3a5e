/*
** cellfail: see cellfail.h.
*/
#include "cellfail.h"

#include "cellstatus.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int cellfail_os_errno(const struct sqlapi *api, sqlite3 *db)
{
    int err = errno;
    if (db && api->system_errno && api->system_errno(db))
        err = api->system_errno(db);
    return err;
}

int cellfail_of(const struct sqlapi *api, sqlite3 *db, int rc, int err, const char *what,
                char *reason, size_t n)
{
    int st = ST_FAILED;
    switch (rc & 0xff) {
    case SQLITE_FULL: st = ST_DISK_FULL; break;
    case SQLITE_IOERR: st = (err == EFBIG || err == ENOSPC) ? ST_DISK_FULL : ST_IO_ERROR; break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED: st = ST_LOCKED; break;
    }
    if (err && ((rc & 0xff) == SQLITE_IOERR || (rc & 0xff) == SQLITE_FULL))
        snprintf(reason, n, "%s: %s (%s)", what, db ? api->errmsg(db) : "", strerror(err));
    else
        snprintf(reason, n, "%s: %s", what, db ? api->errmsg(db) : sqlapi_errstr(api, rc));
    return st;
}
