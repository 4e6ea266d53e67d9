// The evaluation split into term groups, and the term-by-term table of the UCI "eval" command,
// both built from a SideTrace: each weight belongs to one term group by the prefix of its name.
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "eval/chess_eval.h"

namespace kibitz::eval {

namespace {

struct Group {
    std::string_view key;
    std::string_view title;
    std::array<std::string_view, 2> prefixes;
};

constexpr Group kGroups[] = {
    {"material", "Material", {"material.", ""}},
    {"piece_squares", "Piece squares", {"pst.", ""}},
    {"mobility", "Mobility", {"mobility.", ""}},
    {"threats", "Threats", {"threat.", ""}},
    {"protection", "Protection", {"protection.", ""}},
    {"passed_pawns", "Passed pawns", {"passed.", ""}},
    {"pawn_structure", "Pawn structure", {"pawn.", ""}},
    {"key_squares", "Key squares", {"key.", ""}},
    {"king_safety", "King safety", {"king.", ""}},
    {"castling", "Castling", {"castle.", ""}},
    {"bishop_pair", "Bishop pair", {"bishop.pair", ""}},
    {"files", "Rooks/queens on files", {"rook.", "queen."}},
    {"outposts", "Outposts", {"outpost.", ""}},
    {"minor_pieces", "Minor pieces", {"minor.", ""}},
    {"space", "Space", {"space", ""}},
    {"tempo", "Tempo", {"tempo", ""}},
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

int EvalTerms::value(const Term& t, chess::Color c) const {
    const int blended = (t.side[c].mg * phase + t.side[c].eg * (kPhaseMax - phase)) / kPhaseMax;
    return blended * scale / kScaleNormal;
}

EvalTerms eval_terms(const chess::Position& pos, const Weights& w) {
    SideTrace trace;
    EvalTerms out;
    out.score = evaluate(pos, w, trace);
    out.phase = trace.phase;
    out.scale = trace.scale;
    out.side_to_move = pos.side_to_move();
    for (const Group& g : kGroups) out.terms.push_back({g.key, g.title, {}});
    const auto& groups = group_of();
    for (int i = 0; i < kParamCount; ++i)
        for (int c = 0; c < 2; ++c) {
            const int n = trace.counts[c][i];
            if (!n || groups[i] < 0) continue;
            const Pair& p = param_at(w, i);
            Pair& g = out.terms[groups[i]].side[c];
            g.mg += n * p.mg, g.eg += n * p.eg;
            out.total[c].mg += n * p.mg, out.total[c].eg += n * p.eg;
        }
    return out;
}

std::string eval_report(const chess::Position& pos, const Weights& w) {
    const EvalTerms terms = eval_terms(pos, w);
    const Score score = terms.score;
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
    for (const EvalTerms::Term& t : terms.terms) row(t.title, t.side);
    out += rule;
    row("Sum", terms.total);
    out += "\n";
    out +=
        format("Phase: %d/%d (%d = middlegame, 0 = endgame)\n", terms.phase, kPhaseMax, kPhaseMax);
    out += format("Scale: %d/%d\n", terms.scale, kScaleNormal);
    const Score white = pos.side_to_move() == chess::kWhite ? score : -score;
    out += format("Final evaluation: %+d cp (White's view), %+d cp (side to move, %s)\n", white,
                  score, pos.side_to_move() == chess::kWhite ? "White" : "Black");
    return out;
}

}  // namespace kibitz::eval
