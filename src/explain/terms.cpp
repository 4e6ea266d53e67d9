// Term differences:
//   1. the evaluation terms (eval::eval_terms) of both end positions, each side's value apart;
//   2. per term, the mover's view of the difference: (mover - opponent) at the played end minus
//      the same at the best end; tempo is skipped (the ends may have different sides to move);
//   3. the words come from the side whose own value changed most and the sign of that change;
//      for passed pawns the files of the pawns gained or lost are compared between the ends.
#include "explain/terms.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/bits.h"
#include "eval/chess_eval.h"
#include "eval/pawns.h"

namespace kibitz::explain {

using chess::Color;
using chess::Position;

namespace {

// The words of a term when it got better or worse for a side ("{}" is the side's name).
struct TermWords {
    std::string_view key;
    std::string_view better, worse;
};

constexpr TermWords kWords[] = {
    {"material", "wins material for {}", "costs {} material"},
    {"piece_squares", "places {}'s pieces better", "places {}'s pieces worse"},
    {"mobility", "gives {}'s pieces more room", "cramps {}'s pieces"},
    {"threats", "gives {} more threats", "leaves {} fewer threats"},
    {"protection", "protects {}'s pieces better", "leaves {}'s pieces less protected"},
    {"passed_pawns", "strengthens {}'s passed pawns", "weakens {}'s passed pawns"},
    {"pawn_structure", "improves {}'s pawn structure", "weakens {}'s pawn structure"},
    {"key_squares", "strengthens {}'s hold on the centre", "weakens {}'s hold on the centre"},
    {"king_safety", "makes {}'s king safer", "weakens {}'s king"},
    {"castling", "helps {} castle", "costs {} castling"},
    {"bishop_pair", "keeps {}'s bishop pair", "gives up {}'s bishop pair"},
    {"files", "puts {}'s rooks and queens on open files",
     "takes {}'s rooks and queens off open files"},
    {"outposts", "gives {} an outpost", "costs {} an outpost"},
    {"minor_pieces", "frees {}'s knights and bishops", "hems in {}'s knights and bishops"},
    {"space", "gains {} space", "cramps {}'s position"},
};

std::string fill(std::string_view pattern, std::string_view side) {
    std::string out(pattern);
    const auto at = out.find("{}");
    if (at != std::string::npos) out.replace(at, 2, side);
    return out;
}

// The files (bit f set for file f) of c's passed pawns in pos.
unsigned passer_files(const Position& pos, Color c) {
    eval::NoTrace trace;
    eval::PawnEntry entry;
    eval::evaluate_pawns(pos, eval::default_weights(), trace, entry);
    chess::Bitboard b = entry.passed & pos.pieces(c, chess::kPawn);
    unsigned files = 0;
    while (b) files |= 1u << chess::file_of(chess::Square(core::pop_lsb(b)));
    return files;
}

// The passed-pawn words when a side gained or lost a passer on some file.
std::string passer_words(const Position& played_end, const Position& best_end, Color side,
                         bool better, std::string_view name) {
    const unsigned now = passer_files(played_end, side), before = passer_files(best_end, side);
    const unsigned changed = better ? now & ~before : before & ~now;
    if (!changed) return {};
    const char file = char('a' + core::lsb(changed));
    return better ? "gives " + std::string(name) + " a passed " + file + "-pawn"
                  : "costs " + std::string(name) + " the passed " + file + "-pawn";
}

}  // namespace

std::string pawns_text(int cp) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", cp / 100.0);
    return buf;
}

std::vector<TermDiff> term_differences(const Position& played_end, const Position& best_end,
                                       Color mover, bool with_material, int most) {
    const auto& w = eval::default_weights();
    const eval::EvalTerms played = eval::eval_terms(played_end, w);
    const eval::EvalTerms best = eval::eval_terms(best_end, w);
    std::vector<TermDiff> out;
    for (std::size_t i = 0; i < played.terms.size(); ++i) {
        const auto& tp = played.terms[i];
        const auto& tb = best.terms[i];
        if (tp.key == "tempo" || (tp.key == "material" && !with_material)) continue;
        const int own = played.value(tp, mover) - best.value(tb, mover);
        const int theirs = played.value(tp, ~mover) - best.value(tb, ~mover);
        const int cp = own - theirs;
        if (std::abs(cp) < kTermMinCp) continue;
        const auto words = std::find_if(std::begin(kWords), std::end(kWords),
                                        [&](const TermWords& t) { return t.key == tp.key; });
        if (words == std::end(kWords)) continue;
        // The side whose own sum changed most names the difference.
        const bool mine = std::abs(own) >= std::abs(theirs);
        const Color side = mine ? mover : ~mover;
        const bool better = mine ? own > 0 : theirs > 0;
        const std::string_view name = side == chess::kWhite ? "White" : "Black";
        std::string text;
        if (tp.key == "passed_pawns") text = passer_words(played_end, best_end, side, better, name);
        if (text.empty()) text = fill(better ? words->better : words->worse, name);
        out.push_back({std::string(tp.key), cp, std::move(text)});
    }
    std::stable_sort(out.begin(), out.end(), [](const TermDiff& a, const TermDiff& b) {
        return std::abs(a.cp) > std::abs(b.cp);
    });
    if (out.size() > std::size_t(std::max(0, most))) out.resize(std::size_t(std::max(0, most)));
    return out;
}

std::string terms_phrase(const std::vector<TermDiff>& diffs) {
    std::vector<const TermDiff*> worse;
    for (const auto& d : diffs)
        if (d.cp < 0) worse.push_back(&d);
    std::string out;
    for (std::size_t i = 0; i < worse.size(); ++i) {
        if (i > 0) out += i + 1 == worse.size() ? " and " : ", ";
        out += worse[i]->words + " (" + pawns_text(worse[i]->cp) + ")";
    }
    return out;
}

}  // namespace kibitz::explain
