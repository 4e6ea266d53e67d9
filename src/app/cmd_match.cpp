// kibitz match: engine-vs-engine matches and tournaments with cutechess-cli's options (-engine
// cmd=… name=…, -each tc=…, -tournament, -openings file=…, -games, -rounds, -sprt, -draw,
// -resign, -pgnout, …) and -state to resume a stopped run.
//
// CLI11 knows only --long and -s options, so everything after `match` is read here, the way
// cutechess-cli reads it: an option word starting with '-' and its KEY=VALUE or plain values.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "app/commands.h"
#include "app/interrupt.h"
#include "core/strings.h"
#include "dist/dist.h"
#include "match/crosstable.h"
#include "match/match.h"
#include "match/remote.h"

namespace {

using kibitz::match::MatchOptions;

constexpr const char* kUsage =
    "Usage: kibitz match -engine cmd=CMD [name=NAME] [option.X=V] [tc=... st=... depth=N "
    "nodes=N timemargin=MS]\n"
    "                    -engine cmd=CMD ... [-engine ...] [-each KEY=VALUE ...]\n"
    "  [-tournament round-robin|gauntlet] [-games N] [-rounds N] [-repeat]\n"
    "  [-openings file=F format=epd|pgn order=sequential|random plies=N] [-concurrency N]\n"
    "  [-sprt elo0=E elo1=E alpha=A beta=B] (two engines only)\n"
    "  [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP twosided=true]\n"
    "  [-maxmoves N] [-pgnout FILE] [-state FILE] [-recover] [-srand N] [-event NAME]\n"
    "tc: [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1; st: seconds per move.\n"
    "More than two engines play a tournament: round-robin (the default; every two engines\n"
    "meet) or gauntlet (the first engine meets each of the others), -games N games per\n"
    "pairing and round. -state FILE saves the finished games in FILE after every game; the\n"
    "same command again resumes a stopped match or tournament where it stopped.\n";

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "kibitz match: " << message << "\n" << kUsage;
    throw CLI::RuntimeError(2);
}

// One option word and the values that follow it.
struct Group {
    std::string option;
    std::vector<std::string> values;
};

std::vector<Group> group_arguments(const std::vector<std::string>& args) {
    std::vector<Group> groups;
    for (const auto& arg : args) {
        const bool option = arg.size() > 1 && arg[0] == '-' && std::isalpha((unsigned char)arg[1]);
        if (option) {
            groups.push_back({arg.substr(arg[1] == '-' && arg.size() > 2 ? 2 : 1), {}});
            if (groups.back().option[0] == '-') groups.back().option.erase(0, 1);
        } else if (groups.empty()) {
            usage_error("'" + arg + "' is not an option");
        } else {
            groups.back().values.push_back(arg);
        }
    }
    return groups;
}

std::pair<std::string, std::string> key_value(const std::string& option, const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        usage_error("-" + option + ": '" + text + "' is not KEY=VALUE");
    return {text.substr(0, eq), text.substr(eq + 1)};
}

template <class Int>
Int number(const std::string& option, const std::string& text, Int min) {
    const auto n = kibitz::core::parse_int<Int>(text);
    if (!n || *n < min) usage_error("-" + option + ": '" + text + "' is not a valid number");
    return *n;
}

double real(const std::string& option, const std::string& text) {
    try {
        std::size_t used = 0;
        const double d = std::stod(text, &used);
        if (used == text.size()) return d;
    } catch (const std::exception&) {
    }
    usage_error("-" + option + ": '" + text + "' is not a number");
}

bool boolean(const std::string& option, const std::string& text) {
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    usage_error("-" + option + ": '" + text + "' is not true or false");
}

// Applies one engine setting (from -engine or -each) to config.
void apply_engine_setting(const std::string& option, const std::string& text,
                          kibitz::match::EngineConfig& config) {
    const auto [key, value] = key_value(option, text);
    if (key == "cmd") {
        config.command = value == "self" ? std::string("/proc/self/exe") : value;
    } else if (key == "name") {
        config.name = value;
    } else if (key == "proto") {
        if (!kibitz::match::make_player(value))
            usage_error("-" + option + ": proto is uci or xboard, not '" + value + "'");
        config.protocol = value;
    } else if (kibitz::core::starts_with(key, "option.")) {
        config.options.emplace_back(key.substr(7), value);
    } else {
        const auto applied = kibitz::match::apply_limit(key, value, config.tc);
        if (!applied) usage_error("-" + option + ": " + applied.error());
        if (!*applied) usage_error("-" + option + ": unknown setting '" + key + "'");
    }
}

