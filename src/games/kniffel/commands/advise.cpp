// `verflixt advise --game kniffel`: every choice of a situation ranked by the exact expected
// points still to come under optimal play afterwards.
#include <algorithm>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_answer.h"
#include "cli/game_command.h"
#include "games/kniffel/commands/commands.h"
#include "games/kniffel/commands/shared.h"
#include "games/kniffel/commands/solution_cache.h"
#include "verflixt/core/dice_text.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"
#include "verflixt/games/kniffel/answers.h"
#include "verflixt/games/kniffel/solver.h"

namespace verflixt::cli {

using namespace kniffel_cli;
using namespace verflixt::kniffel;

namespace {

Hand hand_of(const std::string& text) {
  const std::vector<int> faces = core::parse_dice_text(text, "--dice");
  if (faces.size() != kDice)
    throw core::InputError("--dice needs 5 dice, not " + std::to_string(faces.size()) + " (e.g. --dice \"6 6 3 2 1\")");
  Hand h{};
  for (int f : faces) ++h[static_cast<std::size_t>(f - 1)];
  return h;
}

// The sheet of --open, --upper and --kniffel-scored, checked to be one a game can reach.
Sheet sheet_of(const po::variables_map& vm, const KniffelRules& r) {
  Sheet s;
  s.filled = (1u << kCategories) - 1;
  const std::string open = vm["open"].as<std::string>();
  if (open == "all") {
    s.filled = 0;
  } else {
    std::string item;
    for (std::size_t at = 0; at <= open.size(); ++at) {
      if (at == open.size() || open[at] == ',') {
        if (!item.empty()) s.filled = static_cast<std::uint16_t>(s.filled & ~(1u << category_of(item)));
        item.clear();
      } else if (open[at] != ' ') {
        item += open[at];
      }
    }
  }
  if (s.done()) throw core::InputError("--open names no category; valid: all, or a comma-separated list of " +
                                       core::join(std::vector<std::string>(category_names().begin(), category_names().end())));
  const int upper = vm["upper"].as<int>();
  if (!reachable_uppers(s.filled & 0x3fu, kMaxUpper)[static_cast<std::size_t>(upper)])
    throw core::InputError("--upper " + std::to_string(upper) + " cannot come from the filled upper categories");
  s.upper = std::min(upper, r.bonus_threshold);
  s.kniffel_scored = vm["kniffel-scored"].as<bool>();
  if (s.kniffel_scored && s.open(Kniffel)) throw core::InputError("--kniffel-scored: the kniffel box is open (--open names it)");
  return s;
}

AnswerGame<KniffelRules> kniffel_advise() {
  const core::OptionTable own = {
      core::asked(core::word_option("dice", "the five dice shown, e.g. \"6 6 3 2 1\" (or 66321, 6,6,3,2,1)")),
      core::asked(core::integer_option("throw", 1, 1, 6, "which throw this is: the throws this turn has had (1..throws)")),
      core::asked(core::word_option("open", "all", "the open categories: all, or e.g. sixes,full-house,chance (or the German boxes: sechser,full-house,chance)"),
                  "Open boxes"),
      core::asked(core::integer_option("upper", 0, 0, kMaxUpper, "the upper total so far (K4)"), "Upper total so far"),
      core::asked(core::switch_option("kniffel-scored", "the kniffel box holds its full score (K5's bonus)"),
                  "The kniffel box is scored")};
  AnswerGame<KniffelRules> g{
      .game = "kniffel", .command = "advise", .options = game_options(), .own = own + cache_options(),
      .usage = "usage: verflixt advise --game kniffel --dice \"6 6 3 2 1\" [--throw 2] [--open all|LIST] [--upper N]\n"
               "Ranks every keep (with throws left) and every category the dice may go in by the exact\n"
               "expected points still to come, this turn's included, under optimal play afterwards."};
  g.rules = game_rules;
  g.answer = [](const po::variables_map& vm, const KniffelRules& r) {
    if (!vm.count("dice")) throw core::InputError("--dice is required (the five dice shown, e.g. --dice \"6 6 3 2 1\")");
    Situation at;
    at.hand = hand_of(vm["dice"].as<std::string>());
    at.throw_no = vm["throw"].as<int>();
    if (at.throw_no > r.throws)
      throw core::InputError("--throw " + std::to_string(at.throw_no) + " is past the turn's " +
                             std::to_string(r.throws) + " throws");
    at.sheet = sheet_of(vm, r);
    at.upper = vm["upper"].as<int>();
    at.open = vm["open"].as<std::string>();
    const CachedSolution s = solution_for(vm, r);
    Advice advice = advise(*s.solution, at);
    advice.preset = vm["preset"].as<std::string>();
    advice.from_cache = s.from_cache;
    return AnswerResult{describe(advice)};
  };
  return g;
}

}  // namespace

core::OptionTable kniffel_advise_options() { return answer_options(kniffel_advise()); }

int kniffel_advise_command(int argc, const char* const* argv) { return answer_command(argc, argv, kniffel_advise()); }

}  // namespace verflixt::cli
