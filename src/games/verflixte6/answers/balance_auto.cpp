// --auto's description (answers/balance.h): per family and exactly, the other jokers' spread,
// the values searched, which of them balance the joker and the confidence set, with the one
// decided line.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "games/verflixte6/answers/balance_format.h"
#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/answers/balance.h"

namespace verflixt::verflixte6 {

namespace {

using namespace balance_detail;

const char* kAutoRule =
    "a value balances the joker when its P(win) lift (its exact solo EV lift) lies within the spread of the other "
    "tested jokers' lifts under the same family, between the smallest and the largest; the confidence set holds every "
    "value whose lift is not above the largest nor below the smallest by more than 2 paired SE";

// "3..5" for a run of values, else "2,4"; "none" for no value.
std::string range_text(const std::vector<int>& v) {
  if (v.empty()) return "none";
  bool contiguous = v.back() - v.front() + 1 == static_cast<int>(v.size());
  if (contiguous) return v.size() == 1 ? std::to_string(v.front()) : std::to_string(v.front()) + ".." + std::to_string(v.back());
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

// --auto's one answer: the current value too strong, too weak or balanced, and where the
// balanced values lie, under the strongest way of playing searched (strong, else solver,
// else the --policy family) — the one the other jokers' lifts are least an artefact of weak
// play in; the exact solo EV search when no family was searched to the end.
std::string auto_decision(const AutoBalance& ab, const std::string& key, std::optional<int> current) {
  const AutoResult* chosen = nullptr;
  for (const char* name : {"strong", "solver"})
    for (const auto& r : ab.results)
      if (!chosen && r.complete && r.family == name) chosen = &r;
  for (const auto& r : ab.results)
    if (!chosen && r.complete) chosen = &r;
  if (!chosen) return "no answer: the search was stopped before any family finished";
  const AutoResult& r = *chosen;
  const std::string where = r.balanced.empty() ? "no value in the range is balanced"
                                                : "balanced at " + key + "=" + range_text(r.balanced);
  const std::string under = " (under " + r.family + ", the strongest way of playing searched)";
  if (!current) return where + under;
  const std::string now = key + "=" + std::to_string(*current);
  if (std::find(r.balanced.begin(), r.balanced.end(), *current) != r.balanced.end())
    return "balanced: " + now + " lies within the other jokers' spread" + under;
  for (const auto& p : r.points)
    if (p.value == *current)
      return (p.vs_high.mean > 0 ? "too strong: " : "too weak: ") + now + " lifts P(win) " +
             (r.exact ? rp::number("%+.3f", p.lift.mean) : pm(p.lift)) + ", outside the other jokers' spread; " + where +
             under;
  return now + " is not balanced; " + where + under;
}

// One search as text: the spread, the values evaluated, the balanced and confidence sets.
void search_text(std::ostringstream& o, const AutoResult& r, std::optional<int> current) {
  const char* f = r.exact ? "%+.3f" : "%+.4f";
  o << "\n" << r.family << ": spread " << (r.exact ? rp::number(f, r.low.mean) : pm(r.low)) << " (" << r.low_joker
    << ") .. " << (r.exact ? rp::number(f, r.high.mean) : pm(r.high)) << " (" << r.high_joker << ")"
    << (r.unused.empty() ? "" : "; left out, never played: " + core::join(r.unused, ", ")) << "\n";
  o << "  value   lift               − largest other\n";
  for (const auto& p : r.points)
    o << "  " << pad(std::to_string(p.value), 6) << pad(r.exact ? rp::number(f, p.lift.mean) + " (exact)" : pm(p.lift), 19)
      << (r.exact ? rp::number(f, p.vs_high.mean) : pm(p.vs_high)) << (p.unused ? "   unused: never balanced" : "") << "\n";
  o << "  balanced: " << range_text(r.balanced);
  if (current && !r.balanced.empty()) {
    int near = r.balanced.front();
    for (int v : r.balanced)
      if (std::abs(v - *current) < std::abs(near - *current)) near = v;
    o << " (nearest the current " << *current << ": " << near << ")";
  }
  if (!r.exact) o << "   confidence (2 SE): " << range_text(r.confidence);
  o << (r.monotone ? "" : "   (not monotone)") << "\n";
  if (!r.note.empty()) o << "  note: " << r.note << "\n";
}

}  // namespace

core::report::Report describe(const BalanceAutoAnswer& a) {
  const ParamSweep& sweep = a.sweep;
  std::optional<int> current;  // the value the rules have now, when it is in the range
  for (int v = sweep.lo; v <= sweep.hi; ++v)
    if (sweep.rules[static_cast<size_t>(v - sweep.lo)] == a.setup.rules) current = v;
  const auto ints = [](const std::vector<int>& v) { return std::vector<std::int64_t>(v.begin(), v.end()); };
  rp::Report out({});
  sweep_head(out, a.setup, completion(a), "auto", sweep.key, sweep.joker);
  out.field("current_value", current ? rp::Value(static_cast<std::int64_t>(*current)) : rp::Value(nullptr))
      .field("rule", std::string(kAutoRule))
      .field("lift_stderr", std::string(kPairing))
      .field("others", joker_list(a.others));
  // A value a search evaluated: JSON's points of the search, and with the family and the sets
  // it falls in the CSV rows.
  const auto estimate = [](const std::string& name) { return rp::Column{.name = name, .se_name = name + "_stderr"}; };
  const std::vector<rp::Column> point_columns = {
      {.name = "family", .in = rp::kCsv},
      {.name = "value"},
      estimate("lift"),
      estimate("minus_high"),
      estimate("minus_low"),
      {.name = "unused", .in = rp::kJson},
      {.name = "balanced", .in = rp::kCsv},
      {.name = "in_confidence", .in = rp::kCsv}};
  rp::Table& csv = out.table("", point_columns, rp::kCsv);
  rp::Table searches{.columns = {{.name = "family"}, {.name = "exact"}, {.name = "high"}, {.name = "low"},
                                 {.name = "unused_others"}, {.name = "balanced"}, {.name = "confidence"},
                                 {.name = "monotone"}, {.name = "complete"}, {.name = "note"}, {.name = "points"}}};
  const auto bound = [&](const std::string& joker, const core::Estimate& lift) {
    rp::Table t{.columns = {{.name = "joker"}, estimate("lift")}, .json = rp::Table::Object};
    return t.row({joker, lift}).nested();
  };
  std::ostringstream o;
  o << intro_text(a.setup) << "\nauto-balance " << sweep.key << " in " << sweep.lo << ".." << sweep.hi << " against "
    << joker_list(a.others) << "\nrule: " << kAutoRule << "\n";
  for (const auto& r : a.result.results) {
    rp::Table points{.columns = point_columns};
    for (const auto& p : r.points) {
      auto in = [&](const std::vector<int>& v) {
        return std::int64_t{std::find(v.begin(), v.end(), p.value) != v.end() ? 1 : 0};
      };
      points.row({r.family, static_cast<std::int64_t>(p.value), p.lift, p.vs_high, p.vs_low, p.unused, in(r.balanced),
                  in(r.confidence)});
      csv.row(points.rows.back());
    }
    searches.row({r.family, r.exact, bound(r.high_joker, r.high), bound(r.low_joker, r.low), r.unused, ints(r.balanced),
                  ints(r.confidence), r.monotone, r.complete, name_or_null(r.note), points.nested()});
    search_text(o, r, current);
  }
  out.field("searches", searches.nested());
  out.headline(auto_decision(a.result, sweep.key, current));
  const std::string text = o.str();
  out.line(text.substr(0, text.size() - 1));
  return out;
}

}  // namespace verflixt::verflixte6
