// `kibitz othello match FIRST SECOND`: an Othello match between Kibitz configurations in
// process and external GTP engines, in game pairs from random openings.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.h"
#include "app/interrupt.h"
#include "match/othello_match.h"
#include "match/othello_state.h"

using namespace kibitz;

void register_othello_match(CLI::App& othello) {
    struct Args {
        std::string first, second;
        match::OthelloMatchOptions options;
        std::vector<double> sprt;
        std::string openings;
        std::string state;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = othello.add_subcommand(
        "match",
        "Play an Othello match: Kibitz configurations, GTP engines (gtp-rhino, Edax) and NBoard "
        "engines (ntest)");
    cmd->footer(
        "Players: "
        "kibitz[:level=1-6,depth=N,movetime=MS,eval=discs|table|mobility|patterns,"
        "patterns=FILE,probcut=on|off|DEVIATIONS,solve=EMPTIES,hash=MB,name=NAME] (level: the web "
        "app's level, options after it change it; patterns: weights that `othello pattern-fit "
        "fit --out FILE` wrote, instead of the built-in ones), gtp:COMMAND (e.g. 'gtp:gtp-rhino -l "
        "3') or "
        "nboard[:depth=N,name=NAME]:COMMAND (e.g. 'nboard:depth=12:ntest-nboard').\n"
        "Each opening is played twice, colours swapped; a game's score is the final disc "
        "difference with the empties to the winner. Each side's thinking time a move is shown "
        "on the clock and in CPU.");
    cmd->add_option("first", a->first, "First player")->required();
    cmd->add_option("second", a->second, "Second player")->required();
    cmd->add_option("--pairs", a->options.pairs, "Game pairs")->check(CLI::Range(1, 100000));
    cmd->add_option("--opening-plies", a->options.opening_plies, "Random moves of each opening")
        ->capture_default_str()
        ->check(CLI::Range(0, 20));
    cmd->add_option("--seed", a->options.seed, "Random seed of the openings");
    cmd->add_option("--openings", a->openings,
                    "Openings file, one a line as moves from the start ('f5d6c3d3c4f4c5b3', "
                    "the XOT form), used in order instead of random openings");
    cmd->add_option("--sprt", a->sprt, "Stop when SPRT decides between ELO0 and ELO1")->expected(2);
    cmd->add_option("--state", a->state,
                    "State file: saved after every pair; a match run again with it resumes "
                    "where it stopped (same players and openings; --pairs may grow)");
    cmd->callback([a] {
        if (!a->openings.empty()) {
            auto openings = match::read_othello_openings(a->openings);
            if (!openings) throw std::runtime_error(openings.error());
            a->options.openings = std::move(*openings);
        }
        auto first = match::make_othello_player(a->first);
        if (!first) throw std::runtime_error("first player: " + first.error());
        auto second = match::make_othello_player(a->second);
        if (!second) throw std::runtime_error("second player: " + second.error());
        match::SprtParams sprt;
        if (!a->sprt.empty()) {
            sprt.elo0 = a->sprt[0];
            sprt.elo1 = a->sprt[1];
            a->options.sprt = &sprt;
        }
        if (!a->state.empty()) {
            const auto fingerprint =
                match::othello_match_fingerprint(a->first, a->second, a->options, a->openings);
            auto done = match::read_othello_state(a->state, fingerprint);
            if (!done) throw std::runtime_error(done.error());
            a->options.done = std::move(*done);
            a->options.on_pair = [file = a->state, fingerprint](const auto& games) {
                return match::write_othello_state(file, fingerprint, games);
            };
        }
        const StopOnInterrupt interrupt;
        match::play_othello_match(**first, **second, a->options, std::cout, &interrupt.flag());
    });
}