void run(const std::vector<std::string>& args) {
    MatchOptions options;
    std::vector<std::vector<std::string>> engines;
    std::vector<std::string> each;
    std::string openings_file, openings_format = "epd";
    int openings_plies = 0;

    // 1. Options, cutechess-cli style.
    for (const auto& [option, values] : group_arguments(args)) {
        const auto one = [&, &option = option, &values = values]() -> const std::string& {
            if (values.size() != 1) usage_error("-" + option + " takes one value");
            return values[0];
        };
        if (option == "help" || option == "h") {
            std::cout << kUsage;
            return;
        } else if (option == "engine") {
            engines.push_back(values);
        } else if (option == "each") {
            each.insert(each.end(), values.begin(), values.end());
        } else if (option == "openings") {
            for (const auto& v : values) {
                const auto [key, value] = key_value(option, v);
                if (key == "file")
                    openings_file = value;
                else if (key == "format")
                    openings_format = value;
                else if (key == "order") {
                    if (value != "random" && value != "sequential")
                        usage_error("-openings: order is random or sequential");
                    options.random_order = value == "random";
                } else if (key == "plies")
                    openings_plies = number(option, value, 0);
                else if (key != "policy" && key != "start")
                    usage_error("-openings: unknown setting '" + key + "'");
            }
        } else if (option == "games") {
            options.games = number(option, one(), 1);
        } else if (option == "rounds") {
            options.rounds = number(option, one(), 1);
        } else if (option == "repeat") {
            options.repeat = true;
        } else if (option == "recover") {
            options.recover = true;
        } else if (option == "concurrency") {
            options.concurrency = number(option, one(), 1);
        } else if (option == "maxmoves") {
            options.maxmoves = number(option, one(), 1);
        } else if (option == "srand") {
            options.srand = number<std::uint64_t>(option, one(), 0);
        } else if (option == "pgnout") {
            if (values.empty()) usage_error("-pgnout needs a file");
            options.pgnout = values[0];
        } else if (option == "event") {
            options.event = one();
        } else if (option == "sprt") {
            kibitz::match::SprtParams p;
            for (const auto& v : values) {
                const auto [key, value] = key_value(option, v);
                if (key == "elo0")
                    p.elo0 = real(option, value);
                else if (key == "elo1")
                    p.elo1 = real(option, value);
                else if (key == "alpha")
                    p.alpha = real(option, value);
                else if (key == "beta")
                    p.beta = real(option, value);
                else
                    usage_error("-sprt: unknown setting '" + key + "'");
            }
            options.sprt = p;
        } else if (option == "draw") {
            options.draw.enabled = true;
            for (const auto& v : values) {
                const auto [key, value] = key_value(option, v);
                if (key == "movenumber")
                    options.draw.movenumber = number(option, value, 0);
                else if (key == "movecount")
                    options.draw.movecount = number(option, value, 1);
                else if (key == "score")
                    options.draw.score_cp = number(option, value, 0);
                else
                    usage_error("-draw: unknown setting '" + key + "'");
            }
        } else if (option == "resign") {
            options.resign.enabled = true;
            for (const auto& v : values) {
                const auto [key, value] = key_value(option, v);
                if (key == "movecount")
                    options.resign.movecount = number(option, value, 1);
                else if (key == "score")
                    options.resign.score_cp = number(option, value, 0);
                else if (key == "twosided")
                    options.resign.twosided = boolean(option, value);
                else
                    usage_error("-resign: unknown setting '" + key + "'");
            }
        } else if (option == "tournament") {
            if (one() != "round-robin" && one() != "gauntlet")
                usage_error("-tournament: round-robin or gauntlet, not '" + one() + "'");
            options.tournament = one() == "gauntlet" ? kibitz::match::Tournament::kGauntlet
                                                     : kibitz::match::Tournament::kRoundRobin;
        } else if (option == "state") {
            options.state_file = one();
        } else {
            usage_error("unknown option -" + option);
        }
    }

    // 2. The engines: -each first, then their own settings.
    if (engines.size() < 2) usage_error("two -engine options are needed");
    if (engines.size() > 2 && options.sprt)
        usage_error("-sprt needs exactly two engines, not " + std::to_string(engines.size()));
    options.engines.resize(engines.size());
    for (std::size_t i = 0; i < engines.size(); ++i) {
        auto& c = options.engines[i];
        for (const auto& v : each) apply_engine_setting("each", v, c);
        for (const auto& v : engines[i]) apply_engine_setting("engine", v, c);
        if (c.command.empty()) usage_error("-engine needs cmd=COMMAND");
        if (!c.tc.clock && !c.tc.movetime_ms && !c.tc.depth && !c.tc.nodes)
            usage_error("no limit for engine " + c.command + ": give tc=, st=, depth= or nodes=");
    }
    if (!openings_file.empty()) {
        auto openings =
            kibitz::match::load_openings(openings_file, openings_format, openings_plies);
        if (!openings) usage_error(openings.error());
        if (openings->empty()) usage_error("no openings in '" + openings_file + "'");
        options.openings = std::move(*openings);
        options.openings_file = openings_file;
        options.openings_format = openings_format;
        options.openings_plies = openings_plies;
    }

    // 3. The match; Ctrl-C lets the running games finish. Under mpirun or srun, rank 0 runs it
    //    and the other ranks play its games, each -concurrency at once.
    const kibitz::dist::Session mpi;
    if (kibitz::dist::worker()) {
        kibitz::dist::serve(options.concurrency, kibitz::match::game_handler);
        return;
    }
    std::optional<StopOnInterrupt> interrupt(std::in_place);
    const auto result = kibitz::match::run_match(options, std::cout, &interrupt->flag());
    const bool interrupted = interrupt->stopped();
    interrupt.reset();
    if (result.setup_failed) {
        std::cerr << "kibitz match: " << result.error << '\n';
        throw CLI::RuntimeError(1);
    }
    if (interrupted) std::cout << "Interrupted: no more games started\n";
    if (result.names.size() > 2)
        std::cout << kibitz::match::crosstable(result.names, result.games,
                                               kibitz::match::anchor_of(options));
    else
        std::cout << kibitz::match::result_block(result.first_name, result.second_name,
                                                 result.tally,
                                                 options.sprt ? &*options.sprt : nullptr);
    std::cout << "Finished match" << std::endl;
    if (!result.error.empty()) {
        std::cerr << "kibitz match: " << result.error << '\n';
        throw CLI::RuntimeError(1);
    }
}

}  // namespace

void register_match(CLI::App& app) {
    auto* cmd = app.add_subcommand("match",
                                   "Play a match or tournament between UCI engines (cutechess-cli "
                                   "options: -engine cmd=... -each tc=... -games ...)");
    cmd->prefix_command();  // every argument reaches run() untouched
    cmd->set_help_flag();   // -help is ours
    cmd->callback([cmd] { run(cmd->remaining()); });
}
