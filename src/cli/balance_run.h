#pragma once
// One run of `verflixt balance` (balance_command.cpp): its settings, the table and the policy
// families it measures, and what every report opens with. The joker table and its ruleset
// comparison: balance_report.cpp.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/seat_spec.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::balance_run {

using json = nlohmann::ordered_json;

struct Balance {
  explicit Balance(const cli::po::variables_map& options) : vm(options) {}
  const cli::po::variables_map& vm;
  Rules rules;
  std::string format;
  int players = 0;
  std::uint64_t evenings = 0, seed = 0;
  int threads = 1;
  bool until_verdict = false;
  std::vector<Joker> base, tested;
  std::shared_ptr<const Policy> policy;
  Rules reference;
  bool compare = false;  // the rules differ from their preset
  SeatPlayer field;
  BalanceTable table;
  std::vector<PolicyFamily> families;
  ParamSweep sweep;
  RunHooks hooks;
  BalanceRun run;
  std::string base_name;

  // The options, checked before anything is played.
  void read_settings();
  // The table, the field and the policy families; the swept parameter of --vary or --auto.
  void read_table();
  void install_hooks();
  // What every JSON report opens with.
  void header(json& j) const;
  // --vary and --auto: the header, then what ran and which rule key of which joker was swept.
  void sweep_header(json& j, const cli::Completion& done, const char* mode, const std::string& key, Joker joker) const;
  // What every table opens with.
  void intro(std::ostringstream& o) const;
  int vary() const;
  int auto_report() const;
  // The joker table, and the ruleset comparison when the rules differ from their preset
  // (balance_report.cpp).
  int joker_table() const;
};

// A lift column wide enough for its family's name.
size_t column(const PolicyFamily& f);
std::string joker_list(const std::vector<Joker>& list);
// A difference in JSON: the paired SE and, for comparison, the independent one.
void put(json& row, const std::string& key, const Difference& d);
extern const char* const kPairing;

}  // namespace verflixt::balance_run
