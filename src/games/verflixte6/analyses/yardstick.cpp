#include "verflixt/games/verflixte6/analyses/yardstick.h"

#include <algorithm>
#include <random>

#include "verflixt/core/dice.h"
#include "verflixt/core/kernel.h"
#include "verflixt/games/verflixte6/rules/engine.h"

namespace verflixt::verflixte6 {

core::Tally naive_threshold(const Rules& rules, int threshold, std::uint64_t turns, std::uint64_t seed, int threads) {
  const int bust_face = rules.bust_face;
  const bool free_throw = rules.free_throw, ones_rob = rules.ones_rob;
  return core::naive_chunks(turns, threads, [&](std::uint64_t k, std::uint64_t n, core::Tally& out) {
    std::mt19937_64 g = core::naive_engine(seed, k);
    std::uniform_int_distribution<int> die(1, 6);
    for (std::uint64_t t = 0; t < n; ++t) {
      int eyes = free_throw ? die(g) : 0;  // T1: the free throw counts whatever it shows
      int ones = 0;
      bool bust = false;
      while (eyes < threshold) {
        const int face = die(g);
        if (face == bust_face) {  // T5
          eyes = 0;
          bust = true;
          break;
        }
        if (face == 1 && ones_rob) {  // T4: the j-th robbing 1 steals min(j, cap), solo §5
          ++ones;
          eyes += 1 + steal_amount(rules, ones);
        } else {
          eyes += face;
        }
      }
      out.add(eyes, bust);
    }
  });
}

namespace {

// Dice as a first version writes them.
class MtDice final : public core::Dice {
 public:
  explicit MtDice(std::mt19937_64 g) : g_(g) {}
  int roll() override { return die_(g_); }

 private:
  std::mt19937_64 g_;
  std::uniform_int_distribution<int> die_{1, 6};
};

}  // namespace

core::Tally naive_engine_turns(const Rules& rules, JokerSet loadout, const Policy& policy,
                         std::uint64_t turns, std::uint64_t seed, int threads) {
  return core::naive_chunks(turns, threads, [&](std::uint64_t k, std::uint64_t n, core::Tally& out) {
    MtDice dice(core::naive_engine(seed, k));
    for (std::uint64_t t = 0; t < n; ++t) {
      const TurnState end = play_solo_turn(rules, loadout, policy, dice);
      out.add(end.eyes, end.eliminated);
    }
  });
}

}  // namespace verflixt::verflixte6
