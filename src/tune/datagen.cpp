// Self-play data generation on every core.
#include "tune/datagen.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/timer.h"
#include "tune/data.h"

namespace kibitz::tune {

bool keep_for_tuning(const chess::Position& pos, chess::Move best, int score, int max_score_cp) {
    return !pos.in_check() && !pos.is_capture(best) && best.kind() != chess::Move::kPromotion &&
           !search::is_mate_score(score) && score <= max_score_cp && score >= -max_score_cp;
}

namespace {

// A balanced opening: random plies, drawn again while a short search scores it beyond the limit.
chess::Position balanced_opening(const DatagenOptions& o, engine::ChessEngine& engine,
                                 core::SplitMix64& rng) {
    for (;;) {
        chess::Position pos = random_opening(o.random_plies, rng);
        int score = 0;
        engine.on_info = [&score](const search::Iteration<chess::Move>& it) { score = it.score; };
        engine.clear();  // the score must not depend on the games this engine played before
        engine.set_position(engine::ChessGame(pos));
        search::Limits limits;
        limits.nodes = o.play.nodes ? o.play.nodes : 5000;
        engine.search_now(limits);
        engine.on_info = nullptr;
        if (score <= o.balance_cp && score >= -o.balance_cp) return pos;
    }
}

std::string thousands(std::uint64_t n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(std::size_t(i), ",");
    return s;
}

}  // namespace

std::optional<std::vector<Record>> play_datagen_game(const DatagenOptions& o,
                                                     engine::ChessEngine& engine,
                                                     std::uint64_t seed,
                                                     const std::atomic<bool>* stop) {
    core::SplitMix64 rng(seed);
    const chess::Position start = balanced_opening(o, engine, rng);
    std::vector<std::pair<chess::Position, int>> kept;  // positions and White-view scores
    const auto outcome = play_selfplay(
        engine, engine, start, o.play,
        [&](const PlayedMove& m) {
            if (!keep_for_tuning(m.before, m.move, m.score, o.max_score_cp)) return;
            const int white = m.before.side_to_move() == chess::kWhite ? m.score : -m.score;
            kept.emplace_back(m.before, white);
        },
        stop);
    if (outcome == chess::Outcome::kOngoing) return std::nullopt;  // stopped mid-game
    const Result result = outcome == chess::Outcome::kWhiteWins   ? 1.0
                          : outcome == chess::Outcome::kBlackWins ? 0.0
                                                                  : 0.5;
    std::vector<Record> records;
    for (const auto& [pos, score] : kept) records.push_back(pack(pos, result, score));
    return records;
}

namespace {

using nlohmann::json;

// What a worker rank needs to play game `index` of a run (its seed included).
std::string datagen_job(const DatagenOptions& o, std::uint64_t index, std::uint64_t seed) {
    return json{{"index", index},
                {"seed", seed},
                {"nodes", o.play.nodes},
                {"depth", o.play.depth},
                {"resign_cp", o.play.resign_cp},
                {"resign_moves", o.play.resign_moves},
                {"draw_cp", o.play.draw_cp},
                {"draw_moves", o.play.draw_moves},
                {"draw_ply", o.play.draw_ply},
                {"max_plies", o.play.max_plies},
                {"random_plies", o.random_plies},
                {"balance_cp", o.balance_cp},
                {"max_score_cp", o.max_score_cp},
                {"hash_mb", o.hash_mb}}
        .dump();
}

// A worker's answer: the game's index (8 bytes, little-endian), then its records.
std::string datagen_result(std::uint64_t index, const std::vector<Record>& records) {
    std::string out(8 + records.size() * kRecordSize, '\0');
    for (int i = 0; i < 8; ++i) out[std::size_t(i)] = char(index >> (8 * i) & 0xff);
    for (std::size_t i = 0; i < records.size(); ++i)
        std::copy(records[i].begin(), records[i].end(), out.begin() + 8 + i * kRecordSize);
    return out;
}

// Writes the games' records in the order of their index, whatever order they finish in, so that
// the file is the same for any number of threads and ranks; stops at options.positions.
class OrderedWriter {
public:
    OrderedWriter(const DatagenOptions& o, DataWriter& writer, std::ostream& log)
        : o_(o), writer_(writer), log_(log), at_start_(writer.count()) {}

    // Game `index` finished with these records; writes every game now in order.
    void add(std::uint64_t index, std::vector<Record> records) {
        if (full() || !failure_.empty()) return;
        waiting_[index] = std::move(records);
        for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
            const std::uint64_t room =
                o_.positions > writer_.count() ? o_.positions - writer_.count() : 0;
            const std::size_t n = std::min<std::uint64_t>(room, it->second.size());
            if (const auto s = writer_.append(it->second.data(), n); !s) {
                failure_ = s.error();
                return;
            }
            waiting_.erase(it);
            ++next_;
            ++games_;
            report(false);
            if (full()) return;
        }
    }
    bool full() const { return writer_.count() >= o_.positions; }
    bool done() const { return full() || !failure_.empty(); }
    const std::string& failure() const { return failure_; }
    std::uint64_t games() const { return games_; }

