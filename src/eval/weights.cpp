// The hand-set weights, the built-in defaults and the text form of Weights.
//
// The hand weights are set by reason, not tuned: magnitudes of the usual kind for a tapered
// evaluation (a pawn about 1 in the middlegame and a bit more in the endgame, minor pieces 3+, rook
// 5, queen 10), with tables built from simple rules stated below instead of copied numbers. The
// Texel tuner and the genetic algorithm start from these values.
#include "eval/weights.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/strings.h"

namespace kibitz::eval {

namespace {

// 0 for the four centre squares, 1 for the ring around them, 2 for the next ring, 3 on the edge.
int ring(int sq) {
    const int f = sq & 7, r = sq >> 3;
    return std::max(f < 4 ? 3 - f : f - 4, r < 4 ? 3 - r : r - 4);
}
bool corner(int sq) { return sq == 0 || sq == 7 || sq == 56 || sq == 63; }

// Piece-square tables from White's view (index = square, a1 = 0). Centralisation comes from
// the classical advice (a knight on the rim is dim; kings hide in the middlegame and centralise
// in the endgame); advancement of pawns is mostly left to pawn.advance and the passed-pawn terms.
void set_piece_squares(Weights& w) {
    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq & 7, r = sq >> 3, rg = ring(sq);
        const bool centre_file = f == 3 || f == 4, side_centre = f == 2 || f == 5;

        // Pawns: central pawns on ranks 3-5 claim space; d2/e2 still at home block the bishops.
        Pair& p = w.pst[0][sq];
        if (r >= 1 && r <= 6) {
            static constexpr int kCentre[8] = {0, -6, 4, 14, 10, 4, 0, 0};
            static constexpr int kSide[8] = {0, 0, 2, 6, 5, 2, 0, 0};
            p.mg = centre_file ? kCentre[r] : side_centre ? kSide[r] : 0;
            if ((f == 5 || f == 6 || f == 7) && r == 2) p.mg -= 2;  // f3/g3/h3 loosen the king
        }

        // Knights: strong in the centre and on ranks 4-6, poor on the edge and in corners.
        static constexpr int kKnightRank[8] = {-8, -2, 0, 4, 8, 8, 2, -6};
        static constexpr int kKnightRing[4] = {18, 10, 0, -18};
        static constexpr int kKnightRingEg[4] = {12, 6, 0, -14};
        w.pst[1][sq] = {kKnightRing[rg] + kKnightRank[r] - (corner(sq) ? 10 : 0),
                        kKnightRingEg[rg] - (corner(sq) ? 10 : 0)};

        // Bishops: long diagonals and the squares around the centre; the back rank is passive.
        static constexpr int kBishopRing[4] = {6, 8, 2, -6};
        static constexpr int kBishopRingEg[4] = {8, 5, 0, -8};
        const bool long_diagonal = f == r || f + r == 7;
        w.pst[2][sq] = {kBishopRing[rg] + (long_diagonal ? 6 : 0) - (r == 0 ? 4 : 0),
                        kBishopRingEg[rg]};

        // Rooks: central files and the seventh rank.
        static constexpr int kRookFile[8] = {-2, 0, 2, 4, 4, 2, 0, -2};
        w.pst[3][sq] = {kRookFile[f] + (r == 6 ? 10 : 0), r == 6 ? 10 : 0};

        // Queens: mild centralisation in the middlegame, strong in the endgame.
        static constexpr int kQueenRing[4] = {4, 3, 0, -4};
        static constexpr int kQueenRingEg[4] = {14, 8, 0, -12};
        w.pst[4][sq] = {kQueenRing[rg], kQueenRingEg[rg]};

        // King: behind its pawns on the wings in the middlegame; towards the centre later.
        static constexpr int kKingHome[8] = {6, 14, 10, -4, 0, -6, 16, 8};
        static constexpr int kKingSecond[8] = {0, 0, -8, -16, -16, -12, -2, -2};
        static constexpr int kKingRingEg[4] = {28, 14, 0, -18};
        const int mg = r == 0   ? kKingHome[f]
                       : r == 1 ? kKingSecond[f]
                                : -25 - 12 * (r - 2) - (centre_file ? 5 : 0);
        w.pst[5][sq] = {mg, kKingRingEg[rg] - (corner(sq) ? 10 : 0)};
    }
}

// Mobility: a concave curve k * (sqrt(n) - sqrt(typical n)), so that the first free squares
// matter most and a piece with its usual number of squares scores about 0 (the shape of the
// usual tuned tables; the square root is our choice).
template <std::size_t N>
void set_mobility(Pair (&table)[N], double typical, double k_mg, double k_eg) {
    for (std::size_t n = 0; n < N; ++n) {
        const double x = std::sqrt(double(n)) - std::sqrt(typical);
        table[n] = {int(std::lround(k_mg * x)), int(std::lround(k_eg * x))};
    }
}

Weights make_hand_weights() {
    Weights w;
    // Material: a pawn is worth more in the endgame; bishops a little more than knights; the
    // rook gains as the board empties.
    w.material[0] = {80, 100};
    w.material[1] = {320, 300};
    w.material[2] = {335, 315};
    w.material[3] = {470, 520};
    w.material[4] = {960, 960};
    set_piece_squares(w);
    set_mobility(w.mobility_knight, 4, 30, 28);
    set_mobility(w.mobility_bishop, 6, 25, 30);
    set_mobility(w.mobility_rook, 7, 14, 25);
    set_mobility(w.mobility_queen, 12, 8, 18);

    // Threats (owner's view, so negative): a piece attacked by a pawn or a lesser piece is
    // usually lost or must move; hanging pieces more so in the endgame.
    const Pair by_pawn[4] = {{-35, -25}, {-35, -25}, {-50, -30}, {-50, -30}};
    std::copy(std::begin(by_pawn), std::end(by_pawn), w.threat_by_pawn);
    w.threat_by_lesser[0] = {-30, -20};
    w.threat_by_lesser[1] = {-40, -20};
    const Pair hanging[5] = {{-8, -15}, {-25, -20}, {-25, -20}, {-30, -25}, {-30, -25}};
    std::copy(std::begin(hanging), std::end(hanging), w.threat_hanging);
    const Pair protection[5] = {{3, 3}, {6, 4}, {5, 4}, {3, 3}, {0, 0}};
    std::copy(std::begin(protection), std::end(protection), w.protection);

    // Passed pawns: the bonus grows about quadratically with the rank, mostly in the endgame,
    // more when the path is free; the king race (Tarrasch: kings support and stop passers).
    const Pair passed[6] = {{2, 10}, {4, 14}, {10, 28}, {24, 50}, {50, 90}, {80, 140}};
    std::copy(std::begin(passed), std::end(passed), w.passed);
    const Pair free_path[6] = {{0, 2}, {0, 4}, {2, 8}, {5, 18}, {10, 32}, {15, 50}};
    std::copy(std::begin(free_path), std::end(free_path), w.passed_free);
    w.passed_king_own = {0, -2};
    w.passed_king_enemy = {0, 5};

    // Pawn structure (classical weaknesses and strengths).
    w.doubled = {-8, -18};
    w.isolated = {-8, -12};
    w.backward = {-6, -10};
    const Pair chain[5] = {{6, 2}, {8, 4}, {12, 8}, {20, 16}, {30, 30}};
    std::copy(std::begin(chain), std::end(chain), w.chain);
    const Pair phalanx[6] = {{2, 0}, {4, 2}, {8, 5}, {14, 10}, {25, 20}, {40, 35}};
    std::copy(std::begin(phalanx), std::end(phalanx), w.phalanx);
    w.advance = {1, 3};

    // The four key central squares (the thesis's "key squares"), castling, king shelter.
    w.key_pawn = {12, 2};
    w.key_piece = {6, 2};
    w.key_control = {4, 1};
    w.castled = {18, 0};
    w.castling_right = {8, 0};
    const Pair shelter[4] = {{14, 0}, {8, 0}, {0, 0}, {-14, -4}};
    std::copy(std::begin(shelter), std::end(shelter), w.shelter);
    const Pair storm[4] = {{-5, 0}, {-25, -2}, {-15, -2}, {-6, 0}};
    std::copy(std::begin(storm), std::end(storm), w.storm);
    // King danger: quadratic in the attack units (as in the usual "king safety tables"),
    // capped at 5 pawns; a little in the endgame too.
    for (int u = 0; u < kKingDangerSize; ++u)
        w.king_danger[u] = {-std::min(500, u * u * 3 / 4), -2 * u};

    w.bishop_pair = {30, 50};
    w.rook_open = {30, 10};
    w.rook_half_open = {12, 6};
    w.queen_open = {4, 4};
    w.queen_half_open = {2, 2};
    w.rook_seventh = {15, 25};
    w.outpost_knight = {22, 12};
    w.outpost_bishop = {12, 6};
    w.tempo = {16, 6};
    // The terms added for the 10 M-position refit (minor threatened by minor, pawn-push threat,
    // attackers by count, weak king zone, space, unstoppable passer) stay 0 here: the fit sets
    // them. So do those added for the second refit (safe and blocked passers, minor behind a
    // pawn, bishop's own pawns and rammed pawns, king's distance to the pawns).
    return w;
}

// Names to indexes, built once.
const std::unordered_map<std::string, int>& name_index() {
    static const std::unordered_map<std::string, int> map = [] {
        std::unordered_map<std::string, int> m;
        int i = 0;
        for_each_param(default_weights(), [&](std::string_view name, const Pair&) {
            m.emplace(std::string(name), i++);
        });
        return m;
    }();
    return map;
}

}  // namespace

