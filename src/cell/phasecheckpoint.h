/*
** phasecheckpoint: the explicit checkpoint after each chunk (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASECHECKPOINT_H
#define SQLSOAK_PHASECHECKPOINT_H

#include "phaserunner.h"

extern const struct phase_runner phase_checkpoint_runner;

#endif
