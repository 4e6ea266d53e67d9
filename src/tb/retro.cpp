// Retrograde analysis by levels of distance to mate.
//
// Each position (index, side to move) has a cell of two bytes: its value byte (value.h; 0 while
// unresolved) and a counter of the moves into this table not yet known to lose (255: it
// cannot lose, because a capture or promotion draws or wins, or it has no move; 254: an
// illegal position or an unused index).
//
// 1. Init: mates (loss in 0), stalemates (draw), and the exits — captures and promotions —
//    valued by probing the smaller tables. An exit that wins sets a tentative win at its
//    distance; an exit that draws means the position cannot lose; otherwise the counter
//    counts the moves inside the table.
// 2. Level d = 1, 2, ...: every position whose distance is d - 1 is un-moved. If it is lost
//    (d odd), each predecessor wins in d unless it already wins faster. If it is won (d even),
//    each predecessor's counter drops; at zero the predecessor is lost, in d plies or later
//    if an exit loses more slowly (the exits are re-probed then).
// 3. Whatever is unresolved at the end is a draw.
//
// En passant: the table holds positions without e.p. rights. A double push that allows a
// legal e.p. capture leads to a position whose value is the best, for the side to move, of
// the stored value and of the e.p. capture. Such a move counts as a move into the table
// unless the capture wins for the opponent; then it loses anyway and is valued when the
// position is found lost (and the loss is re-evaluated if the stored value later turns out
// to be a faster win for the opponent).
//
// Symmetric positions: without pawns two moves can lead to one index (the position and its
// mirror image in a long diagonal). Counting and un-moving then deduplicate the indices, so a
// counter drops once per distinct successor.
#include "tb/retro.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "chess/attacks.h"
#include "core/bits.h"
#include "tb/index.h"
#include "tb/value.h"

namespace kibitz::tb {

using chess::Bitboard;
using chess::Color;
using chess::PieceType;
using chess::Square;
using chess::square_bb;

namespace {

// Counter bytes beyond any move count: the position cannot be lost / is illegal or unused.
constexpr std::uint8_t kNever = 255;
constexpr std::uint8_t kIllegal = 254;
constexpr std::uint64_t kChunk = 1 << 15;

struct Pos {
    Square sq[kMaxMen] = {};
    Bitboard occ = 0;
    Bitboard by[2] = {0, 0};
};

// A legal move of the generator's move loop.
struct MoveRec {
    int piece = 0;      // the moving piece
    int captured = -1;  // the captured piece, or -1
    PieceType promo = chess::kNoPieceType;
    bool double_push = false;
    bool exit() const { return captured >= 0 || promo != chess::kNoPieceType; }
};

std::uint8_t load(const std::uint8_t& b) {
    return std::atomic_ref<std::uint8_t>(const_cast<std::uint8_t&>(b))
        .load(std::memory_order_relaxed);
}

std::string clock_text(double seconds) {
    char buf[32];
    if (seconds < 60)
        std::snprintf(buf, sizeof buf, "%.1fs", seconds);
    else
        std::snprintf(buf, sizeof buf, "%dm%02ds", int(seconds) / 60, int(seconds) % 60);
    return buf;
}

class Retro {
public:
    Retro(const Material& m, const Registry& sub, const RetroOptions& o)
        : material_(m), ix_(m), sub_(sub), options_(o), n_(ix_.men()), size_(ix_.size()) {
        for (int i = 0; i < n_; ++i) {
            color_[i] = ix_.color(i);
            type_[i] = ix_.type(i);
            own_[color_[i]][own_n_[color_[i]]++] = i;
        }
        threads_ = std::max(1, o.threads);
    }

