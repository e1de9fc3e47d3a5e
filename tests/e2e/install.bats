#!/usr/bin/env bats
# install.bats: `make install` and `make uninstall` into a staging root, the
# installed binary drawing its graphs with the checkout out of reach, the
# man page, the bash completion, and a copied-then-moved checkout that still
# finds its own plots.  The checkout under test is copied first: only the
# copy is built, installed and renamed.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images

setup_file() {
    local top=$BATS_TEST_DIRNAME/../..
    export T=$BATS_FILE_TMPDIR
    mkdir -p "$T/src/data" "$T/root/usr/bin" "$T/elsewhere"
    cp -r "$top/Makefile" "$top/VERSION" "$top/src" "$top/plots" "$T/src/"
    cp -r "$top/data/reference" "$top/data/presets" "$top/data/sqlite" "$T/src/data/"
    # the copy is built as a fresh checkout, whatever make runs this test,
    # with the host's compiler (a cross leg exports CC for other tests)
    unset MAKEFLAGS MFLAGS MAKELEVEL CC
    # a file that was there before: uninstall must leave it alone
    echo 'not sqlsoak' >"$T/root/usr/bin/other-tool"
    # unoptimized (CFLAGS=-O0): what is checked is where the build puts
    # and finds its files, and it compiles in two thirds of the CPU time;
    # without CI's warnings as errors, which the main build holds at the
    # flags it ships with (at -O0 gcc warns of truncations it cannot see)
    env -u CI make -C "$T/src" -j2 PREFIX=/usr CFLAGS=-O0 >"$T/build.log" 2>&1
    env -u CI make -C "$T/src" install DESTDIR="$T/root" PREFIX=/usr CFLAGS=-O0 >"$T/install.log" 2>&1
    # the binary alone, beside no data files
    mkdir -p "$T/lonely/bin"
    cp "$T/src/build/sqlsoak" "$T/lonely/bin/sqlsoak"
    # no path into the copied checkout works any more
    mv "$T/src" "$T/moved"
    export BIN=$T/root/usr/bin/sqlsoak
    export TINY="--rows 20k --chunk 5k --reads 2k --progress never"
}

# drawn DIR: every graph of a two-journal run, PNG and SVG, and its report.
drawn() {
    local g
    for g in write write_log read latency amplification spread; do
        [ -s "$1/plots/$g.svg" ] || { echo "missing $g.svg"; return 1; }
        check_png "$1/plots/$g.png" 800 0
    done
    check_report_refs "$1"
}

@test "install: the binary, the scripts, the reference data, the presets, the man page and the completions" {
    cd "$T/root"
    run find . -type f
    [ "$status" -eq 0 ]
    local want=(./usr/bin/other-tool ./usr/bin/sqlsoak ./usr/share/man/man1/sqlsoak.1
                ./usr/share/bash-completion/completions/sqlsoak
                ./usr/share/zsh/vendor-completions/_sqlsoak
                ./usr/share/fish/vendor_completions.d/sqlsoak.fish)
    for f in "$T"/moved/plots/*.gp; do want+=("./usr/share/sqlsoak/plots/${f##*/}"); done
    for f in "$T"/moved/data/reference/*.csv; do want+=("./usr/share/sqlsoak/reference/${f##*/}"); done
    for f in "$T"/moved/data/presets/*.conf; do want+=("./usr/share/sqlsoak/presets/${f##*/}"); done
    want+=(./usr/share/sqlsoak/sqlite/releases.tsv)
    [ -e "$T/moved/data/presets/overnight.conf" ]
    [ "$(printf '%s\n' "${want[@]}" | sort)" = "$(printf '%s\n' "${lines[@]}" | sort)" ]
    [ -x usr/bin/sqlsoak ]
    # the generated files, as the binary generates them
    cmp usr/share/man/man1/sqlsoak.1 "$T/moved/build/sqlsoak.1"
    cmp usr/share/bash-completion/completions/sqlsoak "$T/moved/build/sqlsoak.bash"
    "$BIN" --man | cmp - usr/share/man/man1/sqlsoak.1
    "$BIN" --completion bash | cmp - usr/share/bash-completion/completions/sqlsoak
    "$BIN" --completion zsh | cmp - usr/share/zsh/vendor-completions/_sqlsoak
    "$BIN" --completion fish | cmp - usr/share/fish/vendor_completions.d/sqlsoak.fish
    run "$BIN" --version
    [ "$output" = "sqlsoak $(cat "$T/moved/VERSION")" ]
    # SQLite's release list, found where it was installed: latest is its last line
    SQLSOAK_CACHE=$T/elsewhere/cache run "$BIN" info --sqlite-lib latest
    [ "$status" -eq 2 ]
    [[ "$output" == *"--sqlite-lib latest: not built: \`sqlsoak sqlite get $(tail -n 1 "$T/moved/data/sqlite/releases.tsv" | cut -f 1)\` fetches it" ]]
}

