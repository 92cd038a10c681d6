#include "cli/answer_command.h"

#include <algorithm>
#include <charconv>
#include <type_traits>
#include <variant>

#include "verflixt/core/error.h"
#include "verflixt/core/json_text.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

std::vector<std::string> option_words(const core::OptionTable& table, const core::OptionValues& values) {
  std::vector<std::string> words;
  for (const auto& [name, value] : values) {
    const std::string flag = "--" + name;
    const auto option = std::find_if(table.begin(), table.end(), [&](const core::Option& o) {
      return o.name == name || std::ranges::find(o.old_names, name) != o.old_names.end();
    });
    // A bool is a switch's on or off. A true/false option reads it, and an option whose check
    // names its valid values (a number, a choice, a policy) refuses it so; a name the table
    // lacks is refused as unknown even when false. An option of free text (a file, a word)
    // would take it as its text: it is refused here. Without a table every bool is a switch.
    using Kind = core::Option::Kind;
    const bool is_switch = option == table.end() ? table.empty() : option->kind == Kind::Switch;
    const bool free_text = option != table.end() && (option->kind == Kind::Word || option->kind == Kind::Words ||
                                                     option->kind == Kind::File || option->kind == Kind::Text);
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, bool>) {
            if (free_text) throw core::InputError(flag + " takes a value, not " + (v ? "true" : "false"));
            if (!is_switch) {
              words.push_back(flag + (v ? "=true" : "=false"));
            } else if (v) {
              words.push_back(flag);
            }
          } else if constexpr (std::is_same_v<T, std::int64_t>) {
            words.push_back(flag + "=" + std::to_string(v));
          } else if constexpr (std::is_same_v<T, double>) {
            char text[32];
            const auto end = std::to_chars(text, text + sizeof text, v).ptr;  // the shortest text that reads back
            words.push_back(flag + "=" + std::string(text, end));
          } else if constexpr (std::is_same_v<T, std::string>) {
            words.push_back(flag + "=" + v);
          } else {
            // A list is an option given again and again (--seat, --set); any other takes one
            // value, and a list of one or of none would pass or vanish unseen.
            if (option != table.end() && option->kind != Kind::Words)
              throw core::InputError(flag + " takes one value, not a list");
            for (const std::string& word : v) words.push_back(flag + "=" + word);
          }
        },
        value);
  }
  return words;
}

int run_answer(int argc, const char* const* argv, const AnswerSpec& spec) {
  po::variables_map vm;
  // Said on stderr as they come, and listed in a JSON answer.
  std::vector<std::string> warnings;
  const WarningScope warned(warnings, true);
  if (!parse(argc, argv, spec.caption, spec.options + output_options(spec.formats), spec.usage, vm)) return 0;
  const AnswerResult result = spec.answer(vm);
  // Checked by the answer already (format_from), before its run.
  const std::string format = spec.formats[core::choose_name(vm["format"].as<std::string>(), spec.formats, "--format")];
  if (format == "json") return finish(vm, format, result.done, core::report::with_warnings(result.report.render_json(), warnings));
  return finish(vm, format, result.done, result.mark_only ? "" : result.report.render(format));
}

AnswerResult answer_values(const core::OptionValues& values, const AnswerSpec& spec) {
  for (const auto& given : values)
    if (given.first == "help")
      throw core::InputError(spec.name + ": help is the command line's (`verflixt " + spec.name + " --help`)");
  std::vector<std::string> args = option_words(spec.options, values);
  args.insert(args.begin(), spec.name);
  po::variables_map vm;
  parse_request(args, spec.options + output_options(spec.formats), vm);
  if (vm.count("output")) throw core::InputError(spec.name + ": --output is the command line's: an answer is a value here");
  return spec.answer(vm);
}

}  // namespace verflixt::cli
