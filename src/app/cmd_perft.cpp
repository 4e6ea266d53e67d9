// kibitz perft: move-generator counts and speed, for one position or a whole suite.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "app/commands.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "core/timer.h"

using namespace kibitz;

namespace {

struct PerftArgs {
    int depth = 0;
    std::string fen{chess::kStartFen};
    bool divide = false;
    bool chess960 = false;
    std::string suite;
    int max_depth = 99;
};

void print_rate(std::uint64_t nodes, std::int64_t ns) {
    std::printf("Nodes: %llu\nTime: %.3f s\nNPS: %llu\n", (unsigned long long)nodes, ns / 1e9,
                (unsigned long long)core::per_second(nodes, ns));
}

int run_one(const PerftArgs& a) {
    auto pos = chess::Position::from_fen(a.fen, a.chess960);
    if (!pos) {
        std::fprintf(stderr, "kibitz perft: %s\n", pos.error().c_str());
        return 2;
    }
    core::Stopwatch clock;
    std::uint64_t nodes = 0;
    if (a.divide && a.depth >= 1) {
        for (const auto& [move, count] : chess::perft_divide(*pos, a.depth)) {
            std::printf("%s: %llu\n", chess::move_to_uci(*pos, move).c_str(),
                        (unsigned long long)count);
            nodes += count;
        }
        std::printf("\n");
    } else {
        nodes = chess::perft(*pos, a.depth);
    }
    print_rate(nodes, clock.elapsed_ns());
    return 0;
}

int run_suite(const PerftArgs& a) {
    auto suite = chess::read_perft_suite(a.suite);
    if (!suite) {
        std::fprintf(stderr, "kibitz perft: %s\n", suite.error().c_str());
        return 2;
    }
    std::uint64_t total = 0;
    std::int64_t total_ns = 0;
    int checks = 0, failures = 0, index = 0;
    for (const auto& c : *suite) {
        ++index;
        auto pos = chess::Position::from_fen(c.fen, a.chess960);
        if (!pos) {
            std::printf("%4d FAIL line %d: %s\n", index, c.line, pos.error().c_str());
            ++failures;
            continue;
        }
        std::uint64_t nodes = 0;
        core::Stopwatch clock;
        std::string detail;
        bool ok = true;
        for (const auto& [depth, expected] : c.expected) {
            if (depth > a.max_depth) continue;
            const std::uint64_t got = chess::perft(*pos, depth);
            nodes += got;
            ++checks;
            if (got != expected) {
                ok = false;
                detail += " D" + std::to_string(depth) + " got " + std::to_string(got) +
                          " expected " + std::to_string(expected);
            }
        }
        const auto ns = clock.elapsed_ns();
        total += nodes;
        total_ns += ns;
        if (!ok) ++failures;
        std::printf("%4d %s %12llu nodes %7.3f s  %s%s\n", index, ok ? "ok  " : "FAIL",
                    (unsigned long long)nodes, ns / 1e9, c.fen.c_str(), detail.c_str());
        std::fflush(stdout);
    }
    std::printf("\npositions %d, counts checked %d, mismatches %d\n", index, checks, failures);
    print_rate(total, total_ns);
    return failures ? 1 : 0;
}

}  // namespace

void register_perft(CLI::App& app) {
    auto args = std::make_shared<PerftArgs>();
    auto* cmd = app.add_subcommand("perft",
                                   "Count move-tree leaves: verify the move generator, "
                                   "measure its speed");
    cmd->add_option("depth", args->depth, "Depth in plies")->check(CLI::Range(0, 20));
    cmd->add_option("--fen", args->fen, "Position (default: the start position)");
    cmd->add_flag("--divide", args->divide, "Print the count below each root move");
    cmd->add_flag("--chess960", args->chess960, "Read positions as Chess960 (X-FEN/Shredder)");
    cmd->add_option("--suite", args->suite, "EPD suite 'FEN ;D1 n ;D2 n ...': check every count");
    cmd->add_option("--max-depth", args->max_depth, "With --suite: skip deeper counts")
        ->check(CLI::Range(1, 20));
    cmd->callback([args, cmd] {
        if (args->suite.empty() && cmd->count("depth") == 0)
            throw CLI::ValidationError("perft", "give a depth, or --suite FILE");
        const int rc = args->suite.empty() ? run_one(*args) : run_suite(*args);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}
