// Limited strength (UCI_LimitStrength / UCI_Elo): a weaker engine that errs the way people do.
// It thinks less (a node and depth budget that grows with the rating) and, among the few best
// moves it found, sometimes prefers one that looks almost as good (a softmax over their scores
// whose temperature falls as the rating rises). It never picks a move that it sees losing much
// more than the best: mistakes come from what it does not see, not from dice.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "search/limits.h"

namespace kibitz::engine {

// The range of UCI_Elo. Levels from 1400 to 2200 are measured against Stockfish's UCI_Elo at
// 10+0.1 (docs/strength.md); at 2200 Kibitz plays its best, so no higher level can be honest
// yet. Below 1400 (Stockfish's range ends at 1350) the formulas are extrapolated.
inline constexpr int kMinElo = 1000, kMaxElo = 2200;
// The MultiPV lines to choose from: four at club level, fewer near the top, where the
// engine must play its best move to match the rating.
inline int strength_lines(int elo) { return elo < 2000 ? 4 : elo < 2200 ? 2 : 1; }

// The budget for a rating: nodes double every 80 Elo (2000 at 1400 Elo) and depth grows one
// ply per 60 Elo (3 at 1400), so that the levels match Stockfish's UCI_Elo (see
// docs/strength.md). Budgets above what the clock allows leave the clock in charge.
inline void limit_for_elo(int elo, search::Limits& limits) {
    const double nodes = 2000.0 * std::pow(2.0, (elo - 1400) / 80.0);
    const auto budget = std::uint64_t(nodes);
    limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
    const int depth = std::max(1, 3 + (elo - 1400) / 60);
    limits.depth = std::min(limits.depth, depth);
}

// Chooses the index of a line given their scores (best first). Lines worse than the best by
// more than the rating's tolerance are never chosen.
inline int choose_line(int elo, const std::vector<int>& scores, core::SplitMix64& rng) {
    if (scores.size() <= 1) return 0;
    // 87 cp at 1000 Elo, 60 at 1400, 33 at 1800, 7 at 2200.
    const double temperature = std::max(1.0, (2300 - elo) / 15.0);
    const double tolerance = 2.0 * temperature;
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
