/*
** phasechurn: the update, delete and vacuum phases (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASECHURN_H
#define SQLSOAK_PHASECHURN_H

#include "phaserunner.h"

extern const struct phase_runner phase_update_runner, phase_delete_runner, phase_vacuum_runner;

#endif