    core::Result<RetroOutput> run();

private:
    // --- Board ---
    void set_occ(Pos& p) const {
        p.occ = p.by[0] = p.by[1] = 0;
        for (int i = 0; i < n_; ++i) p.by[color_[i]] |= square_bb(p.sq[i]);
        p.occ = p.by[0] | p.by[1];
    }
    // The squares piece i attacks from square s with the given occupancy.
    Bitboard attacks_of(int i, Square s, Bitboard occ) const {
        switch (type_[i]) {
            case chess::kPawn: return chess::pawn_attacks(color_[i], s);
            case chess::kKnight: return chess::knight_attacks(s);
            case chess::kBishop: return chess::bishop_attacks(s, occ);
            case chess::kRook: return chess::rook_attacks(s, occ);
            case chess::kQueen: return chess::queen_attacks(s, occ);
            default: return chess::king_attacks(s);
        }
    }
    // True when a piece of colour `by` (other than piece `skip`) attacks target.
    bool attacked(const Pos& p, Square target, Color by, Bitboard occ, int skip) const {
        for (int k = 0; k < own_n_[by]; ++k) {
            const int i = own_[by][k];
            if (i != skip && (attacks_of(i, p.sq[i], occ) & square_bb(target))) return true;
        }
        return false;
    }
    // The number of pieces giving check to s's king.
    int checkers(const Pos& p, Color s) const {
        int count = 0;
        for (int k = 0; k < own_n_[~s]; ++k) {
            const int i = own_[~s][k];
            count += (attacks_of(i, p.sq[i], p.occ) & square_bb(p.sq[s])) != 0;
        }
        return count;
    }
    int piece_at(const Pos& p, Square s) const {
        for (int i = 0; i < n_; ++i)
            if (p.sq[i] == s) return i;
        return -1;
    }
    // Calls f(move, child) for each legal move of t; kExitsOnly: only captures, promotions and
    // double pushes.
    template <bool kExitsOnly = false, class F>
    void for_each_move(const Pos& p, Color t, F&& f) const;
    template <class F>
    void for_each_unmove(const Pos& z, std::uint64_t zi, Color u, F&& f) const;
    bool symmetric(const Pos& p, Color c, Square (*g)(Square)) const;
    bool need_dedupe(const Pos& p, Color still) const {
        return !ix_.pawns() &&
               (symmetric(p, still, transpose) || symmetric(p, still, anti_transpose));
    }

    // --- Values ---
    int exit_score(const Pos& child, const MoveRec& m, Color stm) const;
    int ep_score(const Pos& z, Color s, int pawn) const;
    int evaluate(const Pos& p, Color s, bool use_table) const;
    int evaluate_loss(const Pos& p, Color s, int d) const;
    std::uint8_t* cell(Color s, std::uint64_t idx) const { return cells_ + 2 * (s * size_ + idx); }
    void set_win(std::uint8_t* c, int plies);
    void set_loss(std::uint8_t* c, int score, bool only_lower);
    void raise_highest(int plies) {
        int h = highest_.load(std::memory_order_relaxed);
        while (plies > h && !highest_.compare_exchange_weak(h, plies)) {
        }
    }
    void fail(const std::string& message) const {
        std::lock_guard lock(error_mutex_);
        if (!failed_.exchange(true)) error_ = message;
    }

    // --- Phases ---
    void init_index(std::uint64_t idx);
    void init_side(const Pos& p, Color s, std::uint8_t* c);
    void process(Color s, std::uint64_t idx, int d);
    template <class F>
    void parallel(std::uint64_t total, F&& fn);
    void report(const std::string& what);
    void compute_stats(RetroOutput& out);

    Material material_;
    Indexer ix_;
    const Registry& sub_;
    RetroOptions options_;
    int n_;
    std::uint64_t size_;
    int threads_ = 1;
    Color color_[kMaxMen] = {};
    PieceType type_[kMaxMen] = {};
    int own_[2][kMaxMen] = {};
    int own_n_[2] = {0, 0};

