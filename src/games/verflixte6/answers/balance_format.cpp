// The formatting pieces balance's descriptions share (balance_format.h).
#include "games/verflixte6/answers/balance_format.h"

#include <algorithm>

#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6::balance_detail {

std::size_t column(const std::string& family) { return std::max<std::size_t>(19, family.size() + 7); }

std::string joker_list(const std::vector<Joker>& list) {
  std::string s;
  for (Joker j : list) s += (s.empty() ? "" : ",") + std::string(joker_id(j));
  return s.empty() ? "none" : s;
}

std::vector<rp::Column> difference_columns(const std::string& key) {
  return {{.name = key, .se_name = key + "_stderr"}, {.name = key + "_stderr_independent"}};
}

std::vector<rp::Value> difference_values(const std::optional<Difference>& d) {
  if (!d) return {rp::Absent{}, rp::Absent{}};
  return {d->paired, d->independent_se};
}

const char* const kPairing =
    "paired per series of evenings (both runs play series s from chunk_rng(seed, s)); *_stderr_independent treats "
    "the runs as independent, sqrt(se_a^2 + se_b^2)";

void head(rp::Report& out, const BalanceSetup& s) {
  out.field("version", std::string(kVersion), rp::kJsonHead)
      .field("game", std::string(kGame), rp::kJsonHead)
      .field("seed", s.seed, rp::kJsonHead)
      .field("engine", engine_name(s.engine), rp::kJsonHead)
      .field("rules", rules_summary(s.rules), rp::kJsonHead)
      .field("players", s.players, rp::kJsonHead)
      .field("policy", s.policy, rp::kJsonHead)
      .field("base", s.base)
      .field("field", s.field)
      .field("series_length", s.series_length)
      .field("policy_families", s.families);
}

void sweep_head(rp::Report& out, const BalanceSetup& s, const core::Completion& done, const char* mode,
                const std::string& key, Joker joker) {
  head(out, s);
  out.field("evenings_per_run", s.evenings, rp::kJsonHead);
  core::mark(out, done);
  out.field(mode, key).field("joker", std::string(joker_id(joker)));
}

void intro(std::ostringstream& o, const BalanceSetup& s) {
  o << "verflixt " << kVersion << "  rules " << rules_summary(s.rules) << "  seed " << s.seed << "  engine "
    << engine_name(s.engine) << "\n"
    << s.players << " players, " << s.evenings << " evenings per run (series of " << s.series_length
    << "); tested player with base jokers " << s.base << "; field " << s.field << "\npolicy families:";
  for (std::size_t f = 0; f < s.families.size(); ++f)
    o << (f == 0 ? " " : "; ") << s.families[f]
      << (f == 0 ? " (the --policy file " + s.policy + ")"
          : s.families[f] == "solver" ? " (the exact solo solver's policy for the loadout)" : "");
  o << "\n"
    << "Monte Carlo ± 1 SE; differences paired per series of evenings (the runs play the same dice)\n";
}

std::string intro_text(const BalanceSetup& s) {
  std::ostringstream o;
  intro(o, s);
  const std::string text = o.str();
  return text.substr(0, text.size() - 1);  // the report adds the last line's end
}

}  // namespace verflixt::verflixte6::balance_detail
