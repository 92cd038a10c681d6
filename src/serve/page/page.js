"use strict";
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
const SVGNS = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
let rules = null;

// A server open to the table's network prints its address with ?token=...: every API call
// carries that token (the server refuses API calls without it).
const token = new URLSearchParams(location.search).get("token");
async function api(command, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["Authorization"] = "Bearer " + token;
  const res = await fetch("/api/" + command, { method: "POST", headers: headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || ("HTTP " + res.status));
  return json;
}

// ---- tabs (arrow keys move between them) ----
const tabs = [$("tab-advise"), $("tab-stop")];
function select(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute("aria-selected", on);
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  tab.focus();
}
tabs.forEach((t, i) => {
  t.addEventListener("click", () => select(t));
  t.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") select(tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]);
  });
});

// ---- rules: presets and jokers with their descriptions ----
function jokerBoxes(container, prefix) {
  container.replaceChildren();
  for (const j of rules.jokers) {
    const id = prefix + "-" + j.id;
    const label = el("label", { for: id });
    const box = el("input", { type: "checkbox", id: id, value: j.id, "aria-describedby": id + "-d" });
    const text = el("span");
    text.append(el("strong", {}, j.id));
    text.append(el("small", { id: id + "-d" }, j.description));
    label.append(box, text);
    container.append(label);
  }
}
async function loadRules(preset) {
  rules = await api("rules", { preset: preset });
  for (const sel of [$("preset"), $("stop-preset")]) {
    if (!sel.options.length) for (const p of rules.presets) sel.append(el("option", { value: p }, p));
    sel.value = rules.preset;
  }
  jokerBoxes($("held-jokers"), "held");
  heldSummary();
  jokerBoxes($("loadout-jokers"), "loadout");
  $("frost").max = Math.max(0, rules.frost_uses - 1);
  $("fumo").disabled = rules.fumo !== "doubling";
}
$("preset").addEventListener("change", (e) => loadRules(e.target.value));
$("stop-preset").addEventListener("change", (e) => loadRules(e.target.value));
const checked = (container) => [...container.querySelectorAll("input:checked")].map((b) => b.value);
// The jokers held, as the folded list says them.
function heldSummary() { $("held-summary").textContent = checked($("held-jokers")).join(", ") || "none"; }
$("held-jokers").addEventListener("change", heldSummary);
// On a phone the joker list starts folded; wider, open.
if (window.matchMedia("(max-width: 560px)").matches) $("held-details").open = false;

// ---- other players ----
function renumber() {
  [...$("others").rows].forEach((row, i) => {
    const seat = i + 2;
    row.cells[0].textContent = seat;
    for (const input of row.querySelectorAll("input, select"))
      input.setAttribute("aria-label", input.dataset.what + " of seat " + seat);
    row.querySelector("button").setAttribute("aria-label", "Remove seat " + seat);
  });
}
function addPlayer(eyes = 0, status = "j", total = 0) {
  const row = el("tr");
  row.append(el("td"));
  const e = el("input", { type: "number", value: eyes, min: -200, max: 400, "data-what": "Eyes", class: "o-eyes" });
  const s = el("select", { "data-what": "Status", class: "o-status" });
  for (const [v, t] of [["j", "Jungfrau (to play)"], ["p", "Prinzessin (stopped)"], ["z", "Zombie (out)"]]) s.append(el("option", { value: v }, t));
  s.value = status;
  const t = el("input", { type: "number", value: total, min: 0, "data-what": "Evening total", class: "o-total" });
  const rm = el("button", { type: "button", class: "small", title: "Remove" }, "✕");
  rm.addEventListener("click", () => {
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    renumber();
    (next ? next.querySelector("input") : $("add-player")).focus();
  });
  for (const [c, label] of [[e, "Eyes"], [s, "Status"], [t, "Total"], [rm, null]]) {
    const td = label ? el("td", { "data-label": label }) : el("td");
    td.append(c);
    row.append(td);
  }
  $("others").append(row);
  renumber();
  return row;
}
$("add-player").addEventListener("click", () => addPlayer().querySelector("input").focus());