    std::uint8_t* cells_ = nullptr;
    std::atomic<int> highest_{0};
    std::atomic<std::uint64_t> done_{0};  // chunks finished in the current phase
    std::atomic<std::uint64_t> anomalies_{0};
    mutable std::atomic<bool> failed_{false};
    mutable std::mutex error_mutex_;
    mutable std::string error_;
    std::chrono::steady_clock::time_point start_, last_report_;
    std::string phase_;
};

template <bool kExitsOnly, class F>
void Retro::for_each_move(const Pos& p, Color t, F&& f) const {
    const Color them = ~t;
    const Bitboard own = p.by[t], enemy = p.by[them];
    // A move needs a legality test when t is in check, when the king moves, or when the piece
    // stands between its king and an enemy slider on a line (possibly pinned).
    const Square king = p.sq[t];
    const bool in_check = attacked(p, king, them, p.occ, -1);
    Bitboard pin_risk = 0;
    for (int k = 0; k < own_n_[them]; ++k) {
        const int j = own_[them][k];
        const Square s = p.sq[j];
        const bool rook_line =
            chess::file_of(s) == chess::file_of(king) || chess::rank_of(s) == chess::rank_of(king);
        const bool slides = type_[j] == chess::kQueen || (type_[j] == chess::kRook && rook_line) ||
                            (type_[j] == chess::kBishop && !rook_line);
        if (slides && chess::line_bb(king, s)) pin_risk |= chess::between_bb(king, s);
    }
    for (int k = 0; k < own_n_[t]; ++k) {
        const int i = own_[t][k];
        const Square from = p.sq[i];
        const bool test = in_check || i == t || (pin_risk & square_bb(from));
        auto emit = [&](Square to, int captured, PieceType promo, bool dbl) {
            Pos c = p;
            c.sq[i] = to;
            c.by[t] = (own ^ square_bb(from)) | square_bb(to);
            if (captured >= 0) c.by[them] = enemy ^ square_bb(to);
            c.occ = c.by[0] | c.by[1];
            if (test && attacked(c, c.sq[t], them, c.occ, captured)) return;
            MoveRec m;
            m.piece = i;
            m.captured = captured;
            m.promo = promo;
            m.double_push = dbl;
            f(m, c);
        };
        if (type_[i] == chess::kPawn) {
            const int push = chess::pawn_push(t);
            const Square to = from + push;
            const bool last = chess::relative_rank(t, to) == 7;
            if (!(p.occ & square_bb(to))) {
                if (last) {
                    for (PieceType pt :
                         {chess::kQueen, chess::kRook, chess::kBishop, chess::kKnight})
                        emit(to, -1, pt, false);
                } else {
                    if (!kExitsOnly) emit(to, -1, chess::kNoPieceType, false);
                    if (chess::relative_rank(t, from) == 1 && !(p.occ & square_bb(to + push)))
                        emit(to + push, -1, chess::kNoPieceType, true);
                }
            }
            Bitboard caps = chess::pawn_attacks(t, from) & enemy;
            while (caps) {
                const Square cap = Square(core::pop_lsb(caps));
                const int j = piece_at(p, cap);
                if (type_[j] == chess::kKing) continue;
                if (last) {
                    for (PieceType pt :
                         {chess::kQueen, chess::kRook, chess::kBishop, chess::kKnight})
                        emit(cap, j, pt, false);
                } else {
                    emit(cap, j, chess::kNoPieceType, false);
                }
            }
        } else {
            Bitboard targets =
                chess::attacks_of(type_[i], from, p.occ) & (kExitsOnly ? enemy : ~own);
            while (targets) {
                const Square to = Square(core::pop_lsb(targets));
                int j = -1;
                if (enemy & square_bb(to)) {
                    j = piece_at(p, to);
                    if (type_[j] == chess::kKing) continue;
                }
                emit(to, j, chess::kNoPieceType, false);
            }
        }
    }
}

// Calls f(index, piece, from, double_push) for each position x with u to move from which u's
// move of `piece` from `from` (not a capture, not a promotion) leads to z, the decoded form
// of index zi.
template <class F>
void Retro::for_each_unmove(const Pos& z, std::uint64_t zi, Color u, F&& f) const {
    const Square king = z.sq[~u];
    const Bitboard king_bb = square_bb(king);
    for (int k = 0; k < own_n_[u]; ++k) {
        const int i = own_[u][k];
        const Square to = z.sq[i];
        // ~u may not be in check in x. Moving piece i back can only uncover a line through
        // `to`: when no other piece of u attacks the king with `to` empty, only piece i itself
        // needs a test.
        const Bitboard vacated = z.occ ^ square_bb(to);
        const bool others = attacked(z, king, u, vacated, i);
        auto emit = [&](Square from, bool dbl) {
            const Bitboard occ = vacated | square_bb(from);
            if (others) {
                Pos x = z;
                x.sq[i] = from;
                if (attacked(x, king, u, occ, -1)) return;
            } else if (attacks_of(i, from, occ) & king_bb) {
                return;
            }
            f(ix_.moved_index(zi, z.sq, i, from), i, from, dbl);
        };
        if (type_[i] == chess::kPawn) {
            const int back = -chess::pawn_push(u);
            const int rank = chess::relative_rank(u, to);
            const Square from = to + back;
            if (rank >= 2 && !(z.occ & square_bb(from))) {
                emit(from, false);
                if (rank == 3 && !(z.occ & square_bb(from + back))) emit(from + back, true);
            }
        } else {
            Bitboard froms = chess::attacks_of(type_[i], to, z.occ) & ~z.occ;
            if (type_[i] == chess::kKing) froms &= ~chess::king_attacks(king);
            while (froms) emit(Square(core::pop_lsb(froms)), false);
        }
    }
}

bool Retro::symmetric(const Pos& p, Color c, Square (*g)(Square)) const {
    for (int k = 0; k < own_n_[c]; ++k) {
        const int i = own_[c][k];
        const Square image = g(p.sq[i]);
        bool found = false;
        for (int l = 0; l < own_n_[c] && !found; ++l) {
            const int j = own_[c][l];
            found = type_[j] == type_[i] && p.sq[j] == image;
        }
        if (!found) return false;
    }
    return true;
}

int Retro::exit_score(const Pos& child, const MoveRec& m, Color stm) const {
    Placement pl;
    pl.stm = stm;
    for (int k = 0; k < n_; ++k) {
        if (k == m.captured) continue;
        const PieceType pt = k == m.piece && m.promo != chess::kNoPieceType ? m.promo : type_[k];
        pl.piece[pl.n] = chess::make_piece(color_[k], pt);
        pl.square[pl.n] = child.sq[k];
        ++pl.n;
    }
    const auto b = sub_.probe(pl);
    if (!b) {
        Material sm;
        for (int k = 0; k < pl.n; ++k)
            if (chess::type_of(pl.piece[k]) != chess::kKing)
                sm.add(chess::color_of(pl.piece[k]), chess::type_of(pl.piece[k]));
        fail(material_.name() + ": subtable " + sm.canonical().name() +
             " is missing or cannot be read" +
             (sub_.load_error().empty() ? "" : " (" + sub_.load_error() + ")"));
        return 0;
    }
    return score_of_byte(*b);
}

int Retro::ep_score(const Pos& z, Color s, int pawn) const {
    const Color u = ~s;
    const Square passed = z.sq[pawn] - chess::pawn_push(u);
    // s's pawns that attack the passed square.
    int best = kNoScore;
    for (int k = 0; k < own_n_[s]; ++k) {
        const int j = own_[s][k];
        if (type_[j] != chess::kPawn || !(chess::pawn_attacks(s, z.sq[j]) & square_bb(passed)))
            continue;
        Pos c = z;
        c.sq[j] = passed;
        c.by[s] = (z.by[s] ^ square_bb(z.sq[j])) | square_bb(passed);
        c.by[u] = z.by[u] ^ square_bb(z.sq[pawn]);
        c.occ = c.by[0] | c.by[1];
        if (attacked(c, c.sq[s], u, c.occ, pawn)) continue;
        MoveRec m;
        m.piece = j;
        m.captured = pawn;
        best = std::max(best, parent_score(exit_score(c, m, u)));
    }
    return best;
}

int Retro::evaluate(const Pos& p, Color s, bool use_table) const {
    int best = kNoScore;
    for_each_move(p, s, [&](const MoveRec& m, const Pos& c) {
        int v;
        if (m.exit()) {
            v = exit_score(c, m, ~s);
        } else {
            v = use_table ? score_of_byte(load(*cell(~s, ix_.index(c.sq)))) : 0;
            if (m.double_push) v = std::max(v, ep_score(c, ~s, m.piece));
        }
        best = std::max(best, parent_score(v));
    });
    if (best == kNoScore)
        best = attacked(p, p.sq[s], ~s, p.occ, -1) ? -kMateScore : 0;  // mate or stalemate
    return best;
}

int Retro::evaluate_loss(const Pos& p, Color s, int d) const {
    int best = d - kMateScore;  // the moves inside the table lose in d plies at most
    for_each_move<true>(p, s, [&](const MoveRec& m, const Pos& c) {
        if (m.exit()) {
            best = std::max(best, parent_score(exit_score(c, m, ~s)));
        } else if (m.double_push) {
            const int e = ep_score(c, ~s, m.piece);
            if (e >
                0) {  // not counted: the e.p. capture or the stored value, whichever wins faster
                const int v = score_of_byte(load(*cell(~s, ix_.index(c.sq))));
                best = std::max(best, parent_score(std::max(v, e)));
            }
        }
    });
    return best;
}

void Retro::set_win(std::uint8_t* c, int plies) {
    if (plies > kMaxWinPlies) {
        fail(material_.name() + ": a mate in " + std::to_string((plies + 1) / 2) +
             " moves does not fit the value byte");
        return;
    }
    const std::uint8_t want = win_byte(plies);
    std::atomic_ref<std::uint8_t> v(c[0]);
    std::uint8_t cur = v.load(std::memory_order_relaxed);
    while (cur == kDrawByte || (is_win_byte(cur) && cur > want)) {
        if (v.compare_exchange_weak(cur, want, std::memory_order_relaxed)) {
            raise_highest(plies);
            return;
        }
    }
    if (is_loss_byte(cur)) anomalies_.fetch_add(1, std::memory_order_relaxed);
}

void Retro::set_loss(std::uint8_t* c, int score, bool only_lower) {
    if (!is_loss_score(score)) {
        anomalies_.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    const int plies = score_plies(score);
    if (plies > kMaxLossPlies) {
        fail(material_.name() + ": a loss in " + std::to_string(plies / 2) +
             " moves does not fit the value byte");
        return;
    }
    const std::uint8_t want = loss_byte(plies);
    std::atomic_ref<std::uint8_t> v(c[0]);
    if (!only_lower) {
        v.store(want, std::memory_order_relaxed);
    } else {
        std::uint8_t cur = v.load(std::memory_order_relaxed);
        while (is_loss_byte(cur) && cur > want &&
               !v.compare_exchange_weak(cur, want, std::memory_order_relaxed)) {
        }
    }
    raise_highest(plies);
}

void Retro::init_index(std::uint64_t idx) {
    Pos p;
    ix_.decode(idx, p.sq);
    set_occ(p);
    const bool ok = core::popcount(p.occ) == n_ && ix_.is_canonical(idx, p.sq);
    for (int s = 0; s < 2; ++s) {
        std::uint8_t* c = cell(Color(s), idx);
        c[0] = kDrawByte;
        c[1] = kIllegal;
        if (!ok) continue;
        // Illegal: the side not to move is in check; or three checkers (no move gives those).
        if (attacked(p, p.sq[~Color(s)], Color(s), p.occ, -1) || checkers(p, Color(s)) > 2)
            continue;
        init_side(p, Color(s), c);
    }
}

void Retro::init_side(const Pos& p, Color s, std::uint8_t* c) {
    int moves = 0, count = 0;
    int best_exit = kNoScore;
    const bool dedupe = need_dedupe(p, ~s);
    std::uint64_t seen[256];
    int seen_n = 0;
    for_each_move(p, s, [&](const MoveRec& m, const Pos& child) {
        ++moves;
        if (m.exit()) {
            best_exit = std::max(best_exit, parent_score(exit_score(child, m, ~s)));
            return;
        }
        // A double push after which the e.p. capture wins for the opponent loses anyway: it
        // is not counted (see the file comment).
        if (m.double_push && ep_score(child, ~s, m.piece) > 0) return;
        if (dedupe) {
            const std::uint64_t idx = ix_.index(child.sq);
            for (int k = 0; k < seen_n; ++k)
                if (seen[k] == idx) return;
            seen[seen_n++] = idx;
        }
        ++count;
    });
    c[0] = kDrawByte;
    c[1] = kNever;
    if (moves == 0) {
        if (attacked(p, p.sq[s], ~s, p.occ, -1)) c[0] = loss_byte(0);
    } else if (best_exit > 0) {
        if (score_plies(best_exit) > kMaxWinPlies)
            return fail(material_.name() + ": mate too long");
        c[0] = byte_of_score(best_exit);
        raise_highest(score_plies(best_exit));
    } else if (best_exit < 0 && count == 0) {
        // Every move loses: exits, or double pushes the e.p. capture punishes.
        const int score = evaluate(p, s, false);
        if (!is_loss_score(score) || score_plies(score) > kMaxLossPlies)
            return fail(material_.name() + ": bad or too long loss at init");
        c[0] = byte_of_score(score);
        raise_highest(score_plies(score));
    } else if (best_exit < 0) {
        c[1] = std::uint8_t(count);  // all exits lose (or there are none): count the rest
    }
}

void Retro::process(Color s, std::uint64_t zi, int d) {
    Pos z;
    ix_.decode(zi, z.sq);
    set_occ(z);
    const Color u = ~s;
    const bool wins = d % 2 == 1;  // z is lost for s: its predecessors win
    const bool dedupe = need_dedupe(z, s);
    // 1. The predecessors' indices, their cells prefetched (the table is far larger than the
    //    caches, and the cells are scattered).
    struct Pred {
        std::uint64_t idx;
        Square from;
        std::int8_t piece;
        bool dbl;
    };
    Pred preds[128];
    int n = 0;
    for_each_unmove(z, zi, u, [&](std::uint64_t xi, int piece, Square from, bool dbl) {
        if (dedupe) {
            for (int k = 0; k < n; ++k)
                if (preds[k].idx == xi) return;
        }
        __builtin_prefetch(cell(u, xi), 1);
        preds[n++] = Pred{xi, from, std::int8_t(piece), dbl};
    });
    // 2. Each predecessor wins, or loses one more move.
    for (int k = 0; k < n; ++k) {
        const Pred& pr = preds[k];
        std::uint8_t* c = cell(u, pr.idx);
        if (load(c[1]) == kIllegal) continue;
        const std::uint8_t v = load(c[0]);
        const int e = pr.dbl ? ep_score(z, s, pr.piece) : kNoScore;
        auto predecessor = [&] {
            Pos x = z;
            x.sq[pr.piece] = pr.from;
            set_occ(x);
            return x;
        };
        if (wins) {
            int plies = d;
            if (e != kNoScore) {
                if (e >= 0) continue;  // s answers with the e.p. capture
                plies = std::max(d, score_plies(e) + 1);
            }
            set_win(c, plies);
            continue;
        }
        if (e > 0) {  // an uncounted double push: its loss may now come sooner
            if (is_loss_byte(v) && plies_of(v) > d)
                set_loss(c, evaluate(predecessor(), u, true), true);
            continue;
        }
        std::atomic_ref<std::uint8_t> counter(c[1]);
        if (counter.load(std::memory_order_relaxed) == kNever) continue;
        const std::uint8_t before = counter.fetch_sub(1, std::memory_order_relaxed);
        if (before == 1)
            set_loss(c, evaluate_loss(predecessor(), u, d), false);
        else if (before == 0)
            anomalies_.fetch_add(1, std::memory_order_relaxed);
    }
}

template <class F>
void Retro::parallel(std::uint64_t total, F&& fn) {
    const std::uint64_t chunks = (total + kChunk - 1) / kChunk;
    std::atomic<std::uint64_t> next{0};
    done_ = 0;
    auto work = [&](int t) {
        for (;;) {
            if (failed_.load(std::memory_order_relaxed)) return;
            if (options_.stop && options_.stop->load(std::memory_order_relaxed)) return;
            const std::uint64_t k = next.fetch_add(1);
            if (k >= chunks) return;
            const std::uint64_t begin = k * kChunk, end = std::min(total, begin + kChunk);
            fn(begin, end);
            const std::uint64_t finished = done_.fetch_add(1) + 1;
            if (t == 0 && options_.progress) {
                const auto now = std::chrono::steady_clock::now();
                if (now - last_report_ >= std::chrono::seconds(5)) {
                    last_report_ = now;
                    report(phase_ + " " + std::to_string(100 * finished / chunks) + "%");
                }
            }
        }
    };
    const int threads = int(std::min<std::uint64_t>(std::uint64_t(threads_), chunks));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
}

void Retro::report(const std::string& what) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    options_.progress("  " + material_.name() + ": " + what + ", " + clock_text(seconds));
}

void Retro::compute_stats(RetroOutput& out) {
    std::mutex merge;
    parallel(2 * size_, [&](std::uint64_t begin, std::uint64_t end) {
        SideStats local[2];
        for (std::uint64_t i = begin; i < end; ++i) {
            const int side = i >= size_;
            const std::uint8_t b = cells_[2 * i];
            SideStats& st = local[side];
            if (cells_[2 * i + 1] == kIllegal) {
                ++st.illegal;
            } else if (is_win_byte(b)) {
                ++st.wins;
                const auto plies = std::uint32_t(plies_of(b));
                if (plies > st.longest) st.longest = plies, st.longest_index = i - side * size_;
            } else if (is_loss_byte(b)) {
                ++st.losses;
            } else {
                ++st.draws;
            }
        }
        std::lock_guard lock(merge);
        for (int side = 0; side < 2; ++side) {
            SideStats& to = out.info.stats[side];
            const SideStats& from = local[side];
            to.wins += from.wins, to.draws += from.draws, to.losses += from.losses;
            to.illegal += from.illegal;
            if (from.longest > to.longest ||
                (from.longest == to.longest && from.longest_index < to.longest_index)) {
                to.longest = from.longest;
                to.longest_index = from.longest_index;
            }
        }
    });
}

core::Result<RetroOutput> Retro::run() {
    start_ = last_report_ = std::chrono::steady_clock::now();
    RetroOutput out;
    out.buffer = Bytes(4 * size_);
    if (out.buffer.empty())
        return core::error(material_.name() + ": not enough memory for " +
                           std::to_string(4 * size_ >> 20) + " MB");
    cells_ = out.buffer.data();
    auto stopped = [&] { return options_.stop && options_.stop->load(); };

    // 1. Init.
    phase_ = "init";
    parallel(size_, [&](std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t idx = begin; idx < end; ++idx) init_index(idx);
    });
    if (failed_) return core::error(error_);
    if (stopped()) return core::error(material_.name() + ": interrupted");

