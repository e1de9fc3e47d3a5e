/*
** testhook: the environment variables through which the tests reach
** inside a run, for the tests only (docs/development.md).  Each is read
** outside every timed phase; unset, each does nothing.
**   SQLSOAK_TEST_CORRUPT_ROW=N     overwrite row N's value once written
**   SQLSOAK_TEST_STALE_ROW=N       after each chunk's updates and deletes,
**                                  give row N, once updated, the value of
**                                  the generation before its own, and once
**                                  deleted, its value back: a stale row
**   SQLSOAK_TEST_LATENCIES=FILE    append every read's latency (ns) to FILE
**   SQLSOAK_TEST_HANG=CELL:STEP:CHUNK  cell CELL's process stops moving at
**                                  STEP (a beat_word: write, read, ...; or
**                                  born, noted: its database made, then
**                                  recorded; deadline: --max-time found
**                                  reached) of chunk CHUNK (* any chunk),
**                                  saying so on stderr, until
**                                  a stop signal: a hung cell for the
**                                  watchdog's tests
**   SQLSOAK_TEST_SLOW_VERIFY=MS    --verify's integrity_check takes MS ms
**                                  longer, with no beat: a verify long
**                                  against a chunk, as a large table's
**   SQLSOAK_TEST_WATCHDOG_FLOOR=S  the automatic watchdog's floor is S
**                                  seconds, not a minute
**   SQLSOAK_TEST_READER_HOLD=R:DURING  reader R (from 1), at its first
**                                  row read while the writer is in phase
**                                  DURING (write, commit, read), keeps its
**                                  read transaction open and stops moving,
**                                  saying so on stderr: a reader stopped
**                                  (SIGSTOP) holding its lock
**   SQLSOAK_TEST_NO_TMPFILE=1      a database is born under its name, as
**                                  on a filesystem without O_TMPFILE
**   SQLSOAK_TEST_NO_DIRECT=1       the device probe finds O_DIRECT refused
**                                  (EINVAL), as on a filesystem without it
**   SQLSOAK_TEST_ORPHAN_CELL=1     a child process outlives its parent (no
**                                  PR_SET_PDEATHSIG): a cell's process as
**                                  it is for a moment after its runner's
**                                  kill -9, held for as long as a test needs
**   SQLSOAK_TEST_HOLD_PROBE=1      the device probe waits once it made its
**                                  scratch file, saying so on stderr, until
**                                  a stop signal: a probe to kill -9
**   SQLSOAK_TEST_HOLD_TRIAL=T,...  each crash trial named (from 0, as
**                                  trials.csv's trial) waits in its process
**                                  before its workload, saying so on
**                                  stderr, until killed: a trial a signal
**                                  from outside finds alive, every time
**   SQLSOAK_TEST_READER_LATENCIES=FILE  each reader appends "CHUNK NS" for
**                                  every read to FILE (readers.h)
**   SQLSOAK_TEST_READER_STALL=MS   each reader stops MS ms once, after its
**                                  first read
**   SQLSOAK_TEST_READER_SPIN=MS    each reader spins on the CPU for MS ms
**                                  before its first tally: runnable, late
**   SQLSOAK_TEST_READER_SPIN_PART=MS  each reader spins MS ms between the
**                                  two parts of its first tally: its end
**                                  late
**   SQLSOAK_TEST_READER_LATE=R     reader R (from 1) starts only once the
**                                  writer has ended its first chunk: a
**                                  reader the machine forked late
**   SQLSOAK_TEST_HAND_BACK_SLACK_MS=MS  the writer waits for a tally the
**                                  busy timeout and MS ms (10 s unset)
**   SQLSOAK_TEST_IOERR_AFTER_WRITES=N  the writer's writes fail after the
**                                  Nth (an I/O error, through faultvfs)
**   SQLSOAK_TEST_SLOW_SYNC_MS=MS   every sync of the writer's files takes
**                                  MS ms longer: COMMITs readers can meet
**   SQLSOAK_TEST_STALL=ROW:MS      the write phase sleeps MS ms at its first
**                                  tick at or past ROW rows (timeline.h)
**   SQLSOAK_TEST_SLOW=US           the write phase sleeps US µs at every
**                                  tick: a chunk long enough to watch
**   SQLSOAK_TEST_SLOW_LIB=TEXT:US  the same, in the cells whose SQLite
**                                  library's path holds TEXT: a library
**                                  slower by as much on a loaded machine
**   SQLSOAK_TEST_METRICS_COPY=DIR  each state of --metrics' file is copied
**                                  to DIR/cell-C-R-chunk-K.prom too
**   SQLSOAK_TEST_CALIBRATION_S=S   a dry run's calibration has S seconds in
**                                  all, not CALIBRATE_TOTAL_S: its cap met
**                                  by a plan of a few shapes
**   SQLSOAK_TEST_CALIBRATION_SHAPES=N  a dry run calibrates its first N
**                                  shapes, each in its own budget, and
**                                  no more, as if the time were spent:
**                                  the cap's outcome at any speed
*/
#ifndef SQLSOAK_TESTHOOK_H
#define SQLSOAK_TESTHOOK_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

