#include "cli/manual.h"

#include <regex>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "verflixt/version.h"

namespace verflixt::cli {
namespace {

// A help text as roff: a no-fill block, backslashes and hyphens escaped, and a line that
// would start with a roff control character guarded.
std::string roff_block(const std::string& text) {
  std::ostringstream out;
  out << ".PP\n.nf\n";
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::string escaped;
    for (const char c : line) {
      if (c == '\\') escaped += "\\e";
      else if (c == '-') escaped += "\\-";
      else escaped += c;
    }
    if (!escaped.empty() && (escaped[0] == '.' || escaped[0] == '\'')) escaped = "\\&" + escaped;
    out << escaped << "\n";
  }
  out << ".fi\n";
  return out.str();
}

std::string roff_text(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '-' ? std::string("\\-") : c == '\\' ? std::string("\\e") : std::string(1, c);
  return out;
}

// A shell word list: "a b c".
std::string words(const std::vector<std::string>& list) {
  std::string s;
  for (const auto& w : list) s += (s.empty() ? "" : " ") + w;
  return s;
}

}  // namespace

std::string help_text(core::CommandFn run, const char* name) {
  std::ostringstream captured;
  const OutputScope into(captured);
  const char* argv[] = {name, "--help", nullptr};
  run(2, argv);
  return captured.str();
}

std::vector<std::string> options_in(const std::string& help) {
  // Boost lists an option as "  --name arg" or "  -h [ --help ]", two spaces in; a wrapped
  // description goes on further in, and may name other options ("--policy policy:FILE reads
  // it"), which are not this command's.
  static const std::regex option(R"(^  (?:-\w \[ )?--([a-z0-9][a-z0-9-]*))");
  std::vector<std::string> found;
  std::set<std::string> seen;
  std::istringstream in(help);
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, option) && seen.insert(m[1]).second) found.push_back("--" + m[1].str());
  return found;
}

std::string man_page(const std::vector<core::Command>& commands) {
  std::ostringstream out;
  out << ".TH VERFLIXT 1 \"\" \"verflixt " << kVersion << "\" \"User Commands\"\n"
      << ".SH NAME\nverflixt \\- strategy lab for push\\-your\\-luck dice games\n"
      << ".SH SYNOPSIS\n.B verflixt\n.I COMMAND\n[\\fIoptions\\fR] [\\fB\\-\\-game\\fR \\fIGAME\\fR]\n.br\n"
      << ".B verflixt help\n.I COMMAND\n"
      << ".SH DESCRIPTION\n"
         "verflixt answers the questions of push\\-your\\-luck dice games: when to stop, which joker "
         "to play, how strong a rule or a joker is. Exact figures come from dynamic programming; "
         "sampled figures come with their standard error, and a seed fixes every result bit for bit "
         "on any number of threads.\n"
         ".PP\nEvery command prints its options with \\fB\\-\\-help\\fR (or \\fBverflixt help\\fR "
         "\\fICOMMAND\\fR). Bad input exits with code 2 and one line naming the valid choices; "
         "Ctrl\\-C prints the completed part and exits with 130.\n"
      << ".SH COMMANDS\n";
  for (const auto& c : commands) {
    out << ".SS " << c.name << "\n" << roff_text(c.summary) << "\n";
    out << roff_block(help_text(c.run, c.name));
  }
  out << ".SH GAMES\nDie verflixte 6 is the default game (\\fB\\-\\-game verflixte6\\fR). The others:\n";
  for (const auto& g : games()) {
    out << ".SS \\-\\-game " << g.name << "\n" << roff_text(g.description) << ". Commands:";
    for (const auto& c : g.commands) out << " \\fB" << c.name << "\\fR";
    out << ".\n";
    for (const auto& c : g.commands) {
      out << ".PP\n\\fBverflixt " << c.name << " \\-\\-game " << g.name << "\\fR\n";
      out << roff_block(help_text(c.run, c.name));
    }
  }
  out << ".SH ENVIRONMENT\n"
         ".TP\n.B VERFLIXT_CACHE_DIR\n"
         "Where solved values are kept between runs (the Zehntausend race, Kniffel's table, ...); "
         "\\fB\\-\\-cache\\fR \\fIDIR\\fR overrides it and \\fB\\-\\-no\\-cache\\fR keeps nothing.\n"
         ".TP\n.B XDG_CACHE_HOME\n"
         "Without VERFLIXT_CACHE_DIR, the cache is \\fI$XDG_CACHE_HOME/verflixt\\fR.\n"
         ".TP\n.B VERFLIXT_TOKEN\n"
         "The token \\fBverflixt serve\\fR asks of API requests (16 to 128 letters, digits, \\-, _), "
         "so that it need not stand on a command line where every user can read it (or "
         "\\fB\\-\\-token\\-file\\fR \\fIFILE\\fR).\n"
         ".TP\n.B OMP_NUM_THREADS\n"
         "The default of \\fB\\-\\-threads\\fR. Results never depend on it.\n"
         ".TP\n.B OMP_WAIT_POLICY\n"
         "verflixt restarts itself with PASSIVE (idle threads sleep instead of spinning) unless it is "
         "set; \\fBbench\\fR reports the policy it ran with.\n"
      << ".SH FILES\n.TP\n.I share/verflixt/strategies/\n"
         "The shipped policies. A policy argument that is not a file in the working directory is "
         "looked up there, by path (\\fIstrategies/heuristic.ini\\fR) or by name (\\fIheuristic\\fR; "
         "\\fIchase\\fR with \\fB\\-\\-game schocken\\fR).\n"
         ".TP\n.I ~/.cache/verflixt/\n"
         "Solved values kept between runs (see ENVIRONMENT); deleting it only costs the time to solve "
         "again.\n"
      << ".SH EXAMPLES\n.nf\n"
         "verflixt solve \\-\\-jokers none\n"
         "verflixt evaluate \\-\\-policy heuristic \\-\\-turns 1000000\n"
         "verflixt advise \\-\\-eyes 18 \\-\\-other 20:p \\-\\-other 12:p\n"
         "verflixt balance \\-\\-players 8 \\-\\-set runkelrueb.face=5\n"
         "verflixt solve \\-\\-game zehntausend\n"
         ".fi\n"
      << ".SH EXIT STATUS\n0 success, 1 internal error, 2 bad input, 130 interrupted.\n";
  return out.str();
}

