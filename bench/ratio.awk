# ratio.awk: sqlsoak's phase times over the reference's, from samples.csv
# (round,tool,chunk,write_s,read_s; tool is "ref" or "sqlsoak").
#
#   awk -F, -v target=1.03 -f bench/ratio.awk bench/results/<run>/samples.csv
#
# A ratio pairs sqlsoak and the reference of the same round and chunk
# (they ran back to back).  Medians are over rounds (per chunk) and over
# every (chunk, round) pair (overall).  "spread" is max/min of one tool's
# time for a chunk across rounds: the host's noise, for scale.

function median(a, n,    i, j, x) {
    for (i = 2; i <= n; i++) {
        x = a[i]
        for (j = i - 1; j >= 1 && a[j] > x; j--)
            a[j + 1] = a[j]
        a[j + 1] = x
    }
    if (n == 0)
        return "nan"
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

function fmt_ratio(x) {
    return x == "nan" ? "   -  " : sprintf("%6.3f", x)
}

NR == 1 { next }                                  # header
{
    r = $1; tool = $2; c = $3
    t[tool, r, c, "w"] = $4
    t[tool, r, c, "r"] = $5
    if (!(r in seen_round)) { seen_round[r] = 1; rounds[++nr] = r }
    if (!(c in seen_chunk)) { seen_chunk[c] = 1; chunks[++nc] = c }
}

END {
    if (target == "")
        target = 1.03
    split("w r", phases, " ")
    name["w"] = "write"; name["r"] = "read"
    for (p = 1; p <= 2; p++) {
        ph = phases[p]
        printf "\n%s phase: sqlsoak %s_s / ref %s_s\n", name[ph], name[ph], name[ph]
        printf "%5s  %10s %10s ", "chunk", "ref_med_s", "soak_med_s"
        for (i = 1; i <= nr; i++)
            printf " %6s", "r" rounds[i]
        printf "  %6s  %7s %7s\n", "median", "spr_ref", "spr_soak"
        nall = 0
        for (k = 1; k <= nc; k++) {
            c = chunks[k]; nrat = 0; nref = 0; nsoak = 0
            for (i = 1; i <= nr; i++) {
                r = rounds[i]
                a = t["ref", r, c, ph]; b = t["sqlsoak", r, c, ph]
                if (a != "") refv[++nref] = a
                if (b != "") soakv[++nsoak] = b
                rat[i] = (a != "" && b != "" && a > 0) ? b / a : "nan"
                if (rat[i] != "nan") { rv[++nrat] = rat[i]; all[++nall] = rat[i] }
            }
            lo_r = hi_r = refv[1]; lo_s = hi_s = soakv[1]
            for (i = 1; i <= nref; i++) { if (refv[i] < lo_r) lo_r = refv[i]; if (refv[i] > hi_r) hi_r = refv[i] }
            for (i = 1; i <= nsoak; i++) { if (soakv[i] < lo_s) lo_s = soakv[i]; if (soakv[i] > hi_s) hi_s = soakv[i] }
            printf "%5s  %10.4f %10.4f ", c, median(refv, nref), median(soakv, nsoak)
            for (i = 1; i <= nr; i++)
                printf " %s", fmt_ratio(rat[i])
            spr_r = lo_r > 0 ? hi_r / lo_r : 0
            spr_s = lo_s > 0 ? hi_s / lo_s : 0
            printf "  %s  %7.3f %7.3f\n", fmt_ratio(median(rv, nrat)), spr_r, spr_s
            delete refv; delete soakv; delete rv
        }
        # per round: whole-run phase time ratio
        nround = 0
        for (i = 1; i <= nr; i++) {
            r = rounds[i]; sa = 0; sb = 0; ok = 1
            for (k = 1; k <= nc; k++) {
                a = t["ref", r, chunks[k], ph]; b = t["sqlsoak", r, chunks[k], ph]
                if (a == "" || b == "") ok = 0
                sa += a; sb += b
            }
            if (ok && sa > 0) tot[++nround] = sb / sa
        }
        med = median(all, nall)
        medtot = median(tot, nround)
        printf "%s: median ratio over %d chunk x round pairs = %s   " \
               "(median over rounds of total-time ratio = %s)   target <= %s: %s\n",
               name[ph], nall, fmt_ratio(med), fmt_ratio(medtot), target,
               (med != "nan" && med <= target) ? "MET" : "NOT MET"
        verdict[ph] = med
        delete all; delete tot
    }
    printf "\nSUMMARY  write ratio %s  read ratio %s  (target <= %s)\n",
           fmt_ratio(verdict["w"]), fmt_ratio(verdict["r"]), target
}
