// kibitz pgn: read PGN files, report malformed games, optionally re-export the good ones.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "chess/pgn.h"
#include "core/timer.h"

using namespace kibitz;

namespace {

struct PgnArgs {
    std::vector<std::string> files;
    std::string out;
};

// Counts the moves of a game, variations included.
long count_moves(const std::vector<chess::PgnMove>& moves) {
    long n = 0;
    for (const auto& m : moves) {
        ++n;
        for (const auto& v : m.variations) n += count_moves(v);
    }
    return n;
}

int run_pgn(const PgnArgs& a) {
    std::ofstream out;
    if (!a.out.empty()) {
        out.open(a.out, std::ios::binary);
        if (!out) {
            std::fprintf(stderr, "kibitz pgn: cannot write %s\n", a.out.c_str());
            return 2;
        }
    }
    core::Stopwatch clock;
    long games = 0, malformed = 0, moves = 0;
    bool first_out = true;
    for (const auto& file : a.files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "kibitz pgn: cannot read %s\n", file.c_str());
            return 2;
        }
        chess::PgnReader reader(in);
        while (auto game = reader.next()) {
            ++games;
            if (!*game) {
                ++malformed;
                const auto& e = reader.last_error();
                std::printf("%s:%d: game %d: %s\n", file.c_str(), e.line, reader.games(),
                            e.reason.c_str());
                continue;
            }
            moves += count_moves((*game)->moves);
            if (out.is_open()) {
                if (!first_out) out << '\n';
                out << chess::write_pgn(**game);
                first_out = false;
            }
        }
    }
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
