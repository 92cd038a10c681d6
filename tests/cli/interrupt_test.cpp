// Ctrl-C through the real binary, for every command: the run stops at the
// next chunk (or loadout, threshold, variant, candidate, measurement), prints only completed
// work with the interrupted mark of its format (table: a first line "INTERRUPTED: ...", CSV:
// "# interrupted: ...", JSON: "interrupted": true with completed < total) and exits 130.
//
// Each case starts the binary with a workload far too big to finish, waits, sends SIGINT
// and waits for the exit. On a slow, shared machine a process may still be starting when
// the signal comes (it then dies of the signal: retry, waiting longer), or — with a too
// small workload — be done already (exit 0: retry with a bigger one). The cases run in
// parallel, so the whole test takes a few seconds.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <algorithm>
#include <functional>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "binary.h"
#include "games/registry.h"

extern char** environ;

namespace {

using verflixt::testing::scratch;
using verflixt::testing::slurp;

struct Outcome {
  int code = -1;       // exit code; -1 when killed by a signal
  std::string out, err;
  std::string args;    // the command line that produced it (for messages)
};

std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Whether process `pid` catches SIGINT (its SigCgt mask in /proc).
bool catches_sigint(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1)) & 1;
  return false;
}

// Starts `verflixt ARGS`, sends SIGINT `delay` after it has installed its handler (`signals`
// times, 20 ms apart, as timeout(1) signals a process and then its group) and waits for it to
// end.
Outcome interrupt_after(const std::string& args, std::chrono::milliseconds delay, const std::string& tag,
                        int signals = 1) {
  const auto dir = scratch();
  const std::string out = (dir / ("int_" + tag + ".out")).string(), err = (dir / ("int_" + tag + ".err")).string();
  std::vector<std::string> words = split(args);
  words.insert(words.begin(), VERFLIXT_BINARY);
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (rc != 0) return {-2, "", "posix_spawn failed", args};
  // The delay counts from the moment the process catches SIGINT (it installs its handler
  // first thing): before that a signal would only kill it, which says nothing about verflixt.
  int status = 0;
  bool ended = false;
  for (int k = 0; k < 20000 && !catches_sigint(pid); ++k) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      ended = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  // Sleep in small steps so a process that ends early (bad arguments, too little work) is
  // not waited on for the whole delay.
  for (auto waited = std::chrono::milliseconds(0); !ended && waited < delay; waited += std::chrono::milliseconds(50)) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      ended = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (!ended) {
    for (int k = 0; k < signals; ++k) {
      if (k > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ::kill(pid, SIGINT);
    }
    ::waitpid(pid, &status, 0);
  }
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err), args};
}

