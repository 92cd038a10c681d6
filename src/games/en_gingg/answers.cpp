#include "verflixt/games/en_gingg/answers.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "verflixt/core/answer.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/version.h"

namespace verflixt::en_gingg {

namespace rp = core::report;
using rp::number;

namespace {

std::int64_t i64(auto v) { return static_cast<std::int64_t>(v); }

// The head of a sampled result: who played, the seed and threads, the `unit` (turns, games)
// completed of those requested, whether a stop cut them short, and how long they took.
template <class Tally>
rp::Report sampled_head(const EnGinggRules& rules, rp::Value policy, std::uint64_t seed, int threads,
                        const core::SampledRun<Tally>& run, std::uint64_t completed, bool interrupted,
                        const std::string& unit) {
  rp::Report r = report_head(rules);
  r.field("policy", std::move(policy), rp::kJsonHead)
      .field("seed", seed, rp::kJsonHead)
      .field("threads", threads)
      .field(unit, completed, rp::kJsonHead)
      .field("requested_" + unit, run.requested);
  r.completion(interrupted, completed, run.requested, unit);
  r.field("seconds", run.seconds);
  return r;
}

}  // namespace

rp::Report report_head(const EnGinggRules& rules) {
  return rp::Report({kVersion, "en-gingg", rules_summary(rules), rules.preset});
}

SolveAnswer solve_answer(const EnGinggRules& rules) {
  SolveAnswer a;
  a.rules = rules;
  a.hits_per_digit = phase2_expected_hits(rules, 1);
  for (int k = 1; k <= rules.max_sum() - rules.target && k <= rules.faces; ++k)
    a.expected_hits.push_back(phase2_expected_hits(rules, k));

  // The two solver policies and the keep-from heuristics, each valued exactly under both objectives.
  std::vector<std::unique_ptr<SetAsidePolicy>> policies;
  for (const auto& name : objective_names()) policies.push_back(make_policy("optimal:" + name, rules));
  for (int f = rules.faces; f >= 1; --f) policies.push_back(std::make_unique<KeepFromPolicy>(rules, f));
  for (const auto& p : policies) {
    PolicyValue v{.name = p->name(), .value = turn_value(rules, *p), .expected_sum = 0};
    for (size_t s = 0; s < v.value.p_sum.size(); ++s) v.expected_sum += static_cast<double>(s) * v.value.p_sum[s];
    a.policies.push_back(std::move(v));
  }

  // Exact play sets aside only the highest dice, as many as maximize their pips plus what
  // throwing the rest again is worth (for "own" a number per count of dice, E_r). Where
  // own+next departs from own, listed. And a rule of thumb (Phase1Solution::keep_from).
  const auto own = std::make_shared<const Phase1Solution>(rules, Objective::Own);
  const auto both = std::make_shared<const Phase1Solution>(rules, Objective::OwnPlusNext);
  for (int k = 0; k < rules.dice; ++k)  // V(k, s) = s − target + E_k for "own", whatever s
    a.rethrow_worth.push_back(own->value({k, rules.dice - k, k == 0 ? 0 : 1}) - (rules.dice - k) + rules.target);
  for (int left = rules.dice; left >= 1; --left) {
    const int k = rules.dice - left, throws = k == 0 ? 0 : 1;
    for (int sum = k; sum <= k * rules.faces; ++sum)
      for (const auto& m : throw_outcomes(left, rules.faces)) {
        const Phase1State st{left, sum, throws};
        ++a.situations;
        const DiceCounts mine = own->best(st, m.outcome), theirs = both->best(st, m.outcome);
        if (both->value(apply_set_aside(st, theirs)) - both->value(apply_set_aside(st, mine)) <= 1e-12) continue;
        a.departures.push_back(
            {.aside_dice = k, .aside_pips = sum, .thrown = m.outcome, .own = mine, .own_plus_next = theirs});
      }
  }

  const int hi = (rules.dice - 1) * rules.faces;
  for (const auto& sol : {own, both}) {
    RuleOfThumb thumb{.policy = "optimal:" + objective_names()[static_cast<size_t>(sol->objective())],
                      .thumb_value = turn_value(rules, KeepRulePolicy(sol)).value(sol->objective()),
                      .optimal_value = sol->value(),
                      .keep_from = {}};
    for (int k = 1; k < rules.dice; ++k) {
      std::vector<std::optional<int>> faces;
      for (int sum = 1; sum <= hi; ++sum) {
        const bool reachable = sum >= rules.dice - k && sum <= (rules.dice - k) * rules.faces;
        faces.push_back(reachable ? std::optional<int>(sol->keep_from(k, sum, 0)) : std::nullopt);
      }
      thumb.keep_from.push_back(std::move(faces));
    }
    a.thumbs.push_back(std::move(thumb));
  }
  return a;
}

rp::Report describe(const SolveAnswer& a) {
  const EnGinggRules& rules = a.rules;
  rp::Report r = report_head(rules);
  r.field("exact", true)
      .field("method", "backward induction over (dice left, pips aside, throws made), every set-aside of every throw")
      .line("exact (backward induction over every set-aside of every throw)\n")
      .line("phase 2 (G3): expected dice showing the digit " + number("%.10f", a.hits_per_digit) +
            " per digit; the next player's expected loss is digit x that");
  rp::Table& digits = r.table("phase2",
                              {{.name = "digit", .text = "  digit "},
                               {.name = "expected_hits", .in = rp::kJson},
                               {.name = "expected_damage", .text = "  expected loss ", .text_format = "%.6f"}},
                              rp::kText | rp::kJson);
  for (size_t d = 0; d < a.expected_hits.size(); ++d) {
    const int k = static_cast<int>(d) + 1;
    digits.row({i64(k), a.expected_hits[d], k * a.expected_hits[d]});
  }

  r.line("\nphase 1 (G2): the optimal set-aside policies and, for comparison, keep-from:F (every die >= F,\n"
         "else the highest); values per turn, exact\n"
         "  policy               E[S]      own change  next loss  own+next   P(phase 2)");
  rp::Table& rows = r.table("policies", {{.name = "policy", .text = "  ", .width = 18, .min_gap = 1},
                                         {.name = "expected_sum", .text_format = "%9.6f", .csv_format = "%.12f"},
                                         {.name = "own_change", .text_format = "%12.6f", .csv_format = "%.12f"},
                                         {.name = "next_loss", .text_format = "%11.6f", .csv_format = "%.12f"},
                                         {.name = "own_plus_next", .text_format = "%10.6f", .csv_format = "%.12f"},
                                         {.name = "p_phase2", .text_format = "%11.6f", .csv_format = "%.12f"},
                                         {.name = "p_sum", .in = rp::kJson}});
  for (const PolicyValue& p : a.policies) {
    const TurnValue& v = p.value;
    rows.row({p.name, p.expected_sum, v.own_change, v.next_loss, v.value(Objective::OwnPlusNext), v.p_phase2, v.p_sum});
  }
  const double best_own = a.policies[0].value.own_change;
  const double best_both = a.policies[1].value.value(Objective::OwnPlusNext);
  r.field("optimal_own", best_own)
      .field("optimal_own_plus_next", best_both)
      .line("\noptimal:own maximizes the own change: " + number("%.10f", best_own) +
            "\noptimal:own+next maximizes own change + next loss: " + number("%.10f", best_both));

  r.field("rethrow_worth", a.rethrow_worth);
  std::string worth;
  for (double w : a.rethrow_worth) worth += " " + number("%.4f", w);
  rp::Table& differ = r.table("own_plus_next_departs", {{.name = "aside_dice"}, {.name = "aside_pips"}, {.name = "throw"},
                                                        {.name = "own"}, {.name = "own_plus_next"}},
                              rp::kJson);
  std::string departs;
  for (const Departure& d : a.departures) {
    differ.row({i64(d.aside_dice), i64(d.aside_pips), dice_text(d.thrown), dice_text(d.own), dice_text(d.own_plus_next)});
    departs += "\n  " + std::to_string(d.aside_dice) + " aside (" + std::to_string(d.aside_pips) + "), throw " +
               dice_text(d.thrown) + ": own+next sets aside " + dice_text(d.own_plus_next) + ", own " + dice_text(d.own);
  }
  r.field("situations", a.situations)
      .line("\nthe set-aside rule (exact): set aside the j highest dice (never others), j chosen for the largest\n"
            "  pips set aside + E_r, r = the dice thrown again; E_r for optimal:own, r = 0.." +
            std::to_string(rules.dice - 1) + ":" + worth + "\noptimal:own+next plays the same in all but " +
            std::to_string(a.departures.size()) + " of " + std::to_string(a.situations) +
            " situations (dice aside, pips aside, throw):" + departs);

  rp::Table& thumbs = r.table("rules_of_thumb", {{.name = "policy"}, {.name = "thumb_value"}, {.name = "optimal_value"},
                                                 {.name = "keep_from"}},
                              rp::kJson);
  for (const RuleOfThumb& thumb : a.thumbs) {
    rp::Table by_rethrow{.columns = {{.name = "rethrow"}, {.name = "keep_from_by_aside"}}};
    std::string s = "\nrule of thumb for " + thumb.policy +
                    ": set aside the highest die, then the next ones while each shows at least\n"
                    "the face below (rows: dice thrown again without it; columns: pips aside, this throw's included;\n"
                    "- never); it is worth " + number("%.6f", thumb.thumb_value) + ", " +
                    number("%.6f", thumb.optimal_value - thumb.thumb_value) + " less than the optimum.\n  again\\aside";
    const int hi = (rules.dice - 1) * rules.faces;
    for (int sum = 1; sum <= hi; ++sum) s += number("%3.0f", sum);
    for (int k = 1; k < rules.dice; ++k) {
      s += "\n" + number("%12.0f", k);
      rp::Table faces{.columns = {{.name = "aside"}, {.name = "keep_from"}}, .keyed = true, .json = rp::Table::Values};
      for (int sum = 1; sum <= hi; ++sum) {
        const std::optional<int>& f = thumb.keep_from[static_cast<size_t>(k - 1)][static_cast<size_t>(sum - 1)];
        if (f) faces.row({std::to_string(sum), i64(*f)});
        s += !f ? "   " : *f > rules.faces ? "  -" : number("%3.0f", *f);
      }
      by_rethrow.row({i64(k), faces.nested()});
    }
    thumbs.row({thumb.policy, thumb.thumb_value, thumb.optimal_value, by_rethrow.nested()});
    r.line(s);
  }
  return r;
}

EvaluationAnswer evaluate_answer(const EnGinggRules& rules, const SetAsidePolicy& policy, const EvaluateQuestion& q,
                                 const core::RunControl& control) {
  EvaluationAnswer answer{.rules = rules, .policy = display_name(q.policy), .seed = q.seed, .threads = q.threads,
                          .exact = turn_value(rules, policy), .run = {}, .interrupted = false};
  answer.run = sample_turns(rules, policy, q.turns, q.seed, q.threads, control);
  answer.interrupted = answer.run.interrupted || control.stopped();
  return answer;
}

core::Completion completion(const EvaluationAnswer& a) {
  return {a.interrupted, a.run.tally.turns, a.run.requested, "turns"};
}

rp::Report describe(const EvaluationAnswer& a) {
  const TurnTally& t = a.run.tally;
  const core::Estimate own = t.own_change(), next = t.next_loss(), both = t.own_plus_next();
  const core::Estimate phase2 = core::proportion(t.phase2, t.turns);
  const double n = static_cast<double>(std::max<std::uint64_t>(t.turns, 1));  // per turn played

  rp::Report r = sampled_head(a.rules, a.policy, a.seed, a.threads, a.run, t.turns, a.interrupted, "turns");
  r.line("policy " + a.policy + "  seed " + std::to_string(a.seed) + "  " + std::to_string(t.turns) +
         " turns, Monte Carlo (± 1 SE) next to the exact value");
  // JSON: one object per quantity; CSV: one row per quantity; text: one line per quantity.
  rp::Table& q = r.table("", {{.name = "quantity", .in = rp::kJsonCsv},
                              {.name = "label", .text = "  ", .in = rp::kText},
                              {.name = "mean", .text_format = "%9.4f", .text_se_format = "%.4f", .se_name = "stderr"},
                              {.name = "exact", .text = "   exact ", .text_format = "%.6f", .csv_format = "%.10f"},
                              {.name = "distance", .text = "  (", .in = rp::kText}});
  q.keyed = true;
  const auto quantity = [&](const char* key, const char* label, const core::Estimate& e, double x) {
    q.row({key, label, e, x, core::se_distance(e.mean, e.se, x) + " SE)"});
  };
  quantity("own_change", "own balance change   ", own, a.exact.own_change);
  quantity("next_loss", "next player's loss   ", next, a.exact.next_loss);
  quantity("own_plus_next", "own change + next loss", both, a.exact.value(Objective::OwnPlusNext));
  quantity("p_phase2", "P(phase 2)           ", phase2, a.exact.p_phase2);
  r.field("throws_per_turn", static_cast<double>(t.throws) / n);
  return r;
}

TournamentAnswer tournament_answer(const EnGinggRules& rules, const Seating& seating, const TournamentQuestion& q,
                                   const core::RunControl& control) {
  TournamentAnswer answer{.rules = rules, .seats = seating.names, .seed = q.seed, .threads = q.threads, .run = {},
                          .interrupted = false};
  answer.run = play_games(rules, seating.seats, q.games, q.seed, q.threads, control);
  answer.interrupted = answer.run.interrupted || control.stopped();
  return answer;
}

core::Completion completion(const TournamentAnswer& a) {
  return {a.interrupted, a.run.tally.games, a.run.requested, "games"};
}

rp::Report describe(const TournamentAnswer& a) {
  const GameTally& t = a.run.tally;
  const core::Estimate length = t.length();
  const double throws_per_game = t.games ? static_cast<double>(t.throws) / static_cast<double>(t.games) : 0.0;
  rp::Report r = sampled_head(a.rules, a.seats, a.seed, a.threads, a.run, t.games, a.interrupted, "games");
  r.field("mean_turns", length).field("throws_per_game", throws_per_game);
  r.line("tournament: " + std::to_string(t.games) + " games, seed " + std::to_string(a.seed) +
         ", seat 1 begins, Monte Carlo (± 1 SE)");
  rp::Table& seats = r.table("seats", {{.name = "seat", .text = "  seat "},
                                       {.name = "policy", .text = "  ", .width = 18, .min_gap = 1},
                                       {.name = "games", .in = rp::kCsv},
                                       {.name = "losses", .in = rp::kJsonCsv},
                                       {.name = "p_lose", .text = "P(losing) ", .se_name = "stderr"}});
  for (int k = 0; k < a.rules.players; ++k) {
    const auto s = static_cast<size_t>(k);
    seats.row({k + 1, a.seats[s], t.games, t.losses[s], t.p_lose(k)});
  }
  r.line("game length: " + rp::plus_minus(length, "%.2f") + " turns, " + number("%.1f", throws_per_game) +
         " throws per game");
  return r;
}

Advice advise(const EnGinggRules& rules, Objective objective, const DiceCounts& thrown, const DiceCounts& aside,
              int throws, std::size_t top) {
  const Phase1State state{dice_in(thrown), pips(aside), throws};
  return {.rules = rules,
          .objective = objective,
          .thrown = thrown,
          .aside = aside,
          .throws = throws,
          .ranked = Phase1Solution(rules, objective).rank(state, thrown),
          .top = top};
}

Advice advise(const EnGinggRules& rules, const AdviceQuestion& q) {
  // Without --dice, --throw FACES gives the dice just thrown.
  if (!q.dice && !q.throw_)
    throw core::InputError("advise --game en-gingg needs --dice FACES, e.g. --dice 6,6,5,3,2,1");
  const bool dice_as_throw = !q.dice;
  const std::string dice_key = dice_as_throw ? "--throw" : "--dice";
  const DiceCounts thrown =
      counts_of(core::parse_dice_text(dice_as_throw ? *q.throw_ : *q.dice, dice_key, rules.faces), rules.faces);
  const DiceCounts aside = counts_of(core::parse_dice_text(q.aside, "--aside", rules.faces), rules.faces);
  const int left = dice_in(thrown), done = dice_in(aside);
  if (left == 0 || left + done != rules.dice)
    throw core::InputError(dice_key + " has " + std::to_string(left) + " dice and --aside " + std::to_string(done) +
                           "; together they must be the " + std::to_string(rules.dice) + " dice, at least one thrown");
  const bool throw_given = q.throw_ && !dice_as_throw;
  if (throw_given && q.throws) throw core::InputError("give one of --throw and --throws, not both");
  const int lo = done > 0 ? 1 : 0, hi = std::min(done, rules.max_throws - 1);  // throws before this one
  const auto range = [&](int shift) {
    return "is out of range; valid: " + std::to_string(lo + shift) + ".." + std::to_string(hi + shift) + " with " +
           std::to_string(done) + " dice aside";
  };
  int throws = lo;
  if (throw_given) {
    const int n = core::parse_int(*q.throw_, "--throw", "advise", 1, kMaxDice);
    if (n - 1 < lo || n - 1 > hi) throw core::InputError("--throw " + std::to_string(n) + " " + range(1));
    throws = n - 1;
  } else if (q.throws) {
    throws = *q.throws;
    if (throws < lo || throws > hi) throw core::InputError("--throws " + std::to_string(throws) + " " + range(0));
  }
  return advise(rules, parse_objective(q.objective), thrown, aside, throws, q.top);
}

rp::Report describe(const Advice& a) {
  const bool own = a.objective == Objective::Own;
  const std::string objective_name = objective_names()[static_cast<size_t>(a.objective)];
  rp::Report r = report_head(a.rules);
  std::vector<core::RankedChoice> said;
  for (const auto& choice : a.ranked) said.push_back({"set aside " + dice_text(choice.aside), choice.value});
  r.headline(core::advice_headline(
      said, own ? "expected change of your balance" : "expected change of your balance plus the next player's loss", false,
      "exact"));
  r.field("exact", true)
      .field("objective", objective_name)
      .field("dice", dice_text(a.thrown))
      .field("aside", dice_text(a.aside))
      .field("throw", a.throws + 1)
      .field("legal_set_asides", a.ranked.size());
  r.line("throw " + dice_text(a.thrown) + ", aside " + dice_text(a.aside) + " (" + std::to_string(pips(a.aside)) +
         "), objective " + objective_name + ": " + std::to_string(a.ranked.size()) +
         " legal set-asides, exact values (expected " +
         (own ? "change of the own balance" : "own change + the next player's loss") + ")");
  // The text writes the rank as "%4.0f." and the loss only below the best: text-only columns.
  rp::Table& rows = r.table("ranking", {{.name = "rank", .in = rp::kJsonCsv},
                                        {.name = "rank_text", .in = rp::kText},
                                        {.name = "set_aside", .text = ". set aside ", .width = 12, .min_gap = 1},
                                        {.name = "value", .text_format = "%+.6f", .csv_format = "%.10f"},
                                        {.name = "loss_against_best", .csv_format = "%.10f", .in = rp::kJsonCsv},
                                        {.name = "loss_text", .in = rp::kText}});
  const size_t top = std::min(a.ranked.size(), a.top);
  for (size_t k = 0; k < top; ++k) {
    const double loss = a.ranked.front().value - a.ranked[k].value;
    rows.row({k + 1, number("%4.0f", static_cast<double>(k + 1)), dice_text(a.ranked[k].aside), a.ranked[k].value, loss,
              k > 0 ? "   (" + number("%.6f", -loss) + ")" : std::string()});
  }
  return r;
}

}  // namespace verflixt::en_gingg
