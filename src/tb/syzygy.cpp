// Syzygy tables: finding the files, lazy loading, and the probes.
//
// 1. A table holds the positions of one material with White as the first-named side; a
//    position with the sides the other way round (or a symmetric material with Black to move)
//    is probed with colours swapped and the board mirrored top to bottom.
// 2. The tables leave out what a search over captures finds: positions with an e.p. right,
//    and positions whose best move is a capture hold a "don't care" value. So the WDL probe
//    is a small search over captures (and, for DTZ, over pawn moves too), each capture's
//    result probed in the smaller table, and the table value only counts when it is better.
// 3. A DTZ table holds one side to move; for the other side the probe searches one ply and
//    takes the best successor.
#include "tb/syzygy.h"

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "chess/movegen.h"
#include "core/bits.h"
#include "core/strings.h"
#include "tb/material.h"
#include "tb/syzygy_table.h"

namespace kibitz::tb::syzygy {

using chess::Color;
using chess::Position;

namespace {

constexpr int kNoValue = -1000;
constexpr std::uint8_t piece_code(chess::Piece p) {
    return std::uint8_t((chess::type_of(p) + 1) | (chess::color_of(p) == chess::kBlack ? 8 : 0));
}
int sign(int v) { return (v > 0) - (v < 0); }
// The DTZ of a position whose best move zeroes the counter, by its result.
int dtz_of_zeroing(int wdl) {
    return wdl == kWin           ? 1
           : wdl == kCursedWin   ? 101
           : wdl == kBlessedLoss ? -101
           : wdl == kLoss        ? -1
                                 : 0;
}

}  // namespace

const char* wdl_name(int wdl) {
    switch (wdl) {
        case kWin: return "win";
        case kCursedWin: return "cursed win";
        case kDraw: return "draw";
        case kBlessedLoss: return "blessed loss";
        default: return "loss";
    }
}

struct Tablebase::Entry {
    std::string name;                 // "KRPvKR"
    std::vector<std::uint8_t> codes;  // piece codes, White (the first-named side) first
    Shape shape;
    bool symmetric = false;
    int men = 0;
    std::uint32_t key_white = 0;  // material key with the first-named side as White
    std::uint32_t key_black = 0;  // and with the colours swapped (key_white when symmetric)
    std::string path[2];          // WDL, DTZ ("" when absent)

    mutable std::mutex mutex;
    mutable std::atomic<const Table*> table[2] = {nullptr, nullptr};
    mutable std::atomic<bool> failed[2] = {false, false};
    mutable std::unique_ptr<Table> owned[2];
    mutable std::string error[2];

