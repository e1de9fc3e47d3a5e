/*
** optionargs: argv-style options applied to a struct config, each value
** into its field.  See optionargs.h.
*/
#include "optionargs.h"

#include "baseline.h"
#include "need.h"
#include "plan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --repeat auto[:MAX]: at most MAX rounds (20 by default), each one only
** while some comparison is not yet decided (noise_decided). */
static int set_repeat_auto(struct config *cfg, const struct option_def *o, const char *val,
                           char *err, size_t errlen)
{
    int64_t max = REPEAT_AUTO_MAX;
    if (val[4] && (val[4] != ':' || value_parse(&o->v, val + 5, &max, err, errlen) != 0)) {
        if (val[4] != ':')
            snprintf(err, errlen, "--repeat: '%s' is not a count, auto or auto:MAX", val);
        return -1;
    }
    cfg->repeat = max;
    cfg->repeat_auto = 1;
    return 0;
}

static int check_need(const char *text, char *err, size_t errlen)
{
    struct need need;
    return need_parse(text, &need, err, errlen);
}

static int check_shard(const char *text, char *err, size_t errlen)
{
    int k, n;
    return plan_shard_parse(text, &k, &n, err, errlen);
}

/* Texts checked as they are given, so that a job file's error names its
** line; what they must be against the plan is checked once it is built. */
static const struct {
    size_t off;
    int (*check)(const char *text, char *err, size_t errlen);
} text_checks[] = {
    {offsetof(struct config, need), check_need},
    {offsetof(struct config, shard), check_shard},
    {offsetof(struct config, baseline), baseline_check},
};

/* A list option's value that reads as one number grouped by commas
** ("--page-size 1,024"): one line saying how to write the number, into
** err.  Returns -1. */
static int grouped_list_refused(const struct option_def *o, const char *val, char *err,
                                size_t errlen)
{
    char plain[64], underscored[64];
    size_t k = 0, items = 1;
    for (const char *p = val; *p && k + 1 < sizeof plain; p++) {
        items += *p == ',';
        if (*p != ',')
            plain[k++] = *p;
    }
    plain[k] = 0;
    snprintf(underscored, sizeof underscored, "%s", val);
    for (char *p = underscored; (p = strchr(p, ',')); )
        *p = '_';
    snprintf(err, errlen,
             "--%s: '%s' is a list of %zu values (a comma separates a list's values); for the "
             "number %s write %s or %s",
             o->v.name, val, items, plain, plain, underscored);
    return -1;
}

