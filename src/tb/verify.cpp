// Table verification through the ordinary rules (chess::Position, legal move generation).
#include "tb/verify.h"

#include <algorithm>
#include <mutex>

#include "chess/movegen.h"
#include "tb/generate.h"
#include "tb/index.h"
#include "tb/placements.h"
#include "tb/registry.h"
#include "tb/tables.h"
#include "tb/value.h"

namespace kibitz::tb {

namespace {

constexpr std::size_t kExamples = 8;

std::string text_of(int score) {
    if (is_win_score(score)) return describe({Value::kWin, score_plies(score)});
    if (is_loss_score(score)) return describe({Value::kLoss, score_plies(score)});
    return "draw";
}

// The value of pos for its side to move, e.p. rights included; kNoScore when a table is
// missing.
int value_with_ep(const Registry& reg, chess::Position& pos) {
    const auto b = reg.probe(pos);
    if (!b) return kNoScore;
    int score = score_of_byte(*b);
    if (pos.ep_square() == chess::kNoSquare) return score;
    for (const chess::Move m : chess::legal_moves(pos)) {
        if (m.kind() != chess::Move::kEnPassant) continue;
        const chess::Undo undo = pos.make(m);
        const auto g = reg.probe(pos);
        pos.unmake(m, undo);
        if (!g) return kNoScore;
        score = std::max(score, parent_score(score_of_byte(*g)));
    }
    return score;
}

}  // namespace

core::Result<VerifyReport> verify(const std::string& dir, const Material& table, int threads,
                                  const std::atomic<bool>* stop,
                                  const std::function<void(const std::string&)>& progress) {
    const Material m = table.canonical();
    Registry reg(dir);
    reg.add(m);
    for (const auto& s : m.successors()) reg.add(s);
    const std::uint8_t* values = reg.values(m);
    if (!values) return core::error(reg.load_error());
    for (const auto& s : m.successors())
        if (!reg.values(s))
            return core::error(m.name() + ": needs " + s.name() + ": " + reg.load_error());
    const Indexer ix(m);
    const std::uint64_t size = ix.size();

    VerifyReport report;
    std::mutex mutex;
    std::atomic<std::uint64_t> checked{0}, mismatches{0};
    std::atomic<bool> missing{false};

    auto mismatch = [&](const std::string& what) {
        mismatches.fetch_add(1);
        std::lock_guard lock(mutex);
        if (report.examples.size() < kExamples) report.examples.push_back(what);
    };
    auto check = [&](std::uint64_t idx, chess::Color stm) {
        const std::uint8_t stored = values[stm * size + idx];
        const std::string fen = fen_of(ix, idx, stm);
        auto parsed = chess::Position::from_fen(fen);
        if (!parsed) return;  // illegal: the file holds a filler byte there
        checked.fetch_add(1, std::memory_order_relaxed);
        chess::Position& pos = *parsed;
        int best = kNoScore;
        const auto moves = chess::legal_moves(pos);
        for (const chess::Move mv : moves) {
            const chess::Undo undo = pos.make(mv);
            const int child = value_with_ep(reg, pos);
            pos.unmake(mv, undo);
            if (child == kNoScore) {
                missing = true;
                return;
            }
            best = std::max(best, parent_score(child));
        }
        if (moves.empty()) best = pos.in_check() ? -kMateScore : 0;
        if (score_of_byte(stored) != best) {
            mismatch(fen + ": stored " + text_of(score_of_byte(stored)) + ", recomputed " +
                     text_of(best));
        }
    };
    for_each_placement(
        ix, 1, threads, stop, &missing,
        [&](std::uint64_t idx) {
            check(idx, chess::kWhite);
            check(idx, chess::kBlack);
        },
        [&](int percent, int seconds) {
            if (progress)
                progress("  " + m.name() + ": verified " + std::to_string(percent) + "%, " +
                         std::to_string(seconds) + " s");
        });
    if (missing)
        return core::error(m.name() + ": a successor's table is missing or unreadable" +
                           (reg.load_error().empty() ? "" : ": " + reg.load_error()));
    if (stop && stop->load()) return core::error(m.name() + ": verification interrupted");
    report.checked = checked;
    report.mismatches = mismatches;
    return report;
}

}  // namespace kibitz::tb
