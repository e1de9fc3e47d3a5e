# ratio.awk: sqlsoak's phase times over the reference's, from samples.csv
# (round,tool,chunk,write_s,read_s[,update_s]; tool is "ref" or "sqlsoak";
# an update_s column with times in it adds the update phase, against
# utarget).
#
#   awk -F, -v target=1.03 [-v utarget=1.05] -f bench/ratio.awk bench/results/<run>/samples.csv
#
# A ratio compares sqlsoak's time for a chunk with the reference's for the
# same chunk.  When the reference ran one round more than sqlsoak (run.sh:
# ref, sqlsoak, ref, ..., ref), each sqlsoak round is bracketed by the
# reference rounds before and after it, and its ratio is against their
# geometric mean, so a steady drift of the host cancels; otherwise (older
# samples: rounds in alternating order) against the reference of the same
# round.  Medians are over rounds (per chunk) and over every (chunk, round)
# ratio (overall).  "spread" is max/min of one tool's time for a chunk
# across rounds; "noise" the median of |t2/t1 - 1| over one tool's
# consecutive rounds of the same chunk: what a ratio of the reference to
# itself moves by on this host, the scale a ratio's distance from 1 is
# read against.

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

function fmt_pct(x) {
    return x == "nan" ? "  -  " : sprintf("%.1f%%", 100 * x)
}

# median over chunks and consecutive rounds of |t(r+1)/t(r) - 1|, one tool
function noise(tool, ph,    i, k, a, b, n, v) {
    n = 0
    for (k = 1; k <= nc; k++)
        for (i = 1; i < nr; i++) {
            a = t[tool, rounds[i], chunks[k], ph]; b = t[tool, rounds[i + 1], chunks[k], ph]
            if (a != "" && b != "" && a > 0)
                v[++n] = b / a > 1 ? b / a - 1 : 1 - b / a
        }
    npairs = n
    return median(v, n)
}

NR == 1 { next }                                  # header
{
    r = $1; tool = $2; c = $3
    t[tool, r, c, "w"] = $4
    t[tool, r, c, "r"] = $5
    if ($6 != "") { t[tool, r, c, "u"] = $6; updates = 1 }
    if (!(r in seen_round)) { seen_round[r] = 1; rounds[++nr] = r }
    if (!((tool, r) in seen_tool_round)) { seen_tool_round[tool, r] = 1; ntool[tool]++ }
    if (!(c in seen_chunk)) { seen_chunk[c] = 1; chunks[++nc] = c }
}

# sqlsoak's time for (round index i, chunk c, phase ph) over the reference's
function ratio(i, c, ph,    a, a2, b) {
    a = t["ref", rounds[i], c, ph]; b = t["sqlsoak", rounds[i], c, ph]
    a2 = i < nr ? t["ref", rounds[i + 1], c, ph] : ""
    if (a == "" || b == "" || a <= 0)
        return "nan"
    if (bracketed && a2 != "" && a2 > 0)
        return b / sqrt(a * a2)
    return b / a
}

END {
    if (target == "")
        target = 1.03
    if (utarget == "")
        utarget = 1.05
    bracketed = ntool["ref"] > ntool["sqlsoak"]
    nph = split(updates ? "w r u" : "w r", phases, " ")
    name["w"] = "write"; name["r"] = "read"; name["u"] = "update"
    goal["w"] = goal["r"] = target; goal["u"] = utarget
    how = "each sqlsoak round against the ref of the same round"
    if (bracketed)
        how = "each sqlsoak round against the geometric mean of the ref rounds before and after it"
    printf "ratios: %s\n", how
    for (p = 1; p <= nph; p++) {
        ph = phases[p]
        printf "\n%s phase: sqlsoak %s_s / ref %s_s\n", name[ph], name[ph], name[ph]
        printf "%5s  %10s %10s ", "chunk", "ref_med_s", "soak_med_s"
        for (i = 1; i <= nr; i++)
            if (("sqlsoak", rounds[i]) in seen_tool_round)
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
                rat[i] = ratio(i, c, ph)
                if (rat[i] != "nan") { rv[++nrat] = rat[i]; all[++nall] = rat[i] }
            }
            lo_r = hi_r = refv[1]; lo_s = hi_s = soakv[1]
            for (i = 1; i <= nref; i++) { if (refv[i] < lo_r) lo_r = refv[i]; if (refv[i] > hi_r) hi_r = refv[i] }
            for (i = 1; i <= nsoak; i++) { if (soakv[i] < lo_s) lo_s = soakv[i]; if (soakv[i] > hi_s) hi_s = soakv[i] }
            printf "%5s  %10.4f %10.4f ", c, median(refv, nref), median(soakv, nsoak)
            for (i = 1; i <= nr; i++)
                if (("sqlsoak", rounds[i]) in seen_tool_round)
                    printf " %s", fmt_ratio(rat[i])
            spr_r = lo_r > 0 ? hi_r / lo_r : 0
            spr_s = lo_s > 0 ? hi_s / lo_s : 0
            printf "  %s  %7.3f %7.3f\n", fmt_ratio(median(rv, nrat)), spr_r, spr_s
            delete refv; delete soakv; delete rv
        }
        # per round: whole-run phase time ratio (bracketed as the chunks are)
        nround = 0
        for (i = 1; i <= nr; i++) {
            r = rounds[i]; sa = 0; sa2 = 0; sb = 0; ok = 1
            r2 = bracketed && i < nr ? rounds[i + 1] : r
            for (k = 1; k <= nc; k++) {
                a = t["ref", r, chunks[k], ph]; a2 = t["ref", r2, chunks[k], ph]
                b = t["sqlsoak", r, chunks[k], ph]
                if (a == "" || a2 == "" || b == "") ok = 0
                sa += a; sa2 += a2; sb += b
            }
            if (ok && sa > 0 && sa2 > 0) tot[++nround] = sb / sqrt(sa * sa2)
        }
        med = median(all, nall)
        medtot = median(tot, nround)
        printf "%s: median ratio over %d chunk x round ratios = %s   " \
               "(median over rounds of total-time ratio = %s)   target <= %s: %s\n",
               name[ph], nall, fmt_ratio(med), fmt_ratio(medtot), goal[ph],
               (med != "nan" && med <= goal[ph]) ? "MET" : "NOT MET"
        nz_ref[ph] = noise("ref", ph); np_ref = npairs
        nz_soak[ph] = noise("sqlsoak", ph); np_soak = npairs
        printf "%s: noise, one tool against itself in consecutive rounds (median |t2/t1 - 1|): " \
               "ref %s over %d, sqlsoak %s over %d\n", name[ph], fmt_pct(nz_ref[ph]), np_ref,
               fmt_pct(nz_soak[ph]), np_soak
        verdict[ph] = med
        delete all; delete tot
    }
    printf "\nSUMMARY  write ratio %s  read ratio %s  (target <= %s)  noise ref/ref: write %s, read %s\n",
           fmt_ratio(verdict["w"]), fmt_ratio(verdict["r"]), target,
           fmt_pct(nz_ref["w"]), fmt_pct(nz_ref["r"])
    if (updates)
        printf "SUMMARY  update ratio %s  (target <= %s)  noise ref/ref: %s\n",
               fmt_ratio(verdict["u"]), utarget, fmt_pct(nz_ref["u"])
}
