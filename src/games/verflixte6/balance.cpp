#include "verflixt/games/verflixte6/balance.h"
#include "verflixt/games/verflixte6/strong_policy.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "verflixt/core/chunks.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/joker.h"
#include "verflixt/games/verflixte6/pass_kernel.h"
#include "verflixt/games/verflixte6/solver.h"

namespace verflixt {
namespace {

// A chunk's series and where they go (a part, so it reaches every MPI rank).
struct SeriesPart {
  std::uint64_t first = 0;
  std::vector<std::array<std::int64_t, TableRun::kFeatures>> values;
};

int feature(Group g, Measure m) { return (g == Group::tested ? 0 : 3) + static_cast<int>(m); }

// A feature's series value per evening (and per seat for the field): win shares are in
// units of 1/kWinUnit.
double per_unit(const TableRun& run, Group g, Measure m) {
  return static_cast<double>(run.series_length) * (m == Measure::win ? static_cast<double>(kWinUnit) : 1.0) *
         (g == Group::field ? run.field_seats : 1);
}

std::vector<Joker> with_first(Joker j, const std::vector<Joker>& base) {
  std::vector<Joker> list = {j};
  for (Joker b : base)
    if (b != j) list.push_back(b);
  return list;
}

JokerSet set_of(const std::vector<Joker>& list) {
  JokerSet s;
  for (Joker j : list) s = s.with(j);
  return s;
}

RunControl begin(const RunHooks& h, const std::string& label) { return h.begin ? h.begin(label) : RunControl{}; }
void end(const RunHooks& h) {
  if (h.end) h.end();
}
bool stopped(const RunHooks& h) { return h.stopped && h.stopped(); }

// One run under hooks; nullopt when the family cannot play the loadout.
std::optional<TableRun> family_run(const Rules& rules, const BalanceTable& table, const PolicyFamily& family,
                                   const std::vector<Joker>& loadout, const BalanceRun& run, const RunHooks& hooks,
                                   const std::string& label) {
  const FamilyPlayer player = family.play(rules, loadout);
  if (!player.policy) return std::nullopt;
  const RunControl control = begin(hooks, "balance " + label + " (" + family.name + ")");
  TableRun r = play_balance_table(rules, table, player, run.evenings, run.seed, run.threads, control);
  end(hooks);
  return r;
}

}  // namespace

PolicyFamily fixed_policy_family(std::shared_ptr<const Policy> policy) {
  const std::string name = policy->name();
  return {name, [policy](const Rules&, const std::vector<Joker>& loadout) {
            return FamilyPlayer{policy, loadout.empty() ? nullptr : std::make_shared<const ListSelector>(loadout)};
          }};
}

PolicyFamily solver_family() {
  return {"solver", [](const Rules& rules, const std::vector<Joker>& loadout) {
            try {
              const SoloSolution solution = solve_solo(rules, set_of(loadout));
              std::shared_ptr<const Policy> policy = table_policy(rules, solution);
              return FamilyPlayer{policy, loadout.empty() ? nullptr : std::make_shared<const ListSelector>(loadout)};
            } catch (const std::exception&) {
              return FamilyPlayer{};  // the solver cannot order or certify these rules
            }
          }};
}

PolicyFamily strong_family(const StrongParams& params) {
  return {"strong", [params](const Rules& rules, const std::vector<Joker>& loadout) {
            try {
              std::shared_ptr<const Policy> policy = make_strong_policy(rules, set_of(loadout), params);
              std::unique_ptr<Selector> list;
              if (!loadout.empty()) list = std::make_unique<ListSelector>(loadout);
              return FamilyPlayer{policy, std::shared_ptr<const Selector>(with_pass_context(std::move(list)))};
            } catch (const std::exception&) {
              return FamilyPlayer{};  // the solver behind it cannot order or certify these rules
            }
          }};
}

Estimate TableRun::estimate(Group g, Measure m) const {
  const int f = feature(g, m);
  const double per = per_unit(*this, g, m);
  std::vector<double> x;
  for (size_t s = 0; s < series.size(); ++s)
    if (done[s]) x.push_back(static_cast<double>(series[s][f]) / per);
  return mean_from_values(x);
}

TableRun play_balance_table(const Rules& rules, const BalanceTable& table, const FamilyPlayer& tested,
                            std::uint64_t evenings, std::uint64_t seed, int threads, const RunControl& control) {
  const size_t n = static_cast<size_t>(table.players);
  if (n < 2 || n > 12) throw InputError("a balance table has 2..12 seats, not " + std::to_string(n));
  if (!tested.policy || !table.field_policy) throw std::invalid_argument("play_balance_table: a seat has no policy");
  if (table.series_length < 1) throw InputError("series length must be at least 1");
  std::vector<EveningPlayer> start;
  start.push_back({tested.policy.get(), tested.selector.get(), 0});
  for (size_t k = 1; k < n; ++k) start.push_back({table.field_policy, table.field_selector, 0});
  TableRun run;
  run.engine = resolve_engine(table.engine, {tested.policy.get(), table.field_policy});
  run.series_length = table.series_length;
  run.field_seats = table.players - 1;
  const auto L = static_cast<std::uint64_t>(table.series_length);
  const std::uint64_t series = std::max<std::uint64_t>(1, (evenings + L - 1) / L);
  run.requested = series * L;
  const std::uint64_t per_chunk = std::max<std::uint64_t>(1, kObjectiveChunk / L);
  bool interrupted = false;
  const PassEngine engine = run.engine;
  const auto parts = run_chunks<SeriesPart>(
      series, per_chunk, threads, control, interrupted, [&] { return thread_kernel(engine, rules); },
      [&](std::uint64_t chunk, std::uint64_t count, SeriesPart& part, std::unique_ptr<PassKernel>& pk) {
        part.first = chunk * per_chunk;
        // One evening's results into its series' features: the tested seat, then the field.
        auto add_evening = [&](std::array<std::int64_t, TableRun::kFeatures>& x, std::span<const int> totals) {
          const EveningScore score = score_totals(rules, totals);
          for (size_t k = 0; k < n; ++k) {
            const int o = k == 0 ? 0 : 3;
            x[o] += score.win_units[k];
            x[o + 1] += score.loser[k] ? 1 : 0;
            x[o + 2] += totals[k];
          }
        };
        if (pk) {
          // The chunk's series in lanes, each on its own stream (the pairing unit, as below):
          // the same evenings as play_evening one after the other, at the lanes' speed.
          part.values.assign(count, {});
          pk->play_series(
              start, table.final, table.series_length, part.first, count,
              [&](std::uint64_t s, int e) { return evening_first_seat(s, static_cast<std::uint64_t>(e), n); },
              [&](std::uint64_t s) { return chunk_rng(seed, s); },
              [&](int, std::uint64_t s, int, std::span<const int> totals, std::span<const int>) {
                add_evening(part.values[s - part.first], totals);
              });
          return;
        }
        for (std::uint64_t s = part.first; s < part.first + count; ++s) {
          RandomDice dice(chunk_rng(seed, s));  // the pairing unit: one stream per series
          std::vector<EveningPlayer> players = start;  // O6: a series starts without bonuses
          std::array<std::int64_t, TableRun::kFeatures> x{};
          for (std::uint64_t e = 0; e < L; ++e) {
            const int first = evening_first_seat(s, e, n);  // O5
            const EveningResult r = play_evening(rules, players, table.final, first, dice);
            add_evening(x, r.totals);
            for (size_t k = 0; k < n; ++k) players[k].bonus = r.place_bonus[k];  // P4
          }
          part.values.push_back(x);
        }
      });
  run.series.assign(series, {});
  run.done.assign(series, 0);
  for (const SeriesPart& part : parts)
    for (size_t i = 0; i < part.values.size(); ++i) {
      run.series[part.first + i] = part.values[i];
      run.done[part.first + i] = 1;
    }
  run.interrupted = interrupted;
  run.evenings = static_cast<std::uint64_t>(std::count(run.done.begin(), run.done.end(), 1)) * L;
  return run;
}

Difference difference(const std::vector<std::pair<const TableRun*, int>>& terms, Group g, Measure m) {
  if (terms.empty()) return {};
  const int f = feature(g, m);
  const size_t n = terms.front().first->series.size();
  for (const auto& [run, c] : terms)
    if (run->series.size() != n || run->series_length != terms.front().first->series_length ||
        run->field_seats != terms.front().first->field_seats)
      throw std::invalid_argument("difference: the runs are not of the same seed, length and table");
  Difference d;
  double var = 0;
  for (const auto& [run, c] : terms) {
    const Estimate e = run->estimate(g, m);
    d.paired.mean += c * e.mean;  // exactly the difference of the rows' means
    var += e.se * e.se;
  }
  d.independent_se = std::sqrt(var);
  const double per = per_unit(*terms.front().first, g, m);
  std::vector<double> x;
  for (size_t s = 0; s < n; ++s) {
    bool all = true;
    std::int64_t v = 0;
    for (const auto& [run, c] : terms) {
      all = all && run->done[s];
      v += c * run->series[s][f];
    }
    if (all) x.push_back(static_cast<double>(v) / per);
  }
  d.paired.se = mean_from_values(x).se;
  return d;
}

Difference difference(const TableRun& b, const TableRun& a, Group g, Measure m) {
  return difference({{&b, 1}, {&a, -1}}, g, m);
}

double solo_ev(const Rules& rules, const std::vector<Joker>& loadout) {
  SolverOptions options;
  options.thresholds = false;
  options.keep_table = false;
  try {
    return solve_solo(rules, set_of(loadout), options).ev;
  } catch (const std::exception&) {
    return std::nan("");
  }
}

JokerTable measure_jokers(const Rules& rules, const BalanceTable& table, const std::vector<PolicyFamily>& families,
                          const std::vector<Joker>& base, const std::vector<Joker>& tested, const BalanceRun& run,
                          const RunHooks& hooks) {
  JokerTable t;
  t.tested = tested;
  t.base = base;
  t.runs_total = families.size() * (1 + tested.size());
  const double solo_base = solo_ev(rules, base);
  for (Joker j : tested) t.solo_lift.push_back(solo_ev(rules, with_first(j, base)) - solo_base);
  for (const PolicyFamily& family : families) {
    FamilyRows rows;
    rows.family = family.name;
    rows.with.resize(tested.size());
    t.families.push_back(std::move(rows));
  }
  // Family by family: a family's base first, then its jokers. The first family's base is kept
  // even when cut short (marked interrupted); any other run cut short is dropped.
  for (size_t f = 0; f < families.size() && !t.interrupted; ++f) {
    if (f > 0 && stopped(hooks)) {
      t.interrupted = true;
      break;
    }
    FamilyRows& rows = t.families[f];
    rows.base = family_run(rules, table, families[f], base, run, hooks, "base");
    if (rows.base && rows.base->interrupted) {
      t.interrupted = true;
      if (f > 0) rows.base.reset();
      break;
    }
    ++t.runs_done;
    for (size_t k = 0; k < tested.size(); ++k) {
      if (stopped(hooks)) {
        t.interrupted = true;
        break;
      }
      if (!rows.base) {
        ++t.runs_done;
        continue;  // without its base the family has no lifts
      }
      auto r = family_run(rules, table, families[f], with_first(tested[k], base), run, hooks,
                          std::string(joker_id(tested[k])));
      if (r && r->interrupted) {
        t.interrupted = true;
        break;
      }
      rows.with[k] = std::move(r);
      ++t.runs_done;
    }
  }
  // The verdict, over complete families only.
  auto separated = [&](size_t a, size_t b, const FamilyRows& rows) {
    const Difference d = difference(*rows.with[a], *rows.with[b], Group::tested, Measure::win);
    return d.paired.mean > 2 * d.paired.se;
  };
  // A verdict needs at least two families agreeing; one family alone gives none.
  bool every_family = !t.interrupted && tested.size() >= 2 && families.size() >= 2;
  for (const FamilyRows& rows : t.families)
    for (const auto& w : rows.with) every_family = every_family && w.has_value();
  for (int strongest = 1; strongest >= 0 && every_family; --strongest) {
    for (size_t a = 0; a < tested.size(); ++a) {
      bool all = true;
      for (const FamilyRows& rows : t.families)
        for (size_t b = 0; all && b < tested.size(); ++b)
          if (a != b) all = strongest ? separated(a, b, rows) : separated(b, a, rows);
      if (all) (strongest ? t.strongest : t.weakest) = std::string(joker_id(tested[a]));
    }
  }
  for (const FamilyRows& rows : t.families) {
    int hi = -1, lo = -1;
    double hv = 0, lv = 0;
    for (size_t k = 0; k < tested.size(); ++k) {
      if (!rows.with[k]) continue;
      const double x = rows.with[k]->estimate(Group::tested, Measure::win).mean;
      if (hi < 0 || x > hv) hi = static_cast<int>(k), hv = x;
      if (lo < 0 || x < lv) lo = static_cast<int>(k), lv = x;
    }
    t.largest.push_back(hi < 0 ? "" : std::string(joker_id(tested[static_cast<size_t>(hi)])));
    t.smallest.push_back(lo < 0 ? "" : std::string(joker_id(tested[static_cast<size_t>(lo)])));
  }
  return t;
}

std::vector<Joker> changed_jokers(const Rules& a, const Rules& b) {
  auto sections = [](const Rules& r) {
    std::map<std::string, std::set<std::string>> out;
    std::istringstream in(rules_to_ini(r));
    std::string line, section;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (line[0] == '[') section = line.substr(1, line.find(']') - 1);
      else out[section].insert(line);
    }
    return out;
  };
  const auto sa = sections(a), sb = sections(b);
  std::vector<Joker> out;
  for (int j = 0; j < JOKER_NB; ++j) {
    const std::string id(joker_id(static_cast<Joker>(j)));
    const auto x = sa.find(id), y = sb.find(id);
    if ((x == sa.end()) != (y == sb.end()) || (x != sa.end() && x->second != y->second))
      out.push_back(static_cast<Joker>(j));
  }
  return out;
}

