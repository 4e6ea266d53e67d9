// Why a move is good or bad, in words: the move and the best move are searched, the tactic of
// the line that refutes (or proves) the move is named motif by motif, and the result is one to
// three sentences with the pieces, squares and moves involved.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "explain/line.h"
#include "explain/motifs.h"
#include "explain/terms.h"

namespace kibitz::explain {

struct Options {
    SearchSetting search;
    // A move that loses at least this much against the best move (centipawns, mover's view)
    // is explained by the tactic it allows; a smaller loss by the tactic it makes itself.
    int mistake_cp = 100;
};

// One explained move. Scores are centipawns from the mover's view (mates beyond ±30000).
struct Explanation {
    std::string move_uci, move_san;
    std::string verdict;  // "best", "good", "inaccuracy", "mistake" or "blunder"
    int loss_cp = 0;      // best score minus the move's score, never negative
    search::Score score = 0, best_score = 0;
    std::string best_uci, best_san;
    std::string text;                    // the sentences
    std::vector<Motif> motifs;           // the tactic the move allows (mistakes) or makes (others)
    std::vector<Motif> missed;           // for a mistake: the tactic the best move had
    std::vector<std::string> line;       // the proving line in UCI, starting with the move
    std::vector<std::string> best_line;  // the best move's line in UCI
    // The evaluation differences between the ends of the move's line and the best line (see
    // terms.h); empty for the best move and when either line ends in mate.
    std::vector<TermDiff> terms;
    // Why the best move is better, one sentence ("Better is 12. Nf3 (+0.40): ..."); empty when
    // the move is the best move.
    std::string best_text;
};

// Explains moves, keeping one line searcher between calls. Not thread-safe: one per thread.
class Explainer {
public:
    explicit Explainer(Options options = {});

    // Explains the legal move m in pos (pos's history counts for repetitions). When before and
    // previous are given, pos is before after previous, and the opponent's last move counts
    // where a motif's rule looks back at it. best, when legal, is the best move as another
    // search found it (a game review's): the explanation then compares m with it, so that its
    // "Better is ..." names the move the review shows.
    Explanation explain(const chess::Position& pos, chess::Move m,
                        const chess::Position* before = nullptr,
                        chess::Move previous = chess::Move::none(),
                        chess::Move best = chess::Move::none());

    // Reads the FEN and the move (UCI or SAN) and explains it; the error names the FEN or
    // the move and why it was refused.
    core::Result<Explanation> explain(std::string_view fen, std::string_view move);

private:
    Options options_;
    LineSearcher searcher_;
};

// The explanation as a JSON object: text, motifs (theme names), line (UCI), and the rest.
nlohmann::json to_json(const Explanation& e);

// True when the first of the lines (best first, from search_lines) is the only good move, as
// Lichess's puzzle generator decides it: there is no second line; or the best mates in 1; or it
// mates in 2 (3) and the second scores under 5 (3) pawns; or its winning chances,
// 2 / (1 + e^(-0.00368208 cp)) - 1, beat the second's by more than 0.42.
bool only_good_move(const std::vector<Line>& lines);

// Where a puzzle of the line would end: the index of the first attacker's move after
// moves[first], up to moves[upto], that is not the only good move in its position (each
// searched for its best two lines; an underpromotion is another move), or upto + 1 when all
// of them are. upto is the attacker's promotion, asked only when it is the attacker's third
// move or later (measured on the puzzle file: docs/explanations.md).
int forced_end(LineSearcher& searcher, const TacticLine& line, int upto);

// The theme names of a motif list, in order.
std::vector<std::string> motif_names(const std::vector<Motif>& motifs);

}  // namespace kibitz::explain
