// `verflixt balance --game NAME` (game_balance.h): the options, the --vary values and the
// report, which do not depend on a game's rules type.
#include "cli/game_balance.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/report.h"
#include "verflixt/version.h"

namespace verflixt::cli {

namespace {

// More rows than a designer reads in one table; a longer sweep is a script's job.
constexpr int kMaxRows = 50;

const char* const kPairingNote =
    "SE of independent runs; both rows play the same seed, so they are positively correlated and this SE is "
    "conservative";

}  // namespace

core::OptionTable balance_options(const std::string& seat_help, const std::string& strongest_help,
                                  std::uint64_t default_games) {
  const core::OptionTable own = {
      core::words_option("seat", "a seat's policy (" + seat_help +
                                     "); repeat 2..8 times, seat 1 moves first, the table then seats that many players "
                                     "(default: the game's strongest policy, " +
                                     strongest_help + ", at each of the ruleset's players seats)"),
      core::count_option("games", default_games, 1, std::uint64_t{1} << 40, "games per row"),
      core::word_option("vary", "KEY=A..B[:STEP] or KEY=v1,v2,...: one row per value of the rule KEY (as --set names "
                                "it); without it, the rules against their preset")};
  return own + sampling_options();
}

std::string balance_usage(const std::string& game, const BalanceMeasure& measure) {
  return "usage: verflixt balance --game " + game +
         " [--vary KEY=A..B[:STEP] | --vary KEY=v1,v2,...] [--preset P] [--rules FILE] [--set key=value ...]\n"
         "                        [--seat P ...] [--games N] [--seed S] [--threads T] [--format table|json|csv]\n"
         "How a rule change shifts the game between the seats: each seat's " + measure.label +
         " ± 1 SE and seat 1's edge\nover a fair share (" + measure.label +
         " − 1/seats), one row per value of --vary KEY, or the given rules against their\npreset with the difference "
         "of seat 1's edge. Every row plays the same seed: rows differ by the rule, not the dice.";
}

VarySpec split_vary(const std::string& spec) {
  const size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
    throw core::InputError("--vary " + verflixt::core::quoted(spec) + ": expected KEY=A..B[:STEP] or KEY=v1,v2,...");
  return {spec.substr(0, eq), spec.substr(eq + 1)};
}

std::vector<std::string> vary_values(const VarySpec& spec, const std::string& key, bool integer,
                                     const std::string& domain) {
  const std::string& text = spec.values_text;
  const std::string where = "--vary " + key;
  std::vector<std::string> values;
  const size_t dots = text.find("..");
  if (dots != std::string::npos) {
    if (!integer)
      throw core::InputError(where + "=" + text + ": " + key + " is not an integer rule and takes no range A..B; give its values as a list, " +
                       key + "=v1,v2,... (valid: " + domain + ")");
    const size_t colon = text.find(':', dots);
    const int lo = core::parse_int(text.substr(0, dots), "A", where, -1000000, 1000000);
    const int hi = core::parse_int(text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2), "B",
                             where, lo, 1000000);
    const int step = colon == std::string::npos ? 1 : core::parse_int(text.substr(colon + 1), "STEP", where, 1, 1000000);
    if ((hi - lo) / step + 1 > kMaxRows)
      throw core::InputError(where + "=" + text + " gives " + std::to_string((hi - lo) / step + 1) + " rows; at most " +
                       std::to_string(kMaxRows) + " (a larger STEP: A..B:STEP)");
    for (int v = lo; v <= hi; v += step) values.push_back(std::to_string(v));
    return values;
  }
  for (std::string& value : core::split(text, ',')) {
    if (value.empty())
      throw core::InputError(where + "=" + text + ": an empty value; expected " + key + "=A..B[:STEP] or " + key + "=v1,v2,...");
    values.push_back(std::move(value));
  }
  if (values.size() > static_cast<size_t>(kMaxRows))
    throw core::InputError(where + ": " + std::to_string(values.size()) + " values; at most " + std::to_string(kMaxRows));
  return values;
}

