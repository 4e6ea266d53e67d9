// kibitz analyse: reviews every game of a PGN file as the web app's review does (the same
// winning chances, labels, accuracy and explanations: explain/accuracy.h, explain/review.h)
// and writes the annotated PGN (server/review_pgn.h), with a progress line on stderr.
//   1. all games are read first (their count and plies give the progress and the ETA); a game
//      that does not read is reported by its number and skipped;
//   2. with --out FILE that exists, the games it already holds are skipped: each analysed game
//      begins with the comment "Kibitz analyse: game N", and the run resumes after the largest N;
//   3. T workers take the games in turn; each position of a game's main line is searched, each
//      labelled move explained; finished games are written in input order, one whole game a
//      write, so that Ctrl-C (or a crash) leaves only complete games behind.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "app/commands.h"
#include "app/interrupt.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/san.h"
#include "core/files.h"
#include "explain/accuracy.h"
#include "explain/review.h"
#include "server/game.h"
#include "server/game_tree.h"
#include "server/review_pgn.h"

// Named, not anonymous: the app's files are compiled in batches (unity build).
namespace analyse_cmd {

using kibitz::server::Json;
namespace explain = kibitz::explain;
namespace server = kibitz::server;
namespace chess = kibitz::chess;

struct AnalyseArgs {
    std::string games, out;
    int movetime = 200, depth = 0, threads = 1;
};

// The longest PGN file read (the reader keeps every game in memory for the ETA).
constexpr std::uint64_t kMaxPgnFileBytes = std::uint64_t(1) << 30;
// The search depth cap of a --movetime search (the time ends it first).
constexpr int kMovetimeDepth = 64;

[[noreturn]] void fail(const std::string& message) {
    std::cerr << "kibitz analyse: " << message << '\n';
    throw CLI::RuntimeError(2);
}

// One game of the input: its tree, or why it was not read.
struct InputGame {
    int number = 0;  // 1-based in the file
    std::optional<server::TreeGame> tree;
    std::string error;
    int plies = 0;
};

// The games of the file; a broken one keeps its error.
std::vector<InputGame> read_games(const std::string& path) {
    const auto text = kibitz::core::read_file(path, kMaxPgnFileBytes, "PGN file");
    if (!text) fail(text.error());
    chess::PgnReader reader(*text);
    std::vector<InputGame> out;
    while (auto g = reader.next()) {
        InputGame in;
        in.number = reader.games();
        if (!*g) {
            in.error = g->error();
        } else if (auto tree = server::tree_from_pgn(**g); !tree) {
            in.error = tree.error();
        } else {
            in.tree = std::move(*tree);
            in.plies = int(in.tree->tree.mainline().size()) - 1;
        }
        out.push_back(std::move(in));
        if (reader.stopped()) break;
    }
    return out;
}

// The largest N of the "Kibitz analyse: game N" comments in the file at path (0: none or no
// file): the games up to N were analysed by an earlier run.
int games_done(const std::string& path) {
    std::ifstream in(path);
    if (!in) return 0;
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    // "{Kibitz analyse: game N", the words maybe split over lines by the PGN writer.
    const auto skip_space = [&](std::size_t i) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        return i;
    };
    const auto word = [&](std::size_t i, std::string_view w) {
        return s.compare(i, w.size(), w) == 0 ? skip_space(i + w.size()) : std::string::npos;
    };
    int done = 0;
    for (std::size_t at = s.find("{Kibitz"); at != std::string::npos;
         at = s.find("{Kibitz", at + 1)) {
        std::size_t i = word(skip_space(at + 7), "analyse:");
        if (i != std::string::npos) i = word(i, "game");
        if (i == std::string::npos) continue;
        long n = 0;
        for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && n < 1000000000;
             ++i)
            n = n * 10 + (s[i] - '0');
        done = std::max(done, int(std::min(n, 1000000000L)));
    }
    return done;
}

