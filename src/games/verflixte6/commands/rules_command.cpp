// `verflixt rules`: prints a complete ruleset as a commented INI file. With --rules FILE it
// validates that file (and prints it normalized), so print → read → print is checkable.
#include <sstream>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "games/verflixte6/commands/command.h"
#include "games/verflixte6/commands/api.h"
#include "games/verflixte6/commands/rules_options.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

using namespace verflixt::verflixte6;

int rules_command(int argc, const char* const* argv) {
  core::Option output = core::file_option("output", "write to this file instead of stdout");
  output.short_name = 'o';
  core::Option format_option = core::word_option("format", "ini", "ini (the commented INI file) or json (the same INI text, with the jokers described)");
  format_option.choices = rules_formats();
  po::variables_map vm;
  if (!parse(argc, argv, "rules options", rules_options() + core::OptionTable{output, format_option},
                  "usage: verflixt rules [--preset NAME] [--rules FILE] [--set key=value ...]\n"
                  "Prints every rule parameter of docs/rules/verflixte6.md as a commented INI file that\n"
                  "--rules FILE reads back on any command.",
                  vm))
    return 0;
  const std::vector<std::string>& formats = rules_formats();
  const size_t format = core::choose_name(vm["format"].as<std::string>(), formats, "--format");
  const Rules rules = rules_from(vm);
  emit(vm, format == 0 ? rules_to_ini(rules) : rules_json(rules));
  return 0;
}

AnswerResult rules_values(const core::OptionValues& values) {
  return answer_values(values, {"rules", "rules options", rules_options(), rules_formats(), "", false,
                                [](const po::variables_map& vm) { return AnswerResult{rules_report(rules_from(vm))}; }});
}

}  // namespace verflixt::cli
