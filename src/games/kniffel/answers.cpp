#include "verflixt/games/kniffel/answers.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/version.h"

namespace verflixt::kniffel {

using core::report::number;

core::report::Report report_head(const KniffelRules& rules, const std::string& preset) {
  return core::report::Report({kVersion, "kniffel", rules_summary(rules), preset});
}

core::report::Report describe(const SolveAnswer& a) {
  const KniffelSolution& s = *a.solution;
  core::report::Report r = report_head(s.rules(), a.preset);
  using core::report::kJsonCsv;
  r.field("policy", "optimal", kJsonCsv)
      .field("exact", true, kJsonCsv)
      .field("method", "retrograde analysis over sheets; keeps over dice multisets (solver.h)")
      .field("expected_score", s.expected_score(), kJsonCsv, "%.10f")
      .field("from_cache", a.from_cache, kJsonCsv)
      .field("sheets", a.from_cache ? nullptr : core::report::Value(static_cast<std::uint64_t>(s.sheets_solved())),
             kJsonCsv)
      .field("seconds", a.from_cache ? nullptr : core::report::Value(s.seconds()), kJsonCsv);
  const std::string how = a.from_cache ? std::string("read from the cache")
                                       : std::to_string(s.sheets_solved()) + " sheets solved in " +
                                             number("%.1f", s.seconds()) + " s";
  r.line("exact solitaire optimum (" + how + ")")
      .line("expected final score under optimal play  " + number("%.6f", s.expected_score()) + "  (exact)");
  return r;
}

namespace {

// Each seat's mean score ± SE, how often its upper section reached the bonus (± SE), and
// P(win) at a table of more than one; the run's head.
void score_rows(core::report::Report& r, const MatchAnswer& a) {
  const ScoreRun& run = a.run;
  r.field("games", run.tally.games, core::report::kJsonHead)
      .field("requested_games", run.requested)
      .field("seconds", run.seconds)
      .completion(run.interrupted, run.completed, run.requested, "games");
  std::vector<core::report::Column> cols = {{.name = "seat", .text = "  seat "},
                                            {.name = "policy", .text = "  ", .width = 9},
                                            {.name = "mean_score", .text = "  mean score ", .text_format = "%.2f",
                                             .text_se_format = "%.2f", .se_name = "mean_score_stderr"}};
  cols.push_back({.name = "p_bonus", .text = "  bonus reached ", .se_name = "p_bonus_stderr"});
  if (a.tournament) cols.push_back({.name = "p_win", .text = "  P(win) ", .se_name = "p_win_stderr"});
  core::report::Table& rows = r.table("seats", cols);
  for (std::size_t s = 0; s < a.seats.size(); ++s) {
    std::vector<core::report::Value> row = {s + 1, a.seats[s], run.tally.mean(s), run.tally.p_bonus(s)};
    if (a.tournament) row.emplace_back(run.tally.p_win(s));
    rows.row(row);
  }
}

}  // namespace

core::Completion completion(const MatchAnswer& a) {
  return {a.run.interrupted, a.run.completed, a.run.requested, "games"};
}

core::report::Report describe(const MatchAnswer& a) {
  const ScoreRun& run = a.run;
  core::report::Report r = report_head(a.rules, a.preset);
  r.head_line("  seed " + std::to_string(a.seed));
  r.field("seed", a.seed, core::report::kJsonHead).field("threads", a.threads);
  if (a.tournament) {
    r.line(std::to_string(run.tally.games) + " games" + (run.interrupted ? " (interrupted)" : "") +
           ", Monte Carlo (± 1 SE); optimal and greedy maximize points, chase its last turn's P(win)");
    score_rows(r, a);
    return r;
  }
  r.field("policy", a.seats[0]);
  r.line(a.seats[0] + ": " + std::to_string(run.tally.games) + " games" + (run.interrupted ? " (interrupted)" : "") +
         ", Monte Carlo (± 1 SE)");
  score_rows(r, a);
  const core::Estimate m = run.tally.mean(0);
  // The distribution of the final score: its standard deviation and the count of each score.
  const double n = static_cast<double>(run.tally.games);
  const double sd = n > 1 ? std::sqrt(std::max(0.0, run.tally.sum_sq[0] / n - m.mean * m.mean) * n / (n - 1)) : 0.0;
  std::vector<std::int64_t> counts(run.tally.histogram[0].begin(), run.tally.histogram[0].end());
  while (!counts.empty() && counts.back() == 0) counts.pop_back();
  r.field("sd", sd).field("score_counts", counts).line("standard deviation of the final score " + number("%.2f", sd));
  if (a.exact_optimum) {
    const double exact = *a.exact_optimum;
    r.field("exact_optimum", exact)
        .line("exact optimum " + number("%.4f", exact) + "; this policy's mean differs from it by " +
              core::se_distance(m.mean, m.se, exact) + " SE");
  }
  return r;
}

SeatPolicies seats_of(const KniffelRules& r, const std::vector<std::string>& given, const Asker& asker) {
  SeatPolicies t;
  std::vector<std::string> specs;  // the names as the game spells them ("Optimal" is optimal)
  for (const auto& spec : given) specs.push_back(core::policy_spelling(spec, policy_names()));
  for (const auto& spec : specs)  // a mistyped name is one line before any solve
    if (std::find(policy_names().begin(), policy_names().end(), spec) == policy_names().end()) make_policy(spec, r, nullptr);
  for (const auto& spec : specs) {
    if ((spec == "optimal" || spec == "chase") && !t.solution) t.solution = asker.solution(r);
    t.owned.push_back(make_policy(spec, r, t.solution));
    t.seats.push_back(t.owned.back().get());
    t.chase.push_back(spec == "chase");
  }
  return t;
}

MatchAnswer play_match(const KniffelRules& r, const SeatPolicies& t, const MatchQuestion& q, const std::string& label,
                       const Asker& asker) {
  MatchAnswer answer;
  answer.rules = r;
  answer.preset = q.preset;
  for (const KniffelPolicy* seat : t.seats) answer.seats.push_back(seat->name());
  answer.seed = q.seed;
  answer.threads = q.threads;
  answer.tournament = q.tournament;
  answer.run = asker.games(label, [&](const core::RunControl& control) {
    return play_games(t.seats, r, q.games, q.seed, q.threads, control, t.chase);
  });
  return answer;
}

namespace {

// The true entries of `valid` as the values people read: "0, 3..9, 12".
std::string runs_text(const std::vector<bool>& valid) {
  std::string out;
  for (std::size_t v = 0; v < valid.size(); ++v) {
    if (!valid[v] || (v > 0 && valid[v - 1])) continue;
    std::size_t last = v;
    while (last + 1 < valid.size() && valid[last + 1]) ++last;
    out += (out.empty() ? "" : ", ") + std::to_string(v) + (last > v ? ".." + std::to_string(last) : "");
  }
  return out;
}

Hand hand_of(const std::string& text) {
  const std::vector<int> faces = core::parse_dice_text(text, "--dice");
  if (faces.size() != kDice)
    throw core::InputError("--dice needs 5 dice, not " + std::to_string(faces.size()) + " (e.g. --dice \"6 6 3 2 1\")");
  Hand h{};
  for (int f : faces) ++h[static_cast<std::size_t>(f - 1)];
  return h;
}

// The sheet of --open, --upper and --kniffel-scored, checked to be one a game can reach.
Sheet sheet_of(const AdviceQuestion& q, const KniffelRules& r) {
  Sheet s;
  s.filled = (1u << kCategories) - 1;
  if (q.open == "all") {
    s.filled = 0;
  } else {
    std::string item;
    for (std::size_t at = 0; at <= q.open.size(); ++at) {
      if (at == q.open.size() || q.open[at] == ',') {
        if (!item.empty()) {
          const int c = category_of(item);
          // A box named twice is a slip (the other box meant is then missing), as a joker twice in a loadout.
          if (!(s.filled & (1u << c)))
            throw core::InputError("--open names " + std::string(category_names()[static_cast<std::size_t>(c)]) +
                                   " twice; name each open category once");
          s.filled = static_cast<std::uint16_t>(s.filled & ~(1u << c));
        }
        item.clear();
      } else if (q.open[at] != ' ') {
        item += q.open[at];
      }
    }
  }
  if (s.done()) throw core::InputError("--open names no category; valid: all, or a comma-separated list of " +
                                       core::join(std::vector<std::string>(category_names().begin(), category_names().end())));
  const std::vector<bool> uppers = reachable_uppers(s.filled & 0x3fu, kMaxUpper);
  if (!uppers[static_cast<std::size_t>(q.upper)])
    throw core::InputError("--upper " + std::to_string(q.upper) + " cannot come from the filled upper categories; valid: " +
                           runs_text(uppers));
  s.upper = std::min(q.upper, r.bonus_threshold);
  s.kniffel_scored = q.kniffel_scored;
  if (s.kniffel_scored && s.open(Kniffel)) throw core::InputError("--kniffel-scored: the kniffel box is open (--open names it)");
  return s;
}

}  // namespace

Situation situation(const KniffelRules& rules, const AdviceQuestion& q) {
  if (!q.dice) throw core::InputError("--dice is required (the five dice shown, e.g. --dice \"6 6 3 2 1\")");
  Situation at;
  at.hand = hand_of(*q.dice);
  at.throw_no = q.throw_;
  if (at.throw_no > rules.throws)
    throw core::InputError("--throw " + std::to_string(at.throw_no) + " is past the turn's " +
                           std::to_string(rules.throws) + " throws; valid: 1.." + std::to_string(rules.throws));
  at.sheet = sheet_of(q, rules);
  at.upper = q.upper;
  return at;
}

Advice advise(const KniffelSolution& solution, const Situation& at) {
  Advice a;
  a.rules = solution.rules();
  a.at = at;
  for (Category c : allowed_categories(at.sheet, at.hand, a.rules))
    a.choices.push_back({"score", std::string(category_names()[c]), solution.category_value(at.sheet, at.hand, c)});
  if (at.throw_no < a.rules.throws) {
    const DiceTable& t = DiceTable::get();
    for (int k : t.keeps(t.id(at.hand))) {
      if (t.size(k) == kDice) continue;  // keeping all five is scoring now: listed above
      a.choices.push_back(
          {"keep", t.size(k) ? hand_text(t.hand(k)) : "none", solution.keep_value(at.sheet, t.hand(k), at.throw_no)});
    }
  }
  std::stable_sort(a.choices.begin(), a.choices.end(),
                   [](const AdviceChoice& x, const AdviceChoice& y) { return x.value > y.value; });
  return a;
}

namespace {
// The open boxes as --open reads them and the choices name them, whichever names or case
// --open used: "all", or the names in sheet order.
std::string open_words(const Sheet& sheet) {
  if (sheet.filled == 0) return "all";
  std::string words;
  for (int c = 0; c < kCategories; ++c)
    if (sheet.open(c)) words += (words.empty() ? "" : ",") + std::string(category_names()[static_cast<std::size_t>(c)]);
  return words;
}
}  // namespace

core::report::Report describe(const Advice& a) {
  const Situation& at = a.at;
  const std::string open = open_words(at.sheet);
  core::report::Report r = report_head(a.rules, a.preset);
  std::vector<core::RankedChoice> said;
  for (const auto& c : a.choices)
    said.push_back({c.kind == "score" ? "score " + c.what
                    : c.what == "none" ? "throw all five again"
                                       : "keep " + c.what + ", throw the rest",
                    c.value});
  r.headline(core::advice_headline(said, "expected points still to come", false, "exact, optimal play after"));
  r.field("dice", hand_text(at.hand))
      .field("throw", at.throw_no)
      .field("open", open)                                           // --open, in the choices' words
      .field("filled", static_cast<std::int64_t>(at.sheet.filled))  // the same as the solver's bit mask
      .field("upper", at.upper)
      .field("kniffel_scored", at.sheet.kniffel_scored)
      .field("exact", true)
      .field("from_cache", a.from_cache);
  r.line("dice " + hand_text(at.hand) + " after throw " + std::to_string(at.throw_no) + " of " +
         std::to_string(a.rules.throws) + "; upper total " + std::to_string(at.upper) + "; open: " + open)
      .line("choices by the expected points still to come, this turn's included (exact):");
  core::report::Table& rows = r.table("choices", {{.name = "kind", .text = "  ", .width = 6},
                                                 {.name = "what", .text = "", .width = 16},
                                                 {.name = "value", .text = "  ", .text_format = "%.4f"},
                                                 {.name = "loss", .text = "  loss ", .text_format = "%.4f"}});
  for (const auto& c : a.choices) rows.row({c.kind, c.what, c.value, a.choices.front().value - c.value});
  return r;
}

BenchAnswer bench(const KniffelRules& rules, std::uint64_t games, std::uint64_t seed, const Asker& asker) {
  BenchAnswer a;
  a.seed = seed;
  a.solution = std::make_shared<const KniffelSolution>(rules, 1);
  for (const std::string spec : {"greedy", "optimal"}) {
    const auto policy = make_policy(spec, rules, a.solution);
    const ScoreRun run = asker.games("bench kniffel " + spec + " games", [&](const core::RunControl& control) {
      return play_games({policy.get()}, rules, games, seed, 1, control);
    });
    if (run.interrupted) {  // a workload cut short is left out, never timed
      a.stopped = true;
      break;
    }
    a.workloads.push_back(
        {.policy = spec, .games = run.tally.games, .seconds = run.seconds, .score_sum = run.tally.sum[0]});
  }
  return a;
}

core::report::Report describe(const BenchAnswer& a) {
  const KniffelSolution& s = *a.solution;
  const double sheets_per_second = static_cast<double>(s.sheets_solved()) / s.seconds();
  core::report::Report r = report_head(s.rules(), a.preset);
  r.head_line("  seed " + std::to_string(a.seed));
  r.field("seed", a.seed, core::report::kJsonHead).field("solve_seconds", s.seconds()).field("sheets_per_second", sheets_per_second);
  r.line("exact solve on 1 thread: " + number("%.2f", s.seconds()) + " s, " + number("%.0f", sheets_per_second) +
         " sheets/s (optimum " + number("%.6f", s.expected_score()) + ")");
  core::report::Table& work =
      r.table("workloads", {{.name = "workload"},
                            {.name = "games", .text = ": "},
                            {.name = "games_per_second_per_core", .text = " games at ", .text_format = "%.0f"},
                            {.name = "ratio_to_greedy", .text = " games/s per core, ", .text_format = "%.3f"},
                            {.name = "signature_score_sum",
                             .text = "x greedy (signature ",
                             .text_format = "%.0f",
                             .csv_format = "%.0f"},
                            {.name = "close", .text = ")", .in = core::report::kText}});
  double baseline = 0;
  for (const BenchWorkload& w : a.workloads) {
    const double rate = static_cast<double>(w.games) / w.seconds;
    if (w.policy == "greedy") baseline = rate;
    work.row({w.policy, w.games, rate, rate / baseline, w.score_sum, ""});
  }
  return r;
}

}  // namespace verflixt::kniffel
