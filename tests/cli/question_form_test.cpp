// A question read through its form (cli/question_form.h): a plain field takes the option's
// value or default, an optional field and a list only what was given, --threads as
// threads_from reads it, and the form's options are the command's table in its order.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/question_form.h"

namespace verflixt::cli {
namespace {

struct Question {
  int from = -1;
  std::optional<std::string> jokers = std::string("the question's own");
  std::vector<std::string> seat = {"kept"};
  bool exact = false;
  std::uint64_t seed = 0;
  int threads = 0;
};

Form<Question> form() {
  using Q = Question;
  return Form<Q>{field(core::integer_option("from", 10, 0, 40, "lowest"), &Q::from),
                 field(core::word_option("jokers", "none", "a loadout"), &Q::jokers),
                 field(core::words_option("seat", "a seat"), &Q::seat),
                 field(core::switch_option("exact", "exactly"), &Q::exact),
                 unbound<Q>(core::file_option("write", "a file the command writes"))} +
         sampling_fields<Q>();
}

Question asked(std::vector<std::string> args) {
  args.insert(args.begin(), "ask");
  po::variables_map vm;
  parse_request(args, form_options(form()), vm);
  return question_of(form(), vm);
}

TEST(QuestionForm, TheFormsOptionsAreTheCommandsInItsOrder) {
  std::vector<std::string> names;
  for (const auto& o : form_options(form())) names.push_back(o.name);
  EXPECT_EQ(names, (std::vector<std::string>{"from", "jokers", "seat", "exact", "write", "seed", "threads"}));
}

TEST(QuestionForm, DefaultsFillPlainFieldsAndLeaveTheRestAsTheQuestionHasThem) {
  const Question q = asked({});
  EXPECT_EQ(q.from, 10);                       // the option's default
  EXPECT_EQ(q.jokers, "the question's own");   // not given: the option's default is no answer
  EXPECT_EQ(q.seat, std::vector<std::string>{"kept"});
  EXPECT_FALSE(q.exact);
  EXPECT_EQ(q.seed, 1u);
  EXPECT_GE(q.threads, 1);
}

TEST(QuestionForm, GivenOptionsFillTheirFields) {
  const Question q = asked({"--from", "17", "--jokers", "pony", "--seat", "a", "--seat", "b", "--exact", "--seed", "9",
                            "--threads", "3", "--write", "x.ini"});
  EXPECT_EQ(q.from, 17);
  EXPECT_EQ(q.jokers, "pony");
  EXPECT_EQ(q.seat, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(q.exact);
  EXPECT_EQ(q.seed, 9u);
  EXPECT_EQ(q.threads, 3);
}

}  // namespace
}  // namespace verflixt::cli
