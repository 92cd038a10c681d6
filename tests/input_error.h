#pragma once
// The words of a check: what a library function refuses, as the core::InputError it throws
// says it (the same sentence the command line prints).
#include <functional>
#include <string>

#include "verflixt/core/error.h"

namespace verflixt::testing {

// The message of the InputError `f` throws; "(no InputError)" when it throws none.
inline std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

}  // namespace verflixt::testing