ParamSweep parse_param_sweep(const std::string& spec, const Rules& rules, const std::string& option) {
  const size_t eq = spec.find('='), dots = spec.find("..");
  if (eq == std::string::npos || dots == std::string::npos || dots < eq)
    throw InputError(option + " '" + spec + "': expected KEY=A..B, e.g. runkelrueb.face=1..6");
  ParamSweep p;
  p.key = spec.substr(0, eq);
  p.lo = parse_int(spec.substr(eq + 1, dots - eq - 1), "A", option, -1000000, 1000000);
  p.hi = parse_int(spec.substr(dots + 2), "B", option, p.lo, p.lo + 49);
  const std::string section = p.key.substr(0, p.key.find('.'));
  int joker = -1;
  for (int j = 0; j < JOKER_NB; ++j)
    if (joker_id(static_cast<Joker>(j)) == section) joker = j;
  if (joker < 0 || p.key.find('.') == std::string::npos)
    throw InputError(option + " '" + spec + "': KEY must be a joker's parameter (e.g. runkelrueb.face), not '" +
                     p.key + "'");
  p.joker = static_cast<Joker>(joker);
  if (!rules.jokers.has(p.joker))
    throw InputError(option + ": " + section + " is not available under " + rules_summary(rules));
  for (int v = p.lo; v <= p.hi; ++v) {  // every value checked before anything runs
    Rules r = rules;
    set_rule(r, p.key + "=" + std::to_string(v));
    p.rules.push_back(r);
  }
  return p;
}