// One case: the command line for a workload scale (1, 4, 16), retried as described above.
Outcome interrupted(const std::function<std::string(int)>& args, const std::string& tag) {
  auto delay = std::chrono::milliseconds(1200);
  int scale = 1;
  Outcome o;
  for (int attempt = 0; attempt < 4; ++attempt) {
    o = interrupt_after(args(scale), delay, tag);
    if (o.code == 130 || o.code == 2 || o.code == 1) return o;
    if (o.code == -1) delay *= 2;  // killed by SIGINT before the handler was installed
    else scale *= 4;              // finished before the signal
  }
  return o;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

void expect_table_mark(const Outcome& o) {
  EXPECT_EQ(o.code, 130) << o.args << "\n" << o.err;
  EXPECT_EQ(first_line(o.out).rfind("INTERRUPTED: ", 0), 0u) << o.args << "\n" << o.out;
  EXPECT_NE(o.out.find("results below cover only completed work"), std::string::npos) << o.args;
  EXPECT_NE(o.err.find("interrupted"), std::string::npos) << o.args << "\n" << o.err;
}

void expect_csv_mark(const Outcome& o) {
  EXPECT_EQ(o.code, 130) << o.args << "\n" << o.err;
  EXPECT_EQ(first_line(o.out).rfind("# interrupted: ", 0), 0u) << o.args << "\n" << o.out;
}

// Checks the JSON mark and returns the document (null when it does not parse).
nlohmann::json expect_json_mark(const Outcome& o) {
  EXPECT_EQ(o.code, 130) << o.args << "\n" << o.err;
  nlohmann::json j = nlohmann::json::parse(o.out, nullptr, false);
  if (j.is_discarded()) {
    ADD_FAILURE() << o.args << ": not JSON:\n" << o.out;
    return nullptr;
  }
  EXPECT_EQ(j.value("interrupted", false), true) << o.args;
  EXPECT_TRUE(j.contains("completed") && j.contains("total") && j.contains("unit")) << o.args;
  EXPECT_TRUE(j.contains("game")) << o.args;  // what every answer records, a stopped one too
  if (j.contains("total") && j["total"].get<std::uint64_t>() > 0) {
    EXPECT_LT(j["completed"].get<std::uint64_t>(), j["total"].get<std::uint64_t>()) << o.args;
  }
  return j;
}

std::string times(std::uint64_t base, int scale) { return std::to_string(base * static_cast<std::uint64_t>(scale)); }

struct Case {
  std::string tag;
  std::function<std::string(int)> args;  // the command line at a work scale k (the retries grow it)
  std::function<void(const Outcome&)> check;
};

// Where the interrupted tournament writes its JSON (--output).
std::string interrupted_output() { return (scratch() / "interrupted.json").string(); }

// The sampling commands of every game: evaluate, tournament and sweep.
std::vector<Case> sampling_cases() {
  return {
    {"evaluate", [](int k) { return "evaluate --engine reference --threads 1 --turns " + times(400'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "turns");
       EXPECT_EQ(j["turns"], j["completed"]);
       EXPECT_LT(j["turns"].get<std::uint64_t>(), j["requested_turns"].get<std::uint64_t>());
     }},
    {"evaluate_table", [](int k) { return "evaluate --engine reference --threads 1 --turns " + times(400'000'000, k); },
     expect_table_mark},
    {"evaluate_zehntausend", [](int k) { return "evaluate --game zehntausend --threads 1 --turns " + times(400'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "turns");
       EXPECT_EQ(j["turns"], j["completed"]);
     }},
    // The saved race policy's evaluation: an opponent's kernel check cut short shows no row.
    {"evaluate_race", [](int k) { return "evaluate --game zehntausend --set limit=600 --policy exact --no-cache --threads 1 --games " + times(4'000'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "opponents");
       EXPECT_EQ(j["against"].size(), j["completed"].get<std::size_t>());
     }},
    // Monte Carlo advice: choices sampled in part rank nothing, so only the mark is shown.
    {"advise_zehntausend", [](int k) { return "advise --game zehntausend --dice 155243 --score 500 --other 1000 --other 2000 --threads 1 --games " + times(1'000'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "advices");
       EXPECT_FALSE(j.contains("choices")) << o.out;
     }},
    {"advise_zehntausend_table", [](int k) { return "advise --game zehntausend --dice 155243 --score 500 --other 1000 --other 2000 --threads 1 --games " + times(1'000'000'000, k); },
     [](const Outcome& o) {
       EXPECT_EQ(o.code, 130) << o.args << "\n" << o.err;
       EXPECT_EQ(first_line(o.out).rfind("INTERRUPTED: ", 0), 0u) << o.args << "\n" << o.out;
     }},
    {"tournament_zehntausend", [](int k) { return "tournament --game zehntausend --seat race --seat optimal --threads 1 --games " + times(4'000'000'000, k); },
     expect_table_mark},
    {"evaluate_csv", [](int k) { return "evaluate --engine reference --threads 1 --turns " + times(400'000'000, k) + " --format csv"; },
     expect_csv_mark},
    {"evaluate_players", [](int k) { return "evaluate --players 6 --threads 1 --turns " + times(30'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "passes");
       EXPECT_EQ(j["passes"], j["completed"]);
       EXPECT_LT(j["passes"].get<std::uint64_t>(), j["requested_passes"].get<std::uint64_t>());
     }},
    // Per-threshold sweep (pony is announced): only thresholds run in full are listed.
    {"sweep", [](int k) { return "sweep --jokers pony --from 10 --to 110 --threads 1 --turns " + times(500'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "thresholds");
       ASSERT_EQ(j["loadouts"].size(), 1u);
       const auto& l = j["loadouts"][0];
       EXPECT_EQ(l["points"].size(), j["completed"].get<std::size_t>());
       EXPECT_LT(l["points"].size(), 101u);
       for (const auto& p : l["points"]) EXPECT_EQ(p["turns"], j["turns_per_threshold"]) << p;
       if (!l["points"].empty()) {
         EXPECT_TRUE(l.contains("best_among"));
       }
     }},
    {"sweep_table", [](int k) { return "sweep --jokers pony --from 10 --to 110 --threads 1 --turns " + times(500'000, k); },
     [](const Outcome& o) {
       expect_table_mark(o);
       EXPECT_EQ(o.out.find("0.0000 ± 0.0000"), std::string::npos) << o.out;  // no unrun thresholds
     }},
    {"en_gingg_tournament",
     [](int k) {
       return "tournament --game en-gingg --seat keep-from:5 --seat keep-from:6 --threads 1 --games " +
              times(200'000'000, k) + " --format json";
     },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "games");
       EXPECT_EQ(j["games"], j["completed"]);
     }},
    {"en_gingg_evaluate",
     [](int k) { return "evaluate --game en-gingg --threads 1 --turns " + times(2'000'000'000, k); }, expect_table_mark},
    {"sweep_csv", [](int k) { return "sweep --loadouts none;pony --threads 1 --turns " + times(200'000'000, k) + " --format csv"; },
     expect_csv_mark},
    {"tournament", [](int k) { return "tournament --seat threshold:20 --seat threshold:17 --seat threshold:23 --threads 1 --evenings " + times(50'000'000, k) + " --format json --output " + interrupted_output(); },
     [](const Outcome& o) {
       EXPECT_EQ(o.code, 130) << o.args << "\n" << o.err;
       EXPECT_TRUE(o.out.empty()) << o.out;  // everything went to --output
       const Outcome f{o.code, slurp(interrupted_output()), o.err, o.args};
       const auto j = expect_json_mark(f);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "evenings");
       EXPECT_EQ(j["evenings"], j["completed"]);
       EXPECT_LT(j["evenings"].get<std::uint64_t>(), j["requested_evenings"].get<std::uint64_t>());
     }},
    {"tournament_table", [](int k) { return "tournament --seat threshold:20 --seat threshold:17 --threads 1 --evenings " + times(50'000'000, k); },
     expect_table_mark},
    {"schocken_tournament", [](int k) { return "tournament --game schocken --seat stand --seat stand --threads 1 --games " + times(500'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "games");
       EXPECT_EQ(j["games"], j["completed"]);
     }},
    {"schocken_evaluate", [](int k) { return "evaluate --game schocken --policy stand --threads 1 --turns " + times(4'000'000'000, k); },
     expect_table_mark},
  };
}

// The analyses: solve, balance, advise, tune, strength and bench.
std::vector<Case> analysis_cases() {
  return {
    {"solve_all", [](int) { return "solve --loadouts all --preset classic --threads 1 --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "loadouts");
       EXPECT_EQ(j["loadouts"].size(), j["completed"].get<std::size_t>());
     }},
    {"solve_all_table", [](int) { return "solve --loadouts all --preset classic --threads 1"; }, expect_table_mark},
    {"balance", [](int k) { return "balance --players 4 --threads 1 --evenings " + times(50'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "variants");
       // The base and each listed joker are whole variants; the one under way is not listed.
       const std::size_t listed = j["jokers"].size() + (j.contains("baseline") ? 1 : 0);
       EXPECT_LE(j["jokers"].size(), j["completed"].get<std::size_t>());
       EXPECT_LE(listed, j["completed"].get<std::size_t>() + 1);
     }},
    {"balance_csv", [](int k) { return "balance --players 4 --threads 1 --evenings " + times(50'000, k) + " --format csv"; },
     expect_csv_mark},
    {"balance_vary", [](int k) { return "balance --players 4 --threads 1 --vary runkelrueb.face=1..7 --evenings " + times(50'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "values");
       EXPECT_EQ(j["values"].size(), j["completed"].get<std::size_t>());  // only whole values
     }},
    {"balance_auto", [](int k) { return "balance --players 4 --threads 1 --jokers pony,fumo --auto runkelrueb.face=1..7 --evenings " + times(50'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "searches");
       for (const auto& s : j["searches"])  // a search cut short claims no balanced value
         if (!s["complete"].get<bool>()) {
           EXPECT_TRUE(s["balanced"].empty());
         }
     }},
    // An exact balance prints whole rows only: Ctrl-C stops the solve under way at its next
    // level, and the rulesets solved before it are the rows.
    {"balance_kniffel", [](int) { return std::string("balance --game kniffel --no-cache --vary bonus=0..49 --format json"); },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "rows");
       EXPECT_EQ(j["rows"].size(), j["completed"].get<std::size_t>());
     }},
    // The exact race stops between levels and prints no value of an unsolved game.
    {"solve_race", [](int) { return std::string("solve --game zehntausend --race --no-cache --threads 1 --format json"); },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "sweeps");
       EXPECT_EQ(j["exact"], false);
       EXPECT_FALSE(j.contains("first_wins"));
       EXPECT_FALSE(j.contains("bank_thresholds"));
     }},
    {"balance_game", [](int k) { return "balance --game pig --seat hold:20 --seat hold:25 --vary goal=30..50:10 --threads 1 --games " + times(400'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "rows");
       EXPECT_EQ(j["rows"].size(), j["completed"].get<std::size_t>());  // only whole rows
     }},
    {"advise", [](int) { return "advise --turn-total 18 --other 20:p --other 12:p --other 0:j --monte-carlo --threads 1 --samples 100000000 --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["samples_per_action"], j["completed"]);
       EXPECT_LT(j["samples_per_action"].get<std::uint64_t>(), 100'000'000u);
     }},
    {"advise_table", [](int) { return "advise --turn-total 18 --other 20:p --other 12:p --other 0:j --monte-carlo --threads 1 --samples 100000000"; },
     expect_table_mark},
    {"tune", [](int k) { return "tune --players 3 --field-policy threshold:20 --threads 1 --evenings " + times(200'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "candidate measurements");
       EXPECT_TRUE(j["tuned_value"].is_null());  // never an unmeasured value
     }},
    {"strength", [](int k) { return "strength --policy threshold:20 --set jokers.available=pony --threads 1 --evenings " + times(200'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "best-response rounds");
       EXPECT_TRUE(j["policies"].back()["interrupted"].get<bool>());  // finished rounds only
     }},
    {"tune_table", [](int k) { return "tune --players 3 --field-policy threshold:20 --threads 1 --evenings " + times(200'000, k); },
     expect_table_mark},
    {"bench", [](int k) { return "bench --threads 1 --repeats 1 --baseline-turns 100000 --turns " + times(30'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["rows"].size() + j["pass_rows"].size(), j["completed"].get<std::size_t>());
     }},
    {"bench_table", [](int k) { return "bench --threads 1 --repeats 1 --baseline-turns 100000 --turns " + times(30'000'000, k); },
     expect_table_mark},
    // A workload cut short is dropped: its timing and signature would be of fewer games.
    {"bench_zehntausend", [](int k) { return "bench --game zehntausend --games " + times(2'000'000'000, k) + " --format json"; },
     [](const Outcome& o) {
       const auto j = expect_json_mark(o);
       if (j.is_null()) return;
       EXPECT_EQ(j["unit"], "workloads");
       EXPECT_EQ(j["workloads"].size(), j["completed"].get<std::size_t>());
     }},
    {"bench_zehntausend_table", [](int k) { return "bench --game zehntausend --games " + times(2'000'000'000, k); },
     expect_table_mark},
  };
}

// Every registered game's balance with its defaults (the rules against their preset, the
// game's strongest seats): one code for every game but the default (cli/game_balance.h), so
// a game added to the registry has its Ctrl-C checked here without a change.
std::vector<Case> every_games_balance() {
  std::vector<Case> cases;
  const auto& games = verflixt::games::registry();
  for (auto g = games.begin() + 1; g != games.end(); ++g) {  // the default game's balance is above
    const auto& commands = g->commands;
    if (std::none_of(commands.begin(), commands.end(), [](const auto& c) { return std::string_view(c.name) == "balance"; }))
      continue;
    // A balance that samples takes --games; one that does not has its own case above. The tag
    // is this loop's own: Kniffel's balance has a case above too, and two cases of one tag
    // would write the same output files at once.
    if (verflixt::testing::run(g->name + " balance --help").out.find("--games") == std::string::npos) continue;
    const std::string name = g->name;
    cases.push_back({"default_balance_" + name,
                     [name](int k) { return "balance --game " + name + " --threads 1 --games " + times(400'000'000, k) + " --format json"; },
                     [](const Outcome& o) {
                       const auto j = expect_json_mark(o);
                       if (j.is_null()) return;
                       EXPECT_EQ(j["unit"], "rows");
                       EXPECT_EQ(j["rows"].size(), j["completed"].get<std::size_t>());  // only whole rows
                     }});
  }
  return cases;
}

// Every registered game's tournament but the default's evenings (cli/game_tournament.h): its
// quick run's table with far more games, in JSON and as a table. One code for those games, so
// a game added to the registry has its tournament's Ctrl-C checked here without a change.
std::vector<Case> every_games_tournament() {
  std::vector<Case> cases;
  const auto& games = verflixt::games::registry();
  for (auto g = games.begin() + 1; g != games.end(); ++g) {
    const auto& commands = g->commands;
    const auto tournament =
        std::find_if(commands.begin(), commands.end(), [](const auto& c) { return std::string_view(c.name) == "tournament"; });
    if (tournament == commands.end() || !tournament->quick) continue;
    // The quick run's words without its --games N: the case gives its own count.
    std::string table;
    const std::vector<std::string> words = split(tournament->quick);
    for (size_t w = 0; w < words.size(); ++w)
      if (words[w] == "--games") ++w;
      else table += " " + words[w];
    const std::string args = "tournament --game " + g->name + table + " --threads 1 --games ";
    cases.push_back({"every_tournament_" + g->name,
                     [args](int k) { return args + times(4'000'000'000, k) + " --format json"; },
                     [](const Outcome& o) {
                       const auto j = expect_json_mark(o);
                       if (j.is_null()) return;
                       EXPECT_EQ(j["unit"], "games") << o.args;
                     }});
    cases.push_back({"every_tournament_table_" + g->name, [args](int k) { return args + times(4'000'000'000, k); },
                     expect_table_mark});
  }
  return cases;
}

TEST(Interrupt, EveryCommandStopsMarksItsOutputAndExits130) {
  std::filesystem::remove(interrupted_output());
  std::vector<Case> cases = sampling_cases();
  for (Case& c : analysis_cases()) cases.push_back(std::move(c));
  for (Case& c : every_games_balance()) cases.push_back(std::move(c));
  for (Case& c : every_games_tournament()) cases.push_back(std::move(c));
  std::vector<std::future<Outcome>> runs;
  for (const auto& c : cases) runs.push_back(std::async(std::launch::async, [&c] { return interrupted(c.args, c.tag); }));
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(cases[k].tag);
    const Outcome o = runs[k].get();
    // Stopped while an exact prelude (a solve) was under way, a command has finished nothing
    // of its own: its result is the mark alone (cli.h finish_unstarted).
    if (o.out.find("stopped_while") != std::string::npos || o.out.find("stopped while") != std::string::npos) {
      if (o.args.find("--format json") != std::string::npos) {
        const auto j = expect_json_mark(o);
        if (!j.is_null()) {
          EXPECT_EQ(j["completed"], 0);
        }
      } else if (o.args.find("--output") == std::string::npos) {
        EXPECT_EQ(o.code, 130) << o.args;
        EXPECT_NE(o.out.find("nothing was finished"), std::string::npos) << o.out;
      }
      continue;
    }
    cases[k].check(o);
  }
}

// Ctrl-C the moment each command can take it — before it has read its input or finished
// any unit of work, while an exact prelude (a solve) is under way: the same convention, with
// nothing completed. The behaviour, not the machine's speed, decides this: whenever the
// signal comes, the result is marked, empty of unrun work, and the exit code is 130.
TEST(Interrupt, StoppedBeforeAnyWorkEveryCommandPrintsItsMarkedEmptyResult) {
  std::filesystem::remove(interrupted_output());
  std::vector<Case> cases = sampling_cases();
  for (Case& c : analysis_cases()) cases.push_back(std::move(c));
  for (Case& c : every_games_balance()) cases.push_back(std::move(c));
  std::vector<std::future<Outcome>> runs;
  for (const auto& c : cases)
    runs.push_back(std::async(std::launch::async, [&c] {
      return interrupt_after(c.args(1), std::chrono::milliseconds(0), c.tag + "_now");
    }));
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE(cases[k].tag);
    Outcome o = runs[k].get();
    const std::string args = cases[k].args(1);
    if (args.find("--output") != std::string::npos) {
      EXPECT_TRUE(o.out.empty()) << o.out;
      o.out = slurp(interrupted_output());
    }
    // The signal may still find a first chunk finishing; whatever was done, it is marked.
    if (args.find("--format json") != std::string::npos) expect_json_mark(o);
    else if (args.find("--format csv") != std::string::npos) expect_csv_mark(o);
    else expect_table_mark(o);
  }
}

}  // namespace

namespace {

// One stop delivered twice at once (timeout -s INT signals the process and then its process
// group) is one Ctrl-C: the run stops after the variant under way and reports, rather than
// dying of the second signal as a second Ctrl-C pressed later kills it.
TEST(Interrupt, ASignalDeliveredTwiceAtOnceIsOneStop) {
  std::chrono::milliseconds after(300);
  for (int attempt = 0; attempt < 5; ++attempt) {
    const Outcome o = interrupt_after("balance --players 3 --threads 2 --evenings 4000000 --format json", after, "twice", 2);
    ASSERT_NE(o.code, -1) << "killed by the second signal\n" << o.err;
    if (o.code == 0) continue;  // ended before the signals (a very fast machine): again
    const auto j = expect_json_mark(o);
    // On a busy machine the stop can land before the first variant is under way: one stop all
    // the same, with nothing finished ("results"); again, later.
    if (j.value("unit", "") == "results") {
      after *= 2;
      continue;
    }
    EXPECT_EQ(j.value("unit", ""), "variants");
    return;
  }
  FAIL() << "the signals never came while variants were played";
}

// Stopped before it finished anything, a command whose --output cannot be written says so in
// one line and exits 2, as a run that was not stopped does; it never aborts.
TEST(Interrupt, AnUnwritableOutputOfAStoppedRunIsOneLineAndExit2) {
  for (const int ms : {0, 100, 300}) {
    const Outcome o = interrupt_after(
        "strength --policy threshold:20 --players 2 --rounds 1 --evenings 20 --threads 1 --output /dev/full",
        std::chrono::milliseconds(ms), "unwritable_" + std::to_string(ms));
    EXPECT_EQ(o.code, 2) << ms << " ms: " << o.err;
    EXPECT_NE(o.err.find("cannot write --output '/dev/full'"), std::string::npos) << o.err;
    EXPECT_EQ(o.err.find("terminate"), std::string::npos) << o.err;
  }
}

// A run that was not interrupted carries no mark and exits 0; JSON says "interrupted": false.
TEST(Interrupt, ACompleteRunIsNotMarked) {
  using verflixt::testing::run;
  const auto csv = run("evaluate --turns 20000 --format csv");
  EXPECT_EQ(csv.code, 0) << csv.err;
  EXPECT_EQ(csv.out.find("# interrupted"), std::string::npos) << csv.out;
  EXPECT_EQ(verflixt::testing::csv_rows(csv.out).rfind("label,", 0), 0u) << csv.out;
  const auto table = run("sweep --jokers pony --from 15 --to 17 --turns 20000");
  EXPECT_EQ(table.code, 0) << table.err;
  EXPECT_EQ(table.out.find("INTERRUPTED"), std::string::npos) << table.out;
  const auto json = run("solve --jokers pony --format json");
  EXPECT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << json.out;
  EXPECT_EQ(j["interrupted"], false);
  EXPECT_FALSE(j.contains("completed"));
}

}  // namespace
