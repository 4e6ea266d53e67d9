// The review's annotations on the main line of a game tree.
#include "server/review_pgn.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "chess/notation.h"
#include "chess/san.h"
#include "explain/accuracy.h"

namespace kibitz::server {

namespace {

// The text with PGN's comment delimiters made harmless: braces become parentheses.
std::string comment_safe(std::string text) {
    std::replace(text.begin(), text.end(), '{', '(');
    std::replace(text.begin(), text.end(), '}', ')');
    return text;
}

// One side's numbers as the review object's players.white / players.black.
Json player_json(const explain::PlayerSummary& p) {
    const auto round1 = [](const std::optional<double>& v) {
        return v ? Json(std::round(*v * 10) / 10) : Json(nullptr);
    };
    return {{"accuracy", round1(p.accuracy)}, {"acpl", round1(p.acpl)}, {"moves", p.moves},
            {"inaccuracies", p.inaccuracies}, {"mistakes", p.mistakes}, {"blunders", p.blunders}};
}

}  // namespace

Json review_players(const Json& review, bool white_first) {
    std::vector<int> cps;
    for (const Json& a : review.value("positions", Json::array())) {
        const Json eval = a.value("eval", Json());
        if (eval.is_object()) {
            cps.push_back(explain::capped_cp(eval.value("cp", 0), eval.value("mate", 0)));
        } else {  // no move: mate (win 0 or 1) or stalemate (0.5)
            const double win = a.value("win", 0.5);
            cps.push_back(win > 0.75   ? explain::kAccuracyCpCap
                          : win < 0.25 ? -explain::kAccuracyCpCap
                                       : 0);
        }
    }
    std::vector<explain::MoveLabel> labels;
    for (const Json& p : review.value("plies", Json::array())) {
        const Json l = p.value("label", Json());
        labels.push_back(explain::label_from_name(l.is_string() ? l.get<std::string>() : ""));
    }
    const explain::GameSummary s = explain::summarise_game(cps, white_first, labels);
    return {{"white", player_json(s.white)}, {"black", player_json(s.black)}};
}

Json best_line_json(const chess::Position& root, const std::vector<chess::Move>& pv) {
    Json san = Json::array(), uci = Json::array();
    chess::Position p = root;
    for (const chess::Move m : pv) {
        if (san.size() >= kReviewLinePlies || !p.is_legal(m)) break;
        san.push_back(chess::move_to_san(p, m));
        uci.push_back(chess::move_to_uci(p, m));
        p.make(m);
    }
    return {{"best_line", san}, {"best_line_uci", uci}};
}

Json game_over_assessment(const chess::Position& pos) {
    const double win = !pos.in_check() ? 0.5 : pos.side_to_move() == chess::kWhite ? 0.0 : 1.0;
    return {{"eval", nullptr},
            {"win", win},
            {"best", nullptr},
            {"best_san", nullptr},
            {"best_line", Json::array()},
            {"best_line_uci", Json::array()}};
}

bool annotate_review(TreeGame& game, const Json& review, PgnExportOptions& options) {
    GameTree& tree = game.tree;
    const auto line = tree.mainline();
    if (!review.is_object() || review.value("done", 0) != review.value("total", -1) ||
        review.value("total", 0) != int(line.size()) || !review["positions"].is_array() ||
        review["positions"].size() != line.size())
        return false;
    options.best_lines = true;
    const Json plies = review.value("plies", Json::array());
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Json& p = review["positions"][i];
        if (i > 0 && p["eval"].is_object()) {
            const Json& e = p["eval"];
            (void)tree.set_eval(line[i], Eval{e.value("cp", 0), e.value("mate", 0)}, 0);
        }
        if (i + 1 < line.size() && p["best"].is_string()) {
            std::vector<std::string> best;
            for (const Json& m : p.value("best_line_uci", Json::array()))
                if (m.is_string()) best.push_back(m.get<std::string>());
            if (best.empty() || best.front() != p["best"]) best = {p["best"].get<std::string>()};
            if (!tree.set_best(line[i + 1], best)) (void)tree.set_best(line[i + 1], {best.front()});
        }
        if (i == 0 || i > plies.size() || !plies[i - 1].is_object()) continue;
        const Json& ply = plies[i - 1];
        const Json label = ply.value("label", Json());
        const int nag = explain::label_nag(
            explain::label_from_name(label.is_string() ? label.get<std::string>() : ""));
        if (nag == 0) continue;
        std::vector<int> nags = tree.node(line[i]).nags;
        if (std::none_of(nags.begin(), nags.end(), [](int n) { return n >= 1 && n <= 6; })) {
            nags.push_back(nag);
            (void)tree.set_nags(line[i], nags);
        }
        const Json ex = ply.value("explanation", Json());
        if (ex.is_object() && ex["text"].is_string() && !ex["text"].get<std::string>().empty()) {
            std::string comment = tree.node(line[i]).comment_after;
            comment += (comment.empty() ? "" : " ") + comment_safe(ex["text"].get<std::string>());
            (void)tree.set_comment(line[i], comment);
        }
    }
    return true;
}

}  // namespace kibitz::server
