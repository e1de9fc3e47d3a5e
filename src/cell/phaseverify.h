/*
** phaseverify: --verify at the cell's end (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASEVERIFY_H
#define SQLSOAK_PHASEVERIFY_H

#include "phaserunner.h"

extern const struct phase_runner phase_verify_runner;

#endif