// ---- advise ----
// The form's fields by the option name the server knows them by, with the words the page
// uses for them: errors are shown at the field, in these words, never as "--option".
const FIELDS = {
  "turn-total": { id: "eyes", label: "My eyes this pass", required: true, min: -200, max: 400 },
  "robbing-ones": { id: "robbing", label: "Robbing 1s thrown this turn", required: true, min: 0, max: 100 },
  score: { id: "total", label: "My evening total", required: true, min: 0 },
  "passes-left": { id: "passes-left", label: "Passes left", required: true, min: 1, max: 20 },
  "frost-used": { id: "frost", label: "Frostschutz uses so far", required: true, min: 0 },
  floor: { id: "floor", label: "Ventil floor", required: false, min: -200, max: 400 },
  samples: { id: "samples", label: "Samples per action", required: true, min: 2 },
  seed: { id: "seed", label: "Seed", required: true, min: 0 },
  jokers: { id: "held-jokers", label: "Jokers I still hold" },
  other: { id: "others", label: "The other players" },
  objective: { id: "objective", label: "Objective" },
  preset: { id: "preset", label: "Rules preset" },
};
function clearErrors(form) {
  form.querySelectorAll(".field-error").forEach((e) => e.remove());
  form.querySelectorAll("[aria-invalid]").forEach((e) => { e.removeAttribute("aria-invalid"); e.removeAttribute("aria-describedby"); });
}
let errorCount = 0;
function fieldError(input, message) {
  const id = "field-error-" + (++errorCount);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", id);
  input.after(el("p", { class: "field-error", id: id }, message));
}
// A whole number within the field's range, or the reason it is not one (null: fine).
function numberProblem(input, f) {
  const raw = input.value.trim();
  if (input.validity && input.validity.badInput) return f.label + ": enter a whole number.";
  if (raw === "") return f.required ? f.label + ": enter a whole number (empty is not 0)." : null;
  if (!/^-?\d+$/.test(raw)) return f.label + " must be a whole number, not " + raw + ".";
  const v = Number(raw);
  if (f.min !== undefined && v < f.min) return f.label + " must be at least " + f.min + ".";
  const max = input.max !== "" && !isNaN(Number(input.max)) ? Number(input.max) : f.max;
  if (max !== undefined && v > max) return f.label + " must be at most " + max + ".";
  return null;
}
// Checks the form as a player filled it; marks each wrong field and returns how many.
function validateAdvise() {
  const form = $("advise-form");
  clearErrors(form);
  let bad = 0;
  for (const f of Object.values(FIELDS)) {
    if (f.required === undefined) continue;
    const problem = numberProblem($(f.id), f);
    if (problem) { fieldError($(f.id), problem); ++bad; }
  }
  const held = checked($("held-jokers")).length, most = rules ? rules.jokers_per_pass : 3;
  if (held > most) {
    $("held-details").open = true;
    fieldError($("held-jokers"), held + " jokers are ticked; a player holds at most " + most + " per pass (rule P2). Untick " + (held - most) + ".");
    ++bad;
  }
  [...$("others").rows].forEach((row, i) => {
    const seat = i + 2;
    for (const [cls, label, min] of [[".o-eyes", "Eyes of seat " + seat, -200], [".o-total", "Evening total of seat " + seat, 0]]) {
      const input = row.querySelector(cls);
      const problem = numberProblem(input, { label: label, required: true, min: min });
      if (problem) { fieldError(input, problem); ++bad; }
    }
  });
  if (!$("others").rows.length) { fieldError($("add-player"), "Add the other players at the table (at least one)."); ++bad; }
  return bad;
}
// A server error in the page's words, at the field it names when it names one.
function showServerError(message, out) {
  const named = message.match(/'?--([a-z-]+)'?/);
  const f = named && FIELDS[named[1]];
  const words = message.replace(/^advise: /, "").replace(/ \(see verflixt [a-z]+ --help\)/, "")
    .replace(/'?--([a-z-]+)'?/g, (m, name) => (FIELDS[name] ? "“" + FIELDS[name].label + "”" : name));
  if (f) fieldError($(f.id), words);
  out.replaceChildren(el("p", { class: "error", role: "alert" }, f ? "Please check “" + f.label + "”: " + words : words));
}
function adviseRequest() {
  const num = (id) => Number($(id).value);
  const req = {
    preset: $("preset").value, objective: $("objective").value,
    "turn-total": num("eyes"), "robbing-ones": num("robbing"), score: num("total"), "passes-left": num("passes-left"),
    jokers: checked($("held-jokers")).join(",") || "none",
    "frost-used": num("frost"), fumo: $("fumo").checked,
    samples: num("samples"), seed: num("seed"),
    other: [...$("others").rows].map((r) => r.querySelector(".o-eyes").value + ":" + r.querySelector(".o-status").value + ":" + r.querySelector(".o-total").value),
  };
  if ($("floor").value !== "") req.floor = num("floor");
  return req;
}
const pct = (objective) => objective !== "eyes";
function show(v, objective) { return pct(objective) ? (100 * v).toFixed(2) + "%" : v.toFixed(2); }

