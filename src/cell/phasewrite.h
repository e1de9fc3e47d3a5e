/*
** phasewrite: the write phase, its COMMITs inside, closed-loop or paced (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASEWRITE_H
#define SQLSOAK_PHASEWRITE_H

#include "phaserunner.h"

extern const struct phase_runner phase_write_runner;

#endif