namespace {

// Seat 1's measure above a fair share of the table.
core::Estimate edge(const BalancePlay& p) {
  return {p.measure.front().mean - 1.0 / static_cast<double>(p.measure.size()), p.measure.front().se};
}

// The designer's one answer: is the game fair between the seats, and what did the change do?
// By seat 1's edge over a fair share, beyond 2 SE or within the errors; a sweep names the
// value whose edge lies nearest 0.
std::string balance_decision(const BalanceRunInfo& info, const std::vector<BalanceRow>& rows, bool vary) {
  if (rows.empty()) return "no answer: no row was played";
  const auto pm = [](const core::Estimate& e) { return core::report::plus_minus(e, "%+.4f", "%.4f"); };
  const auto beyond = [](const core::Estimate& e) { return std::abs(e.mean) > 2 * e.se; };
  const auto standing = [&](const core::Estimate& e) {
    return !beyond(e) ? std::string("fair within the errors")
                      : (e.mean > 0) != info.measure.is_loss ? "seat 1 favoured" : "seat 1 disfavoured";
  };
  if (vary) {
    const BalanceRow* fairest = &rows.front();
    for (const auto& row : rows)
      if (std::abs(edge(row.play).mean) < std::abs(edge(fairest->play).mean)) fairest = &row;
    return "fairest at " + info.vary_key + "=" + fairest->label + ": seat 1's edge " + pm(edge(fairest->play)) + ", " +
           standing(edge(fairest->play)) + " (of " + std::to_string(rows.size()) + " values, Monte Carlo ± 1 SE)";
  }
  const core::Estimate now = edge(rows.back().play);
  if (rows.size() < 2) return standing(now) + ": seat 1's edge " + pm(now) + " (Monte Carlo ± 1 SE)";
  const core::Estimate before = edge(rows.front().play);
  const core::Estimate change{now.mean - before.mean, std::sqrt(now.se * now.se + before.se * before.se)};
  const std::string edges = "seat 1's edge " + pm(now) + " against the preset's " + pm(before) + ", a change of " + pm(change);
  if (!beyond(change)) return "no measurable change in fairness: " + edges + ", within 2 SE";
  return std::string(std::abs(now.mean) < std::abs(before.mean) ? "the change makes the game fairer: "
                                                                : "the change makes the game less fair: ") +
         edges + " (" + standing(now) + " now)";
}

}  // namespace