// What the answer says about the inputs (an option that changes nothing), under its verdict.
function appendWarnings(out, a, id) {
  if (!a.warnings || !a.warnings.length) return;
  const ul = el("ul", { class: "warnings", id: id, "aria-label": "About your inputs" });
  a.warnings.forEach((w) => ul.append(el("li", {}, w)));
  out.append(ul);
}
function renderAdvice(a, objective, ms) {
  const out = $("advise-result");
  out.replaceChildren();
  const exact = a.method.startsWith("exact");
  out.append(el("p", { class: "verdict", id: "advise-verdict" }, a.verdict));
  appendWarnings(out, a, "advise-warnings");
  const method = el("p", { class: "method" });
  method.textContent = exact
    ? "Exact: the last seat, with optimal play after each action (dynamic programming, " + a.dp_states + " states)."
    : "Monte Carlo: " + a.samples_per_action + " samples per action, seed " + a.seed + ", common random numbers. After the action you continue with "
      + a.self_policy + "; the others still to play with " + a.others_policy + ".";
  out.append(method);
  if (a.situation) {
    const sit = el("details", { class: "note" });
    sit.append(el("summary", {}, "The situation as understood"));
    const ul = el("ul", { id: "situation" });
    a.situation.lines.forEach((line) => ul.append(el("li", {}, line.trim())));
    sit.append(ul);
    out.append(sit);
  }
  if (a.note) out.append(el("p", { class: "note" }, a.note));
  if (a.fallback) out.append(el("p", { class: "note" }, "Fallback: " + a.fallback));
  if (a.warning) out.append(el("p", { class: "error", role: "alert", id: "advise-warning" }, "Warning: " + a.warning + "."));
  if (a.interrupted) out.append(el("p", { class: "error" }, "Cut short by this server's time cap: " + a.completed + " of " + a.total + " samples."));
  const lo = Math.min(0, ...a.actions.map((x) => x.value - x.stderr));
  const hi = Math.max(pct(objective) ? 1 : 0, ...a.actions.map((x) => x.value + x.stderr));
  const W = 300, H = 22, x = (v) => ((v - lo) / (hi - lo || 1)) * W;
  out.append(el("p", { class: "note", id: "advise-measure" }, "Each action's " + a.measure + (exact ? ", exact" : ", ± 1 SE (one standard error)") + ", best first:"));
  const list = el("ol", { class: "ranking", id: "ranking", "aria-label": "Actions by " + a.measure + ", best first" });
  a.actions.forEach((r, i) => {
    const li = el("li", { "data-action": r.action, "data-value": r.value, "data-stderr": r.stderr, "data-exact": r.exact });
    li.append(el("span", { class: "rank" }, String(i + 1)));
    li.append(el("span", { class: "act" }, r.action));
    const g = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", preserveAspectRatio: "none",
      "aria-label": r.action + ": " + a.measure + " " + show(r.value, objective) + (r.exact ? ", exact" : ", plus or minus " + show(r.stderr, objective) + ", one standard error") });
    g.append(svg("rect", { x: 0, y: 3, width: W, height: H - 6, fill: "#eef0f6" }));
    g.append(svg("rect", { x: Math.min(x(0), x(r.value)), y: 3, width: Math.abs(x(r.value) - x(0)), height: H - 6, fill: r.exact ? "#2f8f4e" : "#c98a1b" }));
    if (!r.exact && r.stderr > 0) {
      const a0 = x(r.value - r.stderr), a1 = x(r.value + r.stderr);
      g.append(svg("line", { x1: a0, x2: a1, y1: H / 2, y2: H / 2, stroke: "#222", "stroke-width": 2 }));
      for (const ax of [a0, a1]) g.append(svg("line", { x1: ax, x2: ax, y1: 5, y2: H - 5, stroke: "#222", "stroke-width": 2 }));
    }
    li.append(g);
    const val = el("span", { class: "val" }, show(r.value, objective) + (r.exact ? "" : " ± " + show(r.stderr, objective)));
    val.append(el("span", { class: "badge " + (r.exact ? "exact" : "mc") }, r.exact ? "exact" : "MC"));
    li.append(val);
    list.append(li);
  });
  out.append(list);
  if (!exact && a.actions.length > 1) {
    const d = a.actions[1];
    out.append(el("p", { class: "note" }, "Best minus second (" + d.action + "), " + a.measure + ": " + show(-d.versus_best, objective) + " ± " + show(d.versus_best_stderr, objective) + " (± 1 SE, paired)."));
  }
  out.append(el("p", { class: "note", id: "advise-time" }, "Answered in " + ms + " ms (" + a.rules + ")."));
}
// The answer (or the error) comes into view and its first line is announced.
function arrive(out, status, words) {
  status.textContent = words;
  out.scrollIntoView({ block: "start" });
  out.focus({ preventScroll: true });
}
$("advise-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const out = $("advise-result");
  if (validateAdvise()) {
    out.replaceChildren(el("p", { class: "error", role: "alert" }, "Some fields need a fix; each says what, next to it."));
    const first = $("advise-form").querySelector("[aria-invalid=true]");
    if (first) first.focus();
    return;
  }
  out.replaceChildren(el("p", { class: "note" }, "Working…"));
  const t0 = performance.now();
  const req = adviseRequest();
  try {
    const a = await api("advise", req);
    renderAdvice(a, req.objective, Math.round(performance.now() - t0));
    arrive(out, $("advise-status"), a.verdict);
  } catch (err) {
    showServerError(err.message, out);
    arrive(out, $("advise-status"), out.textContent);
  }
});

