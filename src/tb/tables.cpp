// Probing: directory scan, material lookup, e.p. rights, the best move.
#include "tb/tables.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>

#include "chess/movegen.h"
#include "core/bits.h"
#include "tb/registry.h"
#include "tb/value.h"

namespace kibitz::tb {

namespace {

enum Failure : std::uint32_t { kNone, kTooManyMen, kCastling, kNoTable, kUnreadable };

int score_of(const Value& v) {
    return v.kind == Value::kWin    ? kMateScore - v.plies
           : v.kind == Value::kLoss ? v.plies - kMateScore
                                    : 0;
}

Value value_of(int score) {
    if (is_win_score(score)) return {Value::kWin, score_plies(score)};
    if (is_loss_score(score)) return {Value::kLoss, score_plies(score)};
    return {};
}

// The canonical name of a packed material key.
std::string name_of_key(std::uint32_t key) {
    Material m;
    for (int side = 0; side < 2; ++side)
        for (int pt = 0; pt < 5; ++pt)
            for (std::uint32_t k = (key >> (3 * (side * 5 + pt))) & 7; k > 0; --k)
                m.add(side, chess::PieceType(pt));
    return m.canonical().name();
}

}  // namespace

std::string describe(const Value& v) {
    switch (v.kind) {
        case Value::kWin: return "win, mate in " + std::to_string((v.plies + 1) / 2);
        case Value::kLoss: return "loss, mated in " + std::to_string(v.plies / 2);
        default: return "draw";
    }
}

struct Tables::Impl {
    std::once_flag scanned;
    std::unique_ptr<Registry> registry;
    std::atomic<std::uint64_t> failure{0};  // Failure << 32 | material key or men
};

Tables::Tables(std::string dir) : dir_(std::move(dir)), impl_(std::make_unique<Impl>()) {}

Tables::~Tables() = default;

const std::string& Tables::dir() const { return dir_; }

const Registry& Tables::registry() const {
    std::call_once(impl_->scanned, [this] {
        impl_->registry = std::make_unique<Registry>(dir_);
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
            const auto& path = entry.path();
            if (path.extension() != ".ktb") continue;
            auto m = Material::parse(path.stem().string());
            if (m && m->men() > 2 && m->is_canonical() && m->name() == path.stem().string())
                impl_->registry->add(*m);
        }
    });
    return *impl_->registry;
}

std::vector<std::string> Tables::available() const { return registry().names(); }

int Tables::max_men() const { return registry().max_men(); }

void Tables::note_failure(int kind, std::uint32_t key) const {
    const std::uint64_t code = std::uint64_t(kind) << 32 | key;
    if (impl_->failure.load(std::memory_order_relaxed) != code)
        impl_->failure.store(code, std::memory_order_relaxed);
}

std::string Tables::last_error() const {
    const std::uint64_t code = impl_->failure.load();
    const auto key = std::uint32_t(code);
    switch (code >> 32) {
        case kTooManyMen:
            return max_men() == 0 ? "no tables in " + dir_
                                  : std::to_string(key) + " men: the tables in " + dir_ +
                                        " have at most " + std::to_string(max_men());
        case kCastling: return "castling rights: tables hold no positions with castling rights";
        case kNoTable: return "no table " + name_of_key(key) + " in " + dir_;
        case kUnreadable: return registry().load_error();
        default: return "";
    }
}

std::optional<Value> Tables::probe(const chess::Position& pos) const {
    const Registry& reg = registry();
    const int men = core::popcount(pos.pieces());
    if (men > reg.max_men()) {
        note_failure(kTooManyMen, std::uint32_t(men));
        return std::nullopt;
    }
    if (pos.castling_rights() != chess::kNoCastling) {
        note_failure(kCastling, 0);
        return std::nullopt;
    }
    auto fail = [&](std::uint32_t key) -> std::optional<Value> {
        note_failure(reg.has_key(key) ? kUnreadable : kNoTable, key);
        return std::nullopt;
    };
    const auto b = reg.probe(pos);
    if (!b) return fail(material_key(pos));
    int score = score_of_byte(*b);
    // 2. E.p. rights: the capture is one more move to choose from.
    const chess::Square ep = pos.ep_square();
    if (ep != chess::kNoSquare) {
        const chess::Color us = pos.side_to_move();
        const chess::Square victim = ep - chess::pawn_push(us);
        chess::Bitboard from_bb = chess::pawn_attacks(~us, ep) & pos.pieces(us, chess::kPawn);
        while (from_bb) {
            const auto from = chess::Square(core::pop_lsb(from_bb));
            if (!pos.is_legal(chess::Move(from, ep, chess::Move::kEnPassant))) continue;
            Placement pl;
            pl.stm = ~us;
            chess::Bitboard all = pos.pieces() & ~chess::square_bb(victim);
            while (all) {
                const auto s = chess::Square(core::pop_lsb(all));
                pl.piece[pl.n] = pos.piece_on(s);
                pl.square[pl.n] = s == from ? ep : s;
                ++pl.n;
            }
            const auto cb = reg.probe(pl);
            if (!cb) {
                std::uint32_t key = 0;
                for (int i = 0; i < pl.n; ++i)
                    if (chess::type_of(pl.piece[i]) != chess::kKing)
                        key += 1u << (3 * (chess::color_of(pl.piece[i]) * 5 +
                                           chess::type_of(pl.piece[i])));
                return fail(key);
            }
            score = std::max(score, parent_score(score_of_byte(*cb)));
        }
    }
    return value_of(score);
}

std::optional<RootMove> best_move(const Tables& tables, const chess::Position& pos) {
    if (!tables.probe(pos)) return std::nullopt;
    const auto moves = chess::legal_moves(pos);
    std::optional<RootMove> best;
    int best_score = kNoScore;
    for (const chess::Move m : moves) {
        chess::Position child = pos;
        child.make(m);
        const auto v = tables.probe(child);
        if (!v) return std::nullopt;
        const int score = parent_score(score_of(*v));
        if (score > best_score) {
            best_score = score;
            best = RootMove{m, value_of(score)};
        }
    }
    return best;
}

std::string default_dir() {
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    std::filesystem::path exe = n > 0 ? std::filesystem::path(std::string(buf, std::size_t(n)))
                                      : std::filesystem::current_path() / "kibitz";
    return (exe.parent_path() / "tb").string();
}

std::string default_dir_with_tables() {
    const std::string dir = default_dir();
    return Tables(dir).available().empty() ? "" : dir;
}

}  // namespace kibitz::tb