SweepPoint measure_sweep_point(const ParamSweep& sweep, int value, const BalanceTable& table,
                               const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                               const std::vector<std::optional<TableRun>>& shared_base, const BalanceRun& run,
                               const RunHooks& hooks, bool& interrupted) {
  const Rules& r = sweep.rules.at(static_cast<size_t>(value - sweep.lo));
  const std::vector<Joker> list = with_first(sweep.joker, base);
  // The changed rule touches only holders of the joker: when neither the base loadout nor the
  // field holds it (and no final evening lets anyone choose it, P2), the base plays the same
  // evenings under every value and is reused.
  const bool held_elsewhere = table.final ||
                              std::find(base.begin(), base.end(), sweep.joker) != base.end() ||
                              std::find(table.field_jokers.begin(), table.field_jokers.end(), sweep.joker) !=
                                  table.field_jokers.end();
  SweepPoint p;
  p.value = value;
  p.solo_lift = solo_ev(r, list) - solo_ev(r, base);
  const std::string label = sweep.key + "=" + std::to_string(value);
  for (size_t f = 0; f < families.size() && !interrupted; ++f) {
    if (stopped(hooks)) {
      interrupted = true;
      break;
    }
    if (!held_elsewhere && f < shared_base.size() && shared_base[f]) p.base.push_back(shared_base[f]);
    else p.base.push_back(family_run(r, table, families[f], base, run, hooks, label + " base"));
    if (p.base.back() && p.base.back()->interrupted) {
      interrupted = true;
      break;
    }
    p.with.push_back(p.base.back() ? family_run(r, table, families[f], list, run, hooks, label) : std::nullopt);
    if (p.with.back() && p.with.back()->interrupted) interrupted = true;
  }
  return p;
}

