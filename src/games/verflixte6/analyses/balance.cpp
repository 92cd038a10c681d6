#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/exact/strong_policy.h"

#include <algorithm>
#include <filesystem>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "verflixt/core/chunks.h"
#include "verflixt/core/dice.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/kernels/pass_kernel.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "games/verflixte6/analyses/balance_helpers.h"

namespace verflixt::verflixte6 {
namespace {

using balance_detail::stopped;
using balance_detail::with_first;

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

JokerSet set_of(const std::vector<Joker>& list) {
  JokerSet s;
  for (Joker j : list) s = s.with(j);
  return s;
}

core::RunControl begin(const RunHooks& h, const std::string& label) { return h.begin ? h.begin(label) : core::RunControl{}; }
void end(const RunHooks& h) {
  if (h.end) h.end();
}

// One run under hooks; nullopt when the family cannot play the loadout.
std::optional<TableRun> family_run(const Rules& rules, const BalanceTable& table, const PolicyFamily& family,
                                   const std::vector<Joker>& loadout, const BalanceRun& run, const RunHooks& hooks,
                                   const std::string& label) {
  const FamilyPlayer player = family.play(rules, loadout);
  if (!player.policy) return std::nullopt;
  const core::RunControl control = begin(hooks, "balance " + label + " (" + family.name + ")");
  TableRun r = play_balance_table(rules, table, player, run.evenings, run.seed, run.threads, control);
  end(hooks);
  return r;
}

}  // namespace

PolicyFamily fixed_policy_family(std::shared_ptr<const Policy> policy) {
  // A policy file names its family by the file's name without directory and extension
  // (strategies/heuristic.ini is "heuristic"): a column header, not a path.
  const std::filesystem::path path(policy->name());
  const std::string name = path.extension() == ".ini" || path.extension() == ".policy" ? path.stem().string() : policy->name();
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

core::Estimate TableRun::estimate(Group g, Measure m) const {
  const int f = feature(g, m);
  const double per = per_unit(*this, g, m);
  std::vector<double> x;
  for (size_t s = 0; s < series.size(); ++s)
    if (done[s]) x.push_back(static_cast<double>(series[s][f]) / per);
  return core::mean_from_values(x);
}

TableRun play_balance_table(const Rules& rules, const BalanceTable& table, const FamilyPlayer& tested,
                            std::uint64_t evenings, std::uint64_t seed, int threads, const core::RunControl& control) {
  const size_t n = static_cast<size_t>(table.players);
  if (n < 2 || n > kMaxPlayers)
    throw core::InputError("a balance table has 2.." + std::to_string(kMaxPlayers) + " seats, not " + std::to_string(n));
  if (!tested.policy || !table.field_policy) throw std::invalid_argument("play_balance_table: a seat has no policy");
  if (table.series_length < 1) throw core::InputError("series length must be at least 1");
  std::vector<EveningPlayer> start;
  start.push_back({tested.policy.get(), tested.selector.get(), 0});
  for (size_t k = 1; k < n; ++k) start.push_back({table.field_policy, table.field_selector, 0});
  TableRun run;
  run.engine = resolve_engine(table.engine, {tested.policy.get(), table.field_policy});
  run.series_length = table.series_length;
  run.field_seats = table.players - 1;
  const auto L = static_cast<std::uint64_t>(table.series_length);
  const std::uint64_t series = whole_series(evenings, table.series_length);
  run.requested = series * L;
  // Every series is kept for the paired differences: refused before the run if that is more
  // memory than allowed (twice: the chunks' parts, then the run's table).
  core::will_allocate(2 * series * (sizeof(std::array<std::int64_t, TableRun::kFeatures>) + 1),
                      "keeping the results of " + std::to_string(series * L) + " evenings (lower --evenings)");
  const std::uint64_t per_chunk = std::max<std::uint64_t>(1, kObjectiveChunk / L);
  bool interrupted = false;
  const PassEngine engine = run.engine;
  const auto parts = core::run_chunks<SeriesPart>(
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
              [&](std::uint64_t s) { return core::chunk_rng(seed, s); },
              [&](int, std::uint64_t s, int, std::span<const int> totals, std::span<const int>) {
                add_evening(part.values[s - part.first], totals);
              });
          return;
        }
        for (std::uint64_t s = part.first; s < part.first + count; ++s) {
          core::RandomDice dice(core::chunk_rng(seed, s));  // the pairing unit: one stream per series
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
    const core::Estimate e = run->estimate(g, m);
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
  d.paired.se = core::mean_from_values(x).se;
  return d;
}

Difference difference(const TableRun& b, const TableRun& a, Group g, Measure m) {
  return difference({{&b, 1}, {&a, -1}}, g, m);
}

bool never_played(const TableRun& with, const TableRun& base) {
  if (with.series.size() != base.series.size()) return false;
  for (size_t s = 0; s < with.series.size(); ++s)
    if (with.done[s] && base.done[s] && with.series[s] != base.series[s]) return false;
  return true;
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

void decide_verdicts(JokerTable& t, double z) {
  const std::vector<Joker>& tested = t.tested;
  t.z = z;
  t.verdicts.clear();
  t.unused.clear();
  t.largest.clear();
  t.smallest.clear();
  t.headline = 0;
  t.strongest = t.weakest = t.agreed_strongest = t.agreed_weakest = "";
  auto separated = [&](size_t a, size_t b, const FamilyRows& rows) {
    const Difference d = difference(*rows.with[a], *rows.with[b], Group::tested, Measure::win);
    return d.paired.mean > z * d.paired.se;
  };
  auto complete = [&](const FamilyRows& rows) {
    if (!rows.base) return false;
    for (const auto& w : rows.with)
      if (!w) return false;
    return true;
  };
  // The joker beating (trailing) every other one under the families in `which`, or "".
  auto verdict = [&](bool strongest, const std::vector<const FamilyRows*>& which) -> std::string {
    for (size_t a = 0; a < tested.size(); ++a) {
      bool all = true;
      for (const FamilyRows* rows : which)
        for (size_t b = 0; all && b < tested.size(); ++b)
          if (a != b) all = strongest ? separated(a, b, *rows) : separated(b, a, *rows);
      if (all) return std::string(joker_id(tested[a]));
    }
    return "";
  };
  const bool decidable = !t.interrupted && tested.size() >= 2;
  std::vector<const FamilyRows*> every;
  double best_base = -1;
  for (size_t f = 0; f < t.families.size(); ++f) {
    const FamilyRows& rows = t.families[f];
    JokerTable::FamilyVerdict v;
    if (rows.base) v.base = rows.base->estimate(Group::tested, Measure::win);
    if (decidable && complete(rows)) {
      every.push_back(&rows);
      v.strongest = verdict(true, {&rows});
      v.weakest = verdict(false, {&rows});
      // The two leading (trailing) jokers by point estimate, and the evenings that would put
      // their observed difference at 2 paired SE.
      std::vector<size_t> order(tested.size());
      for (size_t k = 0; k < order.size(); ++k) order[k] = k;
      const auto p_win = [&](size_t k) { return rows.with[k]->estimate(Group::tested, Measure::win).mean; };
      std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return p_win(x) > p_win(y); });
      const auto needed = [&](size_t x, size_t y) {
        const Difference d = difference(*rows.with[x], *rows.with[y], Group::tested, Measure::win);
        if (d.paired.mean == 0) return std::numeric_limits<double>::quiet_NaN();
        return std::ceil(static_cast<double>(rows.base->evenings) * std::pow(z * d.paired.se / d.paired.mean, 2));
      };
      const size_t n = order.size();
      v.strongest_pair = std::string(joker_id(tested[order[0]])) + " and " + std::string(joker_id(tested[order[1]]));
      v.weakest_pair = std::string(joker_id(tested[order[n - 2]])) + " and " + std::string(joker_id(tested[order[n - 1]]));
      v.evenings_strongest = v.strongest.empty() ? needed(order[0], order[1]) : std::numeric_limits<double>::quiet_NaN();
      v.evenings_weakest = v.weakest.empty() ? needed(order[n - 2], order[n - 1]) : std::numeric_limits<double>::quiet_NaN();
      if (v.base.mean > best_base) best_base = v.base.mean, t.headline = f;
    } else {
      v.evenings_strongest = v.evenings_weakest = std::numeric_limits<double>::quiet_NaN();
    }
    t.verdicts.push_back(v);
  }
  if (!every.empty()) {
    t.strongest = t.verdicts[t.headline].strongest;
    t.weakest = t.verdicts[t.headline].weakest;
  }
  if (every.size() >= 2 && every.size() == t.families.size()) {
    t.agreed_strongest = verdict(true, every);
    t.agreed_weakest = verdict(false, every);
  }
  for (const FamilyRows& rows : t.families) {
    std::vector<char> unused(tested.size(), 0);
    for (size_t k = 0; k < tested.size(); ++k)
      unused[k] = rows.base && rows.with[k] && never_played(*rows.with[k], *rows.base);
    t.unused.push_back(unused);
    int hi = -1, lo = -1;
    double hv = 0, lv = 0;
    for (size_t k = 0; k < tested.size(); ++k) {
      if (!rows.with[k] || unused[k]) continue;  // an unused joker is neither the largest nor the smallest
      const double x = rows.with[k]->estimate(Group::tested, Measure::win).mean;
      if (hi < 0 || x > hv) hi = static_cast<int>(k), hv = x;
      if (lo < 0 || x < lv) lo = static_cast<int>(k), lv = x;
    }
    t.largest.push_back(hi < 0 ? "" : std::string(joker_id(tested[static_cast<size_t>(hi)])));
    t.smallest.push_back(lo < 0 ? "" : std::string(joker_id(tested[static_cast<size_t>(lo)])));
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
  // A family's player may solve first (the solver and strong families), and a stop during a
  // solve throws core::Interrupted (core::checkpoint): once a run is finished, that cuts the
  // run under way short as a stop between chunks does; before, nothing is finished to show.
  const auto play = [&](size_t f, const std::vector<Joker>& loadout, const std::string& label) -> std::optional<TableRun> {
    try {
      return family_run(rules, table, families[f], loadout, run, hooks, label);
    } catch (const core::Interrupted&) {
      if (t.runs_done == 0) throw;
      TableRun cut;
      cut.interrupted = true;
      return cut;
    }
  };
  // Family by family: a family's base first, then its jokers. The first family's base is kept
  // even when cut short (marked interrupted); any other run cut short is dropped.
  for (size_t f = 0; f < families.size() && !t.interrupted; ++f) {
    if (f > 0 && stopped(hooks)) {
      t.interrupted = true;
      break;
    }
    FamilyRows& rows = t.families[f];
    rows.base = play(f, base, "base");
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
      auto r = play(f, with_first(tested[k], base), std::string(joker_id(tested[k])));
      if (r && r->interrupted) {
        t.interrupted = true;
        break;
      }
      rows.with[k] = std::move(r);
      ++t.runs_done;
    }
  }
  decide_verdicts(t, 2.0);
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
    throw core::InputError(option + " '" + spec + "': expected KEY=A..B, e.g. runkelrueb.face=1..6");
  ParamSweep p;
  p.key = spec.substr(0, eq);
  p.lo = core::parse_int(spec.substr(eq + 1, dots - eq - 1), "A", option, -1000000, 1000000);
  p.hi = core::parse_int(spec.substr(dots + 2), "B", option, p.lo, p.lo + 49);
  const std::string section = p.key.substr(0, p.key.find('.'));
  int joker = -1;
  for (int j = 0; j < JOKER_NB; ++j)
    if (joker_id(static_cast<Joker>(j)) == section) joker = j;
  if (joker < 0 || p.key.find('.') == std::string::npos)
    throw core::InputError(option + " '" + spec + "': KEY must be a joker's parameter (e.g. runkelrueb.face), not '" +
                     p.key + "'");
  p.joker = static_cast<Joker>(joker);
  if (!rules.jokers.has(p.joker))
    throw core::InputError(option + ": " + section + " is not available under " + rules_summary(rules));
  for (int v = p.lo; v <= p.hi; ++v) {  // every value checked before anything runs
    Rules r = rules;
    set_rule(r, p.key + "=" + std::to_string(v));
    p.rules.push_back(r);
  }
  return p;
}

VaryPoint measure_sweep_point(const ParamSweep& sweep, int value, const BalanceTable& table,
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
  VaryPoint p;
  p.value = value;
  const std::string label = sweep.key + "=" + std::to_string(value);
  // A stop during a solve (the solo values, a family's player) throws core::Interrupted
  // (core::checkpoint): the point is then cut short as by a stop between chunks, and its
  // callers drop it and keep the points before it.
  try {
    p.solo_lift = solo_ev(r, list) - solo_ev(r, base);
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
  } catch (const core::Interrupted&) {
    interrupted = true;
  }
  return p;
}

}  // namespace verflixt::verflixte6