/* The row to corrupt, or -1. */
int64_t testhook_corrupt_row(void);

/* 1 when the device probe is to find O_DIRECT refused. */
int testhook_no_direct(void);
/* 1 when a database is to be born under its name (no O_TMPFILE). */
int testhook_no_tmpfile(void);
/* The row to leave stale, or -1. */
int64_t testhook_stale_row(void);

/* Sleeps SQLSOAK_TEST_SLOW_VERIFY's milliseconds (none unset). */
void testhook_slow_verify(void);

/* SQLSOAK_TEST_WATCHDOG_FLOOR's seconds, or dflt. */
int64_t testhook_watchdog_floor_s(int64_t dflt);

/* The file every read's latency is appended to, opened (the caller closes
** it), or NULL. */
FILE *testhook_latency_file(void);

/* The readers' latency file, opened for appending and line-buffered (the
** caller closes it), or NULL. */
FILE *testhook_reader_latency_file(void);

/* SQLSOAK_TEST_READER_SPIN's spin, in ns; 0 none. */
uint64_t testhook_reader_spin_ns(void);

/* SQLSOAK_TEST_READER_SPIN_PART's spin, in ns; 0 none. */
uint64_t testhook_reader_spin_part_ns(void);

/* 1 when SQLSOAK_TEST_READER_LATE names reader (from 1), saying so on
** stderr. */
int testhook_reader_late(int reader);

/* SQLSOAK_TEST_HAND_BACK_SLACK_MS, in ns; 0 unset. */
uint64_t testhook_hand_back_slack_ns(void);

/* SQLSOAK_TEST_READER_STALL's stop, in ns; 0 none. */
uint64_t testhook_reader_stall_ns(void);

/* The write after which the writer's writes fail, or -1; and every sync's
** added delay in ms, or 0. */
int64_t testhook_ioerr_after_writes(void);
int64_t testhook_slow_sync_ms(void);

/* SQLSOAK_TEST_STALL: 1 with its row and its sleep in ns, else 0. */
int testhook_write_stall(int64_t *row, uint64_t *ns);

/* SQLSOAK_TEST_SLOW's (or, for a cell of library lib, SQLSOAK_TEST_SLOW_LIB's)
** sleep at every tick of the write phase, in ns; 0 none. */
uint64_t testhook_write_slow_ns(const char *lib);

/* SQLSOAK_TEST_CALIBRATION_S's seconds, or dflt. */
double testhook_calibration_s(double dflt);

/* SQLSOAK_TEST_CALIBRATION_SHAPES's count, or 0: the time decides. */
int testhook_calibration_shapes(void);

/* SQLSOAK_TEST_LONG_PLAN_S=S: how long a run takes before --probe long
** probes at its end (devlimits.h), instead of dflt. */
double testhook_long_plan_s(double dflt);

/* SQLSOAK_TEST_SQLITE_OPT's optimisation (-O0 or -O1) for the libraries
** `sqlite get` builds, in a fraction of -O2's time; else dflt. */
const char *testhook_sqlite_opt(const char *dflt);

/* The folder --metrics' file is copied to at each state, or NULL. */
const char *testhook_metrics_copy(void);

/* 1 when a child process is not to be killed with its parent. */
int testhook_orphan_cell(void);

/* With SQLSOAK_TEST_HOLD_PROBE=1: prints "sqlsoak test hook: the probe
** holds PATH (pid P)" on stderr, then waits until *stop is set. */
void testhook_hold_probe(const char *path, volatile sig_atomic_t *stop);

/* With SQLSOAK_TEST_HOLD_TRIAL naming trial (from 0): prints "sqlsoak
** test hook: trial T holds (pid P)" on stderr, then never returns (the
** process is killed). */
void testhook_hold_trial(int64_t trial);

/* With SQLSOAK_TEST_HANG naming this cell, step and chunk (or "*"): prints
** "sqlsoak test hook: cell N hangs at STEP of chunk C (pid P)" on stderr,
** then waits until *stop is set (for ever when stop is NULL).  With
** ":kill" after the chunk it waits for ever, a stop signal or not: the
** cell a second stop signal's kill finds in the middle of its work. */
void testhook_hang(int64_t cell, const char *step, int64_t chunk,
                   volatile sig_atomic_t *stop);

/* With SQLSOAK_TEST_READER_HOLD naming reader (from 1) and during (what
** the writer was doing as the read began): prints "sqlsoak test hook:
** reader R holds a read transaction during DURING of chunk C (pid P)" on
** stderr, then never returns (the process is killed, or stopped). */
void testhook_reader_hold(int reader, const char *during, int64_t chunk);

#endif