    // 2. Levels.
    int d = 1;
    for (; d - 1 <= highest_.load(); ++d) {
        const std::uint8_t target = byte_of_plies(d - 1);
        phase_ = "distance " + std::to_string(d - 1) + " plies";
        parallel(2 * size_, [&](std::uint64_t begin, std::uint64_t end) {
            // Four cells per 64-bit word: a word whose value bytes all differ from the target
            // is skipped at once. (Other threads write only cells that neither hold nor get
            // the target value at this level.)
            const std::uint64_t pattern = 0x0001000100010001ULL * target;
            std::uint64_t i = begin;
            for (; i + 4 <= end; i += 4) {
                std::uint64_t w;
                std::memcpy(&w, cells_ + 2 * i, 8);
                const std::uint64_t x = (w ^ pattern) & 0x00FF00FF00FF00FFULL;
                if (!((x - 0x0001000100010001ULL) & ~x & 0x0100010001000100ULL)) continue;
                for (std::uint64_t j = i; j < i + 4; ++j) {
                    if (cells_[2 * j] != target) continue;
                    const int side = j >= size_;
                    process(Color(side), j - side * size_, d);
                }
            }
            for (; i < end; ++i) {
                if (cells_[2 * i] != target) continue;
                const int side = i >= size_;
                process(Color(side), i - side * size_, d);
            }
        });
        if (failed_) return core::error(error_);
        if (stopped()) return core::error(material_.name() + ": interrupted");
    }
    out.levels = d - 1;
    if (anomalies_)
        return core::error(material_.name() + ": internal error: " +
                           std::to_string(anomalies_.load()) + " inconsistent counters or values");

    // 3. Statistics, then the value bytes packed to the front of the buffer.
    out.info.material = material_;
    out.info.size = size_;
    compute_stats(out);
    // Illegal and unused positions repeat the byte before them: long runs compress well.
    std::uint8_t previous = kDrawByte;
    for (std::uint64_t i = 0; i < 2 * size_; ++i)
        previous = cells_[i] = cells_[2 * i + 1] == kIllegal ? previous : cells_[2 * i];
    out.buffer.shrink(2 * size_);  // the counters' half back
    return out;
}

}  // namespace

core::Result<RetroOutput> retrograde(const Material& m, const Registry& subtables,
                                     const RetroOptions& options) {
    for (const auto& s : m.successors())
        if (!subtables.values(s))
            return core::error(m.name() + ": needs table " + s.name() + ": " +
                               subtables.load_error());
    Retro retro(m, subtables, options);
    return retro.run();
}

}  // namespace kibitz::tb
