#include "cli/answer_command.h"

#include <charconv>
#include <type_traits>
#include <variant>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

namespace {

// `value` as the command line gives option `name` (switches: the bare flag when on), so the
// command line's parser checks it. Always --name=value: a value that looks like an option
// stays the value.
void append_words(std::vector<std::string>& args, const core::OptionTable& table, const std::string& name,
                  const core::OptionValue& value) {
  const std::string flag = "--" + name;
  const core::Option* option = nullptr;
  for (const core::Option& o : table)
    if (o.name == name) option = &o;
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          if (option && option->kind == core::Option::Kind::Boolean) {
            args.push_back(flag + (v ? "=true" : "=false"));
          } else if (v) {
            args.push_back(flag);
          }
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          args.push_back(flag + "=" + std::to_string(v));
        } else if constexpr (std::is_same_v<T, double>) {
          char text[32];
          const auto end = std::to_chars(text, text + sizeof text, v).ptr;  // the shortest text that reads back
          args.push_back(flag + "=" + std::string(text, end));
        } else if constexpr (std::is_same_v<T, std::string>) {
          args.push_back(flag + "=" + v);
        } else {
          for (const std::string& word : v) args.push_back(flag + "=" + word);
        }
      },
      value);
}

}  // namespace

int run_answer(int argc, const char* const* argv, const AnswerSpec& spec) {
  po::variables_map vm;
  if (!parse(argc, argv, spec.caption, spec.options + output_options(spec.formats), spec.usage, vm)) return 0;
  const AnswerResult result = spec.answer(vm);
  // Checked by the answer already (format_from), before its run.
  std::string format = spec.formats[core::choose_name(vm["format"].as<std::string>(), spec.formats, "--format")];
  if (spec.table_for_csv && format == "csv") format = "table";
  return finish(vm, format, result.done, result.mark_only && format != "json" ? "" : result.report.render(format));
}

AnswerResult answer_values(const core::OptionValues& values, const AnswerSpec& spec) {
  std::vector<std::string> args = {spec.name};
  for (const auto& [name, value] : values) {
    if (name == "help") throw core::InputError(spec.name + ": help is the command line's (`verflixt " + spec.name + " --help`)");
    append_words(args, spec.options, name, value);
  }
  po::variables_map vm;
  parse_request(args, spec.options + output_options(spec.formats), vm);
  if (vm.count("output")) throw core::InputError(spec.name + ": --output is the command line's: an answer is a value here");
  return spec.answer(vm);
}

}  // namespace verflixt::cli
