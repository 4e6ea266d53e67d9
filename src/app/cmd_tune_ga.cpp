// `kibitz tune ga` (placeholder until the tuner lands in this same change).
#include <CLI/CLI.hpp>

#include "app/commands.h"

void register_tune_ga(CLI::App& tune) { (void)tune; }