std::string bash_completion(const std::vector<core::Command>& commands) {
  std::vector<std::string> names = {"help"}, game_names = {games::registry().front().name};
  for (const auto& c : commands) names.emplace_back(c.name);
  for (const auto& g : games()) game_names.emplace_back(g.name);
  std::ostringstream out;
  out << "# bash completion for verflixt " << kVersion << ", written by `verflixt completion bash`\n"
      << "_verflixt() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} game=verflixte6 i opts\n"
      << "  if [ \"$COMP_CWORD\" -eq 1 ] || { [ \"$COMP_CWORD\" -eq 2 ] && [ \"${COMP_WORDS[1]}\" = help ]; }; then\n"
      << "    COMPREPLY=($(compgen -W \"" << words(names) << "\" -- \"$cur\")); return\n  fi\n"
      << "  for ((i = 2; i < COMP_CWORD; i++)); do\n"
      << "    [ \"${COMP_WORDS[i]}\" = --game ] && game=${COMP_WORDS[i+1]}\n  done\n"
      << "  case \"$prev\" in\n"
      << "    --game) COMPREPLY=($(compgen -W \"" << words(game_names) << "\" -- \"$cur\")); return ;;\n"
      << "    --policy|--rules|--output|--write-policy|--field|--field-policy|--strong|--response|--seat)\n"
      << "      COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
      << "  esac\n"
      << "  case \"$game ${COMP_WORDS[1]}\" in\n";
  for (const auto& c : commands)
    out << "    \"verflixte6 " << c.name << "\") opts=\"" << words(options_in(help_text(c.run, c.name)))
        << " --game\" ;;\n";
  for (const auto& g : games())
    for (const auto& c : g.commands)
      out << "    \"" << g.name << " " << c.name << "\") opts=\"" << words(options_in(help_text(c.run, c.name)))
          << " --game\" ;;\n";
  out << "    *) opts=--game ;;\n  esac\n"
      << "  COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      << "}\n"
      << "complete -o default -F _verflixt verflixt\n";
  return out.str();
}

}  // namespace verflixt::cli
