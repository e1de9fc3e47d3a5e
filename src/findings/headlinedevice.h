/*
** headlinedevice: the headline's sentences of the storage device
** (headline.h): HL_WRITES, the baseline's writes by their three counts
** and the device's writes while sqlsoak idled; HL_WEAR, each cell's wear,
** least first; HL_DEVICE, the cells against the device's own limits.
*/
#ifndef SQLSOAK_HEADLINEDEVICE_H
#define SQLSOAK_HEADLINEDEVICE_H

#include "headlineint.h"
#include "records.h"

#include <jansson.h>

/* The baseline's writes by the three counts (base: its name), into h. */
void headlinedevice_writes(const struct headline_input *in, const char *base,
                           struct headline *h);

/* Each of the nids measured cells' wear, into h. */
void headlinedevice_wear(const struct headline_input *in, const struct cell_id *ids, int nids,
                         struct headline *h);

/* The cells of results folder dir against limits (run.json's
** device_limits), into h: nothing when limits is not an object. */
void headlinedevice_limits(const char *dir, const json_t *limits,
                           const struct headline_input *in, struct headline *h);

#endif