// ---- when do I stop? ----
function renderStop(s) {
  const out = $("stop-result");
  out.replaceChildren();
  const row = s.loadouts[0];
  // One reading of the thresholds for the text, the table and the legend: the table's first
  // column (no robbing 1 yet), "—" meaning going on pays at every eyes up to the solver's cap.
  const keys = Object.keys(row.thresholds);
  const cap = (held) => (held.split(",").includes("runkelrueb") ? Math.max(row.runkel_risk_cap, row.risk_cap) : row.risk_cap);
  const first = (held) => row.thresholds[held][0];
  const heldName = (held) => (held === "none" ? "with no joker left" : "holding " + held);
  const advice = (held) => (first(held) === null ? "keep going at every eyes up to " + cap(held) + " (a joker still pays)"
                                                 : "stop from " + first(held) + " eyes");
  out.append(el("p", { id: "stop-summary" }, "Loadout " + row.jokers + ": optimal expected eyes per turn " + row.ev.toFixed(3)
    + ", bust probability " + (100 * row.bust_probability).toFixed(1) + "%. With no robbing 1 yet: "
    + keys.map((k) => heldName(k) + ", " + advice(k)).join("; ") + "."));
  // Thresholds per held jokers (rows) and robbing 1s (columns).
  const width = Math.max(...keys.map((k) => row.thresholds[k].length));
  const table = el("table", { id: "thresholds" });
  table.append(el("caption", { class: "note" }, "Stop at this many eyes or more (— = keep going at every eyes up to the cap: a joker still pays)"));
  const head = el("tr");
  head.append(el("th", { scope: "col" }, "jokers held"));
  for (let j = 0; j < width; ++j) head.append(el("th", { scope: "col" }, j + " robbing 1s"));
  table.append(head);
  for (const k of keys) {
    const tr = el("tr");
    tr.append(el("th", { scope: "row" }, k));
    for (const t of row.thresholds[k]) tr.append(el("td", {}, t === null ? "—" : String(t)));
    table.append(tr);
  }
  const scroll = el("div", { style: "overflow-x: auto" });
  scroll.append(table);
  out.append(scroll);
  // The curves: what going on is worth over stopping at each eyes, one per set of jokers still held.
  const colors = ["#1f5fbf", "#b03030", "#2f8f4e", "#8a5a00", "#6a3d9a", "#008b8b", "#555", "#c2185b"];
  // The curve spans every threshold the table shows (and 30 eyes at least).
  const limit = Math.max(30, ...keys.map((k) => (first(k) === null ? 0 : first(k) + 10)));
  const curves = Object.entries(s.curve || {}).map(([held, pts]) => [held, pts.filter((p) => p.eyes <= limit)]).filter(([, pts]) => pts.length > 1);
  if (curves.length) {
    const W = 640, H = 280, L = 48, B = 34, T = 12, R = 12;
    const all = curves.flatMap(([, pts]) => pts);
    const gmax = Math.max(1, ...all.map((p) => p.go_on - p.stop)), gmin = Math.min(0, ...all.map((p) => p.go_on - p.stop));
    const emax = Math.max(...all.map((p) => p.eyes));
    const X = (e) => L + (e / emax) * (W - L - R), Y = (g) => T + (1 - (g - gmin) / (gmax - gmin)) * (H - T - B);
    const stopAt = (pts) => { const p = pts.find((q) => q.eyes > 0 && q.go_on - q.stop < 1e-9); return p ? p.eyes : null; };
    const g = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", id: "curve", "data-max-eyes": emax,
      "aria-label": "Gain of going on over stopping, in eyes per turn, against your eyes, by jokers still held: "
        + curves.map(([held]) => heldName(held) + ", " + advice(held)).join("; ") });
    g.append(svg("line", { x1: L, x2: W - R, y1: Y(0), y2: Y(0), stroke: "#999" }));
    g.append(svg("line", { x1: L, x2: L, y1: T, y2: H - B, stroke: "#999" }));
    const tick = emax > 100 ? 20 : emax > 50 ? 10 : 5;
    for (let e = 0; e <= emax; e += tick) {
      g.append(svg("line", { x1: X(e), x2: X(e), y1: H - B, y2: H - B + 4, stroke: "#999" }));
      const t = svg("text", { x: X(e), y: H - B + 16, "text-anchor": "middle", "font-size": 11 }); t.textContent = e; g.append(t);
    }
    const step = gmax - gmin > 12 ? 5 : gmax - gmin > 4 ? 2 : 1;
    for (let v = Math.ceil(gmin / step) * step; v <= gmax + 1e-9; v += step) {
      g.append(svg("line", { x1: L - 4, x2: L, y1: Y(v), y2: Y(v), stroke: "#999" }));
      const t = svg("text", { x: L - 6, y: Y(v) + 4, "text-anchor": "end", "font-size": 11 }); t.textContent = v; g.append(t);
    }
    const xl = svg("text", { x: (L + W) / 2, y: H - 4, "text-anchor": "middle", "font-size": 12 }); xl.textContent = "my eyes now"; g.append(xl);
    const yl = svg("text", { x: 12, y: H / 2, "font-size": 12, transform: "rotate(-90 12 " + H / 2 + ")", "text-anchor": "middle" });
    yl.textContent = "going on − stopping (eyes)"; g.append(yl);
    const legend = el("ul", { class: "legend" });
    curves.forEach(([held, pts], i) => {
      const c = colors[i % colors.length];
      g.append(svg("polyline", { fill: "none", stroke: c, "stroke-width": 2.5, points: pts.map((p) => X(p.eyes) + "," + Y(p.go_on - p.stop)).join(" ") }));
      const at = stopAt(pts);
      if (at !== null) g.append(svg("circle", { cx: X(at), cy: Y(0), r: 4.5, fill: c }));
      const item = el("li", { "data-held": held, "data-curve-stop": at === null ? "" : at });
      item.append(el("span", { class: "swatch", style: "background:" + c, "aria-hidden": "true" }));
      item.append(document.createTextNode(heldName(held) + ": " + advice(held)));
      legend.append(item);
    });
    out.append(el("p", { class: "note" }, "Expected eyes per turn of going on (playing optimally) minus the eyes you bank by stopping, with no robbing 1 yet, from 0 to " + emax + " eyes. Stop where a curve reaches 0 (the dot)."));
    out.append(g);
    out.append(legend);
  }
  out.append(el("p", { class: "note" }, "Exact, solved in " + s.seconds.toFixed(2) + " s (" + s.rules + ")."));
}
$("stop-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const out = $("stop-result");
  out.replaceChildren(el("p", { class: "note" }, "Solving…"));
  clearErrors($("stop-form"));
  const ticked = checked($("loadout-jokers")).length, most = rules ? rules.jokers_per_pass : 3;
  if (ticked > most) {
    fieldError($("loadout-jokers"), ticked + " jokers are ticked; a loadout has at most " + most + " (rule P2). Untick " + (ticked - most) + ".");
    out.replaceChildren(el("p", { class: "error", role: "alert" }, "The loadout needs a fix; it says what, next to it."));
    return;
  }
  try {
    renderStop(await api("solve", { preset: $("stop-preset").value, jokers: checked($("loadout-jokers")).join(",") || "none", curve: true }));
    arrive(out, $("stop-status"), $("stop-summary").textContent);
  } catch (err) {
    out.replaceChildren(el("p", { class: "error", role: "alert" }, err.message.replace(/'?--([a-z-]+)'?/g, "$1")));
    arrive(out, $("stop-status"), out.textContent);
  }
});