AutoResult bracket_balance(int lo, int hi, const std::function<std::optional<AutoPoint>(int)>& evaluate) {
  AutoResult out;
  std::map<int, AutoPoint> seen;
  auto at = [&](int v) -> const AutoPoint* {
    auto it = seen.find(v);
    if (it == seen.end()) {
      if (!out.complete) return nullptr;
      const auto p = evaluate(v);
      if (!p) {
        out.complete = false;
        return nullptr;
      }
      it = seen.emplace(v, *p).first;
    }
    return &it->second;
  };
  // The ends and the middle first: the middle is what shows a lift that is not monotone
  // (a peak or a dip) when the ends alone look alike.
  const AutoPoint* a = at(lo);
  const AutoPoint* b = at(hi);
  if (!a || !b || !at(lo + (hi - lo) / 2)) return out;
  // Rank of a value along the parameter: 0 on the side of `lo`'s end of the spread, 1 inside,
  // 2 beyond; `strict` uses the point estimates, else only differences beyond 2 SE count.
  const bool decreasing = b->lift.mean < a->lift.mean;
  auto above = [](const AutoPoint& p, bool strict) {
    return strict ? p.vs_high.mean > 0 : p.vs_high.mean > 2 * p.vs_high.se;
  };
  auto below = [](const AutoPoint& p, bool strict) {
    return strict ? p.vs_low.mean < 0 : p.vs_low.mean < -2 * p.vs_low.se;
  };
  auto rank = [&](const AutoPoint& p, bool strict) {
    if (above(p, strict)) return decreasing ? 0 : 2;
    if (below(p, strict)) return decreasing ? 2 : 0;
    return 1;
  };
  // The first value whose rank is at least k (hi + 1 if none), by bisection; -1 after a stop.
  auto first_at_least = [&](int k, bool strict) -> long {
    const AutoPoint* pl = at(lo);
    const AutoPoint* ph = at(hi);
    if (!pl || !ph) return -1;
    if (rank(*pl, strict) >= k) return lo;
    if (rank(*ph, strict) < k) return static_cast<long>(hi) + 1;
    int x = lo, y = hi;  // rank(x) < k <= rank(y)
    while (y - x > 1) {
      const int m = x + (y - x) / 2;
      const AutoPoint* pm = at(m);
      if (!pm) return -1;
      (rank(*pm, strict) >= k ? y : x) = m;
    }
    return y;
  };
  auto interval = [&](bool strict, std::vector<int>& values) {
    const long from = first_at_least(1, strict), to = first_at_least(2, strict);
    if (from < 0 || to < 0) return;
    for (long v = from; v < to; ++v) values.push_back(static_cast<int>(v));
  };
  interval(true, out.balanced);
  interval(false, out.confidence);
  if (!out.complete) {
    out.balanced.clear();
    out.confidence.clear();
  }
  // Monotone? Consecutive evaluated values must not reverse the direction by more than 2 SE
  // (the SE of a step taken as the larger of the two points' SEs times sqrt 2: conservative).
  for (auto it = seen.begin(); out.complete && std::next(it) != seen.end(); ++it) {
    const AutoPoint& p = it->second;
    const AutoPoint& q = std::next(it)->second;
    const double step = q.lift.mean - p.lift.mean;
    const double se = std::sqrt(2.0) * std::max(p.lift.se, q.lift.se);
    if ((decreasing ? step : -step) > 2 * se || (se == 0 && (decreasing ? step > 0 : step < 0)))
      out.monotone = false;
  }
  if (!out.monotone && out.complete) {
    // Read the sets off every value instead of trusting the bisection.
    for (int v = lo; v <= hi && out.complete; ++v) at(v);
    out.balanced.clear();
    out.confidence.clear();
    if (out.complete)
      for (const auto& [v, p] : seen) {
        if (!above(p, true) && !below(p, true)) out.balanced.push_back(v);
        if (!above(p, false) && !below(p, false)) out.confidence.push_back(v);
      }
    out.note = "the lift is not monotone in the parameter over the values first evaluated: every value was evaluated";
  }
  for (const auto& [v, p] : seen) out.points.push_back(p);
  if (!out.complete) out.note = "interrupted: the search did not finish";
  else if (out.balanced.empty() && out.note.empty())
    out.note = "no value in the range brings the lift within the spread";
  return out;
}

}  // namespace verflixt

