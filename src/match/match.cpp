// The match runner; see match.h.
#include "match/match.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "chess/epd.h"
#include "chess/pgn.h"
#include "core/files.h"
#include "core/rng.h"
#include "core/strings.h"
#include "match/crosstable.h"
#include "match/remote.h"
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
    std::map<int, std::pair<std::string, std::string>> game_names;  // started game -> names

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

// The result block (two engines) or the standings line (more) after a game.
std::string progress(const Shared& shared) {
    const MatchResult& result = shared.result;
    if (shared.engines.size() > 2) return standings_line(result.names, result.games, result.total);
    return result_block(result.names[0], result.names[1], shared.tallies[0],
                        shared.options.sprt ? &*shared.options.sprt : nullptr);
}

// Takes the next game to play (0-based), or nothing when no more should start. Under the mutex.
std::optional<int> take_game(Shared& shared) {
    if (shared.should_stop()) return std::nullopt;
    const int number = static_cast<int>(shared.next_game);
    shared.taken[number] = true;
    return number;
}

// Game `number` with its engines and setup; the names are the player's business.
GameJob make_job(const Shared& shared, int number) {
    const MatchOptions& options = shared.options;
    const ScheduledGame& game = shared.schedule.games[number];
    GameJob job;
    job.number = number;
    job.white_index = game.white;
    job.black_index = game.black;
    job.white = shared.engines[game.white];
    job.black = shared.engines[game.black];
    GameSetup& setup = job.setup;
    if (!shared.opening_order.empty()) {
        const Opening& opening =
            options.openings[shared.opening_order[game.opening % shared.opening_order.size()]];
        setup.start = opening.start;
        setup.opening = opening.moves;
    }
    setup.white_tc = job.white.tc;
    setup.black_tc = job.black.tc;
    setup.draw = options.draw;
    setup.resign = options.resign;
    setup.maxmoves = options.maxmoves;
    setup.event = options.event;
    setup.round = std::to_string(number + 1);
    return job;
}

// Both engines of game `number` are up, under these names (from -engine name= or the engines
// themselves): keeps the names and prints "Started game". Under the mutex. where: "" for a
// game of this process, the worker's rank and host for one of another.
void announce(Shared& shared, int number, const std::string& white, const std::string& black,
              const std::string& where) {
    const ScheduledGame& game = shared.schedule.games[number];
    for (const auto& [engine, name] : {std::pair{game.white, white}, std::pair{game.black, black}})
        if (shared.engines[engine].name.empty()) {
            shared.result.names[engine] = name;
            shared.state.names[engine + 1] = name;
        }
    shared.game_names[number] = {white, black};
    shared.out << "Started game " << number + 1 << " of " << shared.result.total << " (" << white
               << " vs " << black << ")" << (where.empty() ? "" : " on " + where) << std::endl;
}

// An engine of game `number` could not be started: no more games. Under the mutex.
void failed_to_start(Shared& shared, const std::string& error) {
    if (shared.result.error.empty()) shared.result.error = error;
    shared.stop_starting = true;
}

// Game `number` is over: counts it, writes it, reports it. Under the mutex.
void finish(Shared& shared, const GameDone& done) {
    const MatchOptions& options = shared.options;
    MatchResult& result = shared.result;
    const int number = done.number;
    const auto [white_name, black_name] = shared.game_names[number];
    shared.game_names.erase(number);
    count_game(shared, number, done.outcome);
    ++result.games_played;
    if (shared.pgn.is_open()) {
        if (auto written = shared.pgn.write(done.pgn + "\n"); !written) {
            if (result.error.empty()) result.error = written.error();
            shared.stop_starting = true;
        }
    }
    if (!options.state_file.empty()) {
        shared.state.games[number + 1] = {done.outcome, done.reason, 0};
        if (auto saved = write_state(options.state_file, shared.state); !saved) {
            if (result.error.empty()) result.error = saved.error();
            shared.stop_starting = true;
        }
    }
    shared.out << "Finished game " << number + 1 << " (" << white_name << " vs " << black_name
               << "): " << chess::result_string(done.outcome) << " {" << done.reason << "}\n"
               << progress(shared) << std::flush;
    if (options.sprt &&
        sprt(shared.tallies[0], *options.sprt).verdict != SprtState::Verdict::kContinue)
        shared.stop_starting = true;
    if ((done.white_failed || done.black_failed) && !options.recover) {
        if (result.error.empty())
            result.error = "engine " + (done.white_failed ? white_name : black_name) + " failed (" +
                           done.reason + "); use -recover to restart it";
        shared.stop_starting = true;
    }
}

