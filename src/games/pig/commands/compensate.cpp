// `verflixt solve --game pig --compensate`: the points the second player starts with that make
// two-player Pig fairest — P(first wins) closest to 1/2 under optimal play by both, exact, from
// the race solver (pig/race.h), which holds the value of every start a : b at once.
#include <string>

#include "games/pig/commands/commands.h"
#include "verflixt/games/pig/answers.h"
#include "verflixt/games/pig/race.h"

namespace verflixt::cli {

core::Option compensate_option() {
  return core::switch_option("compensate",
                             "the second player's starting points that bring P(first wins) closest to 1/2 (exact)");
}

int pig_compensate_command(const po::variables_map& vm) {
  const pig::PigRules rules = pig_rules_from(vm, 2);
  const std::string format = format_from(vm, {"table", "json", "csv"});
  const core::RaceSolution race = pig::solve_race(rules);
  const pig::Compensation c = pig::fair_compensation(race);
  core::report::Report r = pig::report_head(rules);
  r.field("exact", true)
      .field("method", "race solver over (my score, opponent score, turn total), core/race_solver.h")
      .field("first_player_win", race.first_wins())
      .field("compensation", std::int64_t{c.points})
      .field("first_player_win_compensated", c.first_wins)
      .field("residual", race.residual)
      .field("sweeps", std::int64_t{race.sweeps});
  r.line("P(first player wins) under optimal play: " + fmt("%.6f", race.first_wins()))
      .line("the second player starts with " + std::to_string(c.points) + " points: P(first player wins) " +
            fmt("%.6f", c.first_wins) + "  (the start closest to 1/2)\n")
      .line("second player's start, P(first player wins):");
  core::report::Table& table = r.table("starts", {{.name = "second_start", .text = "  ", .text_format = "%.0f", .width = 4},
                                                  {.name = "first_player_win", .text = "  ", .text_format = "%.6f"}});
  for (int k = 0; k <= c.points + 3 && k < rules.goal; ++k) table.row({std::int64_t{k}, race.value(0, 0, k)});
  emit(vm, r.render(format));
  return 0;
}

}  // namespace verflixt::cli
