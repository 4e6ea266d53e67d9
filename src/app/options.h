// Helpers shared by the subcommands' option handling.
#pragma once

#include <string>

#include "eval/weights.h"

namespace CLI {
class App;
}

// The command as typed, rebuilt from what CLI11 parsed, for reports: program, then positional
// values, then "--name value" for each option given ("--name" alone for flags). Values with
// blanks are quoted; repeated values are joined by commas.
std::string command_line(const std::string& program, const CLI::App& cmd);

// The weights file at path (JSON or text form); throws std::runtime_error naming the file.
kibitz::eval::Weights load_weights_or_throw(const std::string& path);
