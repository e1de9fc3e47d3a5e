/*
** datadir: where sqlsoak's own data files are, wherever the binary runs
** from: the gnuplot scripts (the .gp files of plots/), the published
** reference figures (the .csv files of reference/), the presets (the
** job files of presets/, one NAME.conf each) and SQLite's release list
** (sqlite/releases.tsv).
**
** What stays true: the three folders always come from the same place (one
** checkout or one installation, never a mix), and the places are tried in
** a fixed order, relative to the running executable first, so a checkout
** that was copied or moved, or an installation under any prefix, finds its
** own files.  The places, for an executable in folder EXE:
**
**   1. $SQLSOAK_PLOTS_DIR, when set: the scripts there and nowhere else;
**      the reference and presets beside it (../data/reference or
**      ../reference, ../data/presets or ../presets)
**   2. EXE/..     a checkout: build/sqlsoak -> plots/, data/reference/,
**                 data/presets/
**   3. EXE/../..  a checkout's build/<arch>/sqlsoak, same folders
**   4. EXE/../share/sqlsoak   an installation: bin/sqlsoak ->
**      share/sqlsoak/plots/, share/sqlsoak/reference/, share/sqlsoak/presets/
**   5. SQLSOAK_DATADIR, the PREFIX/share/sqlsoak this binary was built for
*/
#ifndef SQLSOAK_DATADIR_H
#define SQLSOAK_DATADIR_H

#include <stddef.h>

/* The folder of the gnuplot scripts into out (n bytes).  Returns 0, or -1
** when no place holds them (datadir_places says where it looked). */
int datadir_plots(char *out, size_t n);

/* The path of the reference file name ("2014.csv") into out, from the
** place the scripts came from.  Returns 0, or -1 when it is not there. */
int datadir_reference(const char *name, char *out, size_t n);

/* The path of file name in data folder kind ("sqlite": SQLite's release
** list) into out, from the place the scripts came from.  Returns 0, or -1
** with where it looked into out. */
int datadir_data(const char *kind, const char *name, char *out, size_t n);

/* The path of preset name's job file (name.conf) into out, from the place
** the scripts came from.  Returns 0, or -1 with where it looked into out
** ("R/data/presets or R/presets", or the places, when none holds scripts). */
int datadir_preset(const char *name, char *out, size_t n);

/* The folders where the scripts were looked for, for a message:
** "A, B, C".  Returns out. */
const char *datadir_places(char *out, size_t n);

#endif
