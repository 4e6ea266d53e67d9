// `kibitz othello solve FILE.obf [--hash MB] [--first N] [--last N] [--order mobility|patterns]
// [--threads N]`:
// solves the positions of an OBF file (the FFO endgame suite) exactly, one line per position,
// and checks each answer the file states. Exit status 1 when any answer is wrong, 2 on bad input
// (no positions, a bad range, a position beyond kMaxSolveEmpties without --force).
#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/commands.h"
#include "core/timer.h"
#include "engine/othello_engine.h"
#include "othello/obf.h"
#include "othello/solver.h"

using namespace kibitz;

namespace {

// The number of the file's first position: A for a file named like "fforum-A-B.obf" holding
// B - A + 1 positions (the FFO suite's files), else 1.
int first_number(const std::string& path, std::size_t count) {
    const std::string stem = std::filesystem::path(path).stem().string();
    // The stem ends in "-A-B" with 1-4 digits each (no std::regex: GCC 12 at -O1 warns in it).
    auto digits_before = [&](std::size_t end, std::size_t& start) {
        start = end;
        while (start > 0 && std::isdigit(static_cast<unsigned char>(stem[start - 1]))) --start;
        return end - start >= 1 && end - start <= 4 && start > 0 && stem[start - 1] == '-';
    };
    std::size_t b_start = 0, a_start = 0;
    if (digits_before(stem.size(), b_start) && digits_before(b_start - 1, a_start)) {
        const int a = std::stoi(stem.substr(a_start, b_start - 1 - a_start));
        const int b = std::stoi(stem.substr(b_start));
        if (b >= a && std::size_t(b - a + 1) == count) return a;
    }
    return 1;
}

// The most empty squares `othello solve` takes without --force (docs/othello.md). FFO #40-#59
// (20-34 empties) take from half a second (#40) to about 20 minutes (#55, 29 empties, 79 G
// nodes) each on one core here, and every further empty square multiplies the work: 36 empties
// can take days, and the 60 of the start position would never end.
constexpr int kMaxSolveEmpties = 36;

// The positions to solve: indexes into positions, by --first and --last (position numbers
// start at number0). Throws naming the file and the problem: no positions, a range that is
// empty or out of the file, a position with more empties than kMaxSolveEmpties without force.
std::vector<std::size_t> selected_positions(const std::string& file,
                                            const std::vector<othello::ObfPosition>& positions,
                                            int number0, int first, int last, bool force) {
    if (positions.empty())
        throw std::runtime_error("OBF file '" + file +
                                 "' has no positions (one a line: 64 squares of X, O or -, a "
                                 "space and the side to move)");
    const int end = number0 + int(positions.size()) - 1;
    const std::string range =
        "'" + file + "' has positions " + std::to_string(number0) + " to " + std::to_string(end);
    const int from = first ? first : number0, to = last ? last : end;
    if (first && (first < number0 || first > end))
        throw std::runtime_error("--first " + std::to_string(first) + " is out of range: " + range);
    if (last && (last < number0 || last > end))
        throw std::runtime_error("--last " + std::to_string(last) + " is out of range: " + range);
    if (from > to)
        throw std::runtime_error("--first " + std::to_string(from) + " is after --last " +
                                 std::to_string(to));
    std::vector<std::size_t> out;
    for (int number = from; number <= to; ++number) {
        const std::size_t i = std::size_t(number - number0);
        const int empties = positions[i].board.empty_count();
        if (empties > kMaxSolveEmpties && !force)
            throw std::runtime_error(
                "position " + std::to_string(number) + " (" + file + ":" +
                std::to_string(positions[i].line) + ") has " + std::to_string(empties) +
                " empty squares; the solver takes at most " + std::to_string(kMaxSolveEmpties) +
                " (beyond, one position can take days): pass --force to solve it anyway");
        out.push_back(i);
    }
    return out;
}

// "12.3M" style rates and counts for the table.
std::string millions(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1fM", v / 1e6);
    return buf;
}

}  // namespace

