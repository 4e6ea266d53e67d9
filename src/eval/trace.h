// Evaluation traces: what evaluate() counted, feature by feature, so that a tuner can refit the
// weights without re-running the evaluation (Texel tuning), and the phase blend and scaling
// that turn the weighted sums into a score.
#pragma once

#include <array>

#include "chess/types.h"
#include "eval/weights.h"

namespace kibitz::eval {

using Score = int;  // centipawns, from the side to move's view

constexpr int kPhaseMax = 24;     // all pieces on the board: knight 1, bishop 1, rook 2, queen 4
constexpr int kScaleNormal = 64;  // scale factor of an ordinary position (draw-ish ones lower)

// The score from White's weighted sums: tapered by phase (kPhaseMax = middlegame), scaled by
// scale / kScaleNormal, and seen from the side to move. evaluate() ends with exactly this.
constexpr Score final_score(int mg, int eg, int phase, int scale, chess::Color side_to_move) {
    const int blended = (mg * phase + eg * (kPhaseMax - phase)) / kPhaseMax;
    const int scaled = blended * scale / kScaleNormal;
    return side_to_move == chess::kWhite ? scaled : -scaled;
}

// No trace: the play build. Its calls compile to nothing.
struct NoTrace {
    static constexpr bool kEnabled = false;
    void reset() {}
    void add(int, chess::Color, int) {}
    void finish(int, int, chess::Color) {}
};

// Feature counts for White minus Black, parallel to for_each_param's order, plus phase, scale
// and side to move: score(w) == evaluate(pos, w, trace) for any weights w.
struct EvalTrace {
    static constexpr bool kEnabled = true;
    std::array<int, kParamCount> counts{};
    int phase = kPhaseMax;
    int scale = kScaleNormal;
    chess::Color side_to_move = chess::kWhite;

    void reset() { *this = EvalTrace{}; }
    void add(int index, chess::Color c, int n) { counts[index] += c == chess::kWhite ? n : -n; }
    void finish(int ph, int sc, chess::Color stm) { phase = ph, scale = sc, side_to_move = stm; }

    // The evaluation recomputed from the counts: sum(count_i * weight_i), blended and scaled.
    Score score(const Weights& w) const {
        int mg = 0, eg = 0;
        for (int i = 0; i < kParamCount; ++i) {
            if (!counts[i]) continue;
            mg += counts[i] * param_at(w, i).mg;
            eg += counts[i] * param_at(w, i).eg;
        }
        return final_score(mg, eg, phase, scale, side_to_move);
    }
};

// Feature counts for each side separately (for the term-by-term eval report).
struct SideTrace {
    static constexpr bool kEnabled = true;
    std::array<std::array<int, kParamCount>, 2> counts{};
    int phase = kPhaseMax;
    int scale = kScaleNormal;
    chess::Color side_to_move = chess::kWhite;

    void reset() { *this = SideTrace{}; }
    void add(int index, chess::Color c, int n) { counts[c][index] += n; }
    void finish(int ph, int sc, chess::Color stm) { phase = ph, scale = sc, side_to_move = stm; }
};

namespace detail {

// Weighted sums for White minus Black, recording each term in the trace.
template <class Trace>
struct Scorer {
    const Weights& w;
    Trace& trace;
    int mg = 0, eg = 0;

    // Counts pair p n times for side C.
    template <chess::Color C>
    void add(const Pair& p, int n = 1) {
        if constexpr (C == chess::kWhite) {
            mg += n * p.mg;
            eg += n * p.eg;
        } else {
            mg -= n * p.mg;
            eg -= n * p.eg;
        }
        if constexpr (Trace::kEnabled) trace.add(param_index(w, p), C, n);
    }
};

}  // namespace detail

}  // namespace kibitz::eval
