// Syzygy tables against the own tables and against their successors (see syzygy_check.h).
#include "tb/syzygy_check.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include "chess/movegen.h"
#include "core/bits.h"
#include "tb/generate.h"
#include "tb/index.h"
#include "tb/placements.h"
#include "tb/tables.h"

namespace kibitz::tb {

namespace {

constexpr std::size_t kShownMismatches = 8;

int sign_of(int v) { return (v > 0) - (v < 0); }

// DTZ probes by position key, shared by the threads: a position of the table is the successor
// of many others, and the probe of a side to move that the DTZ file does not hold costs a
// search of its own successors. At most kMaxEntries are kept (about 40 bytes each).
class DtzCache {
public:
    std::optional<int> dtz(const syzygy::Tablebase& syz, chess::Position& pos) {
        const std::uint64_t key = pos.key();
        Shard& shard = shards_[key % kShards];
        {
            std::lock_guard lock(shard.mutex);
            if (const auto it = shard.map.find(key); it != shard.map.end()) return it->second;
        }
        const auto d = syz.probe_dtz(pos);
        if (d && size_.load(std::memory_order_relaxed) < kMaxEntries) {
            std::lock_guard lock(shard.mutex);
            if (shard.map.emplace(key, *d).second) size_.fetch_add(1, std::memory_order_relaxed);
        }
        return d;
    }

private:
    static constexpr std::size_t kShards = 64;
    static constexpr std::size_t kMaxEntries = 20'000'000;
    struct Shard {
        std::mutex mutex;
        std::unordered_map<std::uint64_t, int> map;
    };
    Shard shards_[kShards];
    std::atomic<std::size_t> size_{0};
};

// The DTZ of pos recomputed from its successors, from the side to move; `wdl` is pos's.
// nullopt when a successor is not covered.
std::optional<int> dtz_from_successors(const syzygy::Tablebase& syz, DtzCache& cache,
                                       chess::Position& pos, int wdl) {
    const chess::MoveList moves = chess::legal_moves(pos);
    if (moves.empty()) return pos.in_check() ? -1 : 0;  // mated: DTZ -1; stalemate: a draw
    int best = 0;
    for (const chess::Move m : moves) {
        const bool zeroing =
            pos.is_capture(m) || chess::type_of(pos.moved_piece(m)) == chess::kPawn;
        const chess::Undo undo = pos.make(m);
        std::optional<int> v;
        if (zeroing) {
            if (const auto w = syz.probe_wdl(pos)) {
                const int mine = -*w;
                v = mine == syzygy::kWin           ? 1
                    : mine == syzygy::kCursedWin   ? 101
                    : mine == syzygy::kBlessedLoss ? -101
                    : mine == syzygy::kLoss        ? -1
                                                   : 0;
            }
        } else if (pos.in_check() && chess::count_legal_moves(pos) == 0) {
            v = 1;  // mate
        } else if (const auto c = cache.dtz(syz, pos)) {
            v = -*c + sign_of(-*c);
        }
        pos.unmake(m, undo);
        if (!v) return std::nullopt;
        if (sign_of(*v) != sign_of(wdl)) continue;
        if (best == 0 || *v < best) best = *v;  // fastest win; slowest loss (most negative)
    }
    return best;
}

}  // namespace

core::Result<SyzygyCheckReport> check_syzygy(
    const std::string& own_dir, const syzygy::Tablebase& syz, const Material& table,
    std::uint64_t stride, int threads, const std::atomic<bool>* stop,
    const std::function<void(const std::string&)>& progress) {
    const Material m = table.canonical();
    const Tables own(own_dir);
    const Indexer ix(m);

    SyzygyCheckReport report;
    DtzCache cache;
    std::mutex mutex;
    std::atomic<std::uint64_t> checked{0}, cursed{0}, wdl_bad{0}, dtz_bad{0}, rounded{0};
    std::atomic<bool> missing{false};
    std::string missing_why;

    auto note = [&](std::atomic<std::uint64_t>& counter, const std::string& what) {
        counter.fetch_add(1);
        std::lock_guard lock(mutex);
        if (report.examples.size() < kShownMismatches) report.examples.push_back(what);
    };
    auto give_up = [&](const std::string& why) {
        std::lock_guard lock(mutex);
        if (!missing.exchange(true)) missing_why = why;
    };
    auto check = [&](std::uint64_t idx, chess::Color stm) {
        const std::string fen = fen_of(ix, idx, stm);
        auto parsed = chess::Position::from_fen(fen);
        if (!parsed) return;  // not a legal position
        chess::Position& pos = *parsed;
        const auto mine = own.probe(pos);
        if (!mine) return give_up("own table: " + own.last_error());
        const auto wdl = syz.probe_wdl(pos);
        const auto dtz = wdl ? cache.dtz(syz, pos) : std::nullopt;
        if (!wdl || !dtz) return give_up("Syzygy: " + syz.last_error());
        checked.fetch_add(1, std::memory_order_relaxed);
        if (*wdl == syzygy::kCursedWin || *wdl == syzygy::kBlessedLoss) cursed.fetch_add(1);
        const int own_sign = mine->kind == Value::kWin ? 1 : mine->kind == Value::kLoss ? -1 : 0;
        if (own_sign != sign_of(*wdl)) {
            note(wdl_bad,
                 fen + ": Syzygy " + syzygy::wdl_name(*wdl) + ", own table " + describe(*mine));
            return;
        }
        const auto expected = dtz_from_successors(syz, cache, pos, *wdl);
        if (!expected) return give_up("Syzygy: " + syz.last_error());
        if (*dtz == *expected) return;
        if (std::abs(*dtz - *expected) == 1 && sign_of(*dtz) == sign_of(*expected)) {
            rounded.fetch_add(1, std::memory_order_relaxed);
            return;
        }
        note(dtz_bad, fen + ": DTZ " + std::to_string(*dtz) + ", from the successors " +
                          std::to_string(*expected));
    };
    for_each_placement(
        ix, stride, threads, stop, &missing,
        [&](std::uint64_t idx) {
            check(idx, chess::kWhite);
            check(idx, chess::kBlack);
        },
        [&](int percent, int seconds) {
            if (progress)
                progress("  " + m.name() + ": " + std::to_string(percent) + "%, " +
                         std::to_string(seconds) + " s");
        });
    if (missing) return core::error(m.name() + ": " + missing_why);
    if (stop && stop->load()) return core::error(m.name() + ": check interrupted");
    report.checked = checked;
    report.cursed = cursed;
    report.wdl_mismatches = wdl_bad;
    report.dtz_mismatches = dtz_bad;
    report.dtz_rounded = rounded;
    return report;
}

}  // namespace kibitz::tb
