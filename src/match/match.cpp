// The match runner; see match.h.
#include "match/match.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "chess/epd.h"
#include "chess/pgn.h"
#include "core/files.h"
#include "core/rng.h"
#include "core/strings.h"
#include "match/crosstable.h"
#include "match/state.h"

namespace kibitz::match {

namespace {

core::Result<std::vector<Opening>> load_epd(std::istream& in, const std::string& file) {
    std::vector<Opening> openings;
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        const auto text = core::trim(line);
        if (text.empty() || text[0] == '#') continue;
        const auto words = core::split_words(text);
        std::string fen;
        for (std::size_t i = 0; i < words.size() && i < 6; ++i) {
            // Fields 5 and 6 only when they are the counters, not EPD operations.
            if (i >= 4 && !core::parse_int<int>(words[i])) break;
            fen += (i ? " " : "") + std::string(words[i]);
        }
        auto pos = chess::Position::from_fen(fen);
        if (!pos) return core::error(file + ":" + std::to_string(line_no) + ": " + pos.error());
        openings.push_back({*pos, {}});
    }
    return openings;
}

core::Result<std::vector<Opening>> load_pgn(std::istream& in, const std::string& file, int plies) {
    std::vector<Opening> openings;
    chess::PgnReader reader(in);
    while (auto game = reader.next()) {
        if (!*game)
            return core::error(file + ": game " + std::to_string(reader.games()) + ": " +
                               game->error());
        auto start = chess::start_position(**game);
        if (!start)
            return core::error(file + ": game " + std::to_string(reader.games()) + ": " +
                               start.error());
        auto moves = (*game)->mainline();
        if (plies > 0 && static_cast<int>(moves.size()) > plies) moves.resize(plies);
        openings.push_back({*start, std::move(moves)});
    }
    return openings;
}

// Points of a game for the first engine in half-points: 2 win, 1 draw, 0 loss.
int half_points(chess::Outcome outcome, bool first_is_white) {
    if (outcome == chess::Outcome::kDraw || outcome == chess::Outcome::kOngoing) return 1;
    return (outcome == chess::Outcome::kWhiteWins) == first_is_white ? 2 : 0;
}

// What the threads share; every field is used under mutex.
struct Shared {
    Shared(const MatchOptions& o, std::ostream& os, const std::atomic<bool>* s)
        : options(o), out(os), stop(s) {}

    const MatchOptions& options;
    std::ostream& out;
    const std::atomic<bool>* stop;
    std::vector<EngineConfig> engines;
    Schedule schedule;
    std::vector<int> opening_order;
    std::mutex mutex;
    std::vector<bool> taken;  // by game number - 1: restored, running or finished
    std::size_t next_game = 0;
    bool stop_starting = false;
    std::vector<Tally> tallies;                     // per pairing, its first engine's view
    std::map<int, std::pair<int, int>> open_pairs;  // pair -> (games done, half-points)
    core::AppendFile pgn;  // games are appended as they finish, every write checked
    MatchState state;      // what the state file says; only kept when options.state_file is set
    MatchResult result;

    // Moves next_game to the first game not taken yet.
    bool games_left() {
        while (next_game < taken.size() && taken[next_game]) ++next_game;
        return next_game < taken.size();
    }
    bool should_stop() { return stop_starting || !games_left() || (stop && stop->load()); }
};

// Counts finished game `number` (0-based) in the tallies and the result.
void count_game(Shared& shared, int number, chess::Outcome outcome) {
    const ScheduledGame& g = shared.schedule.games[number];
    const auto [a, b] = shared.schedule.pairings[g.pairing];
    Tally& tally = shared.tallies[g.pairing];
    const int points = half_points(outcome, g.first_is_white);
    (points == 2 ? tally.wins : points == 1 ? tally.draws : tally.losses) += 1;
    if (g.pair >= 0) {
        auto& [done, sum] = shared.open_pairs[g.pair];
        ++done;
        sum += points;
        if (done == 2) {
            ++tally.pairs[sum];
            shared.open_pairs.erase(g.pair);
        }
    }
    shared.result.games.push_back({a, b, points, g.pair});
}

// Restores the finished games of an existing state file; an error when it does not fit.
Status restore(Shared& shared) {
    const std::string& file = shared.options.state_file;
    const Fingerprint now = match_fingerprint(shared.options);
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        shared.state.fingerprint = now;
        return Done{};
    }
    auto saved = read_state(file);
    if (!saved) return core::Error{saved.error()};
    if (auto same = check_fingerprint(file, saved->fingerprint, now); !same) return same;
    const int total = static_cast<int>(shared.schedule.games.size());
    for (const auto& [number, game] : saved->games)
        if (number > total)
            return core::error(file + ":" + std::to_string(game.line) + ": game " +
                               std::to_string(number) + " is not among the " +
                               std::to_string(total) + " games of this match");
    for (const auto& [engine, name] : saved->names)
        if (engine <= static_cast<int>(shared.engines.size()) &&
            shared.engines[engine - 1].name.empty())
            shared.result.names[engine - 1] = name;
    for (const auto& [number, game] : saved->games) {
        shared.taken[number - 1] = true;
        count_game(shared, number - 1, game.outcome);
    }
    shared.state = std::move(*saved);
    shared.result.games_restored = static_cast<int>(shared.state.games.size());
    shared.out << "Resuming: " << shared.result.games_restored << " of " << total
               << " games already played" << std::endl;
    return Done{};
}

