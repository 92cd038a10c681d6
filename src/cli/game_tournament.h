#pragma once
// `verflixt tournament --game NAME`: policies against each other at one table, written once
// for every game with a table of seats. A game supplies only what is its own
// (TournamentGame): its rules options, the policies --seat takes, its help, how its rules are
// read, and how a table plays and is described. The seats (--seat, 2..N
// times, seat 1 first), --games, the sampling and output options, the order everything is
// read and checked in, progress, Ctrl-C and the exit are here. Private to the executable.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/option.h"
#include "verflixt/core/report.h"

namespace verflixt::cli {

// The games a tournament plays, read from its options when the game asks (after seating the
// table, so a bad seat is reported before anything else is read): --games, --seed and
// --threads, and the progress line its games run under.
class TournamentRun {
 public:
  TournamentRun(const po::variables_map& vm, std::string label) : vm_(vm), label_(std::move(label)) {}
  std::uint64_t games() const { return count_from(vm_, "games"); }
  std::uint64_t seed() const { return seed_from(vm_); }
  int threads() const { return threads_from(vm_); }
  // "tournament pig games": what the progress line calls the run.
  const std::string& label() const { return label_; }
  // Runs `play(control)` under that progress line and the Ctrl-C convention (with_progress).
  template <class Play>
  auto sample(Play play) const {
    return with_progress(label_, play);
  }

 private:
  const po::variables_map& vm_;
  std::string label_;
};

// What a table played: its one description and how far its games got.
using TournamentResult = AnswerResult;

template <class R>
struct TournamentGame {
  GameRules<R> rules{};         // the game, its rules options (first in the help) and how they are read
  std::string seat_help{};      // the policies --seat takes
  std::uint64_t default_games = 100000;
  std::string games_help = "games to play";
  core::OptionTable more{};     // the game's own options, after --seat and --games
  int max_players = 8;
  std::vector<std::string> formats = {"table", "json", "csv"};
  std::string about{};          // what the command does, after the usage line (the same in every game)
  // Seats specs[s] at seat s under `rules` and plays the games `run` reads.
  std::function<TournamentResult(const po::variables_map&, const R& rules, const std::vector<std::string>& specs,
                                 const TournamentRun& run)>
      play{};
};

// The command as an AnswerSpec: the seats, the rules, --format, then the games.
template <class R>
AnswerSpec tournament_spec(const TournamentGame<R>& g) {
  const core::OptionTable own = {
      core::words_option("seat", g.seat_help),
      core::count_option("games", g.default_games, 1, std::uint64_t{1} << 40, g.games_help)};
  const std::string& game = g.rules.game();
  return {"tournament", "tournament --game " + game + " options",
          g.rules.options() + own + g.more + sampling_options(), g.formats,
          "usage: verflixt tournament --game " + game + " --seat P --seat P [...] [--games N] [--seed S]\n" + g.about,
          [g](const po::variables_map& vm) {
            const std::vector<std::string> specs = seat_specs(vm, g.max_players);
            // A game whose rules count the players gets one per --seat.
            R rules = g.rules(vm);
            if constexpr (requires { rules.players; }) {
              const int seated = static_cast<int>(specs.size());
              warn_players_set(vm, *g.rules.table, rules, seated,
                               "the table seats one player per --seat (" + std::to_string(seated) + ")");
              rules.players = seated;
            }
            format_from(vm, g.formats);
            return g.play(vm, rules, specs, TournamentRun(vm, "tournament " + g.rules.game() + " games"));
          }};
}
// The same as an entry of a game's command list: `game` gives the TournamentGame.
template <auto game>
AnswerSpec tournament_spec_of() {
  return tournament_spec(game());
}
template <auto game>
core::Command tournament_entry(const char* quick) {
  return answer_spec_entry<tournament_spec_of<game>>("tournament", "", quick);
}

}  // namespace verflixt::cli
