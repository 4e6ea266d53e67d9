// kibitz explain: why a move is good or bad, in words (one move, a batch file of FEN;MOVE lines,
// or the motif test on a tagged puzzle file).
#include <CLI/CLI.hpp>
#include <atomic>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/commands.h"
#include "app/interrupt.h"
#include "core/files.h"
#include "core/strings.h"
#include "explain/explain.h"
#include "explain/puzzles.h"

namespace {

struct ExplainArgs {
    std::string fen, move, batch, puzzles, disagreements;
    bool json = false;
    int limit = 0, offset = 0, threads = 1;
    kibitz::explain::Options options;
};

constexpr std::uint64_t kMaxBatchBytes = std::uint64_t(64) << 20;

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "kibitz explain: " << message << '\n';
    throw CLI::RuntimeError(2);
}

void print(const kibitz::explain::Explanation& e, bool json) {
    if (json)
        std::cout << kibitz::explain::to_json(e).dump() << std::endl;
    else
        std::cout << e.text << std::endl;
}

// Each line "FEN;MOVE" explained in order; a bad line stops with its number and the reason.
void run_batch(const ExplainArgs& args) {
    const auto text = kibitz::core::read_file(args.batch, kMaxBatchBytes, "batch file");
    if (!text) fail(text.error());
    kibitz::explain::Explainer explainer(args.options);
    std::istringstream in(*text);
    std::string row;
    int number = 0;
    while (std::getline(in, row)) {
        ++number;
        const auto line = kibitz::core::trim(row);
        if (line.empty() || line[0] == '#') continue;
        const auto semi = line.find(';');
        if (semi == std::string_view::npos)
            fail(args.batch + ":" + std::to_string(number) + ": expected FEN;MOVE, found no ';'");
        const auto e = explainer.explain(kibitz::core::trim(line.substr(0, semi)),
                                         kibitz::core::trim(line.substr(semi + 1)));
        if (!e) fail(args.batch + ":" + std::to_string(number) + ": " + e.error());
        print(*e, args.json);
    }
}

// The motif test: the puzzles shared among the threads, the table printed at the end (or at
// Ctrl-C, over the puzzles finished).
void run_puzzles(const ExplainArgs& args) {
    using namespace kibitz::explain;
    const auto puzzles = read_puzzles(args.puzzles, args.offset, args.limit);
    if (!puzzles) fail(puzzles.error());
    const StopOnInterrupt interrupt;
    std::vector<PuzzleAnswer> answers(puzzles->size());
    std::vector<char> done(puzzles->size(), 0);
    std::atomic<std::size_t> next{0}, finished{0};
    const auto work = [&] {
        Explainer explainer(args.options);
        for (std::size_t i; !interrupt.stopped() && (i = next++) < puzzles->size();) {
            answers[i] = explain_puzzle(explainer, (*puzzles)[i]);
            done[i] = 1;
            const std::size_t n = ++finished;
            if (n % 100 == 0) std::cerr << "explained " << n << " of " << puzzles->size() << '\n';
        }
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < args.threads; ++t) workers.emplace_back(work);
    work();
    for (auto& w : workers) w.join();
    MotifTable table;
    std::string lines;
    for (std::size_t i = 0; i < puzzles->size(); ++i) {
        if (!done[i]) continue;
        tally((*puzzles)[i], answers[i], table);
        lines += disagreements((*puzzles)[i], answers[i]);
    }
    if (!args.disagreements.empty()) {
        std::ofstream out(args.disagreements);
        out << lines;
        if (!out) fail("cannot write the disagreements to '" + args.disagreements + "'");
    }
    if (interrupt.stopped()) std::cerr << "interrupted: the table counts the puzzles finished\n";
    const auto& s = args.options.search;
    std::cout << format_table(table) << "(search: depth " << s.depth
              << (s.nodes ? ", nodes " + std::to_string(s.nodes) : "")
              << (s.movetime_ms ? ", movetime " + std::to_string(s.movetime_ms) + " ms" : "")
              << ", 1 thread each)" << std::endl;
}

}  // namespace

void register_explain(CLI::App& app) {
    auto args = std::make_shared<ExplainArgs>();
    auto* cmd = app.add_subcommand(
        "explain", "Explain in words why a move is good or bad (tactics found by search)");
    cmd->add_option("--fen", args->fen, "Position (FEN) of the move to explain");
    cmd->add_option("--move", args->move, "The move to explain (UCI or SAN)");
    cmd->add_option("--batch", args->batch, "File of FEN;MOVE lines: one answer per line");
    cmd->add_option("--puzzles", args->puzzles,
                    "Lichess puzzle CSV: the per-motif recall/precision table");
    cmd->add_option("--limit", args->limit, "Puzzles to test (0: all)")
        ->check(CLI::Range(0, 1 << 30));
    cmd->add_option("--offset", args->offset, "Puzzles to skip first")
        ->check(CLI::Range(0, 1 << 30));
    cmd->add_option("--threads", args->threads, "Puzzles explained at once")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--disagreements", args->disagreements,
                    "Write the puzzles whose tags and motifs disagree to this file");
    cmd->add_flag("--json", args->json, "One JSON object per answer");
    cmd->add_option("--depth", args->options.search.depth, "Search depth of each line")
        ->check(CLI::Range(1, 60));
    cmd->add_option("--nodes", args->options.search.nodes, "Node cap of each search (0: none)");
    cmd->add_option("--movetime", args->options.search.movetime_ms,
                    "Time cap of each search in ms (0: none)")
        ->check(CLI::Range(0, 3600000));
    cmd->callback([args] {
        const int modes = int(!args->fen.empty() || !args->move.empty()) +
                          int(!args->batch.empty()) + int(!args->puzzles.empty());
        if (modes != 1) fail("give --fen with --move, or --batch FILE, or --puzzles CSV");
        if (!args->batch.empty()) return run_batch(*args);
        if (!args->puzzles.empty()) return run_puzzles(*args);
        if (args->fen.empty() || args->move.empty()) fail("--fen and --move go together");
        kibitz::explain::Explainer explainer(args->options);
        const auto e = explainer.explain(args->fen, args->move);
        if (!e) fail(e.error());
        print(*e, args->json);
    });
}
