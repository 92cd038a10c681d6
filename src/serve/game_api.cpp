#include "serve/game_api.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "games/registry.h"
#include "serve/child_run.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {
namespace {

// The JSON type of an option's key, as request_schema.cpp reads it, and as the page renders
// its field.
const char* key_type(core::Option::Kind kind) {
  using Kind = core::Option::Kind;
  switch (kind) {
    case Kind::Switch: return "flag";
    case Kind::Integer:
    case Kind::Count: return "integer";
    case Kind::Real: return "number";
    case Kind::Words: return "list";
    case Kind::Choice: return "choice";
    case Kind::Text: return "text";
    default: return "string";
  }
}

// What only the command line may name: a policy file or a game's own policy forms, which the
// page's catalog does not know (the page plays each game's default continuation), a file,
// the threads. A command run as a child process takes none of them from a request.
bool command_line_only(const core::Option& o) {
  return o.kind == core::Option::Kind::Policy || o.kind == core::Option::Kind::File || o.name == "threads";
}

}  // namespace

std::vector<std::string> served_games() {
  std::vector<std::string> names;
  for (const auto& g : games::registry()) names.push_back(g.name);
  return names;
}

ServedCommand served_command(const std::string& game, const std::string& command) {
  const games::GameEntry* g = games::find_game(game);
  if (!g) throw core::InputError("unknown game " + core::quoted(game, 40));
  std::vector<std::string> offered;
  for (const auto& c : g->commands) {
    if (!c.request_options) continue;
    offered.emplace_back(c.name);
    if (command != c.name) continue;
    ServedCommand s{g->name, &c, c.request_options()};
    // A command answered in this process reads its policies through the page's catalog
    // (serve/request_schema.h) and has the server set its threads.
    if (!c.serve)
      for (core::Option& o : s.options)
        if (command_line_only(o)) o.web = false;
    return s;
  }
  throw core::InputError("the page answers " + core::join(offered, ", ") + " for " + game + "; `verflixt " + game + " " +
                         command + "` answers on the command line");
}

std::string games_json() {
  nlohmann::ordered_json doc;
  doc["games"] = nlohmann::ordered_json::array();
  for (const auto& g : games::registry()) {
    nlohmann::ordered_json game;
    game["name"] = g.name;
    game["description"] = g.description;
    nlohmann::ordered_json keys = nlohmann::ordered_json::array();
    for (const auto& c : g.commands) {
      if (std::string(c.name) != "advise" || !c.request_options) continue;
      for (const core::Option& o : served_command(g.name, "advise").options) {
        if (!o.web || command_line_only(o)) continue;  // the forms are the same for every game
        nlohmann::ordered_json k;
        k["key"] = o.name;
        k["type"] = key_type(o.kind);
        k["help"] = o.help;
        k["label"] = o.label.empty() ? o.name : o.label;
        k["situation"] = o.situation;
        if (o.has_fallback) k["default"] = o.fallback;
        if (o.kind == core::Option::Kind::Integer) k["min"] = o.lo, k["max"] = o.hi;
        if (o.kind == core::Option::Kind::Count) k["min"] = o.count_lo, k["max"] = o.count_hi;
        if (o.kind == core::Option::Kind::Real) k["min"] = o.real_lo, k["max"] = o.real_hi;
        if (!o.choices.empty()) k["choices"] = o.choices;
        keys.push_back(k);
      }
    }
    game["advise"] = keys;
    doc["games"].push_back(game);
  }
  return doc.dump(2) + "\n";
}

std::string run_served(const ServedCommand& served, std::vector<std::string> args, const ServeLimits& limits,
                       const std::atomic<bool>* stop) {
  const auto takes = [&](const char* name) {
    return std::any_of(served.options.begin(), served.options.end(), [&](const core::Option& o) { return o.name == name; });
  };
  if (takes("threads")) args.push_back("--threads=" + std::to_string(limits.threads));
  args.push_back("--format=json");
  args.insert(args.begin(), served.game);
  const ChildRun run = run_child(args, {.time = limits.time, .memory = limits.memory}, stop);
  // The refusals are the budget's (core/budget.h), in its words; the server adds the command line.
  if (run.out_of_time || run.out_of_memory) {
    const core::Budget budget({.time = limits.time, .memory = limits.memory});
    throw core::BudgetExceeded("too large to answer here: " + budget.refusal(run.out_of_time));
  }
  if (run.stopped || run.code == 130) throw core::Interrupted("stopped");
  // The command's one line is its last on stderr (notes and warnings come before it).
  std::string last = run.err;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
  if (last.rfind("verflixt: ", 0) == 0) last = last.substr(10);
  if (run.code == 2) throw core::InputError(last);
  if (run.code != 0)
    throw std::runtime_error(served.game + " " + served.command->name + " ended with " +
                             (run.code < 0 ? std::string("a signal") : "exit code " + std::to_string(run.code)) + ": " + last);
  return run.out;
}

}  // namespace verflixt::cli
