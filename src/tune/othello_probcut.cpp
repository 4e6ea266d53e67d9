#include "tune/othello_probcut.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "engine/othello_engine.h"
#include "search/searcher.h"

namespace kibitz::tune {

namespace {

// The engine's search without Multi-ProbCut (the models are what is being measured).
constexpr search::Features kFitFeatures = [] {
    search::Features f = engine::kOthelloFeatures;
    f.probcut = false;
    return f;
}();

// The values of fixed-depth searches of board to depths 1..max_depth (index = depth).
std::vector<double> search_values(const othello::Board& board, int max_depth,
                                  search::TranspositionTable& tt) {
    std::atomic<bool> stop{false};
    std::vector<double> values(std::size_t(max_depth + 1), 0.0);
    for (int d = 1; d <= max_depth; ++d) {
        tt.clear();
        search::Searcher<engine::OthelloGame, engine::OthelloEvaluator, kFitFeatures> s(tt, stop);
        engine::OthelloGame g(board);
        g.set_probcut(0);
        search::Limits limits;
        limits.depth = d;
        s.think(g, limits);
        values[std::size_t(d)] = s.score();
    }
    return values;
}

// Positions from games of a depth-2 engine after random opening moves: every position with
// 11 to 56 empties that is not a pass.
std::vector<othello::Board> selfplay_positions(core::SplitMix64& rng, int random_plies) {
    std::vector<othello::Board> out;
    othello::Board b = othello::Board::start();
    search::TranspositionTable tt(1);
    std::atomic<bool> stop{false};
    search::Searcher<engine::OthelloGame, engine::OthelloEvaluator, kFitFeatures> s(tt, stop);
    for (int ply = 0; !b.game_over(); ++ply) {
        othello::MoveList list;
        b.generate(list);
        othello::Move m;
        if (ply < random_plies) {
            m = list[rng.below(list.size())];
        } else {
            engine::OthelloGame g(b);
            search::Limits limits;
            limits.depth = 2;
            m = s.think(g, limits);
        }
        if (!m.is_pass() && b.empty_count() >= 11 && b.empty_count() <= 56) out.push_back(b);
        b.make(m);
    }
    return out;
}

// The least-squares line that predicts the value at depth d from the one at depth sh over the
// positions' value rows, with the residuals' deviation and the correlation (none without spread).
struct LineFit {
    engine::ProbCutFit model;
    double correlation = 0;
};
std::optional<LineFit> fit_line(const std::vector<std::vector<double>>& rows, int sh, int d) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    const double n = double(rows.size());
    for (const auto& row : rows) {
        const double x = row[std::size_t(sh)], y = row[std::size_t(d)];
        sx += x, sy += y, sxx += x * x, sxy += x * y, syy += y * y;
    }
    const double vx = sxx / n - (sx / n) * (sx / n);
    const double vy = syy / n - (sy / n) * (sy / n);
    const double cxy = sxy / n - (sx / n) * (sy / n);
    if (vx <= 0) return std::nullopt;
    const double slope = cxy / vx, offset = sy / n - slope * sx / n;
    double rss = 0;
    for (const auto& row : rows) {
        const double e = row[std::size_t(d)] - (slope * row[std::size_t(sh)] + offset);
        rss += e * e;
    }
    LineFit out;
    out.model = engine::ProbCutFit{float(slope), float(offset), float(std::sqrt(rss / (n - 2)))};
    out.correlation = vy > 0 ? cxy / std::sqrt(vx * vy) : 0;
    return out;
}

}  // namespace

ProbCutFitReport fit_othello_probcut(const ProbCutFitOptions& options, engine::ProbCutTable& table,
                                     std::ostream& log, const std::atomic<bool>* stop) {
    using engine::kProbCutMaxDepth;
    using engine::kProbCutMinDepth;
    using engine::kProbCutStages;
    ProbCutFitReport report;
    const int max_depth = std::min(options.max_depth, kProbCutMaxDepth);
    // Per stage, the value vectors of its positions.
    std::vector<std::vector<std::vector<double>>> values(kProbCutStages);
    core::SplitMix64 rng(options.seed);
    search::TranspositionTable tt(4);
    auto stage_full = [&](int stage) {
        return int(values[std::size_t(stage)].size()) >= options.positions;
    };
    int games = 0;
    // Stages 0-4 (60 to 11 empties); the last one is the solver's.
    auto done = [&] {
        for (int st = 0; st < kProbCutStages - 1; ++st)
            if (!stage_full(st)) return false;
        return true;
    };
    while (!done() && !(stop && stop->load()) && games < 100000) {
        ++games;
        const auto positions = selfplay_positions(rng, options.random_plies);
        for (const auto& b : positions) {
            const int stage = engine::probcut_stage(b.empty_count());
            if (stage_full(stage) || rng.below(4) != 0) continue;  // spread over many games
            values[std::size_t(stage)].push_back(search_values(b, max_depth, tt));
            ++report.positions;
            if (report.positions % 50 == 0)
                log << "probcut-fit: " << report.positions << " positions searched, " << games
                    << " games" << std::endl;
            if (stop && stop->load()) break;
        }
    }
    // Every pair of depths is fitted, so that the engine may check at any shallow depth.
    for (int st = 0; st < kProbCutStages; ++st) {
        const auto& v = values[std::size_t(st)];
        for (int d = 0; d <= kProbCutMaxDepth; ++d)
            for (int sh = 0; sh <= kProbCutMaxDepth; ++sh) table[st][d][sh] = engine::ProbCutFit{};
        if (v.size() < 20) continue;  // too few to fit
        for (int d = kProbCutMinDepth; d <= max_depth; ++d)
            for (int sh = 1; sh < d; ++sh) {
                const auto fit = fit_line(v, sh, d);
                if (!fit) continue;
                table[st][d][sh] = fit->model;
                report.samples[st][d][sh] = int(v.size());
                report.correlation[st][d][sh] = fit->correlation;
            }
        // Deeper than fitted: the deepest fitted model as many plies apart (as the engine does
        // past kProbCutMaxDepth).
        for (int d = max_depth + 1; d <= kProbCutMaxDepth; ++d)
            for (int sh = 1; sh < d; ++sh)
                if (const int s = max_depth - (d - sh); s >= 1)
                    table[st][d][sh] = table[st][max_depth][s];
    }
    return report;
}

std::string probcut_table_to_cpp(const engine::ProbCutTable& table, const std::string& origin) {
    std::string out =
        "// Multi-ProbCut models {slope, offset, sigma in centi-discs} by [stage][depth][shallow\n"
        "// depth], written by `kibitz othello probcut-fit --cpp` " +
        origin + ".\n";
    char buf[64];
    for (int st = 0; st < engine::kProbCutStages; ++st) {
        out += "{\n";
        for (int d = 0; d <= engine::kProbCutMaxDepth; ++d) {
            out += " {";
            for (int sh = 0; sh <= engine::kProbCutMaxDepth; ++sh) {
                const auto& f = table[st][d][sh];
                if (f.sigma <= 0)
                    std::snprintf(buf, sizeof buf, "%s{}", sh ? ", " : "");
                else
                    std::snprintf(buf, sizeof buf, "%s{%.6g, %.6g, %.6g}", sh ? ", " : "", f.slope,
                                  f.offset, f.sigma);
                out += buf;
            }
            out += "},\n";
        }
        out += "},\n";
    }
    return out;
}

}  // namespace kibitz::tune
