// A labelled move's explanation for a review, and its JSON.
#include "explain/review.h"

#include "chess/notation.h"
#include "chess/san.h"

namespace kibitz::explain {

Options review_options() {
    Options o;
    o.search.depth = kReviewDepth;
    o.search.nodes = kReviewNodes;
    return o;
}

Explanation explain_labelled(Explainer& explainer, const chess::Position& before, chess::Move m,
                             chess::Move best) {
    Explanation e = explainer.explain(before, m, nullptr, chess::Move::none(), best);
    if (!e.best_text.empty() && e.text.find(e.best_text) == std::string::npos)
        e.text =
            e.verdict == "best" || e.verdict == "good" ? e.best_text : e.text + " " + e.best_text;
    return e;
}

nlohmann::json review_json(const Explanation& e, const chess::Position& before) {
    const nlohmann::json all = to_json(e);
    auto san = nlohmann::json::array();
    chess::Position p = before;
    for (const std::string& uci : e.line) {
        const auto m = chess::move_from_uci(p, uci);
        if (!m) break;  // the explainer's lines are legal: cannot happen
        san.push_back(chess::move_to_san(p, *m));
        p.make(*m);
    }
    return {{"text", e.text},  {"motifs", all["motifs"]}, {"line", e.line},
            {"line_san", san}, {"terms", all["terms"]},   {"best_text", e.best_text}};
}

}  // namespace kibitz::explain
