/*
** phaseanalyze: --analyze: the planner's statistics after each chunk (phaserunner.h's descriptor).
*/
#ifndef SQLSOAK_PHASEANALYZE_H
#define SQLSOAK_PHASEANALYZE_H

#include "phaserunner.h"

extern const struct phase_runner phase_analyze_runner;

#endif
