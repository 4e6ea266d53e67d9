// The explainer:
//   1. search the position: the best move, its score and line;
//   2. search the position after the move (unless it is the best move): its score and the
//      opponent's best reply line;
//   3. the loss decides the point of view: a mistake is explained by the tactic its refutation
//      shows (the opponent attacks), any other move by the tactic it starts itself;
//   4. the motifs of that line, and for a mistake those of the best line, become sentences.
#include "explain/explain.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "explain/accuracy.h"

namespace kibitz::explain {

using chess::Move;
using chess::Position;

namespace {

// Losses (centipawns) that name the verdict, after the usual annotation scale: below
// kGoodCp "good" (or "best"), below mistake_cp "inaccuracy", below kBlunderCp "mistake".
constexpr int kGoodCp = 30;
constexpr int kBlunderCp = 300;

// The move in SAN with its move number: "12. Nf3" or "12... Nf3".
std::string numbered(const Position& pos, Move m) {
    return std::to_string(pos.fullmove_number()) +
           (pos.side_to_move() == chess::kWhite ? ". " : "... ") + chess::move_to_san(pos, m);
}

// "+1.25" pawns, or "mate in 3" / "mated in 3" for mate scores, from the given side's view.
std::string score_words(search::Score s) {
    if (search::is_mate_score(s)) {
        const int n = search::mate_moves(s);
        return n > 0 ? "mate in " + std::to_string(n) : "mated in " + std::to_string(-n);
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", s / 100.0);
    return buf;
}

// "1.25 pawns" for a loss in centipawns; "the game" when the loss is a mate.
std::string loss_words(int cp) {
    if (cp >= search::kMateBound / 2) return "the game";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f pawns", cp / 100.0);
    return buf;
}

std::vector<std::string> uci_line(Position pos, const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (const Move m : moves) {
        out.push_back(chess::move_to_uci(pos, m));
        pos.make(m);
    }
    return out;
}

// The position before moves[ply] of the line.
Position position_at(Position pos, const std::vector<Move>& moves, int ply) {
    for (int i = 0; i < ply; ++i) pos.make(moves[std::size_t(i)]);
    return pos;
}

// The SAN line of the first `count` moves from ply on: "13... Qh2+ 14. Kf1 Qh1#".
std::string san_line(const Position& start, const std::vector<Move>& moves, int ply, int count) {
    const auto from = moves.begin() + ply;
    const auto to = moves.begin() + std::min<int>(int(moves.size()), ply + count);
    return chess::line_to_san(position_at(start, moves, ply), std::vector<Move>(from, to));
}

// A sentence for a motif of the line (the move that makes it, then the words).
std::string motif_sentence(const TacticLine& line, const Motif& motif) {
    const Position at = position_at(line.start, line.moves, motif.ply);
    const std::string move = numbered(at, line.moves[std::size_t(motif.ply)]);
    if (motif.name.rfind("mateIn", 0) == 0) {
        const int plies = int(line.moves.size()) - motif.ply;
        return "mate in " + motif.name.substr(6) + ": " +
               san_line(line.start, line.moves, motif.ply, plies);
    }
    return move + ", " + motif.detail;
}

// The sentence for a second motif: a back-rank mate describes the mate already named.
std::string also_sentence(const TacticLine& line, const Motif& motif) {
    const auto colon = motif.detail.find(':');
    if (motif.name == "backRankMate" && colon != std::string::npos)
        return "It is a back-rank mate" + motif.detail.substr(colon) + ".";
    return "The line also has " + motif_sentence(line, motif) + ".";
}

// The best line of pos: the search's, or, when given and legal, the one that starts with the
// given best move (its score and line from the position after it).
Line best_line(LineSearcher& searcher, const Position& pos, Move given) {
    if (given == Move::none() || !pos.is_legal(given)) return searcher.search(pos);
    Position after = pos;
    after.make(given);
    const Line answer = searcher.search(after);
    Line best{-answer.score, {given}};
    if (search::is_mate_score(best.score)) best.score += best.score > 0 ? -1 : 1;
    best.pv.insert(best.pv.end(), answer.pv.begin(), answer.pv.end());
    return best;
}

// A promotion the defender declines: at one of its first three replies of the line it could
// take the piece that had just moved, and the attacker's best answer to that is to promote
// (25. Rb8+ Kh7, where 25... Rxb8 26. axb8=Q). The search's defender picks the other loss, and
// the promotion is the tactic's point all the same. Nothing when the line has no such reply.
std::optional<Motif> declined_promotion(LineSearcher& searcher, const TacticLine& line) {
    const int n = int(line.moves.size());
    for (int d = line.first + 1, k = 0; d < n && k < 3; d += 2, ++k) {
        const Position before = position_at(line.start, line.moves, d);
        const Move attack = line.moves[std::size_t(d - 1)];
        for (const Move take : chess::legal_moves(before)) {
            if (take.to() != attack.to() || take == line.moves[std::size_t(d)]) continue;
            Position after = before;
            after.make(take);
            const auto promotes = [](Move m) { return m.kind() == Move::kPromotion; };
            const auto replies = chess::legal_moves(after);
            if (std::none_of(replies.begin(), replies.end(), promotes)) continue;
            const Line answer = searcher.search(after);
            if (answer.pv.empty() || !promotes(answer.pv.front()) || answer.score <= 0) continue;
            return Motif{"promotion", d - 1,
                         "threatening to promote: " + numbered(before, take) + " " +
                             numbered(after, answer.pv.front())};
        }
    }
    return std::nullopt;
}

}  // namespace

bool only_good_move(const std::vector<Line>& lines) {
    if (lines.size() < 2) return true;
    const search::Score best = lines[0].score, second = lines[1].score;
    if (search::is_mate_score(best) && best > 0) {
        const int n = search::mate_moves(best);
        if (n == 1) return true;
        if (n == 2) return second < 500;
        if (n == 3) return second < 300;
    }
    // Lichess's margin of 0.42 on its -1..1 winning-chance scale is 21 points of Win%.
    const auto win = [](search::Score s) {
        if (search::is_mate_score(s)) return s > 0 ? 100.0 : 0.0;
        return win_percent(s);
    };
    return win(best) > win(second) + 21.0;
}

int forced_end(LineSearcher& searcher, const TacticLine& line, int upto) {
    upto = std::min(upto, int(line.moves.size()) - 1);
    // The promotion itself is asked only from the attacker's third move on: a pawn that
    // promotes at once or right after the first blow is the tactic's point whatever else also
    // wins in the search's eyes; one that comes later must be the only good move too.
    const int last = upto - line.first >= 4 ? upto : upto - 1;
    for (int j = line.first + 2; j <= last; j += 2)
        if (!only_good_move(searcher.search_lines(position_at(line.start, line.moves, j), 2)))
            return j;
    return upto + 1;
}

std::vector<std::string> motif_names(const std::vector<Motif>& motifs) {
    std::vector<std::string> out;
    for (const auto& m : motifs) out.push_back(m.name);
    return out;
}

Explainer::Explainer(Options options) : options_(options), searcher_(options.search) {}

Explanation Explainer::explain(const Position& pos, Move m, const Position* before, Move previous,
                               Move given_best) {
    // Each answer from a clean table: the same question gets the same answer whatever was
    // explained before (and on whichever thread).
    searcher_.clear();
    Explanation e;
    e.move_uci = chess::move_to_uci(pos, m);
    e.move_san = chess::move_to_san(pos, m);
    // 1. and 2. The best line, then the move's own line.
    Line best = best_line(searcher_, pos, given_best);
    std::vector<Move> reply;
    Position after = pos;
    after.make(m);
    if (!best.pv.empty() && best.pv.front() == m) {
        e.score = best.score;
        reply.assign(best.pv.begin() + 1, best.pv.end());
    } else {
        const Line answer = searcher_.search(after);
        e.score = -answer.score;
        // A mate seen from after the move is one ply further from the position before it.
        if (search::is_mate_score(e.score)) e.score += e.score > 0 ? -1 : 1;
        reply = answer.pv;
        // The move's own search can see further than the best line's (a sacrifice the first
        // search cut short): a move that scores at least as well is the best move, with its line.
        if (e.score >= best.score || best.pv.empty()) {
            best = Line{e.score, {m}};
            best.pv.insert(best.pv.end(), reply.begin(), reply.end());
        }
    }
    e.best_score = best.score;
    const Move best_move = best.pv.empty() ? m : best.pv.front();
    e.best_uci = chess::move_to_uci(pos, best_move);
    e.best_san = chess::move_to_san(pos, best_move);
    e.loss_cp = e.best_score - e.score;

    // 3. Whose tactic the line shows.
    TacticLine line{pos, {m}, 1, 0};
    line.moves.insert(line.moves.end(), reply.begin(), reply.end());
    // A move that lets the opponent mate, or win material, is explained by that tactic even
    // when the position was lost anyway (the best move then loses little less).
    const bool mistake = e.loss_cp >= options_.mistake_cp ||
                         (search::is_mate_score(e.score) && e.score < 0) ||
                         (m != best_move && wins_material(line));
    e.verdict = e.loss_cp < kGoodCp      ? (best_move == m ? "best" : "good")
                : !mistake               ? "inaccuracy"
                : e.loss_cp < kBlunderCp ? "mistake"
                                         : "blunder";
    if (mistake) {
        if (search::is_mate_score(e.score) && e.score < 0)
            line.mate_moves = -search::mate_moves(e.score);
    } else {
        line.first = 0;
        if (search::is_mate_score(e.score) && e.score > 0)
            line.mate_moves = search::mate_moves(e.score);
    }
    // A promotion ahead: how far the attacker's moves stay forced (a puzzle's length).
    if (line.mate_moves == 0 && !search::is_mate_score(e.score))
        if (const int p = first_promotion(line); p >= 0)
            line.forced_end = forced_end(searcher_, line, p);
    e.motifs = find_motifs(line);
    // With the opponent's last move known, the rules that look back at it (a recapture is no
    // hanging piece) see it too: the line then starts with that move.
    if (!mistake && before && previous != Move::none()) {
        TacticLine longer{*before,
                          {previous},
                          1,
                          line.mate_moves,
                          line.forced_end < 0 ? -1 : line.forced_end + 1};
        longer.moves.insert(longer.moves.end(), line.moves.begin(), line.moves.end());
        e.motifs = find_motifs(longer);
        for (auto& motif : e.motifs) motif.ply = std::max(0, motif.ply - 1);
    }
    // A promotion that the search's defender declines (see declined_promotion).
    const auto named = [&e](const char* name) {
        return std::any_of(e.motifs.begin(), e.motifs.end(),
                           [name](const Motif& x) { return x.name == name; });
    };
    if (line.mate_moves == 0 && !search::is_mate_score(e.score) && !named("promotion"))
        if (auto declined = declined_promotion(searcher_, line)) e.motifs.push_back(*declined);
    // A good move's tactic counts only when it pays: mate, or material won in the window.
    if (!mistake && line.mate_moves == 0) {
        const Position end = position_at(pos, line.moves, tactic_window(line));
        if (material_balance(end, pos.side_to_move()) <= material_balance(pos, pos.side_to_move()))
            e.motifs.clear();
    }
    e.line = uci_line(pos, line.moves);
    e.best_line = uci_line(pos, best.pv);
    // The evaluation terms at the ends of both lines (the last position of each PV, quiet or
    // not); material only when no tactic explains it already.
    if (m != best_move && !search::is_mate_score(e.score) && !search::is_mate_score(best.score))
        e.terms = term_differences(position_at(pos, line.moves, int(line.moves.size())),
                                   position_at(pos, best.pv, int(best.pv.size())),
                                   pos.side_to_move(), e.motifs.empty());

    // 4. The sentences: the main tactic, a second motif, and for a mistake the better move.
    std::vector<std::string> sentences;
    const std::string me = numbered(pos, m);
    if (mistake) {
        if (!e.motifs.empty()) {
            const Motif& top = e.motifs.front();
            if (top.name == "hangingPiece")
                sentences.push_back(me + " hangs " + top.object + ": " +
                                    numbered(position_at(pos, line.moves, top.ply),
                                             line.moves[std::size_t(top.ply)]) +
                                    " wins it.");
            else
                sentences.push_back(me + " allows " + motif_sentence(line, top) + ".");
            if (e.motifs.size() > 1) sentences.push_back(also_sentence(line, e.motifs[1]));
        } else if (search::is_mate_score(e.score) && e.score < 0) {
            sentences.push_back(me + " allows " + score_words(-e.score) + ": " +
                                san_line(pos, line.moves, 1, int(line.moves.size())) + ".");
        } else {
            sentences.push_back(me + " loses " + loss_words(e.loss_cp) + ": " +
                                san_line(pos, line.moves, 1, 4) + ".");
        }
        TacticLine better{pos, best.pv, 0, 0};
        if (search::is_mate_score(best.score) && best.score > 0)
            better.mate_moves = search::mate_moves(best.score);
        e.missed = best.pv.empty() ? std::vector<Motif>{} : find_motifs(better);
        const std::string best_words = score_words(e.best_score);
        std::string better_text = "Better is " + numbered(pos, best_move) + " (" + best_words + ")";
        if (e.missed.empty() ||
            (e.missed.front().ply == 0 && e.missed.front().detail == best_words))
            better_text += ".";  // nothing more than the score in brackets says ("mate in 1")
        else if (e.missed.front().ply == 0)
            better_text += ", " + e.missed.front().detail + ".";
        else
            better_text += ": " + motif_sentence(better, e.missed.front()) + ".";
        e.best_text = better_text;
        sentences.push_back(better_text);
    } else if (!e.motifs.empty() && e.verdict == "inaccuracy" &&
               e.motifs.front().name.rfind("mateIn", 0) != 0) {
        // A tactical idea that does not pay: name it, then what the move costs.
        const Motif& top = e.motifs.front();
        const std::string worse = terms_phrase(e.terms);
        const std::string cost = worse.empty() ? "gives away " + loss_words(e.loss_cp) : worse;
        if (top.ply == 0)
            sentences.push_back(me + ", " + top.detail + ", " + cost + ".");
        else
            sentences.push_back(me + " aims at " + motif_sentence(line, top) + ", but " + cost +
                                ".");
        e.best_text =
            "Better is " + numbered(pos, best_move) + " (" + score_words(e.best_score) + ").";
        sentences.push_back(e.best_text);
    } else if (!e.motifs.empty()) {
        const Motif& top = e.motifs.front();
        const int mate_plies = int(line.moves.size()) - top.ply;
        if (top.name.rfind("mateIn", 0) == 0 && top.ply == 0 && mate_plies == 1)
            sentences.push_back(me + " is checkmate.");
        else if (top.name.rfind("mateIn", 0) == 0 && top.ply == 0)
            sentences.push_back(me + " mates in " + top.name.substr(6) + ": " +
                                san_line(pos, line.moves, 0, mate_plies) + ".");
        else
            sentences.push_back(me + " wins: " + motif_sentence(line, top) + ".");
        if (e.motifs.size() > 1) sentences.push_back(also_sentence(line, e.motifs[1]));
    } else if (e.verdict == "best" || e.verdict == "good") {
        sentences.push_back(
            me + " is " + (e.verdict == "best" ? "the best move" : "good") + " (" +
            score_words(e.score) + ")" +
            (line.moves.size() > 1 ? ", expecting " + san_line(pos, line.moves, 1, 3) + "." : "."));
    } else if (const std::string worse = terms_phrase(e.terms); !worse.empty()) {
        sentences.push_back(me + " " + worse + ".");
        e.best_text =
            "Better is " + numbered(pos, best_move) + " (" + score_words(e.best_score) + ").";
        sentences.push_back(e.best_text);
    } else {
        sentences.push_back(me + " gives away " + loss_words(e.loss_cp) + "; " + e.best_san +
                            " was better (" + score_words(e.best_score) + ").");
    }
    if (e.best_text.empty() && best_move != m)
        e.best_text =
            "Better is " + numbered(pos, best_move) + " (" + score_words(e.best_score) + ").";
    for (const auto& s : sentences) e.text += (e.text.empty() ? "" : " ") + s;
    return e;
}

core::Result<Explanation> Explainer::explain(std::string_view fen, std::string_view move) {
    auto pos = Position::from_fen(fen);
    if (!pos) return core::error("FEN '" + std::string(fen) + "': " + pos.error());
    auto m = chess::move_from_uci(*pos, move);
    if (!m) {
        auto san = chess::move_from_san(*pos, move);
        if (!san) return core::error(m.error());
        m = san;
    }
    return explain(*pos, *m);
}

nlohmann::json to_json(const Explanation& e) {
    nlohmann::json j;
    j["move"] = e.move_uci;
    j["san"] = e.move_san;
    j["verdict"] = e.verdict;
    j["loss_cp"] = e.loss_cp;
    j["best"] = e.best_uci;
    j["text"] = e.text;
    j["motifs"] = motif_names(e.motifs);
    j["missed"] = motif_names(e.missed);
    j["line"] = e.line;
    j["best_line"] = e.best_line;
    auto details = nlohmann::json::array();
    for (const auto& m : e.motifs)
        details.push_back({{"motif", m.name}, {"ply", m.ply}, {"detail", m.detail}});
    j["details"] = details;
    auto terms = nlohmann::json::array();
    for (const auto& t : e.terms)
        terms.push_back({{"term", t.term}, {"cp", t.cp}, {"words", t.words}});
    j["terms"] = terms;
    j["best_text"] = e.best_text;
    return j;
}

}  // namespace kibitz::explain