int optionargs_set(struct config *cfg, const struct option_def *o, const char *val, char *err,
                   size_t errlen)
{
    char *field = (char *)cfg + o->off;
    if (o->v.type == V_FLAG) {
        *(int *)field = 1;
        return 0;
    }
    if (o->v.type == V_STR && (o->v.flags & VF_LIST)) {
        struct strlist *sl = (struct strlist *)field;
        for (int i = 0; i < sl->n; i++)
            free(sl->v[i]);
        sl->n = 0;
    } else if (o->v.type == V_STR) {
        if (!*val) {
            snprintf(err, errlen, "--%s: empty value", o->v.name);
            return -1;
        }
        for (size_t i = 0; i < sizeof text_checks / sizeof *text_checks; i++)
            if (o->off == text_checks[i].off && text_checks[i].check(val, err, errlen))
                return -1;
        if (o->off == offsetof(struct config, preset)) {
            *(const char **)field = val;
        } else {
            char **sp = (char **)field;
            free(*sp);
            *sp = strdup(val);
        }
        return 0;
    }
    if (o->off == offsetof(struct config, repeat))
        cfg->repeat_auto = 0;
    if (o->off == offsetof(struct config, repeat) && strncmp(val, "auto", 4) == 0)
        return set_repeat_auto(cfg, o, val, err, errlen);
    if (!(o->v.flags & VF_LIST)) {
        int64_t v;
        if (value_parse(&o->v, val, &v, err, errlen))
            return -1;
        if (o->v.type == V_ENUM)
            *(int *)field = (int)v;
        else
            *(int64_t *)field = v;
        return 0;
    }
    /* a comma list: every item must be valid and non-empty */
    int numeric = o->v.type == V_COUNT || o->v.type == V_BYTES || o->v.type == V_INT;
    struct list tmp = {0};
    struct strlist stmp = {0};
    const char *p = val;
    char *item = NULL;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0) {
            snprintf(err, errlen, "--%s: empty item in list '%s'", o->v.name, val);
            goto fail;
        }
        if (tmp.n == LIST_MAX || stmp.n == LIST_MAX) {
            snprintf(err, errlen, "--%s: list too long (at most %d items)", o->v.name, LIST_MAX);
            goto fail;
        }
        if (!(item = strndup(p, len))) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        if (o->v.type == V_STR) {
            for (int i = 0; i < stmp.n; i++)
                if (strcmp(stmp.v[i], item) == 0) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->v.name, item);
                    goto fail;
                }
            stmp.v[stmp.n++] = item;
        } else {
            int64_t v;
            if (value_parse(&o->v, item, &v, err, errlen))
                goto fail;
            for (int i = 0; i < tmp.n; i++)
                if (tmp.v[i] == v) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->v.name, item);
                    goto fail;
                }
            tmp.v[tmp.n++] = v;
            free(item);
        }
        item = NULL;
        if (!comma)
            break;
        p = comma + 1;
    }
    /* "1,024": the list 1 and 24, which nobody writes with a leading 0 */
    if (numeric && value_grouped_list(val) && strstr(val, ",0"))
        goto fail;
    if (o->v.type == V_STR)
        *(struct strlist *)field = stmp;
    else
        *(struct list *)field = tmp;
    return 0;
fail:
    if (numeric && value_grouped_list(val))
        grouped_list_refused(o, val, err, errlen);
    free(item);
    for (int i = 0; i < stmp.n; i++)
        free(stmp.v[i]);
    return -1;
}

/* An unknown option as typed (typed[0..len), name its letters after the
** dashes), with the option of cmd it most likely meant. */
static int unknown_option(const char *typed, size_t len, const char *name, enum command cmd,
                          char *err, size_t errlen)
{
    const char *meant = optiontable_nearest(name, len - (size_t)(name - typed), cmd);
    if (meant)
        snprintf(err, errlen, "unknown option '%.*s': did you mean --%s? (see --help)", (int)len,
                 typed, meant);
    else
        snprintf(err, errlen, "unknown option '%.*s' (see --help)", (int)len, typed);
    return -1;
}

int optionargs_apply(struct config *cfg, enum command cmd, int argc, char **argv, int pos_ok,
                     int *want_help, char *err, size_t errlen)
{
    const char *list_before = NULL;   /* the list option whose value argv[i - 1] was */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *list_just_before = list_before;
        list_before = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            if (want_help)
                *want_help = 1;
            continue;
        }
        if (strncmp(a, "--", 2) != 0 || a[2] == 0) {
            if (a[0] == '-' && a[1])
                return unknown_option(a, strlen(a), a + 1, cmd, err, errlen);
            if (!cfg->npos)
                cfg->stray_after = list_just_before;
            if (!pos_ok) {
                snprintf(err, errlen, "unexpected argument '%s' (see --help)", a);
                return -1;
            }
            cfg->pos[cfg->npos++] = argv[i];
            continue;
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        struct option_def buf;
        const struct option_def *o = optiontable_find(name, len, cmd, &buf);
        if (!o)
            return unknown_option(a, len + 2, name, cmd, err, errlen);
        const char *val;
        if (o->v.type == V_FLAG) {
            if (eq) {
                snprintf(err, errlen, "--%s takes no value", o->v.name);
                return -1;
            }
            val = "1";
        } else if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
            val = argv[++i];
        } else {
            snprintf(err, errlen, "--%s needs a value", o->v.name);
            return -1;
        }
        if (optionargs_set(cfg, o, val, err, errlen))
            return -1;
        if (o->v.flags & VF_LIST)
            list_before = o->v.name;
    }
    return 0;
}
