#!/usr/bin/python3
"""Writes the headline report and plots of one preset from the JSON that scripts/results made.

Inputs in DIR: solve.json (`verflixt solve --loadouts all`), thresholds.jsonl (exact EV of
threshold:N), sweep.json (`verflixt sweep`, Monte Carlo). Outputs in DIR: report.md,
loadouts.csv, ev_vs_threshold.png, joker_values.png, pair_synergy.png. Every output names
the version, preset and commands that made it.
"""
import csv
import itertools
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402


def load(directory):
    solve = json.loads((directory / "solve.json").read_text())
    thresholds = [json.loads(line) for line in (directory / "thresholds.jsonl").read_text().splitlines() if line]
    sweep = json.loads((directory / "sweep.json").read_text())
    return solve, thresholds, sweep


def provenance(preset, solve, sweep):
    return (f"verflixt {solve['version']}, preset {preset} (rules: {solve['rules']}). Made by scripts/results: "
            f"`verflixt solve --loadouts all --preset {preset}`, `verflixt evaluate --engine exact "
            f"--policy threshold:N` for N = 1..40, `verflixt sweep --from 1 --to 40 --turns "
            f"{sweep['turns_per_threshold']} --seed {sweep['seed']}`.")


def save(fig, path, version):
    """Signs a plot with the version that made it, writes it and frees it."""
    fig.text(0.01, 0.01, f"verflixt {version} · scripts/results", fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def key(names):
    return ",".join(sorted(names)) if names else "none"


def main(preset, directory):
    directory = Path(directory)
    solve, thresholds, sweep = load(directory)
    rows = solve["loadouts"]
    ev = {key([] if r["jokers"] == "none" else r["jokers"].split(",")): r["ev"] for r in rows}
    jokers = sorted({j for r in rows if r["jokers"] != "none" for j in r["jokers"].split(",")})
    base = ev["none"]
    prov = provenance(preset, solve, sweep)

    # Each joker: alone (EV of {j} minus no joker), and on average over every loadout it
    # completes (EV(L) - EV(L without j)).
    alone = {j: ev[key([j])] - base for j in jokers}
    completes = {}
    for j in jokers:
        diffs = [r["ev"] - ev[key([x for x in r["jokers"].split(",") if x != j])]
                 for r in rows if r["jokers"] != "none" and j in r["jokers"].split(",")]
        completes[j] = sum(diffs) / len(diffs)
    synergy = {}
    for a, b in itertools.combinations(jokers, 2):
        synergy[(a, b)] = ev[key([a, b])] - ev[key([a])] - ev[key([b])] + base

    ranked = sorted(rows, key=lambda r: -r["ev"])
    with open(directory / "loadouts.csv", "w", newline="") as f:
        f.write(f"# {prov}\n")
        w = csv.writer(f)
        w.writerow(["rank", "jokers", "ev", "bust_probability", "threshold", "cap_certified"])
        for i, r in enumerate(ranked, 1):
            w.writerow([i, r["jokers"], f"{r['ev']:.6f}", f"{r['bust_probability']:.6f}", r["threshold"],
                        r["cap_certified"]])

    none_row = next(r for r in rows if r["jokers"] == "none")
    best_n = max(thresholds, key=lambda t: t["ev"])
    mc = sweep["loadouts"][0]
    md = [f"# Die verflixte 6 — solo results, preset `{preset}`", "", f"_{prov}_", "",
          "All EVs below are exact (dynamic programming over the solo turn, docs/rules/verflixte6.md §5): no sampling error. "
          "The Monte Carlo sweep is the independent check.", "",
          "## When should I stop? (no jokers)", "",
          f"Optimal play without jokers is worth **{none_row['ev']:.4f}** eyes a turn "
          f"(bust probability {none_row['bust_probability']:.4f}). Stop at:", "",
          "| robbing 1s so far | stop at |", "|---|---|"]
    # solve --loadouts all lists thresholds as {held jokers: [stop_at by robbing-1 count]}.
    for j, stop_at in enumerate(none_row["thresholds"]["none"]):
        md.append(f"| {j}{'+' if j == len(none_row['thresholds']['none']) - 1 else ''} | {stop_at} |")
    mc_best = next(p for p in mc["points"] if p["threshold"] == mc["best_threshold"])
    md += ["", f"A fixed threshold ignoring the robbing 1s does best at **{best_n['threshold']}** "
               f"(exact EV {best_n['ev']:.4f}). The Monte Carlo sweep ({sweep['turns_per_threshold']:,} turns, "
               f"all thresholds on the same turns) finds N = {mc['best_threshold']} with "
               f"{mc_best['mean']:.4f} ± {mc_best['stderr']:.4f} (SE); its lead over N = "
               f"{mc.get('runner_up_threshold')} is {mc.get('lead_z', float('nan')):.2f} paired standard errors "
               f"({'significant' if mc.get('lead_significant') else 'not significant'} at 95%).", "",
           "![EV against stop threshold](ev_vs_threshold.png)", "",
           "## Best and worst loadouts", "", "| rank | jokers | EV | bust | stop threshold |", "|---|---|---|---|---|"]
    for i, r in list(enumerate(ranked, 1))[:10]:
        md.append(f"| {i} | {r['jokers']} | {r['ev']:.4f} | {r['bust_probability']:.4f} | {r['threshold']} |")
    md.append("| … | | | | |")
    for i, r in list(enumerate(ranked, 1))[-5:]:
        md.append(f"| {i} | {r['jokers']} | {r['ev']:.4f} | {r['bust_probability']:.4f} | {r['threshold']} |")
    md += ["", "The stop threshold is the smallest eyes at which stopping is optimal once every announced "
               "joker is spent (Runkelrüb held keeps rolling worth it far longer). *Bust* is the probability "
               "that the turn ends by elimination — to 0, or to a Ventil floor (J11), which is why Ventil "
               "loadouts bust often yet score well.", "",
           "## Each joker's value", "",
           "| joker | alone (EV − no-joker EV) | average over the loadouts it completes |", "|---|---|---|"]
    for j in sorted(jokers, key=lambda j: -completes[j]):
        md.append(f"| {j} | {alone[j]:+.4f} | {completes[j]:+.4f} |")
    md += ["", "![joker values](joker_values.png)", "", "## Strongest pairs", "",
           "| pair | EV | synergy (EV(a,b) − EV(a) − EV(b) + EV(none)) |", "|---|---|---|"]
    for (a, b) in sorted(synergy, key=lambda p: -ev[key(list(p))])[:10]:
        md.append(f"| {a} + {b} | {ev[key([a, b])]:.4f} | {synergy[(a, b)]:+.4f} |")
    md += ["", "Most synergistic pairs:", "", "| pair | synergy |", "|---|---|"]
    for (a, b) in sorted(synergy, key=lambda p: -synergy[p])[:5]:
        md.append(f"| {a} + {b} | {synergy[(a, b)]:+.4f} |")
    md += ["", "![pair synergy](pair_synergy.png)", ""]
    if (directory / "balance.json").exists():
        md += balance_section(directory, solve)
    if (directory / "tune.json").exists():
        md += tune_section(directory)
    if (directory / "strength.json").exists():
        md += strength_section(directory)
    (directory / "report.md").write_text("\n".join(md))

    # Plots.
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([t["threshold"] for t in thresholds], [t["ev"] for t in thresholds], "-", label="exact")
    pts = mc["points"]
    ax.errorbar([p["threshold"] for p in pts], [p["mean"] for p in pts], yerr=[p["stderr"] for p in pts],
                fmt=".", capsize=2, label=f"Monte Carlo ± 1 SE ({sweep['turns_per_threshold']:,} turns)")
    ax.set_xlabel("stop at N or more eyes")
    ax.set_ylabel("expected eyes per turn")
    ax.set_title(f"{preset}: EV of a fixed stop threshold (no jokers)")
    ax.legend()
    save(fig, directory / "ev_vs_threshold.png", solve["version"])

    order = sorted(jokers, key=lambda j: -completes[j])
    fig, ax = plt.subplots(figsize=(8, 4))
    x = range(len(order))
    ax.bar([i - 0.2 for i in x], [alone[j] for j in order], width=0.4, label="alone")
    ax.bar([i + 0.2 for i in x], [completes[j] for j in order], width=0.4, label="average in a loadout")
    ax.set_xticks(list(x), order, rotation=45, ha="right")
    ax.set_ylabel("exact EV gain (eyes per turn)")
    ax.set_title(f"{preset}: what each joker adds")
    ax.legend()
    save(fig, directory / "joker_values.png", solve["version"])

    fig, ax = plt.subplots(figsize=(7, 6))
    m = [[(synergy.get((a, b)) if (a, b) in synergy else synergy.get((b, a), 0.0)) if a != b else 0.0
          for b in jokers] for a in jokers]
    lim = max(abs(v) for row in m for v in row) or 1.0
    im = ax.imshow(m, cmap="coolwarm", vmin=-lim, vmax=lim)
    ax.set_xticks(range(len(jokers)), jokers, rotation=60, ha="right")
    ax.set_yticks(range(len(jokers)), jokers)
    fig.colorbar(im, ax=ax, label="synergy (eyes)")
    ax.set_title(f"{preset}: pair synergy EV(a,b) − EV(a) − EV(b) + EV(∅)", fontsize=10)
    save(fig, directory / "pair_synergy.png", solve["version"])


def family_lift(row, family):
    """The row's P(win) lift under one policy family (by_family), or None."""
    for f in row.get("by_family", []):
        if f["family"] == family and "win_lift" in f:
            return f
    return None


def balance_section(directory, solve):
    """Solo value (exact) against evening value (Monte Carlo) for each joker under every policy family,
    the verdict, the rule variant and the Runkelrüb question."""
    bal = json.loads((directory / "balance.json").read_text())
    rows = bal["jokers"]
    families = bal["policy_families"]
    solo_rank = {r["joker"]: i for i, r in enumerate(sorted(rows, key=lambda r: -r["solo_ev_lift_exact"]), 1)}
    rank = {}
    for fam in families:
        have = [r for r in rows if family_lift(r, fam)]
        rank[fam] = {r["joker"]: i for i, r in enumerate(sorted(have, key=lambda r: -family_lift(r, fam)["win_lift"]), 1)}
    n = bal["evenings_per_variant"]
    names = {families[0]: f"{families[0]}"}
    md = ["## Joker balance at a table", "",
          f"_`verflixt balance --players {bal['players']} --evenings {n} --seed {bal['seed']}`: one player "
          f"(base loadout {bal['base']}) adds one joker; the other {bal['players'] - 1} seats play "
          f"{bal['field']}. The tested player plays each loadout under {len(families)} policy families: "
          + ", ".join(f"`{f}`" for f in families) + " (solver: the exact solo solver's policy for the loadout). "
          f"P(win) splits ties; errors are standard errors, lifts {bal['lift_stderr']}._", "",
          f"Without a joker he wins {bal['baseline']['p_win']:.4f} ± {bal['baseline']['p_win_stderr']:.4f} of the "
          f"evenings under {families[0]} and is a loser in {bal['baseline']['p_loser']:.4f} ± "
          f"{bal['baseline']['p_loser_stderr']:.4f}.", "",
          "| joker | solo EV lift (exact) | solo rank | " + " | ".join(f"P(win) lift, {f} ± SE | rank" for f in families)
          + f" | P(loser) change ({families[0]}) ± SE |",
          "|---|---|---|" + "---|---|" * len(families) + "---|"]
    last = families[-1]
    for r in sorted(rows, key=lambda r: rank[last].get(r["joker"], 99)):
        cells = []
        for fam in families:
            f = family_lift(r, fam)
            cells.append(f"{f['win_lift']:+.4f} ± {f['win_lift_stderr']:.4f} | {rank[fam][r['joker']]}" if f else "— | —")
        md.append(f"| {r['joker']} | {r['solo_ev_lift_exact']:+.3f} | {solo_rank[r['joker']]} | " + " | ".join(cells)
                  + f" | {r['loser_change']:+.4f} ± {r['loser_change_stderr']:.4f} |")
    v = bal["verdict"]
    md += ["", f"**Verdict** ({v['rule']}{', family ' + v['family'] if v.get('family') else ''}): "
               f"strongest **{v['strongest'] or 'none'}**, weakest **{v['weakest'] or 'none'}**. "
               "Largest lift per family: " + ", ".join(f"{j} ({f})" for f, j in v["largest_lift"].items())
               + "; smallest: " + ", ".join(f"{j} ({f})" for f, j in v["smallest_lift"].items()) + "."]
    if "until_verdict" in bal:
        u = bal["until_verdict"]
        md += ["", f"Decided by {u['evenings_per_run']:,} evenings per run ({u['blocks']} of at most {u['budget_blocks']} "
                   f"blocks of {u['block_evenings']:,}; stopped at the {u['stopped_at']}): {u['rule']}."]
    if "by_family" in v:
        def said(name, evenings, pair):
            if name:
                return f"**{name}**"
            return "none" + (f" (about {evenings:,.0f} evenings per run would separate {pair})" if evenings else "")
        md += ["", "Each family's own verdict, as a robustness check:", ""]
        for f in v["by_family"]:
            unused = f", never played: {', '.join(f['unused'])}" if f["unused"] else ""
            md.append(f"- {f['family']} (base P(win) {f['base_p_win']:.4f} ± {f['base_p_win_stderr']:.4f}): strongest "
                      f"{said(f['strongest'], f['evenings_to_separate_strongest'], f['strongest_pair'])}, weakest "
                      f"{said(f['weakest'], f['evenings_to_separate_weakest'], f['weakest_pair'])}{unused}")
    if len(families) >= 2:
        a, b = families[0], families[-1]
        moved = [j for j in rank[a] if j in rank[b] and abs(rank[a][j] - rank[b][j]) >= 3]
        md += ["", "Baselines without a joker, P(win): " + ", ".join(
            f"{x['p_win']:.4f} ± {x['p_win_stderr']:.4f} ({x['family']})" for x in bal["baselines"] if "p_win" in x)
            + ". The solver plays each loadout for the best solo EV, not for the table: it is not uniformly "
              "stronger than heuristic.ini (which stops later, as a table of 8 rewards), but it uses every joker "
              "the way its solo value says.",
            "", (f"Where {b} ranks a joker three places or more away from {a}: " + ", ".join(
            f"{j} ({a} {rank[a][j]}, {b} {rank[b][j]})" for j in moved) + ".") if moved else
            f"{b} and {a} rank every joker within two places of each other.",
            "", f"{a} stops at a fixed 20 eyes, while the solver shows that holding Runkelrüb makes rolling pay up to "
                "about 150 eyes: a joker that a policy plays poorly is undervalued by it, which is why the headline verdict "
                "is the strongest family's (the highest base P(win)), the others checking it."]
    md += ["", "Paired errors: a lift's runs play the same dice series by series, so its standard error is the "
               "error of the per-series differences; for comparison, the independent-runs error of the first "
               "family's lifts averages "
               f"{sum(r['win_lift_stderr_independent'] for r in rows) / len(rows):.4f} against "
               f"{sum(r['win_lift_stderr'] for r in rows) / len(rows):.4f} paired.",
           "", "![solo against evening value](balance.png)", ""]

    fig, ax = plt.subplots(figsize=(8, 5.5))
    colours = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple"]
    tops = {}  # joker -> (x, highest marker): where its one label goes
    for k, fam in enumerate(families):
        pts = [(r["solo_ev_lift_exact"], family_lift(r, fam), r["joker"]) for r in rows if family_lift(r, fam)]
        ax.errorbar([x for x, _, _ in pts], [f["win_lift"] for _, f, _ in pts],
                    yerr=[f["win_lift_stderr"] for _, f, _ in pts], fmt="osD^v"[k % 5], color=colours[k % 5],
                    ms=5, capsize=3, ls="none", label=f"{Path(fam).stem if fam.endswith('.ini') else fam} (± 1 SE)")
        for x, f, joker in pts:
            lo, hi = tops.get(joker, (x, f["win_lift"], f["win_lift"]))[1:]
            tops[joker] = (x, min(lo, f["win_lift"]), max(hi, f["win_lift"]))
    # One label per joker, joined to its markers (one per family) by a thin line; each label is
    # placed above its highest marker and moved up until it overlaps no label placed before it
    # (boxes estimated from the font size), with a leader line when it had to move.
    ax.set_xlim(-0.5, max(x for x, _, _ in tops.values()) + 1.5)
    fig.canvas.draw()
    placed = []
    for joker, (x, lo, hi) in sorted(tops.items(), key=lambda t: (t[1][0], t[1][2])):
        ax.plot([x, x], [lo, hi], color="0.75", lw=0.8, zorder=0)
        px, py = ax.transData.transform((x, hi))
        w, h = 6.2 * len(joker), 12
        lift = 8
        centre = px + 4 + w / 2
        while any(abs(centre - bx) < (w + bw) / 2 and abs(py + lift - by) < h for bx, by, bw in placed):
            lift += h
        placed.append((centre, py + lift, w))
        ax.annotate(joker, (x, hi), fontsize=8, xytext=(4, lift), textcoords="offset pixels",
                    arrowprops={"arrowstyle": "-", "color": "0.6", "lw": 0.5} if lift > 8 else None)
    ax.set_xlabel("exact solo EV lift (eyes per turn)")
    ax.set_ylabel(f"evening P(win) lift ± 1 SE ({bal['players']} players)")
    ax.set_title(f"{bal['rules']}: joker value alone vs at the table", fontsize=10)
    ax.legend(fontsize=8)
    save(fig, directory / "balance.png", bal["version"])

    if (directory / "balance_variant.json").exists():
        var = json.loads((directory / "balance_variant.json").read_text())
        cmp = var.get("ruleset_comparison")
        if cmp:
            md += ["## A rule variant side by side", "",
                   f"_Same table, preset `{cmp['preset']}` against `{cmp['rules']}`._", "",
                   "| loadout | P(win) preset | P(win) variant | eyes preset | eyes variant |", "|---|---|---|---|---|"]
            names = {"base": f"tested player ({var['base']})", "field": "each field seat"}
            for g in cmp["groups"]:
                md.append(f"| {names.get(g['label'], g['label'])} | {g['preset_p_win']:.4f} ± {g['preset_p_win_stderr']:.4f} | "
                          f"{g['rules_p_win']:.4f} ± {g['rules_p_win_stderr']:.4f} | "
                          f"{g['preset_eyes']:.2f} ± {g['preset_eyes_stderr']:.2f} | "
                          f"{g['rules_eyes']:.2f} ± {g['rules_eyes_stderr']:.2f} |")
            md += ["", "Variant − preset (what the change did), ± paired SE (both rulesets play the same dice series "
                   "by series):", "", "| loadout | P(win) | P(loser) | eyes |", "|---|---|---|---|"]
            # Older result files carry preset − rules: the same numbers with the sign turned.
            diffs = cmp.get("rules_minus_preset") or [
                {k: (-v if isinstance(v, float) and not k.endswith("stderr") and not k.endswith("independent") else v)
                 for k, v in d.items()} for d in cmp["preset_minus_rules"]]
            for d in diffs:
                md.append(f"| {names.get(d['label'], d['label'])} | {d['p_win']:+.4f} ± {d['p_win_stderr']:.4f} | "
                          f"{d['p_loser']:+.4f} ± {d['p_loser_stderr']:.4f} | {d['eyes']:+.3f} ± {d['eyes_stderr']:.3f} |")
            md.append("")
    if (directory / "runkelrueb.json").exists():
        md += runkelrueb_section(directory)
    return md


def runkelrueb_section(directory):
    """The Runkelrüb question: which runkelrueb.face / runkelrueb.throws values balance it (auto-balance)."""
    doc = json.loads((directory / "runkelrueb.json").read_text())
    any_auto = doc["face"]["auto"]
    md = ["## The Runkelrüb question: which parameters balance it?", "",
          f"_{doc['made_by']}. Against the other {len(any_auto['others'].split(','))} jokers at the table of "
          f"`balance.json`. Rule: {any_auto['rule']}. Lifts are P(win) lifts ± paired SE; solo EV lifts are exact._", ""]
    fams = [s["family"] for s in any_auto["searches"]]
    for key in ("face", "throws"):
        auto, vary = doc[key]["auto"], doc[key]["vary"]
        md += [f"### `runkelrueb.{key}` (now {auto['current_value']})", "",
               f"| {key} | " + " | ".join(f"{f} lift" for f in fams[:-1]) + " | solo EV lift (exact) |",
               "|---|" + "---|" * len(fams)]
        for v in vary["values"]:
            cells = [f"{f['win_lift']:+.4f} ± {f['win_lift_stderr']:.4f}" if "win_lift" in f else "—" for f in v["by_family"]]
            md.append(f"| {v['value']} | " + " | ".join(cells) + f" | {v['solo_ev_lift_exact']:+.3f} |")
        md += ["", "| family | spread of the other jokers | balanced values | confidence set (2 SE) | nearest the current value |",
               "|---|---|---|---|---|"]
        for s in auto["searches"]:
            fmt = (lambda e: f"{e['lift']:+.3f}") if s["exact"] else (lambda e: f"{e['lift']:+.4f} ± {e['lift_stderr']:.4f}")
            near = min(s["balanced"], key=lambda x: abs(x - auto["current_value"])) if s["balanced"] else None
            md.append(f"| {s['family']} | {fmt(s['low'])} ({s['low']['joker']}) .. {fmt(s['high'])} ({s['high']['joker']}) | "
                      f"{', '.join(map(str, s['balanced'])) or 'none'} | "
                      f"{'exact' if s['exact'] else (', '.join(map(str, s['confidence'])) or 'none')} | "
                      f"{near if near is not None else 'none in range'}"
                      + (f" ({s['note']})" if s.get("note") and not s["balanced"] else "") + " |")
        md.append("")
    answer = []
    for key in ("face", "throws", "face_one_throw"):
        if key not in doc:
            continue
        auto = doc[key]["auto"]
        parts = []
        for s in auto["searches"]:
            cur = auto["current_value"]
            if not s["balanced"]:
                vals = [p["value"] for p in s["points"]]
                parts.append(f"{s['family']}: no value in {min(vals)}..{max(vals)}")
            elif cur in s["balanced"]:
                parts.append(f"{s['family']}: already balanced at {cur}")
            else:
                near = min(s["balanced"], key=lambda x: abs(x - cur))
                parts.append(f"{s['family']}: {near}" + ("" if s["exact"] else
                             f" (confidence set {', '.join(map(str, s['confidence'])) or 'empty'})"))
        name = "`runkelrueb.face` with `runkelrueb.throws=1`" if key == "face_one_throw" else f"`runkelrueb.{key}`"
        answer.append(f"- {name}: " + "; ".join(parts) + ".")
    md += ["**Answer** (the balanced value nearest the current one; the first two change one parameter alone, "
           "the third the face once the croupier throws only once):", ""] + answer + [
           "", "A policy that hardly uses a joker keeps it inside the spread at any value (heuristic.ini stops at 20 "
           "and so rarely needs Runkelrüb's save); the solver family and the exact solo EV show its real strength.", "",
           ("A joker never played (its lift exactly 0 in every series, as All In's under heuristic.ini) is reported "
            "as unused and left out of the spread, and a value that leaves Runkelrüb unused (face 7: it never saves) "
            "is never balanced. " if "unused_others" in doc["face"]["auto"]["searches"][0] else
            "The spread's lower end is a joker worth nothing (All In: heuristic.ini never announces it and it "
            "adds nothing solo), so a Runkelrüb that never saves (face 7) counts as balanced in these results, "
            "whose file keeps unused jokers in the spread (scripts/runkelrueb-results leaves them out). ") +
           "The bisection assumes the lift is monotone in the "
           "parameter; it checks the values it evaluated (a reversal beyond 2 SE would make it evaluate every value) "
           "and the full sweeps above confirm it for both parameters.", "",
           "![Runkelrüb lift against its parameters](runkelrueb.png)", ""]

    fig, axes = plt.subplots(2, 2, figsize=(10, 7))
    for col, key in enumerate(("face", "throws")):
        auto, vary = doc[key]["auto"], doc[key]["vary"]
        ax = axes[0][col]
        for k, fam in enumerate(fams[:-1]):
            pts = [(v["value"], v["by_family"][k]) for v in vary["values"] if "win_lift" in v["by_family"][k]]
            line = ax.errorbar([x for x, _ in pts], [f["win_lift"] for _, f in pts],
                               yerr=[f["win_lift_stderr"] for _, f in pts], fmt="o-", capsize=3, label=Path(fam).stem if fam.endswith(".ini") else fam)
            s = auto["searches"][k]
            for bound in ("low", "high"):  # dashed lines, not bands: overlapping bands mix their colours
                ax.axhline(s[bound]["lift"], color=line[0].get_color(), ls="--", lw=1)
        ax.axvline(auto["current_value"], color="grey", ls=":", lw=1)
        ax.set_xticks([v["value"] for v in vary["values"]])
        ax.set_xlabel(f"runkelrueb.{key}")
        ax.set_ylabel("P(win) lift ± 1 SE")
        ax.set_title(f"at the table ({auto['players']} players); dashed: other jokers' spread", fontsize=9)
        ax.legend(fontsize=7)
        ax = axes[1][col]
        ax.plot([v["value"] for v in vary["values"]], [v["solo_ev_lift_exact"] for v in vary["values"]], "o-", color="k")
        s = auto["searches"][-1]
        for bound in ("low", "high"):
            ax.axhline(s[bound]["lift"], color="k", ls="--", lw=1)
        ax.axvline(auto["current_value"], color="grey", ls=":", lw=1)
        ax.set_xticks([v["value"] for v in vary["values"]])
        ax.set_xlabel(f"runkelrueb.{key}")
        ax.set_ylabel("solo EV lift (exact, eyes per turn)")
        ax.set_title("solo, exact; dashed: other jokers' spread", fontsize=9)
    fig.suptitle("tournament-2019: Runkelrüb's lift against its parameters", fontsize=11)
    save(fig, directory / "runkelrueb.png", any_auto["version"])
    return md


def tune_section(directory):
    """The position policy that `verflixt tune` improved against the field, and the moves it took."""
    t = json.loads((directory / "tune.json").read_text())
    what = "P(win)" if t["objective"] == "win" else "P(not loser)"
    names = list(t["start"])
    md = ["## A tuned position policy", "",
          f"_`verflixt tune --policy {t['policy']} --field-policy {t['field'][0]} --players {len(t['field']) + 1} "
          f"--objective {t['objective']} --evenings {t['evenings_per_candidate']} --seed {t['seed']}`: a coordinate "
          f"search over the stop parameters ({', '.join(t['param_ranges'])}) for seat 1 against a fixed field"
          f"{', then a choice among ' + str(len(t['loadout_candidates'])) + ' joker lists' if t['loadout_candidates'] else ''}"
          f". Every candidate plays the same dice (common random "
          f"numbers, paired per series); a move is accepted only if its paired improvement on a separate "
          f"confirmation stream exceeds 2 standard errors. Errors are standard errors._", "",
          "| move | screened ± SE | confirmed ± SE |", "|---|---|---|"]
    for m in t["path"]:
        md.append(f"| {m['param']}: {m['from']} → {m['to']} | {m['screened']['mean']:+.4f} ± "
                  f"{m['screened']['stderr']:.4f} | {m['confirmed']['mean']:+.4f} ± {m['confirmed']['stderr']:.4f} |")
    if not t["path"]:
        md.append("| no move accepted | | |")
    md += ["", "| | " + " | ".join(names) + " | loadout | " + what + " (fresh stream) |",
           "|---|" + "---|" * (len(names) + 2)]
    for label, params, loadout, value in (("start", t["start"], t["start_loadout"], t["start_value"]),
                                          ("tuned", t["tuned"], t["tuned_loadout"], t["tuned_value"])):
        md.append(f"| {label} | " + " | ".join(str(params[n]) for n in names) +
                  f" | {loadout} | {value['mean']:.4f} ± {value['stderr']:.4f} |")
    imp = t["improvement"]
    md += ["", f"Tuned minus start on a stream neither the search nor the confirmation used: "
               f"**{imp['mean']:+.4f} ± {imp['stderr']:.4f}** {what} (paired). A parameter that ends at the edge of "
               f"its grid may do better beyond it. The joker list is chosen after the search, so the stop "
               f"parameters were not re-tuned for it. The tuned policy is `tuned-position.ini`.", ""]
    return md


def strength_section(directory):
    """How much a best response gains against each shipped policy (verflixt strength)."""
    d = json.loads((directory / "strength.json").read_text())
    md = ["## How strong is each policy? (best responses)", "",
          f"_`verflixt strength --players {d['players']} --seed {d['seed']}`: the field of {d['players'] - 1} plays "
          f"the policy; a response from the {d['response_family']} family is tuned at the tested seat "
          f"({d['evenings_per_measurement']} evenings per measurement, common random numbers); its P(win) minus a "
          f"copy's on the same evenings is the gain, ± paired SE. The next round's field is the last response, "
          f"until a gain is within 2 SE of 0. A gain of exactly 0 means the search accepted no move: the response "
          f"is the field itself._", "",
          "| policy | gain per round (± SE) | converged |", "|---|---|---|"]
    for p in d["policies"]:
        gains = " → ".join(f"{r['gain']['mean']:+.3f} ± {r['gain']['stderr']:.3f}" for r in p["rounds"])
        md.append(f"| {p['policy']} | {gains} | {'yes' if p['converged'] else 'no'} |")
    md += ["", "A large first gain says the policy is easy to exploit; strong.ini's is 0 (no tuned move beats it).", ""]
    return md


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
