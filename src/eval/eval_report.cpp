// The term-by-term evaluation table of the UCI "eval" command, built from a SideTrace: each
// weight belongs to one term group by the prefix of its name.
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "eval/chess_eval.h"

namespace kibitz::eval {

namespace {

struct Group {
    std::string_view title;
    std::array<std::string_view, 2> prefixes;
};

constexpr Group kGroups[] = {
    {"Material", {"material.", ""}},      {"Piece squares", {"pst.", ""}},
    {"Mobility", {"mobility.", ""}},      {"Threats", {"threat.", ""}},
    {"Protection", {"protection.", ""}},  {"Passed pawns", {"passed.", ""}},
    {"Pawn structure", {"pawn.", ""}},    {"Key squares", {"key.", ""}},
    {"King safety", {"king.", ""}},       {"Castling", {"castle.", ""}},
    {"Bishop pair", {"bishop.pair", ""}}, {"Rooks/queens on files", {"rook.", "queen."}},
    {"Outposts", {"outpost.", ""}},       {"Tempo", {"tempo", ""}},
};
constexpr int kGroupCount = int(std::size(kGroups));

// The group of every weight, by index.
const std::vector<int>& group_of() {
    static const std::vector<int> groups = [] {
        std::vector<int> g;
        for_each_param(default_weights(), [&](std::string_view name, const Pair&) {
            int found = -1;
            for (int i = 0; i < kGroupCount && found < 0; ++i)
                for (std::string_view prefix : kGroups[i].prefixes)
                    if (!prefix.empty() && name.substr(0, prefix.size()) == prefix) found = i;
            g.push_back(found);
        });
        return g;
    }();
    return groups;
}

std::string format(const char* fmt, auto... args) {
    char buf[160];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

}  // namespace

std::string eval_report(const chess::Position& pos, const Weights& w) {
    SideTrace trace;
    const Score score = evaluate(pos, w, trace);
    // sums[group][colour] = {mg, eg}
    std::vector<std::array<Pair, 2>> sums(kGroupCount);
    std::array<Pair, 2> total{};
    const auto& groups = group_of();
    for (int i = 0; i < kParamCount; ++i)
        for (int c = 0; c < 2; ++c) {
            const int n = trace.counts[c][i];
            if (!n || groups[i] < 0) continue;
            const Pair& p = param_at(w, i);
            Pair& g = sums[groups[i]][c];
            g.mg += n * p.mg, g.eg += n * p.eg;
            total[c].mg += n * p.mg, total[c].eg += n * p.eg;
        }

    const char* rule = "----------------------+---------------+---------------+---------------\n";
    std::string out;
    out += "Term                  |     White     |     Black     |     Total\n";
    out += "                      |    MG     EG  |    MG     EG  |    MG     EG\n";
    out += rule;
    const auto row = [&](std::string_view title, const std::array<Pair, 2>& s) {
        out +=
            format("%-21.*s | %5d  %5d  | %5d  %5d  | %5d  %5d\n", int(title.size()), title.data(),
                   s[0].mg, s[0].eg, s[1].mg, s[1].eg, s[0].mg - s[1].mg, s[0].eg - s[1].eg);
    };
    for (int g = 0; g < kGroupCount; ++g) row(kGroups[g].title, sums[g]);
    out += rule;
    row("Sum", total);
    out += "\n";
    out +=
        format("Phase: %d/%d (%d = middlegame, 0 = endgame)\n", trace.phase, kPhaseMax, kPhaseMax);
    out += format("Scale: %d/%d\n", trace.scale, kScaleNormal);
    const Score white = pos.side_to_move() == chess::kWhite ? score : -score;
    out += format("Final evaluation: %+d cp (White's view), %+d cp (side to move, %s)\n", white,
                  score, pos.side_to_move() == chess::kWhite ? "White" : "Black");
    return out;
}

}  // namespace kibitz::eval
