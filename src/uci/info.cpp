// Formatting of info lines.
#include "uci/info.h"

#include <algorithm>
#include <cmath>

#include "chess/notation.h"

namespace kibitz::uci {

std::string format_score(search::Score score, search::Bound bound) {
    std::string s = search::is_mate_score(score)
                        ? "score mate " + std::to_string(search::mate_moves(score))
                        : "score cp " + std::to_string(score);
    if (bound == search::kBoundLower) s += " lowerbound";
    if (bound == search::kBoundUpper) s += " upperbound";
    return s;
}

std::string format_wdl(search::Score score) {
    if (search::is_mate_score(score)) return score > 0 ? "wdl 1000 0 0" : "wdl 0 0 1000";
    // Two logistic curves: the chance to win rises past +1 pawn, to lose below -1 pawn; what is
    // left between them is the draw chance.
    const auto logistic = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
    const double win = logistic((score - 120) / 60.0);
    const double loss = logistic((-score - 120) / 60.0);
    const int w = int(std::lround(win * 1000)), l = int(std::lround(loss * 1000));
    return "wdl " + std::to_string(w) + " " + std::to_string(std::max(0, 1000 - w - l)) + " " +
           std::to_string(l);
}

std::string format_info(const chess::Position& root, const search::Iteration<chess::Move>& it,
                        std::uint64_t total_nodes, bool wdl) {
    const std::int64_t ms = std::max<std::int64_t>(it.time_ms, 1);
    std::string s = "info depth " + std::to_string(it.depth) + " seldepth " +
                    std::to_string(it.seldepth) + " multipv " + std::to_string(it.multipv) + " " +
                    format_score(it.score, it.bound);
    if (wdl) s += " " + format_wdl(it.score);
    s += " nodes " + std::to_string(total_nodes) + " nps " +
         std::to_string(total_nodes * 1000 / std::uint64_t(ms)) + " hashfull " +
         std::to_string(it.hashfull) + " time " + std::to_string(it.time_ms);
    if (it.tb_hits) s += " tbhits " + std::to_string(it.tb_hits);
    s += " pv";
    chess::Position pos = root;
    for (const chess::Move m : it.pv) {
        if (!pos.is_legal(m)) break;  // never print an illegal continuation
        s += " " + chess::move_to_uci(pos, m);
        pos.make(m);
    }
    return s;
}

}  // namespace kibitz::uci
