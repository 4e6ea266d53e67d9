// The pattern evaluation of Othello, after Buro's Logistello (1997, "Experiments with
// Multi-ProbCut and a new high-quality evaluation function for Othello"): the board is cut into
// lines and regions (an edge with its two X-squares, a 3x3 and a 2x5 corner region, the four
// diagonals of 4 to 8 squares, the rows 2, 3 and 4 from each edge), every pattern is read under
// the board's eight symmetries so that its images share one table, and each configuration (a
// base-3 number: 0 empty, 1 the side to move's, 2 the opponent's) has a weight per game phase,
// fitted by regression on self-play games (tune/othello_patterns.h). Four scalar features are
// fitted with them: a constant (the move), the parity of the empties, mobility and potential
// mobility. Scores are centi-discs from the side to move, like evaluate_othello().
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "othello/bitboard.h"

namespace kibitz::eval {

// The game phases: 5 empties each, from 60-56 (phase 0) to 5-0 (phase 11, the solver's).
inline constexpr int kPatternPhases = 12;
constexpr int pattern_phase(int empties) {
    return empties >= 60 ? 0 : empties <= 5 ? kPatternPhases - 1 : (60 - empties) / 5;
}
constexpr int pattern_phase_max_empties(int phase) { return 60 - 5 * phase; }
constexpr int pattern_phase_min_empties(int phase) {
    return phase == kPatternPhases - 1 ? 0 : 56 - 5 * phase;
}

// One pattern: its squares in the board's first orientation (the symmetric images are found
// by pattern_info), named for reports.
struct PatternShape {
    const char* name;
    othello::Bitboard mask;
};
inline constexpr std::array<PatternShape, 11> kPatternShapes = {{
    {"edge+2x", 0x00000000000042FFULL},  // A1-H1, B2, G2
    {"corner3x3", 0x0000000000070707ULL},
    {"corner2x5", 0x0000000000001F1FULL},  // A1-E1, A2-E2 (and its transpose)
    {"diag8", 0x8040201008040201ULL},
    {"diag7", 0x0080402010080402ULL},
    {"diag6", 0x0000804020100804ULL},
    {"diag5", 0x0000008040201008ULL},
    {"diag4", 0x0000000080402010ULL},
    {"line2", 0x000000000000FF00ULL},
    {"line3", 0x0000000000FF0000ULL},
    {"line4", 0x00000000FF000000ULL},
}};
inline constexpr int kPatternCount = int(kPatternShapes.size());

// The scalar features after the patterns' weights: constant, parity (1 when the number of
// empties is odd), mobility (legal moves, side to move minus opponent), potential mobility
// (empty squares next to the opponent's discs minus those next to ours).
inline constexpr int kPatternScalars = 4;

// What the evaluation needs to know of the patterns, computed once.
struct PatternInfo {
    int instances = 0;                     // pattern images on the board (all patterns)
    std::vector<int> pattern_of;           // instance -> pattern
    std::vector<int> symmetry_of;          // instance -> the symmetry that maps it onto the shape
    std::vector<int> size;                 // pattern -> squares
    std::vector<int> raw_offset;           // pattern -> first raw (3^size) index
    std::vector<int> canonical_offset;     // pattern -> first canonical index
    int raw_count = 0;                     // sum of 3^size
    int canonical_count = 0;               // configurations that differ by a self-symmetry merged
    std::vector<std::uint32_t> canonical;  // raw index (with offset) -> canonical (with offset)
    int weights_per_phase() const { return canonical_count + kPatternScalars; }
};
const PatternInfo& pattern_info();

// The features of a position: each instance's raw index (raw_offset included, so an index
// into one phase's expanded table) and the scalar features.
struct PatternFeatures {
    std::vector<std::uint32_t> raw;  // one per instance
    std::array<int, kPatternScalars> scalars{};
};
// Fast: bit extraction (pext with BMI2) on the eight symmetric images of the board.
void pattern_features(othello::Bitboard player, othello::Bitboard opponent, PatternFeatures& out);
// Slow reference: square by square in base 3 (tests).
void pattern_features_reference(othello::Bitboard player, othello::Bitboard opponent,
                                PatternFeatures& out);

// The weights in centi-discs: per phase, the canonical configurations' weights then the
// scalars' (weights_per_phase() values).
struct PatternWeights {
    std::vector<std::int16_t> values;  // kPatternPhases * weights_per_phase()
    PatternWeights();                  // all zero
    std::int16_t* phase(int p) { return values.data() + std::size_t(p) * per_phase(); }
    const std::int16_t* phase(int p) const { return values.data() + std::size_t(p) * per_phase(); }
    static std::size_t per_phase() { return std::size_t(pattern_info().weights_per_phase()); }
};

// The weights as compact text (a zero-run and variable-length code of printable characters,
// for src/eval/othello_pattern_weights.inc), and back; errors say what does not fit.
std::string encode_pattern_weights(const PatternWeights& w);
core::Result<PatternWeights> decode_pattern_weights(std::string_view text);

// The weights of a file that `kibitz othello pattern-fit fit --out` wrote (the form of
// src/eval/othello_pattern_weights.inc: "//" comment lines, then the code as C++ string
// pieces). Errors name the file and what is wrong with it.
core::Result<PatternWeights> read_pattern_weights(const std::string& path);

// The fitted weights of src/eval/othello_pattern_weights.inc (all zero if it does not load:
// default_pattern_weights_status() says why).
const PatternWeights& default_pattern_weights();
const core::Status& default_pattern_weights_status();

// Weights expanded to every raw index, for a fast evaluation.
class PatternEvaluator {
public:
    explicit PatternEvaluator(const PatternWeights& w);
    int operator()(othello::Bitboard player, othello::Bitboard opponent) const;

private:
    std::vector<std::int16_t> table_;  // [phase][raw index, then the scalars]
    std::size_t stride_ = 0;
};

// The evaluation with the default weights, in centi-discs from the side to move (also usable
// as the solver's ordering evaluation).
int evaluate_othello_patterns(othello::Bitboard player, othello::Bitboard opponent);

}  // namespace kibitz::eval
