/*
** cmd_resume: see cmd_resume.h.  The steps are resume.h's, in its order:
** every check before any change, so that a refused resume (exit 2) and
** one stopped while checking (exit 130) leave the folder as it was.  The
** run carried on draws its graphs as run's do: the drawing is lent to it
** from here (the run layer knows nothing of plot's).
*/
#include "cmd_resume.h"
#include "plot.h"
#include "resume.h"

int cmd_resume(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    struct resume rs;
    int status = 2;
    (void)argc, (void)argv;
    if (resume_open(&rs, cfg, plot_run, err, errlen))
        goto done;
    if (resume_all_recorded(&rs)) {
        status = resume_close(&rs, err, errlen);
        goto done;
    }
    if (resume_check(&rs, err, errlen))
        goto done;
    if (resume_stopped(err, errlen)) {
        status = 130;
        goto done;
    }
    /* every check passed: from here on, changes */
    status = 1;
    if (resume_prepare(&rs, err, errlen))
        goto done;
    resume_announce(&rs);
    status = resume_carry_on(&rs, err, errlen);
done:
    resume_release(&rs);
    return status;
}