@test "installed: a run from an unrelated folder draws every graph and the report" {
    cd "$T/elsewhere"
    run "$BIN" run $TINY --journal delete,wal --db-dir db --out two
    [ "$status" -eq 0 ]
    [[ "$output" == *"graphs: two/plots/"* ]]
    [[ "$output" != *"no graphs drawn"* ]]
    drawn two
    # the version, from the VERSION file alone
    python3 -c 'import json, sys; v = json.load(open(sys.argv[1]))["version"]; \
        assert v == sys.argv[2], v' two/run.json "$(cat "$T/moved/VERSION")"
    rm -r two/plots two/report.html
    run "$BIN" plot two
    [ "$status" -eq 0 ]
    drawn two
}

@test "installed: a run of the 2014 shape overlays the installed 2014 reference" {
    cd "$T/elsewhere"
    run "$BIN" run --rows 1M --chunk 1M --reads 1k --read-from chunk --sync off \
        --progress never --db-dir db --out shape2014
    [ "$status" -eq 0 ]
    grep -q '2014 test (SATA, published)' shape2014/plots/write.svg
}

@test "installed: --preset reads the installed preset file, the checkout out of reach" {
    cd "$T/elsewhere"
    cmp "$T/root/usr/share/sqlsoak/presets/overnight.conf" "$T/moved/data/presets/overnight.conf"
    run -0 "$BIN" run --preset overnight --save-job installed.conf
    run -0 "$T/moved/build/sqlsoak" run --preset overnight --save-job checkout.conf
    diff installed.conf checkout.conf
    grep -qx 'max-time = 28800' installed.conf     # the preset's 8h
    # the binary alone finds no preset: one line, exit 2
    [ ! -e /usr/share/sqlsoak/plots ] || return 0   # sqlsoak installed in /usr here
    run --separate-stderr "$T/lonely/bin/sqlsoak" run --preset overnight --save-job lonely.conf
    [ "$status" -eq 2 ]
    [[ "$stderr" == "sqlsoak run: --preset overnight: no preset file overnight.conf in sqlsoak's data folders: none of $T/lonely/plots, "* ]]
    [ "${#stderr_lines[@]}" -eq 1 ] && [ ! -e lonely.conf ]
}

@test "man: the installed page renders with every option" {
    MANWIDTH=100 run -0 --separate-stderr man -l "$T/root/usr/share/man/man1/sqlsoak.1"
    [ -z "$stderr" ]
    [[ "$output" == *"SQLSOAK(1)"* ]]
    [[ "$output" == *"--journal WORD,..."* ]]
    [[ "$output" == *"One of: delete truncate persist memory wal off"* ]]
    [[ "$output" == *"--trials N"* ]]                       # crash's own options
    [[ "$output" == *"overnight"* ]]                        # the presets
    [[ "$output" == *"sqlsoak/presets/"* ]]                 # where their files are
    [[ "$output" == *"SQLSOAK_PLOTS_DIR"* ]]
    run -0 groff -man -ww -z "$T/root/usr/share/man/man1/sqlsoak.1"
    [ -z "$output" ]                                        # no roff warning
    # every option --help lists, under every command
    local page c o
    page=$(MANWIDTH=100 man -l "$T/root/usr/share/man/man1/sqlsoak.1")
    for c in run resume crash plot compare report status probe info sqlite; do
        for o in $("$BIN" $c --help | grep -o -- '^  --[a-z0-9-]*'); do
            [[ "$page" == *"$o"* ]] || { echo "$c $o missing"; return 1; }
        done
    done
    # found by man under the installed prefix
    MANPATH=$T/root/usr/share/man MANWIDTH=100 run -0 man sqlsoak
    [[ "$output" == *"--journal WORD,..."* ]]
}

# complete WORD...: what the installed completion offers for the command
# line WORD... (the last word being completed), one per line.
complete_words() {
    bash -c 'source "$1"; shift
             complete -p sqlsoak | grep -q -- "-F _sqlsoak sqlsoak$" || exit 3
             COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sqlsoak
             printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$T/root/usr/share/bash-completion/completions/sqlsoak" "$@"
}

