#pragma once
// A command's own options bound to the fields of the library's question they fill: each
// option is declared once, beside its field, and the question is read from the parsed options
// without a line per option (after LLVM's cl::opt with a storage location). The option table
// a form gives (form_options) is the command's, so --help, the manual page, the completion and
// the page's request keys are the form's too. Private to the executable.
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

template <class Q>
struct Field {
  core::Option option;
  std::function<void(Q&, const po::variables_map&)> read;
};
template <class Q>
using Form = std::vector<Field<Q>>;

namespace form_detail {
template <class T>
struct Optional {
  using type = void;
};
template <class T>
struct Optional<std::optional<T>> {
  using type = T;
};
}  // namespace form_detail

// `option` read into q.*member. A plain field takes the option's value, its default included;
// an optional field and a list are set only where the option was given, and keep the
// question's own default otherwise.
template <class Q, class T>
Field<Q> field(core::Option option, T Q::*member) {
  std::string name = option.name;
  return {std::move(option), [name = std::move(name), member](Q& q, const po::variables_map& vm) {
            const bool given = vm.count(name) && !vm[name].defaulted();
            using Inner = typename form_detail::Optional<T>::type;
            if constexpr (!std::is_void_v<Inner>) {
              if (given) q.*member = vm[name].template as<Inner>();
            } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
              if (given) q.*member = vm[name].template as<T>();
            } else {
              q.*member = vm[name].template as<T>();
            }
          }};
}

// An option the command reads itself, no field of its question (a file the answer is written to).
template <class Q>
Field<Q> unbound(core::Option option) {
  return {std::move(option), {}};
}

// A --threads option read into q.threads as threads_from reads it (checked, capped).
template <class Q>
Field<Q> threads_field(core::Option option) {
  return {std::move(option), [](Q& q, const po::variables_map& vm) { q.threads = threads_from(vm); }};
}

// --seed and --threads (sampling_options) read into q.seed and q.threads.
template <class Q>
Form<Q> sampling_fields(const std::vector<std::string>& idle_with = {}) {
  const core::OptionTable options = sampling_options(idle_with);
  return {field(options[0], &Q::seed), threads_field<Q>(options[1])};
}

// `form` with `more` appended.
template <class Q>
Form<Q> operator+(Form<Q> form, const Form<Q>& more) {
  form.insert(form.end(), more.begin(), more.end());
  return form;
}

// The form's options, in its order.
template <class Q>
core::OptionTable form_options(const Form<Q>& form) {
  core::OptionTable table;
  for (const Field<Q>& f : form) table.push_back(f.option);
  return table;
}

// The question the parsed options ask, over `q`'s defaults, its fields read in the form's order.
template <class Q>
Q question_of(const Form<Q>& form, const po::variables_map& vm, Q q = {}) {
  for (const Field<Q>& f : form)
    if (f.read) f.read(q, vm);
  return q;
}

}  // namespace verflixt::cli
