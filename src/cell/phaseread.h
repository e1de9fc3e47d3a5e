/*
** phaseread: the read phase, and the OS cache dropped before it (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASEREAD_H
#define SQLSOAK_PHASEREAD_H

#include "phaserunner.h"

extern const struct phase_runner phase_read_runner;

#endif
