// Limited strength (UCI_LimitStrength / UCI_Elo): a weaker engine that errs the way people do.
// It thinks less (a node and depth budget that grows with the rating) and, among the few best
// moves it found, sometimes prefers one that looks almost as good (a softmax over their scores
// whose temperature falls as the rating rises). It never picks a move that it sees losing much
// more than the best: mistakes come from what it does not see, not from dice.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "search/limits.h"

namespace kibitz::engine {

inline constexpr int kMinElo = 1000, kMaxElo = 2800;
inline constexpr int kStrengthLines = 4;  // MultiPV lines to choose from

// The budget for a rating: nodes double every 200 Elo (500 at 1000 Elo), depth grows one ply
// per 150 Elo. The numbers are a first guess to be calibrated against Stockfish's UCI_Elo.
inline void limit_for_elo(int elo, search::Limits& limits) {
    const double nodes = 500.0 * std::pow(2.0, (elo - kMinElo) / 200.0);
    const auto budget = std::uint64_t(nodes);
    limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
    limits.depth = std::min(limits.depth, 1 + (elo - kMinElo) / 150);
}

// Chooses the index of a line given their scores (best first). Lines worse than the best by
// more than the rating's tolerance are never chosen.
inline int choose_line(int elo, const std::vector<int>& scores, core::SplitMix64& rng) {
    if (scores.size() <= 1) return 0;
    const double temperature = (kMaxElo + 100 - elo) / 10.0;  // 190 cp at 1000 Elo, 10 at 2800
    const double tolerance = 3.0 * temperature;
    std::vector<double> weights;
    double total = 0;
    for (const int s : scores) {
        const double loss = scores[0] - s;
        const double w = loss > tolerance ? 0.0 : std::exp(-loss / temperature);
        weights.push_back(w);
        total += w;
    }
    double pick = double(rng.next() >> 11) / double(1ULL << 53) * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (pick < weights[i]) return int(i);
        pick -= weights[i];
    }
    return 0;
}

}  // namespace kibitz::engine