    // The progress line, at most every 5 s (and always when full or forced).
    void report(bool force) {
        const auto now = std::chrono::steady_clock::now();
        if (!force && !full() && now - last_report_ < std::chrono::seconds(5)) return;
        last_report_ = now;
        const double secs = timer_.elapsed_ms() / 1000.0;
        const double rate = double(writer_.count() - at_start_) / std::max(secs, 1e-3);
        const double left = rate > 0 && o_.positions > writer_.count()
                                ? double(o_.positions - writer_.count()) / rate
                                : 0;
        char line[200];
        std::snprintf(line, sizeof line,
                      "datagen: %s / %s positions, %s games, %.2fM positions/h, "
                      "%.0f s elapsed, ETA %.0f s\n",
                      thousands(writer_.count()).c_str(), thousands(o_.positions).c_str(),
                      thousands(games_).c_str(), rate * 3600 / 1e6, secs, left);
        log_ << line << std::flush;
    }

private:
    const DatagenOptions& o_;
    DataWriter& writer_;
    std::ostream& log_;
    const std::uint64_t at_start_;
    const core::Stopwatch timer_;
    std::chrono::steady_clock::time_point last_report_ = std::chrono::steady_clock::now();
    std::map<std::uint64_t, std::vector<Record>> waiting_;  // finished, an earlier one is not
    std::uint64_t next_ = 0;                                // the next game to write
    std::uint64_t games_ = 0;
    std::string failure_;
};

}  // namespace

core::Result<DatagenReport> run_datagen(const DatagenOptions& o, std::ostream& log,
                                        const std::atomic<bool>* stop) {
    if (!o.play.nodes && !o.play.depth) return core::error("datagen needs --nodes or --depth");
    DataWriter writer;
    if (const auto s = writer.open(o.out); !s) return core::error(s.error());
    const std::uint64_t at_start = writer.count();
    if (at_start)
        log << "datagen: resuming " << o.out << " with " << thousands(at_start) << " positions\n";

    const core::Stopwatch timer;
    OrderedWriter ordered(o, writer, log);
    // Seeds depend on how much the file already holds, so a resumed run plays new games.
    const std::uint64_t base_seed = o.seed * 0x9E3779B97F4A7C15ull ^ (at_start + 1);
    std::uint64_t next_game = 0;
    const auto stopped = [stop] { return stop && stop->load(); };

    if (dist::distributed()) {
        // Rank 0 of an MPI run: the other ranks play the games; this one writes them.
        dist::Farm farm;
        farm.next = [&]() -> std::optional<std::string> {
            if (ordered.done() || stopped()) return std::nullopt;
            const std::uint64_t index = next_game++;
            return datagen_job(o, index, base_seed + index);
        };
        farm.on_note = [](int, const std::string&) {};
        farm.on_result = [&](int rank, const std::string& text) {
            if (text.size() < 8 || (text.size() - 8) % kRecordSize != 0)
                throw std::runtime_error("datagen: malformed result from rank " +
                                         std::to_string(rank));
            std::uint64_t index = 0;
            for (int i = 0; i < 8; ++i)
                index |= std::uint64_t(static_cast<unsigned char>(text[std::size_t(i)])) << (8 * i);
            std::vector<Record> records((text.size() - 8) / kRecordSize);
            for (std::size_t i = 0; i < records.size(); ++i)
                std::copy_n(text.begin() + std::ptrdiff_t(8 + i * kRecordSize), kRecordSize,
                            records[i].begin());
            ordered.add(index, std::move(records));
        };
        dist::run_farm(farm);
    } else {
        std::mutex mutex;  // guards ordered and next_game
        const auto worker = [&] {
            engine::ChessEngine engine;
            engine.set_hash_mb(std::size_t(o.hash_mb));
            for (;;) {
                std::uint64_t index;
                {
                    std::lock_guard lock(mutex);
                    if (ordered.done() || stopped()) break;
                    index = next_game++;
                }
                auto records = play_datagen_game(o, engine, base_seed + index, stop);
                if (!records) break;  // stopped mid-game: dropped
                std::lock_guard lock(mutex);
                ordered.add(index, std::move(*records));
            }
        };
        std::vector<std::thread> threads;
        for (int i = 0; i < std::max(1, o.threads); ++i) threads.emplace_back(worker);
        for (auto& t : threads) t.join();
    }
    if (!ordered.failure().empty()) return core::error(ordered.failure());
    if (const auto s = writer.close(); !s) return core::error(s.error());

    DatagenReport report;
    report.positions = writer.count();
    report.written = writer.count() - at_start;
    report.games = ordered.games();
    report.seconds = timer.elapsed_ms() / 1000.0;
    return report;
}

dist::Handler datagen_handler() {
    auto engine = std::make_shared<engine::ChessEngine>();
    auto hash_mb = std::make_shared<int>(0);
    return [engine, hash_mb](const std::string& text, const dist::Note&) {
        const json j = json::parse(text);
        DatagenOptions o;
        o.play.nodes = j.at("nodes");
        o.play.depth = j.at("depth");
        o.play.resign_cp = j.at("resign_cp");
        o.play.resign_moves = j.at("resign_moves");
        o.play.draw_cp = j.at("draw_cp");
        o.play.draw_moves = j.at("draw_moves");
        o.play.draw_ply = j.at("draw_ply");
        o.play.max_plies = j.at("max_plies");
        o.random_plies = j.at("random_plies");
        o.balance_cp = j.at("balance_cp");
        o.max_score_cp = j.at("max_score_cp");
        o.hash_mb = j.at("hash_mb");
        if (o.hash_mb != *hash_mb) {
            engine->set_hash_mb(std::size_t(o.hash_mb));
            *hash_mb = o.hash_mb;
        }
        const std::uint64_t index = j.at("index");
        const auto records = play_datagen_game(o, *engine, j.at("seed"), nullptr);
        return datagen_result(index, *records);
    };
}

}  // namespace kibitz::tune