// Reviews one game's main line; the review object as the server stores it, or nullopt when
// stopped.
std::optional<Json> review_game(const server::TreeGame& game, explain::LineSearcher& searcher,
                                explain::Explainer& explainer, const StopOnInterrupt& stop,
                                const std::function<void(int)>& progress) {
    const auto line = game.tree.mainline();
    Json positions = Json::array(), plies = Json::array();
    searcher.clear();
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (stop.stopped()) return std::nullopt;
        progress(int(i));
        const chess::Position pos = game.tree.position(line[i]);
        Json p;
        if (chess::count_legal_moves(pos) == 0) {
            p = server::game_over_assessment(pos);
        } else {
            const explain::Line l = searcher.search(pos);
            const Json eval = server::eval_json(server::white_eval(l.score, pos.side_to_move()));
            p = server::best_line_json(pos, l.pv);
            p["eval"] = eval;
            p["win"] = explain::win_chance(eval.value("cp", 0), eval.value("mate", 0));
            p["best"] = p["best_line_uci"].empty() ? Json() : p["best_line_uci"][0];
            p["best_san"] = p["best_line"].empty() ? Json() : p["best_line"][0];
        }
        if (i > 0) {
            const Json& before = positions[i - 1];
            const auto& node = game.tree.node(line[i]);
            const chess::Position prior = game.tree.position(line[i - 1]);
            const double loss = explain::move_loss(
                before["win"].get<double>(), p["win"].get<double>(),
                prior.side_to_move() == chess::kWhite, before["best"] == node.uci);
            const explain::MoveLabel label = explain::label_for_loss(loss);
            Json explanation = nullptr;
            if (label != explain::MoveLabel::kNone) {
                // Compared with the best move the review shows (its variation in the PGN).
                chess::Move best = chess::Move::none();
                if (before["best"].is_string())
                    if (const auto b =
                            chess::move_from_uci(prior, before["best"].get<std::string>()))
                        best = *b;
                explanation = explain::review_json(
                    explain::explain_labelled(explainer, prior, node.move, best), prior);
            }
            const char* name = explain::label_name(label);
            plies.push_back({{"ply", i},
                             {"loss", std::round(loss * 1000) / 1000},
                             {"label", name ? Json(name) : Json()},
                             {"explanation", explanation}});
        }
        positions.push_back(std::move(p));
    }
    return Json{
        {"done", line.size()}, {"total", line.size()}, {"positions", positions}, {"plies", plies}};
}

// The annotated PGN of a reviewed game: the opening comment names the game's number (the
// resume marker) and each side's accuracy and label counts.
std::string annotated(server::TreeGame game, const Json& review, int number) {
    const bool white_first = game.tree.position(server::kRootNode).side_to_move() == chess::kWhite;
    const Json players = server::review_players(review, white_first);
    const auto side = [&](const char* name, const Json& p) {
        char accuracy[16] = "-";
        if (p["accuracy"].is_number())
            std::snprintf(accuracy, sizeof accuracy, "%.1f", p["accuracy"].get<double>());
        return std::string(name) + " accuracy " + accuracy + "% (" +
               std::to_string(p["inaccuracies"].get<int>()) + " inaccuracies, " +
               std::to_string(p["mistakes"].get<int>()) + " mistakes, " +
               std::to_string(p["blunders"].get<int>()) + " blunders)";
    };
    const std::string marker = "Kibitz analyse: game " + std::to_string(number) + ". " +
                               side("White", players["white"]) + "; " +
                               side("Black", players["black"]) + ".";
    const std::string old = game.tree.node(server::kRootNode).comment_after;
    (void)game.tree.set_comment(server::kRootNode, marker + (old.empty() ? "" : " " + old));
    server::PgnExportOptions options;
    (void)server::annotate_review(game, review, options);
    return server::tree_pgn_text(game, options);
}

