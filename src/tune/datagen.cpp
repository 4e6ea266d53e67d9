// Self-play data generation on every core.
#include "tune/datagen.h"

#include <chrono>
#include <cstdio>
#include <mutex>
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

core::Result<DatagenReport> run_datagen(const DatagenOptions& o, std::ostream& log,
                                        const std::atomic<bool>* stop) {
    if (!o.play.nodes && !o.play.depth) return core::error("datagen needs --nodes or --depth");
    DataWriter writer;
    if (const auto s = writer.open(o.out); !s) return core::error(s.error());
    const std::uint64_t at_start = writer.count();
    if (at_start)
        log << "datagen: resuming " << o.out << " with " << thousands(at_start) << " positions\n";

    std::mutex mutex;  // guards writer, games, error and the progress line
    std::uint64_t games = 0;
    std::string failure;
    std::atomic<bool> quit{false};
    std::atomic<std::uint64_t> next_game{0};
    const core::Stopwatch timer;
    auto last_report = std::chrono::steady_clock::now();
    // Seeds depend on how much the file already holds, so a resumed run plays new games.
    const std::uint64_t base_seed = o.seed * 0x9E3779B97F4A7C15ull ^ (at_start + 1);

    const auto worker = [&] {
        engine::ChessEngine engine;
        engine.set_hash_mb(std::size_t(o.hash_mb));
        std::vector<Record> records;
        std::vector<std::pair<chess::Position, int>> kept;  // positions and White-view scores
        while (!quit.load() && !(stop && stop->load())) {
            core::SplitMix64 rng(base_seed + next_game.fetch_add(1));
            const chess::Position start = balanced_opening(o, engine, rng);
            kept.clear();
            const auto outcome = play_selfplay(
                engine, engine, start, o.play,
                [&](const PlayedMove& m) {
                    if (!keep_for_tuning(m.before, m.move, m.score, o.max_score_cp)) return;
                    const int white = m.before.side_to_move() == chess::kWhite ? m.score : -m.score;
                    kept.emplace_back(m.before, white);
                },
                stop);
            if (outcome == chess::Outcome::kOngoing) break;  // stopped mid-game: dropped
            const Result result = outcome == chess::Outcome::kWhiteWins   ? 1.0
                                  : outcome == chess::Outcome::kBlackWins ? 0.0
                                                                          : 0.5;
            records.clear();
            for (const auto& [pos, score] : kept) records.push_back(pack(pos, result, score));

            std::lock_guard lock(mutex);
            if (quit.load()) break;
            const std::uint64_t room =
                o.positions > writer.count() ? o.positions - writer.count() : 0;
            const std::size_t n = std::min<std::uint64_t>(room, records.size());
            if (const auto s = writer.append(records.data(), n); !s) {
                failure = s.error();
                quit = true;
                break;
            }
            ++games;
            if (writer.count() >= o.positions) quit = true;
            const auto now = std::chrono::steady_clock::now();
            if (now - last_report >= std::chrono::seconds(5) || quit.load()) {
                last_report = now;
                const double secs = timer.elapsed_ms() / 1000.0;
                const double rate = double(writer.count() - at_start) / std::max(secs, 1e-3);
                const double left = rate > 0 ? double(o.positions - writer.count()) / rate : 0;
                char line[200];
                std::snprintf(line, sizeof line,
                              "datagen: %s / %s positions, %s games, %.2fM positions/h, "
                              "%.0f s elapsed, ETA %.0f s\n",
                              thousands(writer.count()).c_str(), thousands(o.positions).c_str(),
                              thousands(games).c_str(), rate * 3600 / 1e6, secs, left);
                log << line << std::flush;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < std::max(1, o.threads); ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (!failure.empty()) return core::error(failure);
    if (const auto s = writer.close(); !s) return core::error(s.error());

    DatagenReport report;
    report.positions = writer.count();
    report.written = writer.count() - at_start;
    report.games = games;
    report.seconds = timer.elapsed_ms() / 1000.0;
    return report;
}

}  // namespace kibitz::tune
