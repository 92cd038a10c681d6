#include "verflixt/games/zehntausend/race_policies.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/games/zehntausend/policy.h"

namespace verflixt::zehntausend {
namespace {

// One turn policy as the core's action table over the race's turn (one action per outcome).
std::vector<int> turn_actions(const Race& race, const TurnPolicy& p, const std::string& spec) {
  const core::RaceTurn& turn = race.turn();
  const TurnModel& m = race.model();
  std::vector<int> actions(turn.outcome_count(), 0);  // a Niete's one action stays 0
  std::vector<std::uint8_t> seen(turn.outcome_count(), 0);
  for (int t = 0; t < race.top(); ++t)
    for (int d = 1; d <= m.rules().dice; ++d) {
      if (const int s = race.state(t, d); s >= 0)
        for (const ThrowOutcome& o : m.throws(d)) {
          if (o.niete()) continue;
          const std::size_t k = turn.outcome_begin(static_cast<std::size_t>(s)) + static_cast<std::size_t>(race.group(o.id));
          const int a = Race::action(o, p.keep_option(t, o.id, m));
          if (seen[k] && actions[k] != a)
            throw core::InputError("policy " + core::quoted(spec) +
                                   " keeps different set-asides for throws that score alike; the exact race cannot play it");
          actions[k] = a;
          seen[k] = 1;
        }
      if (const int s = race.after(t, d); s >= 0) actions[turn.outcome_begin(static_cast<std::size_t>(s))] = p.banks(t, d, m) ? 0 : 1;
    }
  return actions;
}

// A seat policy's tables: the turn policy it picks at every totals a : b (steps of 50, its
// own first) and, for the second seat, in the final round needing n; one table per turn
// policy, built before the solve (the core asks from several threads).
class SeatTables {
 public:
  SeatTables(const Race& race, const TurnLibrary& lib, const std::string& spec, int seat) : race_(race), spec_(spec) {
    policy_ = make_seat_policy(spec, lib);
    const int limit = race.rules().limit, g = limit / kPointStep;
    level_.resize(static_cast<std::size_t>(g) * static_cast<std::size_t>(g));
    std::vector<int> totals(2);
    for (int a = 0; a < g; ++a)
      for (int b = 0; b < g; ++b) {
        totals[static_cast<std::size_t>(seat)] = a * kPointStep;
        totals[static_cast<std::size_t>(1 - seat)] = b * kPointStep;
        level_[static_cast<std::size_t>(a * g + b)] = table(GameView{totals, seat, false});
      }
    if (seat == 1 && race.rules().final_round) {
      // Every need the core may ask (core/race_solver.h: below goal + top + the most one move
      // adds); the first seat at the limit or past it, as the game has it.
      const int needs = g + race.top() + race.turn().max_gain();
      for (int n = 0; n < needs; ++n) {
        totals[0] = std::max(limit, n * kPointStep);
        totals[1] = totals[0] - n * kPointStep;
        last_.push_back(table(GameView{totals, 1, true}));
      }
    }
  }

  core::RaceSeatPolicy policy() const {
    const auto g = static_cast<std::size_t>(race_.rules().limit / kPointStep);
    core::RaceSeatPolicy p;
    p.turn = [this, g](int a, int b) {
      return tables_[static_cast<std::size_t>(level_[static_cast<std::size_t>(a) * g + static_cast<std::size_t>(b)])].data();
    };
    if (!last_.empty())
      p.last_turn = [this](int n) {
        return static_cast<std::size_t>(n) < last_.size() ? tables_[static_cast<std::size_t>(last_[static_cast<std::size_t>(n)])].data()
                                                          : nullptr;
      };
    return p;
  }

 private:
  int table(const GameView& v) {
    const CompiledTurn& c = policy_->decide(v);
    if (c.policy.outcomes == 0)
      throw core::InputError("policy " + core::quoted(spec_) + " has no decisions to play in the exact race");
    const auto [it, fresh] = index_.emplace(&c, static_cast<int>(tables_.size()));
    if (fresh) tables_.push_back(turn_actions(race_, c.policy, spec_));
    return it->second;
  }

  const Race& race_;
  std::string spec_;
  std::unique_ptr<SeatPolicy> policy_;
  std::map<const CompiledTurn*, int> index_;
  std::vector<std::vector<int>> tables_;
  std::vector<int> level_, last_;
};

}  // namespace

// A solved race's policy as a fixed seat (exact:FILE): each of its turns, at every totals,
// by the distribution of its ends as the solution plays it in that seat (the last turn of the
// final round is the optimal one, which the solved race plays too).
class SolvedSeat {
 public:
  SolvedSeat(const Race& solved, int seat, int threads)
      : goal_(static_cast<std::size_t>(solved.rules().limit / kPointStep)),
        ends_(core::played_turns(solved.turn(), solved.solution(), seat, threads)) {}

  core::RaceSeatPolicy policy() const {
    core::RaceSeatPolicy p;
    p.ends = [this](int a, int b) { return &ends_[static_cast<std::size_t>(a) * goal_ + static_cast<std::size_t>(b)]; };
    return p;
  }

 private:
  std::size_t goal_;
  std::vector<core::TurnEnds> ends_;
};

RacePairings::RacePairings(const ZehntausendRules& rules, int overshoot, RaceSource exact)
    : race_(std::make_unique<Race>(rules, overshoot, Race::TurnOnly{})),
      lib_(std::make_unique<TurnLibrary>(rules)),
      exact_(std::move(exact)) {}

RacePairings::~RacePairings() = default;

RacePairing RacePairings::solve(const std::array<std::string, 2>& seats, const core::RaceOptions& options) {
  std::array<std::unique_ptr<SeatTables>, 2> tables;
  core::RaceOptions fixed = options;
  const std::string saved = std::string(kExactSeat) + ":";
  for (int seat = 0; seat < 2; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (seats[s] == kExactSeat) continue;
    if (seats[s].rfind(saved, 0) == 0) {
      fixed.fixed[s] = solved_seat(seats[s], seat, options.threads).policy();
      continue;
    }
    tables[s] = std::make_unique<SeatTables>(*race_, *lib_, seats[s], seat);
    fixed.fixed[s] = tables[s]->policy();
  }
  return {seats, race_->solve(fixed)};
}

const SolvedSeat& RacePairings::solved_seat(const std::string& spec, int seat, int threads) {
  std::unique_ptr<SolvedSeat>& slot = solved_[{spec, seat}];
  if (slot) return *slot;
  if (!exact_) throw core::InputError("policy " + core::quoted(spec) + ": no saved race can be read here");
  const std::shared_ptr<const Race> file = exact_(spec.substr(std::string(kExactSeat).size() + 1));
  if (file->overshoot() != race_->overshoot())
    throw core::InputError("policy " + core::quoted(spec) + ": solved with the cap at limit + " + std::to_string(file->overshoot()) +
                           ", not + " + std::to_string(race_->overshoot()));
  slot = std::make_unique<SolvedSeat>(*file, seat, threads);
  return *slot;
}

RacePairing solve_pairing(const ZehntausendRules& rules, const std::array<std::string, 2>& seats, int overshoot,
                          const core::RaceOptions& options, const RaceSource& exact) {
  return RacePairings(rules, overshoot, exact).solve(seats, options);
}

double race_value(const ZehntausendRules& rules, const std::string& seat0, const std::string& seat1) {
  return solve_pairing(rules, {seat0, seat1}).first_wins();
}

}  // namespace verflixt::zehntausend
