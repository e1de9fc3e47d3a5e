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

/* Options whose value is a folder or a file: the parser takes any text,
** so the table cannot say it. */
static const char *const folder_options[] = {"db-dir", "out", "baseline", NULL};
static const char *const file_options[] = {"job", "save-job", "metrics", NULL};

static int listed(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

static int is_folder_option(const char *name)
{
    return listed(folder_options, name);
}

/* A value completed as a file name: --sqlite-lib's PATH, a job file. */
static int is_file_option(const struct option_doc *d)
{
    return strcmp(d->arg, "PATH") == 0 || listed(file_options, d->name);
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
    } else if (is_file_option(d)) {
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

static int bash_print(FILE *f)
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

/* text with each character of special given a backslash, into f; in
** zsh's single quotes (sq), a ' closes them, is escaped and reopens them. */
static void escaped(FILE *f, const char *text, const char *special, int sq)
{
    for (const char *p = text; *p; p++) {
        if (sq && *p == '\'') {
            fputs("'\\''", f);
            continue;
        }
        if (strchr(special, *p))
            fputc('\\', f);
        fputc(*p, f);
    }
}

/* The preset names, or an enum's words, space-separated; 0 when d has
** neither. */
static int words_of(FILE *f, const struct option_doc *d)
{
    const char *name, *what;
    if (d->words) {
        for (int k = 0; d->words[k]; k++)
            fprintf(f, "%s%s", k ? " " : "", d->words[k]);
        return 1;
    }
    if (strcmp(d->name, "preset") == 0) {
        for (int k = 0; preset_doc(k, &name, &what); k++)
            fprintf(f, "%s%s", k ? " " : "", name);
        return 1;
    }
    if (d->special) {
        fputs(d->special, f);
        return 1;
    }
    return 0;
}

static int has_words(const struct option_doc *d)
{
    return d->words || d->special || strcmp(d->name, "preset") == 0;
}

/* zsh: _arguments per subcommand; --opt= takes its value after = or as
** the next word, as the parser does. */
static int zsh_print(FILE *f)
{
    const struct command_doc *c;
    struct option_doc d;
    fputs("#compdef sqlsoak\n# zsh completion for sqlsoak " SQLSOAK_VERSION
          ", generated by\n# `sqlsoak --completion zsh` from its option table.\n\n"
          "_sqlsoak() {\n    local -a commands\n    commands=(\n", f);
    for (int i = 0; (c = commands_at(i)); i++) {
        fprintf(f, "        '%s:", c->name);
        escaped(f, c->what, ":", 1);
        fputs("'\n", f);
    }
    fputs("    )\n    if (( CURRENT == 2 )); then\n"
          "        _describe -t commands 'sqlsoak command' commands\n        return\n    fi\n"
          "    local cmd=$words[2]\n    shift words\n    (( CURRENT-- ))\n    case $cmd in\n", f);
    for (int i = 0; (c = commands_at(i)); i++) {
        fprintf(f, "    %s)\n        _arguments -S \\\n", c->name);
        for (int k = 0; options_doc(c->cmd, k, &d); k++) {
            fprintf(f, "            '--%s%s[", d.name, d.arg ? "=" : "");
            escaped(f, d.help, "[]:\\", 1);
            fputs("]", f);
            if (d.arg) {
                fprintf(f, ":%s:", d.arg);
                if (is_folder_option(d.name))
                    fputs("_files -/", f);
                else if (is_file_option(&d))
                    fputs("_files", f);
                else if (has_words(&d)) {
                    fputs(d.list ? "_sequence compadd - " : "(", f);
                    words_of(f, &d);
                    fputs(d.list ? "" : ")", f);
                } else {
                    fputs(" ", f);      /* a number: nothing to suggest */
                }
            }
            fputs("' \\\n", f);
        }
        fprintf(f, "            '(- *)--help[show the options of %s]'%s\n        ;;\n", c->name,
                strstr(c->args, "DIR") ? " \\\n            '*:results folder:_files -/'" : "");
    }
    fputs("    esac\n}\n\n_sqlsoak \"$@\"\n", f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

/* fish: one `complete` line per subcommand and per option, the option's
** line naming the subcommands that take it. */
static int fish_print(FILE *f)
{
    const struct command_doc *c;
    struct option_doc d;
    fputs("# fish completion for sqlsoak " SQLSOAK_VERSION ", generated by\n"
          "# `sqlsoak --completion fish` from its option table.\n\n"
          "complete -c sqlsoak -f\n", f);
    for (int i = 0; (c = commands_at(i)); i++) {
        fprintf(f, "complete -c sqlsoak -n __fish_use_subcommand -a %s -d '", c->name);
        escaped(f, c->what, "'\\", 0);
        fputs("'\n", f);
    }
    for (int i = 0; (c = commands_at(i)); i++) {
        if (strstr(c->args, "DIR"))
            fprintf(f, "complete -c sqlsoak -n '__fish_seen_subcommand_from %s' -a "
                       "'(__fish_complete_directories)'\n", c->name);
        for (int k = 0; options_doc(c->cmd, k, &d); k++) {
            fprintf(f, "complete -c sqlsoak -n '__fish_seen_subcommand_from %s' -l %s", c->name,
                    d.name);
            if (d.arg && is_folder_option(d.name))
                fputs(" -x -a '(__fish_complete_directories)'", f);
            else if (d.arg && is_file_option(&d))
                fputs(" -r -F", f);
            else if (d.arg && has_words(&d)) {
                fputs(" -x -a '", f);
                words_of(f, &d);
                fputs("'", f);
            } else if (d.arg) {
                fputs(" -x", f);
            }
            fputs(" -d '", f);
            escaped(f, d.help, "'\\", 0);
            fputs("'\n", f);
        }
    }
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int completion_print(const char *shell, FILE *f)
{
    if (strcmp(shell, "bash") == 0)
        return bash_print(f);
    if (strcmp(shell, "zsh") == 0)
        return zsh_print(f);
    if (strcmp(shell, "fish") == 0)
        return fish_print(f);
    return 1;
}