void register_othello_solve(CLI::App& othello) {
    struct Args {
        std::string file;
        std::size_t hash_mb = 64;
        int first = 0, last = 0;
        std::string order = "patterns";
        int order_min_empties = engine::kPatternOrderMinEmpties;
        int threads = 1;
        bool force = false;
    };
    auto a = std::make_shared<Args>();
    CLI::App* cmd = othello.add_subcommand(
        "solve", "Solve the positions of an OBF file exactly (the FFO endgame suite)");
    cmd->add_option("file", a->file, "OBF file: a board and side to move a line, then answers")
        ->required();
    cmd->add_option("--hash", a->hash_mb, "Transposition table size in MB (cleared per position)")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--first", a->first,
                    "First position number to solve (numbers start at A for files named "
                    "*-A-B.obf with B-A+1 positions, else at 1)");
    cmd->add_option("--last", a->last, "Last position number to solve");
    cmd->add_flag("--force", a->force,
                  "Solve positions with more than " + std::to_string(kMaxSolveEmpties) +
                      " empty squares too (each can take days)");
    cmd->add_option("--order", a->order,
                    "Move ordering at many empties: mobility (the solver's own heuristics) or "
                    "patterns (the fitted pattern evaluation)")
        ->capture_default_str()
        ->check(CLI::IsMember({"mobility", "patterns"}));
    cmd->add_option("--order-min-empties", a->order_min_empties,
                    "With --order patterns: the pattern evaluation only at this many empties or "
                    "more (below, the solver's own heuristics)")
        ->capture_default_str()
        ->check(CLI::Range(0, 64));
    cmd->add_option("--threads", a->threads,
                    "Threads sharing each solve (young brothers wait on a shared table)")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->callback([a] {
        auto parsed = othello::read_obf(a->file);
        if (!parsed) throw std::runtime_error(parsed.error());
        const auto& positions = *parsed;
        const int number0 = first_number(a->file, positions.size());
        const std::vector<std::size_t> chosen =
            selected_positions(a->file, positions, number0, a->first, a->last, a->force);

        othello::Solver solver(a->hash_mb);
        solver.set_threads(a->threads);
        if (a->order == "patterns") engine::use_pattern_ordering(solver, a->order_min_empties);
        std::printf("%4s  %5s  %5s  %5s  %14s  %9s  %8s  %s\n", "#", "empty", "move", "score",
                    "nodes", "time", "nodes/s", "result");
        std::uint64_t total_nodes = 0;
        std::int64_t total_ns = 0;
        int solved = 0, wrong = 0;
        for (const std::size_t i : chosen) {
            const int number = number0 + int(i);
            const othello::ObfPosition& p = positions[i];
            solver.clear();
            solver.reset_nodes();
            core::Stopwatch clock;
            const othello::SolveResult r = solver.solve_root(p.board);
            const std::int64_t ns = clock.elapsed_ns();
            total_nodes += r.nodes;
            total_ns += ns;
            ++solved;
            // The verdict: the score must match; the move must be one of the stated best.
            std::string verdict;
            if (p.best_score) {
                bool ok = r.score == *p.best_score;
                if (ok && !p.best_moves.empty()) {
                    ok = false;
                    for (const othello::Move m : p.best_moves) ok = ok || m == r.best;
                }
                verdict = ok ? "ok"
                             : "WRONG (expected " + othello::move_name(p.best_moves[0]) + " " +
                                   (*p.best_score > 0 ? "+" : "") + std::to_string(*p.best_score) +
                                   ")";
                if (!ok) ++wrong;
            }
            std::printf("%4d  %5d  %5s  %+5d  %14llu  %8.3fs  %8s  %s\n", number,
                        p.board.empty_count(), othello::move_name(r.best).c_str(), r.score,
                        (unsigned long long)r.nodes, ns / 1e9,
                        millions(double(core::per_second(r.nodes, ns))).c_str(), verdict.c_str());
            std::fflush(stdout);
        }
        std::printf("total: %d position%s, %d wrong, %llu nodes, %.3f s, %s nodes/s\n", solved,
                    solved == 1 ? "" : "s", wrong, (unsigned long long)total_nodes, total_ns / 1e9,
                    millions(double(core::per_second(total_nodes, total_ns))).c_str());
        if (wrong) throw CLI::RuntimeError(1);
    });
}