std::string clock_text(double seconds) {
    const long s = long(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

void run(const AnalyseArgs& args) {
    std::vector<InputGame> games = read_games(args.games);
    const int skip = args.out.empty() ? 0 : games_done(args.out);
    if (skip > 0)
        std::cerr << "kibitz analyse: " << args.out << " holds games 1 to " << skip
                  << " already: resuming after them\n";
    std::ofstream file;
    if (!args.out.empty()) {
        file.open(args.out, std::ios::app);
        if (!file) fail("cannot write to '" + args.out + "'");
    }
    std::ostream& out = args.out.empty() ? std::cout : file;
    long total_plies = 0;
    for (const auto& g : games)
        if (g.number > skip) total_plies += g.plies;

    const StopOnInterrupt stop;
    std::mutex mutex;
    std::map<int, std::string> ready;  // finished games by index, until their turn to be written
    std::size_t next = 0, write_next = 0;
    while (write_next < games.size() && games[write_next].number <= skip) ++write_next;
    next = write_next;
    long plies_done = 0;
    int failed = 0, written = 0;
    const auto started = std::chrono::steady_clock::now();
    const auto flush_ready = [&] {  // locked
        while (write_next < games.size()) {
            const auto it = ready.find(int(write_next));
            if (it == ready.end()) break;
            out << it->second << std::flush;
            written += !it->second.empty();
            ready.erase(it);
            ++write_next;
        }
    };
    const auto work = [&] {
        explain::SearchSetting setting;
        setting.depth = args.depth > 0 ? args.depth : kMovetimeDepth;
        setting.movetime_ms = args.depth > 0 ? 0 : args.movetime;
        setting.hash_mb = 16;
        explain::LineSearcher searcher(setting);
        explain::Explainer explainer(explain::review_options());
        for (;;) {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if (stop.stopped() || next >= games.size()) return;
                i = next++;
            }
            const InputGame& g = games[i];
            std::string text;
            if (!g.tree) {
                std::lock_guard lock(mutex);
                std::cerr << "\nkibitz analyse: game " << g.number << " skipped: " << g.error
                          << '\n';
                ++failed;
            } else {
                int last = 0;
                const auto progress = [&](int ply) {
                    std::lock_guard lock(mutex);
                    plies_done += ply - last;
                    last = ply;
                    const double spent =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
                            .count();
                    const double eta = plies_done > 0 ? spent / double(plies_done) *
                                                            double(total_plies - plies_done)
                                                      : 0;
                    std::cerr << "\rgame " << g.number << " of " << games.size() << ", ply " << ply
                              << " of " << g.plies << ", ETA " << clock_text(eta) << "   "
                              << std::flush;
                };
                const auto review = review_game(*g.tree, searcher, explainer, stop, progress);
                if (!review) return;  // stopped: this game is not written
                progress(g.plies);
                text = annotated(*g.tree, *review, g.number) + "\n";
            }
            std::lock_guard lock(mutex);
            ready[int(i)] = std::move(text);
            flush_ready();
        }
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < args.threads; ++t) workers.emplace_back(work);
    work();
    for (auto& w : workers) w.join();
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "\n"
              << (stop.stopped() ? "interrupted: " : "") << written << " games analysed"
              << (failed ? ", " + std::to_string(failed) + " skipped" : "") << " in "
              << clock_text(spent);
    if (written > 0) std::cerr << " (" << spent / written << " s a game)";
    std::cerr << '\n';
    if (!out) fail("cannot write the annotated games");
}

}  // namespace analyse_cmd

void register_analyse(CLI::App& app) {
    using namespace analyse_cmd;
    auto args = std::make_shared<AnalyseArgs>();
    auto* cmd =
        app.add_subcommand("analyse",
                           "Review every game of a PGN file and write it annotated: evaluations, "
                           "?!/?/?? labels, explanations, best lines and each side's accuracy");
    cmd->add_option("games", args->games, "The PGN file")->required();
    auto* movetime = cmd->add_option("--movetime", args->movetime,
                                     "Search time per position in ms (default 200)")
                         ->check(CLI::Range(10, 600000));
    cmd->add_option("--depth", args->depth, "Search depth per position instead of a time")
        ->check(CLI::Range(1, 60))
        ->excludes(movetime);
    cmd->add_option("--out", args->out,
                    "Write the annotated games to this file (appended; a rerun resumes after the "
                    "games it holds) instead of standard output");
    cmd->add_option("--threads", args->threads, "Games analysed at once (one thread each)")
        ->check(CLI::Range(1, 256));
    cmd->callback([args] { run(*args); });
}
