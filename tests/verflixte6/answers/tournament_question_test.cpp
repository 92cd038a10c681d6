#include "verflixt/games/verflixte6/answers/tournament.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../input_error.h"

namespace verflixt::verflixte6 {
namespace {

// The message of the InputError prepare_tournament throws for `q`.
std::string error_of(const Rules& rules, const TournamentQuestion& q) {
  return testing::message_of([&] { prepare_tournament(rules, q); });
}

TEST(TournamentQuestion, RefusesWithTheOptionsNames) {
  const Rules rules = preset("tournament-2019");
  TournamentQuestion q;
  EXPECT_EQ(error_of(rules, q), "no table: give --seat POLICY[@JOKERS] per seat, or --seats N");
  q.seat = {"threshold:20", "threshold:18"};
  q.seats = 3;
  EXPECT_EQ(error_of(rules, q), "give either --seat (repeated) or --seats N --policy P, not both");
  q.seat.clear();
  q.seats = 13;
  EXPECT_EQ(error_of(rules, q), "--seats 13 is out of range; valid: 2..12");
  q.seats.reset();
  q.seat.assign(13, "threshold:20");
  EXPECT_EQ(error_of(rules, q), "--seat given 13 times; valid: 2..12 seats, one --seat each");
  q.seat.assign(1, "threshold:20");
  EXPECT_EQ(error_of(rules, q), "--seat given once; valid: 2..12 seats, one --seat each");
  q.seat.clear();
  q.seats = 3;
  q.series = 1001;
  EXPECT_EQ(error_of(rules, q), "--series 1001 is out of range; valid: 1..1000");
}

TEST(TournamentQuestion, EqualSeatsPoolIntoOneGroupAndShareTheWin) {
  // Classic rules give a placement bonus (P4), so evenings come in series of 10.
  TournamentQuestion q;
  q.seats = 3;
  q.evenings = 15;
  q.single_pass = true;
  const TournamentSetup s = prepare_tournament(preset("classic"), q);
  EXPECT_EQ(s.rules.passes, 1);
  EXPECT_EQ(s.rules.final_passes, 1);
  EXPECT_EQ(s.spec.series_length, 10);
  EXPECT_EQ(s.spec.groups, (std::vector<std::string>{"threshold:20"}));
  ASSERT_EQ(s.spec.seats.size(), 3u);
  EXPECT_EQ(s.spec.seats[0].policy, s.spec.seats[2].policy);  // one policy, read once

  const TournamentAnswer a = tournament_answer(s, {});
  EXPECT_FALSE(a.interrupted);
  EXPECT_EQ(a.run.evenings, 20u);  // rounded up to whole series
  // Exactly one win per evening, shared among the seats (ties split it).
  double wins = 0;
  for (const auto& seat : a.run.by_seat) wins += seat.win.mean;
  EXPECT_NEAR(wins, 1.0, 1e-12);
}

}  // namespace
}  // namespace verflixt::verflixte6
