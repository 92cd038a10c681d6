#pragma once
// One run of `verflixt balance` (balance_command.cpp): its settings, the table and the policy
// families it measures, and what every report opens with. The joker table and its ruleset
// comparison: balance_report.cpp.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/report.h"
#include "games/verflixte6/commands/seat_spec.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::cli::balance_run {

struct Balance {
  explicit Balance(const po::variables_map& options) : vm(options) {}
  const po::variables_map& vm;
  verflixte6::Rules rules;
  std::string format;
  int players = 0;
  std::uint64_t evenings = 0, seed = 0;
  int threads = 1;
  bool until_verdict = false;
  std::vector<verflixte6::Joker> base, tested;
  std::shared_ptr<const verflixte6::Policy> policy;
  verflixte6::Rules reference;
  bool compare = false;  // the rules differ from their preset
  SeatPlayer field;
  verflixte6::BalanceTable table;
  std::vector<verflixte6::PolicyFamily> families;
  verflixte6::ParamSweep sweep;
  verflixte6::RunHooks hooks;
  verflixte6::BalanceRun run;
  std::string base_name;

  // The options, checked before anything is played.
  void read_settings();
  // The table, the field and the policy families; the swept parameter of --vary or --auto.
  void read_table();
  void install_hooks();
  // What every JSON report opens with.
  void head(core::report::Report& out) const;
  // --vary and --auto: the head, then what ran and which rule key of which joker was swept.
  void sweep_head(core::report::Report& out, const Completion& done, const char* mode, const std::string& key,
                  verflixte6::Joker joker) const;
  // What every table opens with (intro_text: its lines, without the last line's end).
  void intro(std::ostringstream& o) const;
  std::string intro_text() const;
  int vary() const;
  std::string vary_decision(const std::vector<verflixte6::SweepPoint>& points,
                            const std::function<std::optional<verflixte6::Difference>(const verflixte6::SweepPoint&, size_t)>& lift) const;
  int auto_report() const;
  // The joker table, and the ruleset comparison when the rules differ from their preset
  // (balance_report.cpp).
  int joker_table() const;
};

// A lift column wide enough for its family's name.
size_t column(const verflixte6::PolicyFamily& f);
std::string joker_list(const std::vector<verflixte6::Joker>& list);
// A difference: the paired SE and, for comparison, the independent one (JSON: KEY,
// KEY_stderr, KEY_stderr_independent; CSV: KEY, KEY_se, KEY_se_independent). Absent values
// when there is none.
std::vector<core::report::Column> difference_columns(const std::string& key);
std::vector<core::report::Value> difference_values(const std::optional<verflixte6::Difference>& d);
extern const char* const kPairing;

}  // namespace verflixt::cli::balance_run
