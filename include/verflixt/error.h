#pragma once
// Bad input from a user (command line, rules or policy file). The CLI turns it into one
// line on stderr and exit code 2; library code throws it and never prints.
#include <stdexcept>
#include <string>

namespace verflixt {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace verflixt
