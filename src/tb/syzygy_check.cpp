// Syzygy tables against the own tables and against their successors (see syzygy_check.h).
#include "tb/syzygy_check.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "chess/movegen.h"
#include "core/bits.h"
#include "tb/generate.h"
#include "tb/index.h"
#include "tb/placements.h"
#include "tb/tables.h"

namespace kibitz::tb {

namespace {

constexpr std::size_t kExamples = 8;

int sign(int v) { return (v > 0) - (v < 0); }

// The DTZ of pos recomputed from its successors, from the side to move; `wdl` is pos's.
// nullopt when a successor is not covered.
std::optional<int> dtz_from_successors(const syzygy::Tablebase& syz, chess::Position& pos,
                                       int wdl) {
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
        } else if (const auto c = syz.probe_dtz(pos)) {
            v = -*c + sign(-*c);
        }
        pos.unmake(m, undo);
        if (!v) return std::nullopt;
        if (sign(*v) != sign(wdl)) continue;
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
    std::mutex mutex;
    std::atomic<std::uint64_t> next{0}, checked{0}, cursed{0}, wdl_bad{0}, dtz_bad{0}, rounded{0};
    std::atomic<bool> missing{false};
    std::string missing_why;

    auto note = [&](std::atomic<std::uint64_t>& counter, const std::string& what) {
        counter.fetch_add(1);
        std::lock_guard lock(mutex);
        if (report.examples.size() < kExamples) report.examples.push_back(what);
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
        const auto dtz = wdl ? syz.probe_dtz(pos) : std::nullopt;
        if (!wdl || !dtz) return give_up("Syzygy: " + syz.last_error());
        checked.fetch_add(1, std::memory_order_relaxed);
        if (*wdl == syzygy::kCursedWin || *wdl == syzygy::kBlessedLoss) cursed.fetch_add(1);
        const int own_sign = mine->kind == Value::kWin ? 1 : mine->kind == Value::kLoss ? -1 : 0;
        if (own_sign != sign(*wdl)) {
            note(wdl_bad,
                 fen + ": Syzygy " + syzygy::wdl_name(*wdl) + ", own table " + describe(*mine));
            return;
        }
        const auto expected = dtz_from_successors(syz, pos, *wdl);
        if (!expected) return give_up("Syzygy: " + syz.last_error());
        if (*dtz == *expected) return;
        if (std::abs(*dtz - *expected) == 1 && sign(*dtz) == sign(*expected)) {
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