// Starts the engine of config when it is not running, with its options; names it.
Status ensure_started(std::unique_ptr<Player>& engine, const EngineConfig& config) {
    if (engine && engine->running()) return Done{};
    engine = make_player(config.protocol);
    if (!engine) return core::error("unknown protocol '" + config.protocol + "'");
    if (auto r = engine->start(config.command); !r) return r;
    for (const auto& [name, value] : config.options)
        if (auto r = engine->set_option(name, value); !r) return r;
    return engine->is_ready();
}

// The result block (two engines) or the standings line (more) after a game.
std::string progress(const Shared& shared) {
    const MatchResult& result = shared.result;
    if (shared.engines.size() > 2) return standings_line(result.names, result.games, result.total);
    return result_block(result.names[0], result.names[1], shared.tallies[0],
                        shared.options.sprt ? &*shared.options.sprt : nullptr);
}

void worker(Shared& shared) {
    const MatchOptions& options = shared.options;
    // Engine processes are started when a game needs them and kept for the next games of this
    // thread while they run.
    std::vector<std::unique_ptr<Player>> players(shared.engines.size());
    for (;;) {
        // 1. Take the next game and start the engines it needs.
        int number;
        {
            std::lock_guard lock(shared.mutex);
            if (shared.should_stop()) break;
            number = static_cast<int>(shared.next_game);
            shared.taken[number] = true;
        }
        const ScheduledGame& game = shared.schedule.games[number];
        auto started = ensure_started(players[game.white], shared.engines[game.white]);
        if (started) started = ensure_started(players[game.black], shared.engines[game.black]);
        if (!started) {
            std::lock_guard lock(shared.mutex);
            if (shared.result.error.empty()) shared.result.error = started.error();
            shared.stop_starting = true;
            break;
        }

        // 2. Set the game up: the opening, colours, names.
        GameSetup setup;
        if (!shared.opening_order.empty()) {
            const Opening& opening =
                options.openings[shared.opening_order[game.opening % shared.opening_order.size()]];
            setup.start = opening.start;
            setup.opening = opening.moves;
        }
        setup.white_tc = shared.engines[game.white].tc;
        setup.black_tc = shared.engines[game.black].tc;
        setup.draw = options.draw;
        setup.resign = options.resign;
        setup.maxmoves = options.maxmoves;
        setup.event = options.event;
        setup.round = std::to_string(number + 1);
        {
            std::lock_guard lock(shared.mutex);
            for (const int engine : {game.white, game.black}) {
                if (!shared.engines[engine].name.empty()) continue;
                shared.result.names[engine] = players[engine]->name();
                shared.state.names[engine + 1] = players[engine]->name();
            }
            setup.white_name = shared.result.names[game.white];
            setup.black_name = shared.result.names[game.black];
            shared.out << "Started game " << number + 1 << " of " << shared.result.total << " ("
                       << setup.white_name << " vs " << setup.black_name << ")" << std::endl;
        }

        // 3. Play it.
        GameResult r = play_game(*players[game.white], *players[game.black], setup);
        if (r.white_failed) (void)players[game.white]->quit(std::chrono::milliseconds(200));
        if (r.black_failed) (void)players[game.black]->quit(std::chrono::milliseconds(200));

        // 4. Count it, write it, report it.
        std::lock_guard lock(shared.mutex);
        MatchResult& result = shared.result;
        count_game(shared, number, r.outcome);
        ++result.games_played;
        if (shared.pgn.is_open()) {
            if (auto written = shared.pgn.write(chess::write_pgn(r.pgn) + "\n"); !written) {
                if (result.error.empty()) result.error = written.error();
                shared.stop_starting = true;
            }
        }
        if (!options.state_file.empty()) {
            shared.state.games[number + 1] = {r.outcome, r.reason, 0};
            if (auto saved = write_state(options.state_file, shared.state); !saved) {
                if (result.error.empty()) result.error = saved.error();
                shared.stop_starting = true;
            }
        }
        shared.out << "Finished game " << number + 1 << " (" << setup.white_name << " vs "
                   << setup.black_name << "): " << r.pgn.result << " {" << r.reason << "}\n"
                   << progress(shared) << std::flush;
        if (options.sprt &&
            sprt(shared.tallies[0], *options.sprt).verdict != SprtState::Verdict::kContinue)
            shared.stop_starting = true;
        if ((r.white_failed || r.black_failed) && !options.recover) {
            if (result.error.empty())
                result.error = "engine " + (r.white_failed ? setup.white_name : setup.black_name) +
                               " failed (" + r.reason + "); use -recover to restart it";
            shared.stop_starting = true;
        }
    }
    for (auto& player : players)
        if (player) (void)player->quit();
}

}  // namespace

