#include "verflixt/games/verflixte6/kernels/pass_kernel.h"

#include <cstddef>
#include <cstring>
#include <functional>

#include "games/verflixte6/kernels/lane_vectors.h"
#include "games/verflixte6/kernels/pass_kernel_impl.h"
#include "verflixt/games/verflixte6/analyses/sweep.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/position.h"

// The kernel's public face: every call goes to its inside (pass_kernel_impl.h: the tables in
// pass_tables.cpp, the lanes in pass_lanes.cpp), and the compiled victim rules.
namespace verflixt::verflixte6 {

bool kernel_plays(const Policy& policy) { return !policy.inner_choices_read_table(); }

namespace {

template <class... P>
bool is_one_of(const Policy& p) {
  return (... || (dynamic_cast<const P*>(&p) != nullptr));
}

}  // namespace

// The policies that keep Policy::choose_victim rob the richest; a position policy robs the
// leader if it says so. Anything else (the last-seat DP, advise's continuations, policies
// this file does not know) is asked at every steal.
VictimRule compiled_victim_rule(const Policy& policy) {
  if (is_one_of<ThresholdPolicy, HeuristicPolicy, SolvedPolicy, StopAtPolicy>(policy)) return VictimRule::kRichest;
  if (const auto* pos = dynamic_cast<const PositionPolicy*>(&policy))
    return pos->params().rob_leader ? VictimRule::kLeader : VictimRule::kRichest;
  return VictimRule::kAsk;
}

namespace {

using lanes::V4i;

// A SeatView as compiled_victim reads it: four 32-bit words, eyes, status (low byte), total,
// and the flags word whose second byte is keuler_paid.
static_assert(sizeof(SeatView) == 16 && offsetof(SeatView, eyes) == 0 && offsetof(SeatView, status) == 4 &&
              offsetof(SeatView, total) == 8 && offsetof(SeatView, keuler_paid) == 13);

// The keys (lane_vectors.h) of seats first .. first + 3, the seat records transposed by four
// unpacks into eyes, status, total and keuler_paid. Four lanes, not eight: every operation is
// then one SSE2 instruction (a portable build's).
V4i victim_keys(const SeatView* seats, int first, int self, unsigned barred, int amount, V4i leader,
                const lanes::KeyRule& r) {
  V4i w[4];
  for (size_t i = 0; i < 4; ++i) std::memcpy(&w[i], &seats[static_cast<size_t>(first) + i], sizeof w[i]);
  const V4i lo01 = VERFLIXT_SHUFFLE4(w[0], w[1], 0, 4, 1, 5), lo23 = VERFLIXT_SHUFFLE4(w[2], w[3], 0, 4, 1, 5);
  const V4i hi01 = VERFLIXT_SHUFFLE4(w[0], w[1], 2, 6, 3, 7), hi23 = VERFLIXT_SHUFFLE4(w[2], w[3], 2, 6, 3, 7);
  const V4i eyes = VERFLIXT_SHUFFLE4(lo01, lo23, 0, 1, 4, 5);
  const V4i status = VERFLIXT_SHUFFLE4(lo01, lo23, 2, 3, 6, 7) & 0xff;
  const V4i total = VERFLIXT_SHUFFLE4(hi01, hi23, 0, 1, 4, 5);
  const V4i paid = (VERFLIXT_SHUFFLE4(hi01, hi23, 2, 3, 6, 7) >> 8) & 0xff;
  const V4i seat = V4i{0, 1, 2, 3} + first;
  const V4i may = (seat < r.n) & ((static_cast<int>(barred) & (V4i{1, 2, 4, 8} << first)) == 0);
  return lanes::victim_key(eyes, status, total, paid, seat, V4i{} + self, V4i{} + amount, may, leader, r);
}

}  // namespace

int compiled_victim(const Rules& rules, VictimRule rule, std::span<const SeatView> table, int self, unsigned taken,
                    int amount) {
  std::array<SeatView, kMaxPlayers> seats{};
  std::copy(table.begin(), table.end(), seats.begin());
  return compiled_victim(rules, rule, seats, static_cast<int>(table.size()), self, taken, amount);
}

int compiled_victim(const Rules& rules, VictimRule rule, const std::array<SeatView, kMaxPlayers>& table, int n,
                    int self, unsigned taken, int amount) {
  // rob_candidates (table.cpp: every other seat but those taken from and, under
  // RobTargets::NotZombie, Zombies) fused with best_candidate: each seat's key
  // (lane_vectors.h) packs Keuler, then eyes or standing, then E11's order, so the best is
  // the maximum of the keys (0: nobody may be robbed), taken over 4 seats at once.
  static_assert(kMaxPlayers % 4 == 0);
  const lanes::KeyRule r{n, -static_cast<int>(rules.rob_targets == RobTargets::NotZombie),
                         -static_cast<int>(rules.keuler_bonus > 0)};
  const V4i leader = V4i{} - static_cast<int>(rule == VictimRule::kLeader);
  const unsigned barred = taken | (1u << self);
  V4i best = victim_keys(table.data(), 0, self, barred, amount, leader, r);
  for (int first = 4; first < n; first += 4)
    best = lanes::max(best, victim_keys(table.data(), first, self, barred, amount, leader, r));
  best = lanes::max(best, VERFLIXT_SHUFFLE4(best, best, 2, 3, 0, 1));
  best = lanes::max(best, VERFLIXT_SHUFFLE4(best, best, 1, 0, 3, 2));
  return lanes::victim_of_key(best, V4i{} + self, n)[0];
}

PassKernel::PassKernel(const Rules& rules) : impl_(std::make_unique<Impl>(rules)) {}
PassKernel::~PassKernel() = default;

PassResult PassKernel::play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng) {
  PassResult res;
  impl_->play_pass(seats, first, rng, res);
  return res;
}

