#!/bin/sh
# Builds sqlsoak (make) and the bench programs into build/bench/ (or
# BENCH_BIN, a folder of one's own, relative to the checkout if not absolute):
# ref, refreader and genspeed are compiled with the Makefile's flags and
# linked with the very objects sqlsoak is linked from (build/obj/kvgen.o,
# schedule.o, value.o that parses its hot:K with keydist.o and nearest.o,
# sqlapi.o with the stop.o it names signals with, hist.o), so
# the generator, the rows updated and the SQLite call path are the same code.
# BENCH_BIN/sqlsoak is a copy of build/sqlsoak taken now.
set -eu
cd "$(dirname "$0")/.."

CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2 -g}
INC=$(for d in src/*/; do printf -- '-I%s ' "${d%/}"; done)
B=${BENCH_BIN:-build/bench}
WARN="-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings -Wvla"

make --no-print-directory all >&2
mkdir -p "$B"
# a snapshot: a rebuild of build/sqlsoak during a long bench cannot mix binaries
cp build/sqlsoak "$B/sqlsoak"
# shellcheck disable=SC2086  # word splitting of flag lists is intended
$CC -std=c11 $WARN $CFLAGS -D_GNU_SOURCE $INC bench/ref.c \
    build/obj/kvgen.o build/obj/schedule.o build/obj/value.o build/obj/keydist.o \
    build/obj/nearest.o build/obj/sqlapi.o build/obj/stop.o -ldl -lxxhash -ljansson -lm -o "$B/ref"
# shellcheck disable=SC2086
$CC -std=c11 $WARN $CFLAGS -D_GNU_SOURCE $INC bench/genspeed.c \
    build/obj/kvgen.o build/obj/hist.o -lxxhash -lm -o "$B/genspeed"
# shellcheck disable=SC2086
$CC -std=c11 $WARN $CFLAGS -D_GNU_SOURCE $INC bench/refreader.c \
    build/obj/sqlapi.o build/obj/stop.o -ldl -ljansson -o "$B/refreader"
