#include "verflixt/games/zehntausend/monte_carlo.h"

#include <array>
#include <cmath>
#include <stdexcept>

#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/core/rng.h"

namespace verflixt::zehntausend {

core::Estimate MatchTally::p_win(int seat) const {
  return core::mean_from_sums(static_cast<double>(games), static_cast<double>(shares[static_cast<size_t>(seat)]),
                        static_cast<double>(shares_sq[static_cast<size_t>(seat)]), static_cast<double>(kShareUnit));
}

void MatchTally::merge(const MatchTally& p) {
  games += p.games;
  turns += p.turns;
  bankrotts += p.bankrotts;
  for (size_t s = 0; s < shares.size(); ++s) shares[s] += p.shares[s], shares_sq[s] += p.shares_sq[s];
}

core::Estimate TurnTally::points() const {
  return core::mean_from_sums(static_cast<double>(turns), static_cast<double>(sum) * kPointStep,
                        static_cast<double>(sum_sq) * kPointStep * kPointStep);
}

core::Estimate TurnTally::niete() const {
  const double n = static_cast<double>(turns);
  return core::mean_from_sums(n, static_cast<double>(niete_count), static_cast<double>(niete_count));
}

void TurnTally::merge(const TurnTally& p) { turns += p.turns, niete_count += p.niete_count, sum += p.sum, sum_sq += p.sum_sq; }

namespace {

void check_seats(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats) {
  if (static_cast<int>(seats.size()) != lib.model().rules().players)
    throw core::InputError("zehntausend: " + std::to_string(seats.size()) + " seats for players=" +
                     std::to_string(lib.model().rules().players));
}

void credit(MatchTally& t, std::span<const int> totals) {
  int best = totals[0], winners = 0;
  for (int x : totals) best = std::max(best, x);
  for (int x : totals) winners += x == best;
  const std::uint64_t share = kShareUnit / static_cast<std::uint64_t>(winners);
  for (size_t s = 0; s < totals.size(); ++s)
    if (totals[s] == best) t.shares[s] += share, t.shares_sq[s] += share * share;
  ++t.games;
}

template <class PlayOne>
MatchRun run_games(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats, std::uint64_t games,
                   std::uint64_t seed, int threads, const core::RunControl& control, PlayOne play_one) {
  check_seats(lib, seats);
  MatchTally zero;
  zero.shares.assign(seats.size(), 0);
  zero.shares_sq.assign(seats.size(), 0);
  return sample_chunks(games, kGamesPerChunk, seed, threads, control, zero, [&](core::SampleChunk& chunk, MatchTally& part) {
    for (std::uint64_t g = 0; g < chunk.count; ++g) play_one(chunk.rng, part);
  });
}

}  // namespace

MatchRun play_games(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control, const GameStart* start) {
  const ZehntausendRules& r = lib.model().rules();
  const int n = r.players;
  const GameStart from = start ? *start : GameStart{};
  return run_games(lib, seats, games, seed, threads, control, [&](core::Rng& rng, MatchTally& t) {
    // The game of engine.h's play_game (Z5), each turn one draw from its exact distribution.
    std::array<int, kMaxPlayers> totals = from.totals;
    const std::span<const int> view(totals.data(), static_cast<size_t>(n));
    bool final_round = from.final_round;
    const TurnSampler* current = from.current_turn;
    int turns = 0;
    for (int seat = from.seat;; seat = seat + 1 == n ? 0 : seat + 1) {
      if (round_complete(final_round, seat)) break;
      if (++turns > kMaxGameTurns) throw_endless_game(r);
      const TurnSampler& sampler =
          current ? *current : seats[static_cast<size_t>(seat)]->decide(GameView{view, seat, final_round}).sampler;
      // A continued turn has thrown already: its next Niete is no first-throw Niete (Z4).
      const bool continued = current != nullptr;
      current = nullptr;
      const int result = sampler.draw(rng());
      int& mine = totals[static_cast<size_t>(seat)];
      if (result >= 2)
        mine += (result - 2) * kPointStep;
      else if (result == TurnSampler::kBankrott && bankrott_applies(!continued, r))
        mine = 0, ++t.bankrotts;  // Z4
      if (game_ends_after_turn(mine, final_round, r)) break;  // Z5
    }
    t.turns += static_cast<std::uint64_t>(turns);
    credit(t, view);
  });
}

MatchRun play_games_engine(const TurnLibrary& lib, std::span<const SeatPolicy* const> seats, std::uint64_t games,
                           std::uint64_t seed, int threads, const core::RunControl& control) {
  const ZehntausendRules& r = lib.model().rules();
  // A seat whose turns are known by their distribution only (race_seat.h) has no decisions to
  // play die by die: refused before the run (an exception cannot leave its threads).
  const std::array<int, kMaxPlayers> zeros{};
  for (size_t s = 0; s < seats.size(); ++s) {
    const CompiledTurn& c = seats[s]->decide(GameView{std::span<const int>(zeros.data(), seats.size()), static_cast<int>(s), false});
    if (c.policy.outcomes == 0)
      throw std::invalid_argument("zehntausend: the seat " + c.policy.name + " has no die-by-die decisions for the engine");
  }
  return run_games(lib, seats, games, seed, threads, control, [&](core::Rng& rng, MatchTally& t) {
    auto dice = [&] { return core::roll_die(rng); };
    auto choose = [&](int seat, const TurnView& v) {
      // The plan depends only on the totals before the turn, so asking per throw is the same
      // as asking once at the start of the turn.
      const CompiledTurn& c = seats[static_cast<size_t>(seat)]->decide(GameView{v.totals, seat, v.final_round});
      return decide(lib.model(), c.policy, v);
    };
    const GameRecord g = play_game(r, choose, dice);
    t.turns += static_cast<std::uint64_t>(g.turns);
    credit(t, g.totals);
  });
}

TurnRun sample_turns(const TurnModel& m, const TurnPolicy& policy, std::uint64_t turns, std::uint64_t seed,
                     int threads, const core::RunControl& control) {
  return core::sample_chunks(turns, kTurnsPerChunk, seed, threads, control, TurnTally{},
                       [&](core::SampleChunk& chunk, TurnTally& part) {
                         auto dice = [&] { return core::roll_die(chunk.rng); };
                         auto choose = [&](const TurnView& v) { return decide(m, policy, v); };
                         std::vector<int> totals(1, 0);
                         for (std::uint64_t k = 0; k < chunk.count; ++k) {
                           totals[0] = 0;
                           const TurnRecord rec = play_turn(m.rules(), totals, 0, false, choose, dice);
                           const std::int64_t x = rec.banked / kPointStep;
                           ++part.turns;
                           part.niete_count += rec.banked == 0;
                           part.sum += x;
                           part.sum_sq += x * x;
                         }
                       });
}

}  // namespace verflixt::zehntausend