// A thread of this process: plays games until none is left.
void worker(Shared& shared) {
    // Engine processes are started when a game needs them and kept for the next games of this
    // thread while they run.
    std::vector<std::unique_ptr<Player>> players(shared.engines.size());
    for (;;) {
        // 1. Take the next game and start the engines it needs.
        std::optional<int> number;
        {
            std::lock_guard lock(shared.mutex);
            number = take_game(shared);
        }
        if (!number) break;
        GameJob job = make_job(shared, *number);
        auto started = start_engine(players[job.white_index], job.white);
        if (started) started = start_engine(players[job.black_index], job.black);
        if (!started) {
            std::lock_guard lock(shared.mutex);
            failed_to_start(shared, started.error());
            break;
        }
        Player& white = *players[job.white_index];
        Player& black = *players[job.black_index];
        GameSetup& setup = job.setup;
        setup.white_name = job.white.name.empty() ? white.name() : job.white.name;
        setup.black_name = job.black.name.empty() ? black.name() : job.black.name;
        {
            std::lock_guard lock(shared.mutex);
            announce(shared, *number, setup.white_name, setup.black_name, "");
        }

        // 2. Play it.
        GameResult r = play_game(white, black, setup);
        if (r.white_failed) (void)white.quit(std::chrono::milliseconds(200));
        if (r.black_failed) (void)black.quit(std::chrono::milliseconds(200));

        // 3. Count it, write it, report it.
        std::lock_guard lock(shared.mutex);
        finish(shared, {*number, r.outcome, r.reason, chess::write_pgn(r.pgn), r.white_failed,
                        r.black_failed, ""});
    }
    for (auto& player : players)
        if (player) (void)player->quit();
}

// Rank 0 of an MPI run: hands the games to the other ranks and keeps the books.
void coordinate(Shared& shared) {
    // A worker's malformed message is a bug in one of the two builds: the run ends.
    const auto fail = [](const std::string& error) { throw std::runtime_error(error); };
    dist::Farm farm;
    farm.next = [&shared]() -> std::optional<std::string> {
        std::lock_guard lock(shared.mutex);
        const auto number = take_game(shared);
        if (!number) return std::nullopt;
        return to_json(make_job(shared, *number));
    };
    farm.on_note = [&](int rank, const std::string& text) {
        auto note = game_note_from_json(text);
        if (!note) fail(note.error());
        std::lock_guard lock(shared.mutex);
        announce(shared, note->number, note->white_name, note->black_name,
                 "rank " + std::to_string(rank));
    };
    farm.on_result = [&](int, const std::string& text) {
        auto done = game_done_from_json(text);
        if (!done) fail(done.error());
        std::lock_guard lock(shared.mutex);
        if (!done->error.empty())
            failed_to_start(shared, done->error);
        else
            finish(shared, *done);
    };
    dist::run_farm(farm);
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
    if (dist::distributed()) {
        coordinate(shared);
    } else {
        for (int i = 0; i < std::min(std::max(1, options.concurrency), left); ++i)
            pool.emplace_back([&shared] { worker(shared); });
        for (auto& t : pool) t.join();
    }
    if (auto closed = shared.pgn.close(); !closed && result.error.empty())
        result.error = closed.error();
    result.tally = shared.tallies.empty() ? Tally{} : shared.tallies[0];
    result.first_name = result.names[0];
    result.second_name = result.names[1];
    return result;
}

}  // namespace kibitz::match