const Weights& hand_weights() {
    static const Weights w = make_hand_weights();
    return w;
}

const Weights& default_weights() {
    // Written by `kibitz tune texel --write-defaults` (or by hand from a weights file); a weight
    // keeps its place in for_each_param order, so the array is the aggregate's layout.
    static constexpr Pair kDefaults[] = {
#include "eval/default_weights.inc"
    };
    static_assert(std::size(kDefaults) == std::size_t(kParamCount),
                  "default_weights.inc does not match Weights: regenerate it");
    static const Weights w = [] {
        Weights d;
        for (int i = 0; i < kParamCount; ++i) param_at(d, i) = kDefaults[i];
        return d;
    }();
    return w;
}

std::string weights_to_text(const Weights& w) {
    std::string out = "# Kibitz evaluation weights: name middlegame endgame (centipawns)\n";
    for_each_param(w, [&](std::string_view name, const Pair& p) {
        out += name;
        out += ' ';
        out += std::to_string(p.mg);
        out += ' ';
        out += std::to_string(p.eg);
        out += '\n';
    });
    return out;
}

core::Result<Weights> weights_from_text(std::string_view text) {
    Weights w = default_weights();
    const auto& index = name_index();
    std::vector<int> seen_on(kParamCount, 0);
    int line_no = 0;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        const std::string_view raw = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++line_no;
        const std::string_view line = core::trim(raw);
        if (line.empty() || line.front() == '#') continue;
        const std::string where = "line " + std::to_string(line_no) + ": ";
        const auto words = core::split_words(line);
        if (words.size() != 3)
            return core::error(where + "expected 'name mg eg', got '" + core::clip(line) + "'");
        const auto it = index.find(std::string(words[0]));
        if (it == index.end())
            return core::error(where + "unknown weight '" + std::string(words[0]) + "'");
        if (seen_on[it->second])
            return core::error(where + "weight '" + std::string(words[0]) +
                               "' given twice (first on line " +
                               std::to_string(seen_on[it->second]) + ")");
        seen_on[it->second] = line_no;
        const auto mg = core::parse_int<int>(words[1]), eg = core::parse_int<int>(words[2]);
        if (!mg || !eg)
            return core::error(where + "bad number '" + std::string(!mg ? words[1] : words[2]) +
                               "' for '" + std::string(words[0]) + "'");
        param_at(w, it->second) = {*mg, *eg};
    }
    return w;
}

}  // namespace kibitz::eval
