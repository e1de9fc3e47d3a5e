"""lockhold.py DB READY MODE: a second application's connection to DB,
for the busy tests.  It opens a read transaction (a SHARED lock under a
rollback journal, a snapshot under WAL), then creates the file READY.

MODE hold: keeps it until killed.
MODE until-waited: keeps it until the writer is seen waiting for it,
then ends it and exits 0.  The writer waits at its COMMIT holding the
PENDING lock, which refuses every new reader: a read in another process
(a process's own connections share their locks, so a second one here
would not ask) that answers "database is locked" is the sign.  Exit 1
when no wait is seen within 60 s.
"""
import sqlite3
import subprocess
import sys
import time

PROBE = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    c.execute("SELECT count(*) FROM kv").fetchone()
except sqlite3.OperationalError as e:
    sys.exit(3 if "locked" in str(e) else 1)
"""


def writer_waits():
    rc = subprocess.run([sys.executable, "-c", PROBE, db]).returncode
    if rc not in (0, 3):
        raise SystemExit("lockhold: the probe failed")
    return rc == 3


db, ready, mode = sys.argv[1:4]
holder = sqlite3.connect(db, timeout=0, isolation_level=None)
holder.execute("BEGIN")
holder.execute("SELECT count(*) FROM kv").fetchone()
open(ready, "w").close()
deadline = time.monotonic() + 60
while mode == "hold" or time.monotonic() < deadline:
    if mode == "until-waited" and writer_waits():
        holder.execute("COMMIT")
        sys.exit(0)
    time.sleep(0.01)
sys.exit(1)
