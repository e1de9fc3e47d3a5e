/*
** cmd_resume: see cmd_resume.h.  The run carried on draws its graphs as
** run's do: the drawing is lent to it from here (the run layer knows
** nothing of plot's).
*/
#include "cmd_resume.h"
#include "plot.h"
#include "resume.h"

int cmd_resume(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    return resume_run(cfg, plot_run, err, errlen);
}