namespace verflixt {

AutoBalance auto_balance(const Rules& rules, const ParamSweep& sweep, const BalanceTable& table,
                         const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                         const std::vector<Joker>& others, const BalanceRun& run, const RunHooks& hooks) {
  AutoBalance out;
  if (others.empty()) throw InputError("--auto needs at least one other joker to balance against");
  for (Joker o : others)
    if (o == sweep.joker) throw std::invalid_argument("auto_balance: the others hold the swept joker");
  out.others = measure_jokers(rules, table, families, base, others, run, hooks);
  if (out.others.interrupted) {
    out.interrupted = true;
    return out;
  }
  const std::vector<Joker> list = with_first(sweep.joker, base);
  // The bounds of the spread: the others with the largest and smallest point estimate.
  auto bounds = [&](const std::vector<double>& lifts, AutoResult& r) -> std::pair<size_t, size_t> {
    size_t hi = 0, lo = 0;
    for (size_t k = 1; k < lifts.size(); ++k) {
      if (lifts[k] > lifts[hi]) hi = k;
      if (lifts[k] < lifts[lo]) lo = k;
    }
    r.high_joker = joker_id(others[hi]);
    r.low_joker = joker_id(others[lo]);
    return {hi, lo};
  };
  // A search's result with what it searched for: the family and the spread it was bounded by.
  auto keep = [&](AutoResult found, const AutoResult& r) {
    found.family = r.family;
    found.exact = r.exact;
    found.high_joker = r.high_joker;
    found.low_joker = r.low_joker;
    found.high = r.high;
    found.low = r.low;
    out.interrupted = !found.complete;
    out.results.push_back(std::move(found));
  };
  for (size_t f = 0; f < families.size() && !out.interrupted; ++f) {
    const FamilyRows& rows = out.others.families[f];
    AutoResult r;
    r.family = families[f].name;
    bool playable = rows.base.has_value();
    for (const auto& w : rows.with) playable = playable && w.has_value();
    if (!playable) {
      r.complete = false;
      r.note = "the family cannot play every loadout under these rules";
      out.results.push_back(r);
      continue;
    }
    const TableRun& b0 = *rows.base;
    std::vector<double> lifts;
    for (const auto& w : rows.with) lifts.push_back(difference(*w, b0, Group::tested, Measure::win).paired.mean);
    const auto [hi, lo] = bounds(lifts, r);
    const TableRun& wh = *rows.with[hi];
    const TableRun& wl = *rows.with[lo];
    r.high = difference(wh, b0, Group::tested, Measure::win).paired;
    r.low = difference(wl, b0, Group::tested, Measure::win).paired;
    const std::vector<std::optional<TableRun>> shared = {rows.base};
    const std::vector<PolicyFamily> one = {families[f]};
    AutoResult found = bracket_balance(sweep.lo, sweep.hi, [&](int v) -> std::optional<AutoPoint> {
      bool stop = false;
      const SweepPoint p = measure_sweep_point(sweep, v, table, one, base, shared, run, hooks, stop);
      if (stop || p.with.empty() || !p.with[0] || !p.base[0]) return std::nullopt;
      const TableRun& w = *p.with[0];
      const TableRun& b = *p.base[0];
      AutoPoint a;
      a.value = v;
      a.lift = difference(w, b, Group::tested, Measure::win).paired;
      a.vs_high = difference({{&w, 1}, {&b, -1}, {&wh, -1}, {&b0, 1}}, Group::tested, Measure::win).paired;
      a.vs_low = difference({{&w, 1}, {&b, -1}, {&wl, -1}, {&b0, 1}}, Group::tested, Measure::win).paired;
      return a;
    });
    keep(std::move(found), r);
  }
  if (out.interrupted) return out;
  // The exact solo EV version: no error, so the balanced set is its own confidence set.
  AutoResult r;
  r.family = "solo EV (exact)";
  r.exact = true;
  const auto [hi, lo] = bounds(out.others.solo_lift, r);
  r.high = {out.others.solo_lift[hi], 0};
  r.low = {out.others.solo_lift[lo], 0};
  AutoResult found = bracket_balance(sweep.lo, sweep.hi, [&](int v) -> std::optional<AutoPoint> {
    if (stopped(hooks)) return std::nullopt;
    const Rules& rv = sweep.rules.at(static_cast<size_t>(v - sweep.lo));
    AutoPoint a;
    a.value = v;
    a.lift = {solo_ev(rv, list) - solo_ev(rv, base), 0};
    a.vs_high = {a.lift.mean - r.high.mean, 0};
    a.vs_low = {a.lift.mean - r.low.mean, 0};
    return a;
  });
  keep(std::move(found), r);
  return out;
}

}  // namespace verflixt