core::Result<std::vector<Opening>> load_openings(const std::string& file, const std::string& format,
                                                 int plies) {
    if (format == "epd") {
        const auto text = core::read_file(file, chess::kMaxEpdFileBytes, "openings file");
        if (!text) return core::error(text.error());
        std::istringstream in(*text);
        return load_epd(in, file);
    }
    if (format == "pgn") {  // streamed: a PGN database may be large; the reader bounds a game
        std::ifstream in;
        if (auto s = core::open_input(in, file, "openings file"); !s) return core::error(s.error());
        return load_pgn(in, file, plies);
    }
    return core::error("openings format '" + format + "' is not epd or pgn");
}

bool paired(const MatchOptions& options) { return options.repeat || options.games % 2 == 0; }

Anchor anchor_of(const MatchOptions& options) {
    return options.tournament == Tournament::kGauntlet ? Anchor::kFirst : Anchor::kAverage;
}

MatchResult run_match(const MatchOptions& options, std::ostream& out,
                      const std::atomic<bool>* stop) {
    Shared shared{options, out, stop};
    MatchResult& result = shared.result;

    // 1. The engines and the schedule.
    shared.engines = options.engines;
    const int engines = static_cast<int>(shared.engines.size());
    for (const auto& e : shared.engines) result.names.push_back(e.name);
    if (engines < 2) {
        result.error = "a match needs at least two engines, not " + std::to_string(engines);
        result.setup_failed = true;
        return result;
    }
    if (options.sprt && engines > 2) {
        result.error = "SPRT needs exactly two engines, not " + std::to_string(engines);
        result.setup_failed = true;
        return result;
    }
    shared.schedule =
        make_schedule(engines, options.tournament, options.games, options.rounds, paired(options));
    result.total = static_cast<int>(shared.schedule.games.size());
    shared.taken.assign(result.total, false);
    shared.tallies.assign(shared.schedule.pairings.size(), Tally{});
    for (int i = 0; i < static_cast<int>(options.openings.size()); ++i)
        shared.opening_order.push_back(i);
    if (options.random_order) {
        core::SplitMix64 rng(options.srand);
        for (std::size_t i = shared.opening_order.size(); i > 1; --i)
            std::swap(shared.opening_order[i - 1], shared.opening_order[rng.below(i)]);
    }

    // 2. The games a state file already has, and the file rewritten at once: a path that
    //    cannot be written is an error before any game is played.
    if (!options.state_file.empty()) {
        auto restored = restore(shared);
        if (restored) restored = write_state(options.state_file, shared.state);
        if (!restored) {
            result.error = restored.error();
            result.setup_failed = true;
            return result;
        }
        if (options.sprt &&
            sprt(shared.tallies[0], *options.sprt).verdict != SprtState::Verdict::kContinue)
            shared.stop_starting = true;
    }
    if (!options.pgnout.empty()) {
        if (auto opened = shared.pgn.open(options.pgnout); !opened) {
            result.error = "PGN output: " + opened.error();
            result.setup_failed = true;
            return result;
        }
    }

    // 3. The games still to play.
    const int left = result.total - result.games_restored;
    std::vector<std::thread> pool;
    for (int i = 0; i < std::min(std::max(1, options.concurrency), left); ++i)
        pool.emplace_back([&shared] { worker(shared); });
    for (auto& t : pool) t.join();
    if (auto closed = shared.pgn.close(); !closed && result.error.empty())
        result.error = closed.error();
    result.tally = shared.tallies.empty() ? Tally{} : shared.tallies[0];
    result.first_name = result.names[0];
    result.second_name = result.names[1];
    return result;
}

}  // namespace kibitz::match