@test "completion: subcommands, options per subcommand, words, lists, presets, folders" {
    cd "$T/elsewhere"
    mkdir -p results-a results-b/x
    : >results-file
    run -0 complete_words sqlsoak ru
    [ "$output" = run ]
    run -0 complete_words sqlsoak run --jou
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "--journal --journal-size-limit " ]
    run -0 complete_words sqlsoak run --pin
    [ "$output" = --pin-reader ]
    run -0 complete_words sqlsoak run --journal w
    [ "$output" = wal ]
    run -0 complete_words sqlsoak run --journal delete,w
    [ "$output" = delete,wal ]
    run -0 complete_words sqlsoak run --journal = t
    [ "$output" = truncate ]
    run -0 complete_words sqlsoak crash --sync n
    [ "$output" = normal ]
    run -0 complete_words sqlsoak run --preset q
    [ "$output" = quick ]
    run -0 complete_words sqlsoak run --reads c
    [ "$output" = chunk ]
    run -0 complete_words sqlsoak run --rows ''
    [ "$output" = "" ]
    run -0 complete_words sqlsoak crash --tri
    [ "$output" = --trials ]
    run -0 complete_words sqlsoak run --tri                 # crash's, not run's
    [ "$output" = "" ]
    run -0 complete_words sqlsoak plot res
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "results-a results-b " ]
    run -0 complete_words sqlsoak run --out res
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "results-a results-b " ]
    run -0 complete_words sqlsoak compare --baseline res
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "results-a results-b " ]
    run -0 complete_words sqlsoak report res
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "results-a results-b " ]
    run -0 complete_words sqlsoak crash --db-dir=res
    [ "$(sort <<<"$output" | tr '\n' ' ')" = "--db-dir=results-a --db-dir=results-b " ]
}

# fish_complete LINE: what the installed fish completion offers for LINE,
# the words alone, one per line.
fish_complete() {
    fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
        "$T/root/usr/share/fish/vendor_completions.d/sqlsoak.fish" "$1" | cut -f1
}

@test "zsh and fish completions: every option of every command; fish offers what the parser accepts" {
    command -v zsh >/dev/null || skip "no zsh (.ci/deps test installs it)"
    command -v fish >/dev/null || skip "no fish (.ci/deps test installs it)"
    local z=$T/root/usr/share/zsh/vendor-completions/_sqlsoak
    zsh -n "$z"
    fish --no-config --no-execute "$T/root/usr/share/fish/vendor_completions.d/sqlsoak.fish"
    for c in $("$BIN" --help | awk '/^  [a-z]+ / && $1 != "sqlsoak" {print $1}'); do
        grep -q "^        '$c:" "$z" || { echo "zsh: no command $c"; return 1; }
        for o in $("$BIN" $c --help | grep -o -- '^  --[a-z0-9-]*'); do
            awk -v c="    $c)" -v o="'$o" '$0 == c {in_c = 1; next} /^    [a-z]+\)$/ {in_c = 0}
                in_c && index($1, o) == 1 {found = 1} END {exit !found}' "$z" ||
                { echo "zsh: $c $o missing"; return 1; }
        done
    done
    cd "$T/elsewhere"
    [ "$(fish_complete 'sqlsoak ru')" = run ]
    [ "$(fish_complete 'sqlsoak run --jour' | sort | tr '\n' ' ')" = "--journal --journal-size-limit " ]
    [ "$(fish_complete 'sqlsoak run --journal ' | sort | tr '\n' ' ')" = "delete memory off persist truncate wal " ]
    fish_complete 'sqlsoak run --preset ' >"$T/presets"
    grep -qx quick "$T/presets"
    grep -qx 2014 "$T/presets"
    fish_complete 'sqlsoak probe --' >"$T/probe"
    grep -qx -- --db-dir "$T/probe"
    grep -qx -- --probe-time "$T/probe"
    ! grep -qx -- --rows "$T/probe"
}

@test "uninstall: removes what install installed and nothing else" {
    make -C "$T/moved" uninstall DESTDIR="$T/root" PREFIX=/usr
    cd "$T/root"
    run -0 find . -type f
    [ "$output" = ./usr/bin/other-tool ]
    [ ! -e usr/share/sqlsoak ]
}

