/*
** completion: the bash completion script, generated from the command
** table, the option table (options_doc) and the presets; see completion.h.
**
** What stays true: the script completes exactly what the parser accepts:
** subcommands, each subcommand's own options, an enum option's words (for
** a comma list, the part after the last comma), a special word such as
** 'chunk' or 'default', preset names, folders where a folder is expected
** and files for --sqlite-lib.  Numbers get no suggestion.  Every value
** form works: --journal w, --journal=w (bash makes the = a word of its
** own) and, where = is not a word break, the single word --journal=w.
*/
#include "completion.h"

#include "commands.h"
#include "options.h"
#include "preset.h"

#include <string.h>

#ifndef SQLSOAK_VERSION
#error "SQLSOAK_VERSION is set by the Makefile, from the VERSION file"
#endif

/* Options whose value is a folder: the parser takes any text, so the
** table cannot say it. */
static const char *const folder_options[] = {"db-dir", "out", "baseline", NULL};

static int is_folder_option(const char *name)
{
    for (int i = 0; folder_options[i]; i++)
        if (strcmp(folder_options[i], name) == 0)
            return 1;
    return 0;
}

/* The helpers and the start of _sqlsoak, up to where the value of an
** option is completed. */
static const char head[] =
    "# _sqlsoak_reply LIST CMD...: COMPREPLY from CMD \"$part\", one line each;\n"
    "# with LIST 1, for the part of $cur after its last comma.\n"
    "_sqlsoak_reply() {\n"
    "    local list=$1 pre= part=$cur line\n"
    "    shift\n"
    "    if [ \"$list\" = 1 ] && [[ $cur == *,* ]]; then\n"
    "        pre=${cur%,*},\n"
    "        part=${cur##*,}\n"
    "    fi\n"
    "    COMPREPLY=()\n"
    "    while IFS= read -r line; do\n"
    "        COMPREPLY+=(\"$eq$pre$line\")\n"
    "    done < <(\"$@\" -- \"$part\")\n"
    "}\n"
    "\n"
    "_sqlsoak() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} prev= opt= eq= opts= dirs=\n"
    "    [ \"$COMP_CWORD\" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "    COMPREPLY=()\n";

/* The option being given a value: --opt VALUE, --opt = VALUE (bash split
** the = off), or --opt=VALUE as one word. */
static const char value_of[] =
    "    if [ \"$cur\" = = ]; then\n"
    "        opt=$prev cur=\n"
    "    elif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -gt 2 ]; then\n"
    "        opt=${COMP_WORDS[COMP_CWORD-2]}\n"
    "    elif [[ $cur == --*=* ]]; then\n"
    "        opt=${cur%%=*} eq=${cur%%=*}= cur=${cur#*=}\n"
    "    elif [[ $prev == --* ]]; then\n"
    "        opt=$prev\n"
    "    fi\n";

static const char tail[] =
    "    if [[ $cur == -* ]]; then\n"
    "        _sqlsoak_reply 0 compgen -W \"$opts --help\"\n"
    "    elif [ \"$dirs\" = 1 ]; then\n"
    "        compopt -o filenames 2>/dev/null\n"
    "        _sqlsoak_reply 0 compgen -d\n"
    "    fi\n"
    "    return 0\n"
    "}\n"
    "complete -F _sqlsoak sqlsoak\n";

/* The case arm completing option d's value, or nothing for a flag. */
static void value_arm(FILE *f, const struct option_doc *d)
{
    if (!d->arg)
        return;
    fprintf(f, "    --%s) ", d->name);
    if (d->words) {
        fprintf(f, "_sqlsoak_reply %d compgen -W \"", d->list);
        for (int k = 0; d->words[k]; k++)
            fprintf(f, "%s%s", k ? " " : "", d->words[k]);
        fputs("\" ;;\n", f);
    } else if (strcmp(d->name, "preset") == 0) {
        const char *name, *what;
        fputs("_sqlsoak_reply 0 compgen -W \"", f);
        for (int k = 0; preset_doc(k, &name, &what); k++)
            fprintf(f, "%s%s", k ? " " : "", name);
        fputs("\" ;;\n", f);
    } else if (is_folder_option(d->name)) {
        fputs("compopt -o filenames 2>/dev/null; _sqlsoak_reply 0 compgen -d ;;\n", f);
    } else if (strcmp(d->arg, "PATH") == 0) {
        fprintf(f, "compopt -o filenames 2>/dev/null; _sqlsoak_reply %d compgen -f ;;\n",
                d->list);
    } else if (d->special) {
        fprintf(f, "_sqlsoak_reply %d compgen -W \"%s\" ;;\n", d->list, d->special);
    } else {
        fputs(";;\n", f);               /* a number: nothing to suggest */
    }
}

/* One arm per option name, whichever commands take it: an option means
** the same under every command. */
static void value_arms(FILE *f)
{
    const char *seen[128];
    int nseen = 0;
    const struct command_doc *c;
    struct option_doc d;
    fputs("    case $opt in\n", f);
    for (int i = 0; (c = commands_at(i)); i++)
        for (int k = 0; options_doc(c->cmd, k, &d); k++) {
            int dup = 0;
            for (int s = 0; s < nseen && !dup; s++)
                dup = strcmp(seen[s], d.name) == 0;
            if (dup || nseen == (int)(sizeof seen / sizeof *seen))
                continue;
            seen[nseen++] = d.name;
            value_arm(f, &d);
        }
    fputs("    *) opt= ;;\n    esac\n    [ -n \"$opt\" ] && return 0\n    eq=\n", f);
}

/* Per subcommand: its options, and whether its arguments are folders. */
static void command_arms(FILE *f)
{
    const struct command_doc *c;
    struct option_doc d;
    fputs("    case ${COMP_WORDS[1]} in\n", f);
    for (int i = 0; (c = commands_at(i)); i++) {
        fprintf(f, "    %s) opts=\"", c->name);
        for (int k = 0; options_doc(c->cmd, k, &d); k++)
            fprintf(f, "%s--%s", k ? " " : "", d.name);
        fprintf(f, "\"%s ;;\n", strstr(c->args, "DIR") ? " dirs=1" : "");
    }
    fputs("    *) return 0 ;;\n    esac\n", f);
}

int completion_print(FILE *f)
{
    const struct command_doc *c;
    fputs("# bash completion for sqlsoak " SQLSOAK_VERSION ", generated by\n"
          "# `sqlsoak --completion bash` from its option table.\n\n",
          f);
    fputs(head, f);
    fputs("    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        _sqlsoak_reply 0 compgen -W \"",
          f);
    for (int i = 0; (c = commands_at(i)); i++)
        fprintf(f, "%s ", c->name);
    fputs("--help --version\"\n        return 0\n    fi\n", f);
    fputs(value_of, f);
    value_arms(f);
    command_arms(f);
    fputs(tail, f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