    // The table of a kind, loaded on first use; nullptr (and why) when it cannot be.
    const Table* get(Kind kind, std::string& why) const {
        const int k = kind == Kind::kDtz;
        if (const Table* t = table[k].load(std::memory_order_acquire)) return t;
        std::lock_guard lock(mutex);
        if (const Table* t = table[k].load(std::memory_order_relaxed)) return t;
        if (!failed[k]) {
            if (path[k].empty()) {
                error[k] =
                    "no " + std::string(k ? "DTZ (.rtbz)" : "WDL (.rtbw)") + " file for " + name;
            } else if (auto t = Table::load(path[k], kind, codes, shape, symmetric)) {
                owned[k] = std::move(*t);
                table[k].store(owned[k].get(), std::memory_order_release);
                return owned[k].get();
            } else {
                error[k] = t.error();
            }
            failed[k] = true;
        }
        why = error[k];
        return nullptr;
    }
};

struct Tablebase::Got {
    enum State { kOk, kFail, kZeroingBest, kOtherSide } state = kOk;
};

struct Tablebase::Error {
    mutable std::mutex mutex;
    std::string text;
};

namespace {

// Parses "KRPvKR" into piece codes (White first) and counts; false when it is no material.
bool parse_name(const std::string& name, std::vector<std::uint8_t>& codes, int counts[2][6]) {
    const auto v = name.find('v');
    if (v == std::string::npos || v == 0 || v + 1 >= name.size()) return false;
    const std::string side[2] = {name.substr(0, v), name.substr(v + 1)};
    constexpr std::string_view kLetters = "PNBRQK";
    for (int s = 0; s < 2; ++s) {
        if (side[s][0] != 'K') return false;
        for (std::size_t i = 0; i < side[s].size(); ++i) {
            const auto t = kLetters.find(side[s][i]);
            if (t == std::string_view::npos || (t == 5) != (i == 0)) return false;
            ++counts[s][t];
            codes.push_back(std::uint8_t((t + 1) | (s ? 8 : 0)));
        }
        if (counts[s][5] != 1) return false;
    }
    return int(codes.size()) <= 7;
}

std::uint32_t key_of(const int counts[2][6]) {
    std::uint32_t k = 0;
    for (int s = 0; s < 2; ++s)
        for (int pt = 0; pt < 5; ++pt) k |= std::uint32_t(counts[s][pt] & 7) << (3 * (s * 5 + pt));
    return k;
}

}  // namespace

Tablebase::Tablebase() : error_(std::make_unique<Error>()) {}
Tablebase::~Tablebase() = default;

core::Status Tablebase::open(const std::string& paths) {
    entries_.clear();
    by_key_.clear();
    max_men_ = 0;
    paths_.clear();
    std::vector<std::unique_ptr<Entry>> found;
    auto entry_of = [&](const std::string& name) -> Entry* {
        for (auto& e : found)
            if (e->name == name) return e.get();
        auto e = std::make_unique<Entry>();
        int counts[2][6] = {};
        if (!parse_name(name, e->codes, counts)) return nullptr;
        e->name = name;
        e->men = int(e->codes.size());
        e->key_white = key_of(counts);
        int swapped[2][6];
        for (int t = 0; t < 6; ++t) swapped[0][t] = counts[1][t], swapped[1][t] = counts[0][t];
        e->key_black = key_of(swapped);
        e->symmetric = e->key_black == e->key_white;
        e->shape.pawns = counts[0][0] + counts[1][0] > 0;
        for (int s = 0; s < 2; ++s)
            for (int t = 0; t < 5; ++t) e->shape.unique |= counts[s][t] == 1;
        if (e->shape.pawns) {
            // The leading colour: the side with fewer pawns, but not a side without any.
            const bool white_leads =
                counts[1][0] == 0 || (counts[0][0] > 0 && counts[1][0] >= counts[0][0]);
            e->shape.lead_pawns = counts[white_leads ? 0 : 1][0];
            e->shape.other_pawns = counts[white_leads ? 1 : 0][0];
        }
        found.push_back(std::move(e));
        return found.back().get();
    };
    std::vector<std::string> dirs(1);
    for (char c : paths) {
        if (c == ':' || c == ';')
            dirs.emplace_back();
        else
            dirs.back() += c;
    }
    for (const std::string& raw : dirs) {
        const std::string dir{core::trim(raw)};
        if (dir.empty() || dir == "<empty>") continue;
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            return core::error("Syzygy tables: '" + dir + "' is not a folder");
        for (const auto& f : std::filesystem::directory_iterator(dir, ec)) {
            const std::string ext = f.path().extension().string();
            const int kind = ext == ".rtbw" ? 0 : ext == ".rtbz" ? 1 : -1;
            if (kind < 0) continue;
            Entry* e = entry_of(f.path().stem().string());
            if (e && e->path[kind].empty()) e->path[kind] = f.path().string();
        }
        if (ec) return core::error("Syzygy tables: cannot read '" + dir + "': " + ec.message());
    }
    for (auto& e : found) {
        if (e->path[0].empty()) continue;  // a DTZ file alone cannot be probed
        max_men_ = std::max(max_men_, e->men);
        by_key_.emplace_back(e->key_white, e.get());
        if (!e->symmetric) by_key_.emplace_back(e->key_black, e.get());
        entries_.push_back(std::move(e));
    }
    std::sort(by_key_.begin(), by_key_.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    paths_ = paths;
    return core::Done{};
}

int Tablebase::tables() const { return int(entries_.size()); }

std::vector<std::string> Tablebase::names() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.push_back(e->name);
    std::sort(out.begin(), out.end());
    return out;
}

std::string Tablebase::last_error() const {
    std::lock_guard lock(error_->mutex);
    return error_->text;
}

void Tablebase::fail(const std::string& why) const {
    std::lock_guard lock(error_->mutex);
    error_->text = why;
}

const Tablebase::Entry* Tablebase::find(std::uint32_t key) const {
    const auto it = std::lower_bound(by_key_.begin(), by_key_.end(), key,
                                     [](const auto& a, std::uint32_t k) { return a.first < k; });
    return it != by_key_.end() && it->first == key ? it->second : nullptr;
}

int Tablebase::probe_table(const Position& pos, bool dtz, int wdl, Got& got) const {
    const chess::Bitboard all = pos.pieces();
    if (core::popcount(all) == 2) return kDraw;  // bare kings
    const std::uint32_t key = material_key(pos);
    const Entry* e = find(key);
    if (!e) {
        got.state = Got::kFail;
        fail("no Syzygy table for this material");
        return 0;
    }
    std::string why;
    const Table* t = e->get(dtz ? Kind::kDtz : Kind::kWdl, why);
    if (!t) {
        got.state = Got::kFail;
        fail(why);
        return 0;
    }
    // 1. Colours and board as the table sees them.
    const bool black_to_move = pos.side_to_move() == chess::kBlack;
    const bool flip = key != e->key_white || (e->symmetric && black_to_move);
    const int stm = flip != black_to_move;
    const int colour_flip = flip ? 8 : 0, square_flip = flip ? 56 : 0;

    int sq[kMaxPieces];
    std::uint8_t pc[kMaxPieces];
    int size = 0, file = 0;
    chess::Bitboard lead_pawns = 0;
    if (e->shape.pawns) {
        // 2. The leading pawn: nearest an edge file, then lowest; it picks the sub-table.
        const std::uint8_t lead = t->pairs(0, 0).enc.pieces[0] ^ colour_flip;
        lead_pawns = pos.pieces(lead & 8 ? chess::kBlack : chess::kWhite, chess::kPawn);
        for (chess::Bitboard b = lead_pawns; b;) {
            pc[size] = lead ^ colour_flip;
            sq[size++] = core::pop_lsb(b) ^ square_flip;
        }
        int best = 0;
        for (int i = 1; i < size; ++i)
            if (pawn_rank(sq[i]) > pawn_rank(sq[best])) best = i;
        std::swap(sq[0], sq[best]);
        file = std::min(sq[0] & 7, 7 - (sq[0] & 7));
    }
    const int lead_count = size;
    const int side = dtz ? 0 : stm;
    const Pairs& p = t->pairs(side < t->sides() ? side : 0, file);
    if (dtz && (p.flags & 1) != stm && !(e->symmetric && !e->shape.pawns)) {
        got.state = Got::kOtherSide;
        return 0;
    }
    for (chess::Bitboard b = all & ~lead_pawns; b;) {
        const int s = core::pop_lsb(b);
        pc[size] = piece_code(pos.piece_on(chess::Square(s))) ^ colour_flip;
        sq[size++] = s ^ square_flip;
    }
    if (size != p.enc.n) {
        got.state = Got::kFail;
        fail(e->name + ": the position does not fit the table");
        return 0;
    }
    // 3. The other pieces in the sub-table's order.
    for (int i = lead_count; i < size - 1; ++i)
        for (int j = i + 1; j < size; ++j)
            if (pc[j] == p.enc.pieces[i] && pc[i] != p.enc.pieces[i]) {
                std::swap(pc[i], pc[j]);
                std::swap(sq[i], sq[j]);
                break;
            }
    // 4. The index and the value.
    const int raw = t->value(p, encode(p.enc, e->shape, sq));
    if (raw < 0 || (!dtz && raw > 4)) {
        got.state = Got::kFail;
        fail(e->name + ": a damaged block in " + e->path[dtz]);
        return 0;
    }
    if (!dtz) return raw - 2;
    const int plies = t->dtz_plies(p, raw, wdl);
    if (plies < 0) {
        got.state = Got::kFail;
        fail(e->name + ": a value outside the DTZ map in " + e->path[1]);
        return 0;
    }
    return plies;
}

int Tablebase::search(Position& pos, bool zeroing, Got& got) const {
    // Captures (and with `zeroing` pawn moves) first: the table does not hold their values.
    int best = kNoValue;
    const chess::MoveList moves = chess::legal_moves(pos);
    int searched = 0;
    for (const chess::Move m : moves) {
        const bool capture = pos.is_capture(m);
        if (!capture && !(zeroing && chess::type_of(pos.moved_piece(m)) == chess::kPawn)) continue;
        ++searched;
        const auto undo = pos.make(m);
        const int v = -search(pos, false, got);
        pos.unmake(m, undo);
        if (got.state == Got::kFail) return kDraw;
        if (v > best) {
            best = v;
            if (v >= kWin) {
                got.state = Got::kZeroingBest;
                return v;
            }
        }
    }
    const bool all = searched > 0 && searched == int(moves.size());
    int v = best;
    if (!all) {
        v = probe_table(pos, false, 0, got);
        if (got.state == Got::kFail) return kDraw;
    }
    if (best >= v) {
        got.state = best > kDraw || all ? Got::kZeroingBest : Got::kOk;
        return best;
    }
    got.state = Got::kOk;
    return v;
}

bool Tablebase::covers(const Position& pos) const {
    if (pos.castling_rights() != chess::kNoCastling) {
        fail("castling rights: Syzygy tables hold no positions with castling rights");
        return false;
    }
    if (core::popcount(pos.pieces()) > max_men_) {
        fail(std::to_string(core::popcount(pos.pieces())) + " men: the Syzygy tables in '" +
             paths_ + "' have at most " + std::to_string(max_men_));
        return false;
    }
    return true;
}

std::optional<int> Tablebase::probe_wdl(Position& pos) const {
    if (!covers(pos)) return std::nullopt;
    Got got;
    const int v = search(pos, false, got);
    if (got.state == Got::kFail) return std::nullopt;
    return v;
}

int Tablebase::probe_dtz(Position& pos, Got& got, int depth, int* wdl_out) const {
    const int wdl = search(pos, true, got);
    if (wdl_out) *wdl_out = wdl;
    if (got.state == Got::kFail || wdl == kDraw) return 0;
    if (got.state == Got::kZeroingBest) return dtz_of_zeroing(wdl);
    const int dtz = probe_table(pos, true, wdl, got);
    if (got.state == Got::kFail) return 0;
    if (got.state != Got::kOtherSide)
        return (dtz + 100 * (wdl == kCursedWin || wdl == kBlessedLoss)) * sign(wdl);
    if (depth > 0) {  // the table holds neither side: a damaged or foreign file
        got.state = Got::kFail;
        fail("a DTZ table that holds neither side to move");
        return 0;
    }
    // The other side to move is stored: the best successor, one ply further.
    int best = 0xFFFF;
    const chess::MoveList moves = chess::legal_moves(pos);
    for (const chess::Move m : moves) {
        const bool zeroing =
            pos.is_capture(m) || chess::type_of(pos.moved_piece(m)) == chess::kPawn;
        const auto undo = pos.make(m);
        Got child;
        int d = zeroing ? -dtz_of_zeroing(search(pos, false, child))
                        : -probe_dtz(pos, child, depth + 1);
        if (d == 1 && pos.in_check() && chess::count_legal_moves(pos) == 0) best = 1;  // mate
        pos.unmake(m, undo);
        if (child.state == Got::kFail) {
            got.state = Got::kFail;
            return 0;
        }
        if (!zeroing) d += sign(d);
        if (d < best && sign(d) == sign(wdl)) best = d;
    }
    got.state = Got::kOk;
    return best == 0xFFFF ? -1 : best;
}

std::optional<int> Tablebase::probe_dtz(Position& pos) const {
    if (!covers(pos)) return std::nullopt;
    Got got;
    const int v = probe_dtz(pos, got, 0);
    if (got.state == Got::kFail) return std::nullopt;
    return v;
}

std::vector<RootMove> Tablebase::rank_root_moves(Position& pos, bool rule50) const {
    std::vector<RootMove> out;
    if (!probe_wdl(pos)) return out;
    const int clock = pos.halfmove_clock();
    for (const chess::Move m : chess::legal_moves(pos)) {
        RootMove r{m, 0, 0, 0};
        const auto undo = pos.make(m);
        Got got;
        if (pos.halfmove_clock() == 0) {
            r.wdl = -search(pos, false, got);
            r.dtz = dtz_of_zeroing(r.wdl);
        } else if (pos.is_repetition()) {
            r.wdl = r.dtz = 0;  // a repeated position is the draw a player can claim
        } else {
            int wdl = 0;
            const int d = -probe_dtz(pos, got, 0, &wdl);
            r.dtz = d > 0 ? d + 1 : d < 0 ? d - 1 : 0;
            r.wdl = -wdl;
        }
        if (pos.in_check() && r.dtz == 2 && chess::count_legal_moves(pos) == 0) r.dtz = 1;
        pos.unmake(m, undo);
        if (got.state == Got::kFail) return {};
        // Wins inside the rule rank by how soon they zero; the others by result, and among
        // losses the one that lasts longest (or reaches the rule's draw) first.
        const int a = std::abs(r.dtz);
        if (r.dtz > 0)
            r.rank = !rule50 || a + clock <= 100 ? kRankWin - a : kRankCursed - a;
        else if (r.dtz < 0)
            r.rank = rule50 && a + clock > 100 ? -kRankCursed + a : -kRankWin + a;
        out.push_back(r);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const RootMove& a, const RootMove& b) { return a.rank > b.rank; });
    return out;
}

}  // namespace kibitz::tb::syzygy