@test "checkout: copied and moved, its build still draws every graph" {
    cd "$T/elsewhere"
    run "$T/moved/build/sqlsoak" run $TINY --journal delete,wal --db-dir db --out moved
    [ "$status" -eq 0 ]
    [[ "$output" == *"graphs: moved/plots/"* ]]
    drawn moved
}

@test "checkout: a build two levels down (build/ARCH/sqlsoak) finds the same files" {
    mkdir -p "$T/moved/build/arch"
    cp "$T/moved/build/sqlsoak" "$T/moved/build/arch/sqlsoak"
    cd "$T/elsewhere"
    run "$T/moved/build/arch/sqlsoak" run $TINY --journal delete,wal --db-dir db --out arch
    [ "$status" -eq 0 ]
    drawn arch
}

@test "no gnuplot on PATH: run measures, says how to draw later, and exits 0" {
    cd "$T/elsewhere"
    mkdir -p nobin
    PATH="$T/elsewhere/nobin" run "$T/moved/build/sqlsoak" run $TINY --db-dir db --out nognuplot
    [ "$status" -eq 0 ]
    [[ "$output" == *"gnuplot not found: no graphs drawn.  Install gnuplot-nox, then run: sqlsoak plot 'nognuplot'"* ]]
    [ -s nognuplot/report.html ] && [ ! -e nognuplot/plots/write.png ]
}

@test "no scripts anywhere: run says where it looked and draws none; plot fails in one line" {
    [ ! -e /usr/share/sqlsoak/plots ] || skip "sqlsoak is installed in /usr on this machine"
    cd "$T/elsewhere"
    run "$T/lonely/bin/sqlsoak" run $TINY --db-dir db --out lonely
    [ "$status" -eq 0 ]
    [[ "$output" == *"no graphs drawn: sqlsoak's gnuplot scripts (*.gp) are in none of"*"$T/lonely/plots"*"$T/lonely/share/sqlsoak/plots"*"/usr/share/sqlsoak/plots"* ]]
    [[ "$output" != *"graphs: "* ]]
    [[ "$output" == *"report (no graphs): lonely/report.html"* ]]
    [ -s lonely/report.html ] && [ -s lonely/chunks.csv ]
    [ ! -e lonely/plots/write.png ]
    run --separate-stderr "$T/lonely/bin/sqlsoak" plot lonely
    [ "$status" -eq 1 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ "$stderr" == "sqlsoak plot: no graphs drawn: sqlsoak's gnuplot scripts"* ]]
    [ -z "$output" ]
}

@test "SQLSOAK_PLOTS_DIR: the scripts there, and only there" {
    [ ! -e /usr/share/sqlsoak/plots ] || skip "sqlsoak is installed in /usr on this machine"
    cd "$T/elsewhere"
    SQLSOAK_PLOTS_DIR=$T/moved/plots run "$T/lonely/bin/sqlsoak" run $TINY \
        --journal delete,wal --db-dir db --out env
    [ "$status" -eq 0 ]
    drawn env
    SQLSOAK_PLOTS_DIR=$T/elsewhere run "$T/moved/build/sqlsoak" plot env
    [ "$status" -eq 1 ]
    [[ "$output" == *"are in none of $T/elsewhere (set SQLSOAK_PLOTS_DIR"* ]]
}

@test "make install: PREFIX is /usr/local unless given" {
    run -0 make -C "$T/moved" -n install DESTDIR="$T/dry"
    [[ "$output" == *"$T/dry/usr/local/bin/sqlsoak"* ]]
    [[ "$output" == *"$T/dry/usr/local/share/sqlsoak/plots/"* ]]
    [ ! -e "$T/dry" ]
}

# Last: it rebuilds the moved checkout for another prefix.
@test "installed, then the binary moved: the PREFIX it was built for still works" {
    make -C "$T/moved" install PREFIX="$T/prefix" >/dev/null
    mkdir -p "$T/away/bin"
    cp "$T/prefix/bin/sqlsoak" "$T/away/bin/sqlsoak"
    cd "$T/elsewhere"
    run "$T/away/bin/sqlsoak" run $TINY --journal delete,wal --db-dir db --out away
    [ "$status" -eq 0 ]
    drawn away
    run -0 "$T/away/bin/sqlsoak" run --preset quick --save-job away.conf
    grep -qx 'journal = delete,wal' away.conf
    make -C "$T/moved" uninstall PREFIX="$T/prefix" >/dev/null
    run -0 find "$T/prefix" -type f
    [ -z "$output" ]
}
