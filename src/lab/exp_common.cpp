#include "lab/exp_common.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace kibitz::lab {

Totals measure_full(Context& ctx, const Config& config, Depth depth, std::size_t tt_mb,
                    Progress* progress, const std::string& what) {
    if (!ctx.othello_positions.empty())
        return measure_othello(ctx, config, depth, tt_mb, progress, what);
    return measure(ctx, eval::Preset::kFull, config, depth, tt_mb, progress, what);
}

std::string game_prefix(const Context& ctx) {
    return ctx.othello_positions.empty() ? "" : "Othello: ";
}

std::string titled(const Context& ctx, const std::string& title) {
    if (ctx.othello_positions.empty() || title.empty()) return title;
    return game_prefix(ctx) +
           std::string(1, char(std::tolower(static_cast<unsigned char>(title[0])))) +
           title.substr(1);
}

bool same_scores(const std::vector<std::vector<Totals>>& results) {
    std::size_t depths = 0;
    for (const auto& by_depth : results) depths = std::max(depths, by_depth.size());
    for (std::size_t d = 0; d < depths; ++d) {
        const std::vector<Score>* first = nullptr;
        for (const auto& by_depth : results) {
            if (by_depth.size() <= d) continue;
            if (!first) first = &by_depth[d].scores;
            if (by_depth[d].scores != *first) return false;
        }
    }
    return true;
}

IdealTree::IdealTree(const Totals& minimax, int depth) {
    const double n = minimax.count();
    for (const std::uint64_t leaves : minimax.leaves_each) {
        width_.push_back(std::pow(std::max(1.0, double(leaves)), 1.0 / depth));
        mean_width_ += width_.back() / n;
    }
}

double IdealTree::leaves(int depth) const {
    double ideal = 0;
    for (double w : width_)
        ideal +=
            (std::pow(w, (depth + 1) / 2) + std::pow(w, depth / 2) - 1.0) / double(width_.size());
    return ideal;
}

}  // namespace kibitz::lab