AnswerResult balance_result(const BalanceRunInfo& info, const std::vector<BalanceRow>& rows, bool interrupted) {
  const BalanceMeasure& m = info.measure;
  const bool vary = !info.vary_key.empty();
  const Completion done = completion(rows.size(), info.planned_rows, "rows", interrupted);
  bool any_exact = false;
  size_t label_width = 0;
  for (const auto& row : rows) {
    any_exact = any_exact || row.play.exact.has_value();
    label_width = std::max(label_width, row.label.size() + 1);
  }
  core::report::Report r({kVersion, info.game, info.rules_summary, info.preset});
  r.head_line("  seed " + std::to_string(info.sampling.seed));
  r.headline(balance_decision(info, rows, vary));
  r.field("mode", vary ? "vary" : "rules_against_preset");
  if (vary) r.field("vary", info.vary_key);
  // No thread count and no timing: a seed gives the same bytes on any number of threads.
  r.field("measure", m.key)
      .field("seed", info.sampling.seed, core::report::kJsonHead)
      .field("games_per_row", info.sampling.games, core::report::kJsonHead)
      .field("same_seed_every_row", true);
  mark(r, done);
  r.line(std::string("balance: each seat's ") + m.label + " (" + m.sum_note + ") " +
         (vary ? "as " + info.vary_key + " varies" : "under the preset " + info.preset + " and the given rules") + "; " +
         std::to_string(info.sampling.games) + " games per row, seed " + std::to_string(info.sampling.seed) +
         " in every row (rows differ by the rule, not the dice); Monte Carlo ± 1 SE");
  r.line("seat 1 moves first; seat 1 edge = its " + m.label + " − 1/seats" +
         (any_exact ? "; exact = seat 1's exact " + m.label + " (solver), MC's distance from it in SE" : ""));
  // The seats once when every row seats the same, else per row (the players varied).
  const auto names_of = [](const BalanceRow& row) {
    std::string names;
    for (const auto& n : row.play.names) names += " " + n;
    return names;
  };
  const bool same_seats = std::all_of(rows.begin(), rows.end(), [&](const BalanceRow& row) { return row.play.names == rows.front().play.names; });
  if (!rows.empty() && same_seats) r.line("seats:" + names_of(rows.front()));
  for (const auto& row : rows)
    if (!same_seats) r.line("seats at " + (vary ? info.vary_key + "=" : std::string()) + row.label + ":" + names_of(row));
  std::vector<core::report::Column> cols = {
      {.name = vary ? "value" : "ruleset", .text = vary ? "  " + info.vary_key + "=" : "  ", .width = label_width},
      {.name = "rules", .in = core::report::kJsonCsv},
      {.name = "players", .in = core::report::kJsonCsv},
      {.name = "games", .in = core::report::kJsonCsv},
      {.name = "seat1_" + m.key, .se_name = "seat1_" + m.key + "_stderr", .in = core::report::kJsonCsv},
      {.name = "seats_text", .text = m.label + " ", .in = core::report::kText},
      {.name = "seat1_edge", .text = "  seat 1 edge ", .text_format = "%+.4f", .text_se_format = "%.4f",
       .se_name = "seat1_edge_stderr"}};
  if (any_exact) {
    cols.push_back({.name = "exact_seat1_" + m.key, .in = core::report::kJsonCsv});
    cols.push_back({.name = "exact_residual", .csv_format = "%.3e", .in = core::report::kJsonCsv});
    cols.push_back({.name = "exact_text", .in = core::report::kText});
  }
  core::report::Table& table = r.table("rows", cols);
  for (const auto& row : rows) {
    const BalancePlay& p = row.play;
    std::string seats_text;
    for (const auto& e : p.measure) seats_text += (seats_text.empty() ? "" : "  ") + core::report::plus_minus(e);
    std::vector<core::report::Value> v = {row.label, row.rules, static_cast<std::int64_t>(p.measure.size()), p.games,
                                    p.measure.front(), seats_text, edge(p)};
    if (any_exact) {
      if (p.exact) {
        v.insert(v.end(), {*p.exact, p.exact_residual,
                           "  exact " + fmt("%.6f", *p.exact) + " (MC " +
                               se_distance(p.measure.front().mean, p.measure.front().se, *p.exact) + " SE)"});
      } else {
        v.insert(v.end(), {nullptr, nullptr, std::string()});
      }
    }
    table.row(std::move(v));
  }
  core::report::Table& seats = r.table("seats",
                                 {{.name = vary ? "value" : "ruleset"}, {.name = "seat"}, {.name = "policy"},
                                  {.name = m.key, .se_name = m.key + "_stderr"}},
                                 core::report::kJsonCsv);
  for (const auto& row : rows)
    for (size_t s = 0; s < row.play.measure.size(); ++s)
      seats.row({row.label, static_cast<std::int64_t>(s + 1), row.play.names[s], row.play.measure[s]});
  if (!vary && rows.size() == 2) {
    const core::Estimate a = edge(rows[0].play), b = edge(rows[1].play);
    const core::Estimate diff{b.mean - a.mean, std::sqrt(a.se * a.se + b.se * b.se)};
    r.field("seat1_edge_difference", diff, core::report::kJson, "%.6f", "seat1_edge_difference_stderr")
        .field("difference_stderr", kPairingNote);
    r.line("seat 1 edge, rules − preset: " + core::report::plus_minus(diff, "%+.4f", "%.4f") + " (" + kPairingNote + ")");
  }
  return AnswerResult{std::move(r), done};
}

}  // namespace verflixt::cli
