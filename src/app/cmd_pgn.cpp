// kibitz pgn: read PGN files, report malformed games, optionally re-export the good ones.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "chess/pgn.h"
#include "core/files.h"
#include "core/timer.h"

using namespace kibitz;

namespace {

struct PgnArgs {
    std::vector<std::string> files;
    std::string out;
};

// Counts the moves of a game, variations included (the reader bounds the nesting).
long count_moves(const std::vector<chess::PgnMove>& moves) {
    long n = 0;
    for (const auto& m : moves) {
        ++n;
        for (const auto& v : m.variations) n += count_moves(v);
    }
    return n;
}

// Prints "kibitz pgn: <what>" and returns the exit status 2 (bad input or output).
int failure(const std::string& what) {
    std::fprintf(stderr, "kibitz pgn: %s\n", what.c_str());
    return 2;
}

int run_pgn(const PgnArgs& a) {
    // 1. The output goes to a temporary file that replaces --out at the end, so nothing is
    //    lost on an error; still, an input given as the output is surely a slip.
    core::AtomicFile out;
    if (!a.out.empty()) {
        for (const auto& file : a.files)
            if (core::same_file(file, a.out))
                return failure("--out '" + a.out + "' is the input file '" + file +
                               "': write the games to another file");
        if (const auto s = out.open(a.out); !s) return failure(s.error());
    }
    // 2. The games of every file, the good ones written as they come.
    core::Stopwatch clock;
    long games = 0, malformed = 0, moves = 0;
    bool first_out = true;
    for (const auto& file : a.files) {
        std::ifstream in;
        if (const auto s = core::open_input(in, file, "PGN file"); !s) return failure(s.error());
        chess::PgnReader reader(in);
        while (auto game = reader.next()) {
            ++games;
            if (!*game) {
                if (reader.stopped()) break;  // reported below
                ++malformed;
                const auto& e = reader.last_error();
                std::printf("%s:%d: game %d: %s\n", file.c_str(), e.line, reader.games(),
                            e.reason.c_str());
                continue;
            }
            moves += count_moves((*game)->moves);
            if (out.is_open()) {
                std::string text = first_out ? "" : "\n";
                text += chess::write_pgn(**game);
                if (const auto s = out.write(text); !s) return failure(s.error());
                first_out = false;
            }
        }
        if (reader.stopped()) {
            const auto& e = reader.last_error();
            return failure(file + ":" + std::to_string(e.line) + ": " + e.reason +
                           (a.out.empty() ? "" : " ('" + a.out + "' is left as it was)"));
        }
    }
    // 3. The output replaces --out only now, every write checked.
    if (out.is_open())
        if (const auto s = out.commit(); !s) return failure(s.error());
    std::printf("games read %ld, malformed %ld, moves %ld, time %.3f s\n", games, malformed, moves,
                clock.elapsed_ns() / 1e9);
    return malformed ? 1 : 0;
}

}  // namespace

void register_pgn(CLI::App& app) {
    auto args = std::make_shared<PgnArgs>();
    auto* cmd = app.add_subcommand("pgn", "Read PGN files: report malformed games, re-export");
    cmd->add_option("files", args->files, "PGN files to read")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", args->out, "Write every well-formed game here (PGN export format)");
    cmd->callback([args] {
        const int rc = run_pgn(*args);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}
