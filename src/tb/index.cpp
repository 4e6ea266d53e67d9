// Index computation: king-pair tables, symmetry normalisation, mixed-radix digits.
#include "tb/index.h"

#include <array>
#include <cassert>
#include <utility>

#include "chess/bitboard.h"

namespace kibitz::tb {

using chess::Square;

namespace {

constexpr bool on_diagonal(Square s) { return chess::file_of(s) == chess::rank_of(s); }
constexpr bool above_diagonal(Square s) { return chess::rank_of(s) > chess::file_of(s); }

bool kings_apart(int a, int b) {
    return a != b && !(chess::king_attacks(Square(a)) & chess::square_bb(Square(b)));
}

// The king-pair numbering of one kind of table.
struct KingPairs {
    std::array<std::int16_t, 64 * 64> index{};
    Square squares[kPawnKingPairs][2] = {};
    int count = 0;

    explicit KingPairs(bool pawns) {
        index.fill(-1);
        for (int a = 0; a < 64; ++a) {
            const Square sa = Square(a);
            const bool ok =
                pawns ? chess::file_of(sa) <= 3
                      : chess::file_of(sa) <= 3 && chess::rank_of(sa) <= chess::file_of(sa);
            if (!ok) continue;
            for (int b = 0; b < 64; ++b) {
                if (!kings_apart(a, b)) continue;
                if (!pawns && on_diagonal(sa) && above_diagonal(Square(b))) continue;
                index[a * 64 + b] = std::int16_t(count);
                squares[count][0] = sa;
                squares[count][1] = Square(b);
                ++count;
            }
        }
    }
};

const KingPairs& king_pairs(bool pawns) {
    static const KingPairs pawnless(false), with_pawns(true);
    assert(pawnless.count == kPawnlessKingPairs && with_pawns.count == kPawnKingPairs);
    return pawns ? with_pawns : pawnless;
}

}  // namespace

Indexer::Indexer(const Material& m) : material_(m) {
    color_[0] = chess::kWhite, type_[0] = chess::kKing;
    color_[1] = chess::kBlack, type_[1] = chess::kKing;
    n_ = 2;
    for (int side = 0; side < 2; ++side) {
        for (chess::PieceType pt : kNameOrder) {
            for (int k = 0; k < m.count(side, pt); ++k) {
                color_[n_] = chess::Color(side);
                type_[n_] = pt;
                ++n_;
            }
        }
    }
    pawns_ = m.has_pawns();
    per_king_pair_ = 1;
    for (int i = 2; i < n_; ++i) {
        const bool pawn = type_[i] == chess::kPawn;
        radix_[i] = pawn ? 48 : 64;
        offset_[i] = pawn ? 8 : 0;
        per_king_pair_ *= std::uint64_t(radix_[i]);
        if (i > 2 && color_[i] == color_[i - 1] && type_[i] == type_[i - 1]) {
            ++group_len_[groups_ - 1];
        } else {
            group_start_[groups_] = i;
            group_len_[groups_] = 1;
            ++groups_;
        }
    }
    size_ = per_king_pair_ * std::uint64_t(pawns_ ? kPawnKingPairs : kPawnlessKingPairs);
    std::uint64_t w = 1;
    for (int i = n_ - 1; i >= 2; --i) {
        weight_[i] = w;
        w *= std::uint64_t(radix_[i]);
    }
    for (int g = 0; g < groups_; ++g)
        for (int k = 0; k < group_len_[g]; ++k) twin_[group_start_[g] + k] = group_len_[g] > 1;
    const KingPairs& kp = king_pairs(pawns_);
    pair_index_ = kp.index.data();
    pair_squares_ = kp.squares;
}

std::uint64_t Indexer::raw_index(Square* s) const {
    for (int g = 0; g < groups_; ++g) {
        if (group_len_[g] < 2) continue;
        Square* a = s + group_start_[g];
        const int len = group_len_[g];
        for (int i = 1; i < len; ++i)
            for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
    }
    assert(pair_index_[s[0] * 64 + s[1]] >= 0);
    std::uint64_t idx = std::uint64_t(pair_index_[s[0] * 64 + s[1]]);
    for (int i = 2; i < n_; ++i) idx = idx * std::uint64_t(radix_[i]) + (s[i] - offset_[i]);
    return idx;
}

std::uint64_t Indexer::index(const Square* sq) const {
    Square s[kMaxMen];
    if (pawns_) {
        const int m = chess::file_of(sq[0]) > 3 ? 7 : 0;
        for (int i = 0; i < n_; ++i) s[i] = Square(sq[i] ^ m);
        return raw_index(s);
    }
    // Put side 0's king into the triangle a1-d1-d4.
    const int f = chess::file_of(sq[0]), r = chess::rank_of(sq[0]);
    const int flip = (f > 3 ? 7 : 0) | (r > 3 ? 56 : 0);
    const bool swap = (r > 3 ? 7 - r : r) > (f > 3 ? 7 - f : f);
    for (int i = 0; i < n_; ++i) {
        s[i] = Square(sq[i] ^ flip);
        if (swap) s[i] = transpose(s[i]);
    }
    if (on_diagonal(s[0])) {
        if (above_diagonal(s[1])) {
            for (int i = 0; i < n_; ++i) s[i] = transpose(s[i]);
        } else if (on_diagonal(s[1]) && n_ > 2) {
            // Both kings on the diagonal: the reflection in it gives a second form; the
            // smaller index is the canonical one.
            Square t[kMaxMen];
            for (int i = 0; i < n_; ++i) t[i] = transpose(s[i]);
            const std::uint64_t a = raw_index(s), b = raw_index(t);
            return a < b ? a : b;
        }
    }
    return raw_index(s);
}

bool Indexer::is_canonical(std::uint64_t idx, const Square* sq) const {
    for (int g = 0; g < groups_; ++g)
        for (int k = 1; k < group_len_[g]; ++k)
            if (sq[group_start_[g] + k] < sq[group_start_[g] + k - 1]) return false;
    if (!pawns_ && on_diagonal(sq[0]) && on_diagonal(sq[1]) && n_ > 2) return index(sq) == idx;
    return true;
}

std::uint64_t Indexer::moved_index(std::uint64_t idx, const Square* sq, int i, Square to) const {
    if (i < 2 || twin_[i] || (!pawns_ && on_diagonal(sq[0]) && on_diagonal(sq[1]))) {
        Square s[kMaxMen];
        for (int k = 0; k < n_; ++k) s[k] = sq[k];
        s[i] = to;
        return index(s);
    }
    return idx + (std::uint64_t(to) - std::uint64_t(sq[i])) * weight_[i];
}

void Indexer::decode(std::uint64_t idx, Square* sq) const {
    for (int i = n_ - 1; i >= 2; --i) {
        const std::uint64_t r = std::uint64_t(radix_[i]);
        sq[i] = Square(int(idx % r) + offset_[i]);
        idx /= r;
    }
    sq[0] = pair_squares_[idx][0];
    sq[1] = pair_squares_[idx][1];
}

}  // namespace kibitz::tb