void PassKernel::play_pass(std::span<const PassSeat> seats, int first, core::Rng& rng, PassResult& res) {
  impl_->play_pass(seats, first, rng, res);
}

void PassKernel::play_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                             core::Rng& rng, const PassSink& sink, int lanes) {
  impl_->play_passes(seats, first_pass, count, rng, sink, nullptr, lanes);
}

void PassKernel::count_passes(std::span<const PassSeat> seats, std::uint64_t first_pass, std::uint64_t count,
                              core::Rng& rng, std::vector<std::uint64_t>& counts, int lanes) {
  const int n = static_cast<int>(seats.size());
  const PassSink sink = [&counts, n](int first, std::span<const SeatView> table, std::span<const int>) {
    for (int seat = 0; seat < n; ++seat) {
      const SeatView& s = table[static_cast<size_t>(seat)];
      const int zombie = s.status == Status::Zombie ? 1 : 0;
      const auto at = static_cast<size_t>(count_index(s.eyes, zombie, seat, first, n));
      if (at >= counts.size()) counts.resize(2 * at + 2 * static_cast<size_t>(n), 0);
      ++counts[at];
    }
  };
  impl_->play_passes(seats, first_pass, count, rng, sink, &counts, lanes);
}


void PassKernel::play_series(std::span<const EveningPlayer> players, bool final, int length,
                             std::uint64_t first_series, std::uint64_t count, const FirstSeat& first_seat, core::Rng& rng,
                             const EveningSink& sink, int lanes, const SeriesRng& series_rng) {
  impl_->play_series(players, final, length, first_series, count, first_seat, rng, sink, lanes, series_rng);
}

EveningResult PassKernel::play_evening(std::span<const EveningPlayer> players, bool final, int first, core::Rng& rng) {
  return verflixt::verflixte6::play_evening(impl_->rules_, players, final, first,
                                [&](std::span<const PassSeat> seats, int f) { return play_pass(seats, f, rng); });
}

std::size_t PassKernel::states() const { return impl_->states(); }
void PassKernel::set_max_steps(int steps) { impl_->max_steps_ = steps; }
void PassKernel::set_compile_stop_rules(bool compile) { impl_->compile_stop_rules_ = compile; }
void PassKernel::set_lane_block(bool use) { impl_->use_block_ = use; }
void PassKernel::read_unpacked() { impl_->packed_ = false; }
bool PassKernel::lane_block_plays(std::span<const PassSeat> seats, int lanes) {
  return impl_->lane_block_plays(seats, lanes);
}
bool PassKernel::lane_block_plays(std::span<const EveningPlayer> players, int lanes) {
  return impl_->lane_block_plays(players, lanes);
}

}  // namespace verflixt::verflixte6
