// The match runner; see match.h.
#include "match/match.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "chess/pgn.h"
#include "core/rng.h"
#include "core/strings.h"

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
    std::vector<int> opening_order;
    int total = 0;
    std::mutex mutex;
    int next_game = 0;
    bool stop_starting = false;
    std::map<int, std::pair<int, int>> open_pairs;  // pair -> (games done, half-points)
    std::ofstream pgn;
    MatchResult result;

    bool should_stop() const {
        return stop_starting || next_game >= total || (stop && stop->load());
    }
};

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

void worker(Shared& shared) {
    const MatchOptions& options = shared.options;
    std::unique_ptr<Player> first, second;
    for (;;) {
        // 1. Take the next game and start the engines it needs.
        int game;
        {
            std::lock_guard lock(shared.mutex);
            if (shared.should_stop()) break;
            game = shared.next_game++;
        }
        auto started = ensure_started(first, options.first);
        if (started) started = ensure_started(second, options.second);
        if (!started) {
            std::lock_guard lock(shared.mutex);
            if (shared.result.error.empty()) shared.result.error = started.error();
            shared.stop_starting = true;
            break;
        }

        // 2. Set the game up: the opening, colours, names.
        const bool first_white = game % 2 == 0;
        const std::string first_name =
            options.first.name.empty() ? first->name() : options.first.name;
        const std::string second_name =
            options.second.name.empty() ? second->name() : options.second.name;
        GameSetup setup;
        if (!shared.opening_order.empty()) {
            const int index = paired(options) ? game / 2 : game;
            const Opening& opening =
                options.openings[shared.opening_order[index % shared.opening_order.size()]];
            setup.start = opening.start;
            setup.opening = opening.moves;
        }
        setup.white_name = first_white ? first_name : second_name;
        setup.black_name = first_white ? second_name : first_name;
        setup.white_tc = first_white ? options.first.tc : options.second.tc;
        setup.black_tc = first_white ? options.second.tc : options.first.tc;
        setup.draw = options.draw;
        setup.resign = options.resign;
        setup.maxmoves = options.maxmoves;
        setup.event = options.event;
        setup.round = std::to_string(game + 1);
        {
            std::lock_guard lock(shared.mutex);
            shared.result.first_name = first_name;
            shared.result.second_name = second_name;
            shared.out << "Started game " << game + 1 << " of " << shared.total << " ("
                       << setup.white_name << " vs " << setup.black_name << ")" << std::endl;
        }

        // 3. Play it.
        Player& white = first_white ? *first : *second;
        Player& black = first_white ? *second : *first;
        GameResult r = play_game(white, black, setup);
        const bool first_failed = first_white ? r.white_failed : r.black_failed;
        const bool second_failed = first_white ? r.black_failed : r.white_failed;
        if (first_failed) (void)first->quit(std::chrono::milliseconds(200));
        if (second_failed) (void)second->quit(std::chrono::milliseconds(200));

        // 4. Count it, write it, report it.
        std::lock_guard lock(shared.mutex);
        MatchResult& result = shared.result;
        Tally& tally = result.tally;
        const int points = half_points(r.outcome, first_white);
        (points == 2 ? tally.wins : points == 1 ? tally.draws : tally.losses) += 1;
        ++result.games_played;
        if (paired(options)) {
            auto& [done, sum] = shared.open_pairs[game / 2];
            ++done;
            sum += points;
            if (done == 2) {
                ++tally.pairs[sum];
                shared.open_pairs.erase(game / 2);
            }
        }
        if (shared.pgn.is_open()) {
            shared.pgn << chess::write_pgn(r.pgn) << '\n';
            shared.pgn.flush();
        }
        shared.out << "Finished game " << game + 1 << " (" << setup.white_name << " vs "
                   << setup.black_name << "): " << r.pgn.result << " {" << r.reason << "}\n"
                   << result_block(first_name, second_name, tally,
                                   options.sprt ? &*options.sprt : nullptr)
                   << std::flush;
        if (options.sprt && sprt(tally, *options.sprt).verdict != SprtState::Verdict::kContinue)
            shared.stop_starting = true;
        if ((first_failed || second_failed) && !options.recover) {
            if (result.error.empty())
                result.error = "engine " + (first_failed ? first_name : second_name) + " failed (" +
                               r.reason + "); use -recover to restart it";
            shared.stop_starting = true;
        }
    }
    if (first) (void)first->quit();
    if (second) (void)second->quit();
}

}  // namespace

core::Result<std::vector<Opening>> load_openings(const std::string& file, const std::string& format,
                                                 int plies) {
    std::ifstream in(file);
    if (!in) return core::error("cannot open openings file '" + file + "'");
    if (format == "epd") return load_epd(in, file);
    if (format == "pgn") return load_pgn(in, file, plies);
    return core::error("openings format '" + format + "' is not epd or pgn");
}

bool paired(const MatchOptions& options) { return options.repeat || options.games % 2 == 0; }

MatchResult run_match(const MatchOptions& options, std::ostream& out,
                      const std::atomic<bool>* stop) {
    Shared shared{options, out, stop};
    shared.total = std::max(0, options.games) * std::max(0, options.rounds);
    shared.result.first_name = options.first.name;
    shared.result.second_name = options.second.name;
    for (int i = 0; i < static_cast<int>(options.openings.size()); ++i)
        shared.opening_order.push_back(i);
    if (options.random_order) {
        core::SplitMix64 rng(options.srand);
        for (std::size_t i = shared.opening_order.size(); i > 1; --i)
            std::swap(shared.opening_order[i - 1], shared.opening_order[rng.below(i)]);
    }
    if (!options.pgnout.empty()) {
        shared.pgn.open(options.pgnout, std::ios::app);
        if (!shared.pgn) {
            shared.result.error = "cannot open PGN file '" + options.pgnout + "'";
            return shared.result;
        }
    }
    const int threads = std::max(1, std::min(options.concurrency, shared.total));
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back([&shared] { worker(shared); });
    for (auto& t : pool) t.join();
    return shared.result;
}

}  // namespace kibitz::match