// ---- every other game: its form from its advise's keys (GET /api/games) ----
// The situation first, in the words every game shares (each key's label and whether it tells
// the situation come with it); the rules and the sampler's settings folded away. A field's
// name is the key the server knows it by, so an error that names an option is shown at its
// field, in that field's words.
let gamesInfo = [];
function gameField(k) {
  const id = "g-" + k.key, label = k.label || k.key;
  const box = el("div");
  let input;
  if (k.type === "flag") {
    const l = el("label", { class: "check" });
    input = el("input", { type: "checkbox", id: id });
    l.append(input, document.createTextNode(" " + label));
    box.append(l);
  } else {
    box.append(el("label", { for: id }, label));
    if (k.choices && k.type !== "list") {
      input = el("select", { id: id });
      for (const c of k.choices) input.append(el("option", { value: c }, c));
      if (k.default !== undefined) input.value = k.default;
    } else if (k.type === "integer" || k.type === "number") {
      input = el("input", { type: "number", id: id, min: k.min, max: k.max, step: k.type === "integer" ? 1 : "any" });
      if (k.default !== undefined) input.value = k.default;
    } else if (k.type === "text" || k.key === "set") {
      input = el("textarea", { id: id, rows: 2 });
    } else {
      input = el("input", { type: "text", id: id, autocomplete: "off" });
      if (k.default !== undefined) input.value = k.default;
    }
    box.append(input);
  }
  input.dataset.key = k.key;
  input.dataset.type = k.type;
  if (k.default !== undefined) input.dataset.default = k.default;
  input.title = k.help;
  box.append(el("small", { class: "note" }, k.help));
  return box;
}
function showGame(name) {
  const on = name !== "verflixte6";
  $("verflixte6-tabs").hidden = on;
  for (const t of tabs) $(t.getAttribute("aria-controls")).hidden = on || t.getAttribute("aria-selected") !== "true";
  $("view-game").hidden = !on;
  if (!on) return;
  const g = gamesInfo.find((x) => x.name === name);
  $("game-description").textContent = g.description;
  $("game-fields").replaceChildren();
  $("game-more").replaceChildren();
  const keys = g.advise.filter((k) => k.key !== "game");
  for (const k of keys) (k.situation ? $("game-fields") : $("game-more")).append(gameField(k));
  $("game-result").replaceChildren(el("p", { class: "note" }, "Fill in the situation and press “What should I do?”."));
}
function gameRequest() {
  const req = { game: $("game").value };
  for (const input of $("game-form").querySelectorAll("[data-key]")) {
    const key = input.dataset.key, type = input.dataset.type;
    if (type === "flag") { if (input.checked) req[key] = true; continue; }
    const v = input.value.trim();
    if (v === "" || v === input.dataset.default) continue;  // the command's own default: not asked for
    if (type === "integer") req[key] = Number(v);
    else if (type === "number") req[key] = Number(v);
    else if (type === "list" || key === "set") req[key] = v.split(key === "set" ? /\n+/ : /[\s,]+/).filter((x) => x);
    else req[key] = v;
  }
  return req;
}
// The first list of rows in an answer (the ranked choices), as a table.
function rowsOf(a) {
  for (const [name, v] of Object.entries(a))
    if (Array.isArray(v) && v.length && typeof v[0] === "object" && v[0] !== null) return [name, v];
  return null;
}
function renderGame(a, ms) {
  const out = $("game-result");
  out.replaceChildren(el("p", { class: "verdict", id: "game-verdict" }, a.verdict));
  appendWarnings(out, a, "game-warnings");
  if (a.note) out.append(el("p", { class: "note" }, a.note));
  if (a.warning) out.append(el("p", { class: "error", role: "alert" }, "Warning: " + a.warning));
  const found = rowsOf(a);
  if (found) {
    const [name, rows] = found;
    // An error column of an exact answer (all zero) says nothing: left out.
    const cols = Object.keys(rows[0]).filter((c) => typeof rows[0][c] !== "object" &&
      !(/stderr$/.test(c) && rows.every((r) => r[c] === 0)));
    const t = el("table", { id: "game-rows", "aria-label": name.replace(/_/g, " ") });
    const head = el("tr");
    for (const c of cols) head.append(el("th", { scope: "col" }, c.replace(/_/g, " ")));
    t.append(head);
    for (const r of rows.slice(0, 12)) {
      const tr = el("tr");
      for (const c of cols) tr.append(el("td", {}, typeof r[c] === "number" && !Number.isInteger(r[c]) ? r[c].toFixed(4) : String(r[c])));
      t.append(tr);
    }
    const scroll = el("div", { style: "overflow-x: auto" });
    scroll.append(t);
    out.append(scroll);
  }
  const raw = el("details", { class: "note" });
  raw.append(el("summary", {}, "The whole answer (JSON)"));
  raw.append(el("pre", { style: "white-space: pre-wrap" }, JSON.stringify(a, null, 1)));
  out.append(raw);
  out.append(el("p", { class: "note" }, "Answered in " + ms + " ms" + (a.rules ? " (" + a.rules + ")" : "") + "."));
}
$("game-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const out = $("game-result");
  clearErrors($("game-form"));
  out.replaceChildren(el("p", { class: "note" }, "Thinking…"));
  const t0 = performance.now();
  try {
    renderGame(await api("advise", gameRequest()), Math.round(performance.now() - t0));
    arrive(out, $("game-status"), $("game-verdict").textContent);
  } catch (err) {
    // At the field the message names, in the page's words.
    const named = err.message.match(/'?--([a-z-]+)'?/);
    const input = named && $("game-form").querySelector('[data-key="' + named[1] + '"]');
    const g = gamesInfo.find((x) => x.name === $("game").value);
    const labelOf = (k) => ((g && g.advise.find((x) => x.key === k)) || {}).label || k;
    const words = err.message.replace(/'?--([a-z-]+)'?/g, (m, k) => "“" + labelOf(k) + "”");
    if (input) fieldError(input, words);
    out.replaceChildren(el("p", { class: "error", role: "alert" }, words));
    arrive(out, $("game-status"), words);
    if (input) input.focus();
  }
});
$("game").addEventListener("change", (e) => showGame(e.target.value));
fetch("/api/games", { headers: token ? { Authorization: "Bearer " + token } : {} })
  .then((r) => r.json()).then((j) => {
    gamesInfo = j.games;
    const sel = $("game");
    sel.replaceChildren();
    for (const g of gamesInfo) sel.append(el("option", { value: g.name }, g.description.split(/[:,(]/)[0].trim()));
    // ?game=pig opens that game's form (a link to share at the table).
    const asked = new URLSearchParams(location.search).get("game");
    sel.value = gamesInfo.some((g) => g.name === asked) ? asked : "verflixte6";
    showGame(sel.value);
    // ... and its keys fill the form and ask at once (/?game=pig&score=40&other=60).
    let filled = false;
    for (const input of $("game-form").querySelectorAll("[data-key]")) {
      const v = new URLSearchParams(location.search).get(input.dataset.key);
      if (v === null) continue;
      if (input.dataset.type === "flag") input.checked = v !== "false"; else input.value = v;
      filled = true;
    }
    if (filled && sel.value !== "verflixte6") $("game-form").requestSubmit();
  }).catch(() => {});

// A table to start from: two have stopped, one is out, one is still to play.
addPlayer(16, "p", 0); addPlayer(0, "z", 0); addPlayer(9, "p", 0); addPlayer(0, "j", 0);
loadRules("tournament-2019").catch((err) => $("advise-result").replaceChildren(el("p", { class: "error" }, err.message)));
