// --vary's description (answers/balance.h): the swept joker's lift at each value under every
// family and its exact solo EV lift, with the one decided line.
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/games/verflixte6/answers/balance.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

namespace {

using namespace balance_detail;

// Family f's lift of the joker at a value, when both runs are there.
std::optional<Difference> lift(const VaryPoint& p, size_t f) {
  if (f >= p.with.size() || !p.with[f] || !p.base[f]) return std::nullopt;
  return difference(*p.with[f], *p.base[f], Group::tested, Measure::win);
}

// The decided line of --vary, under the strongest way of playing measured (strong, else the
// solver's policy, else the first family): the joker's lift at the rules' own value, when it is
// in the range, said as a lift only beyond two paired SE, and the value whose lift is nearest
// zero.
std::string vary_decision(const BalanceVaryAnswer& a) {
  const std::vector<std::string>& families = a.setup.families;
  const ParamSweep& sweep = a.sweep;
  if (a.points.empty()) return "no answer: stopped before the first value was measured";
  size_t f = 0;
  for (const char* name : {"solver", "strong"})
    for (size_t k = 0; k < families.size(); ++k)
      if (families[k] == name) f = k;
  const std::string under = " (under " + families[f] + ", the strongest way of playing measured)";
  const std::string range = std::to_string(sweep.lo) + ".." + std::to_string(sweep.hi);
  const VaryPoint* least = nullptr;
  const VaryPoint* now = nullptr;
  for (const auto& p : a.points) {
    const auto d = lift(p, f);
    if (!d) continue;
    if (!least || std::abs(d->paired.mean) < std::abs(lift(*least, f)->paired.mean)) least = &p;
    if (sweep.rules[static_cast<size_t>(p.value - sweep.lo)] == a.setup.rules) now = &p;
  }
  if (!least) return "no answer: " + families[f] + " has no lift measured";
  const auto said = [&](const VaryPoint& p) { return sweep.key + "=" + std::to_string(p.value) + " (" + pm(lift(p, f)->paired) + ")"; };
  std::string line;
  if (now) {
    const core::Estimate d = lift(*now, f)->paired;
    const bool measured = std::abs(d.mean) > 2 * d.se;
    line = sweep.key + "=" + std::to_string(now->value) + ", these rules' value, " +
           (!measured ? "lifts P(win) by no measurable amount (" + pm(d) + ", within 2 SE)"
                      : std::string(d.mean > 0 ? "lifts" : "lowers") + " P(win) by " + pm(d)) +
           "; ";
  } else {
    line = "these rules' " + sweep.key + " is outside " + range + "; ";
  }
  return line + "the smallest lift in " + range + " is at " + said(*least) + under;
}

}  // namespace

core::report::Report describe(const BalanceVaryAnswer& a) {
  const std::vector<std::string>& families = a.setup.families;
  rp::Report out({});
  sweep_head(out, a.setup, completion(a), "vary", a.sweep.key, a.sweep.joker);
  out.field("lift_stderr", std::string(kPairing));
  // A family's lift at a value: JSON's by_family rows, and with the value and the solo EV lift
  // the CSV rows.
  std::vector<rp::Column> by_family = {{.name = "value", .in = rp::kCsv}, {.name = "family"}};
  for (auto& c : difference_columns("win_lift")) by_family.push_back(std::move(c));
  by_family.push_back({.name = "solo_ev_lift_exact", .in = rp::kCsv});
  rp::Table values{.columns = {{.name = "value"}, {.name = "p_win"}}};
  for (auto& c : difference_columns("win_lift")) values.columns.push_back(std::move(c));
  values.columns.push_back({.name = "solo_ev_lift_exact"});
  values.columns.push_back({.name = "by_family"});
  rp::Table& csv = out.table("", by_family, rp::kCsv);
  for (const auto& p : a.points) {
    const auto v = static_cast<std::int64_t>(p.value);
    const rp::Value solo = std::isnan(p.solo_lift) ? rp::Value(rp::Absent{}) : rp::Value(p.solo_lift);
    rp::Table families_at{.columns = by_family};
    for (size_t f = 0; f < families.size(); ++f) {
      std::vector<rp::Value> row = {v, families[f]};
      for (auto& x : difference_values(lift(p, f))) row.push_back(std::move(x));
      row.push_back(solo);
      families_at.row(row);
      csv.row(std::move(row));
    }
    std::vector<rp::Value> row = {v, p.with[0] ? rp::Value(p.with[0]->estimate(Group::tested, Measure::win).mean)
                                                : rp::Value(rp::Absent{})};
    for (auto& x : difference_values(lift(p, 0))) row.push_back(std::move(x));
    row.push_back(number_or_null(p.solo_lift));
    row.push_back(families_at.nested());
    values.row(std::move(row));
  }
  out.field("values", values.nested());
  out.headline(vary_decision(a));

  std::ostringstream o;
  o << intro_text(a.setup) << "\nlift = P(win) of the tested player with " << joker_id(a.sweep.joker)
    << " (selected first) − without it\n\n"
    << pad(a.sweep.key, 20);
  for (const auto& f : families) o << pad(f + " lift", column(f));
  o << "solo EV lift";
  for (const auto& p : a.points) {
    o << "\n" << pad(std::to_string(p.value), 20);
    for (size_t f = 0; f < families.size(); ++f) {
      const auto d = lift(p, f);
      o << pad(d ? pm(d->paired) : "—", column(families[f]) + (d ? 1 : 2));  // ± and — are 2 and 3 bytes
    }
    o << (std::isnan(p.solo_lift) ? std::string("—") : rp::number("%+.3f", p.solo_lift));
  }
  out.line(o.str());
  return out;
}

}  // namespace verflixt::verflixte6
