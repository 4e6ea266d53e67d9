// Othello as a search::Game: the rules of src/othello/ seen through the search library's
// concept, with the exact endgame solver as the optional solve() ability. Scores are in
// centi-discs (100 = one disc of final margin), the unit of the Othello evaluation.
#pragma once

#include <algorithm>
#include <memory>

#include "engine/othello_probcut.h"
#include "othello/board.h"
#include "othello/solver.h"
#include "search/game.h"
#include "search/params.h"
#include "search/score.h"

namespace kibitz::engine {

class OthelloGame {
public:
    using Move = othello::Move;
    using Undo = othello::Undo;
    using MoveList = othello::MoveList;

    OthelloGame() : board_(othello::Board::start()) {}
    explicit OthelloGame(const othello::Board& board) : board_(board) {}

    const othello::Board& board() const { return board_; }
    othello::Board& board() { return board_; }

    // Early in the game many positions are mirror images of each other (the four first moves
    // already are): there the key is the same for all eight images. Later such transpositions
    // are rare and the plain key is cheaper. A table move from a mirrored position is only a
    // poor first guess, never an illegal move: the search matches it against the legal moves.
    std::uint64_t key() const {
        return board_.empty_count() >= kSymmetricKeyEmpties ? board_.symmetric_key() : board_.key();
    }
    void generate(MoveList& list) const { board_.generate(list); }
    Undo make(Move m) { return board_.make(m); }
    void unmake(Move m, const Undo& u) { board_.unmake(m, u); }

    // The game is over: the final disc difference, in centi-discs.
    search::Score terminal_score(int /*ply*/) const { return 100 * board_.final_score(scoring_); }

    // The search's margins in centi-discs: the Othello engine prunes by ProbCut and uses only
    // the aspiration window and the score drop that stretches the time. The chess-style
    // pruning margins stay 0 (the searcher refuses to compile a feature without its margin).
    static constexpr search::SearchParams search_params() {
        search::SearchParams p;
        p.aspiration_window = 25;
        p.score_drop = 30;
        return p;
    }

    // History index: the square (1-64), the pass (65).
    static constexpr int kMoveIndexCount = 66;
    int move_index(Move m) const { return m.raw(); }

    // The exact solver (shared, so only for one search thread at a time) for positions with at
    // most `empties` empty squares; none when solver is null.
    void set_solver(std::shared_ptr<othello::Solver> solver, int empties) {
        solver_ = std::move(solver);
        solve_empties_ = empties;
    }
    const std::shared_ptr<othello::Solver>& solver() const { return solver_; }
    int solve_empties() const { return solve_empties_; }
    // The solver is exact only with the default scoring (empties to the winner).
    void set_scoring(othello::Scoring scoring) { scoring_ = scoring; }

    // A search of the remaining empties (passes aside) reaches the end: solve exactly instead.
    search::Depth solve_depth() const {
        const int empties = board_.empty_count();
        return solver_ && scoring_ == othello::Scoring::kEmptiesToWinner &&
                       empties <= solve_empties_
                   ? empties
                   : search::kMaxPly + 1;
    }
    // Exact score in centi-discs, fail-soft in (alpha, beta). Disc results are whole numbers,
    // so the window in discs is (floor(alpha / 100), ceil(beta / 100)).
    search::Score solve(search::Score alpha, search::Score beta, std::uint64_t& nodes,
                        bool (*poll)()) {
        auto floor_div = [](int a) { return a >= 0 ? a / 100 : -((-a + 99) / 100); };
        auto ceil_div = [](int a) { return a >= 0 ? (a + 99) / 100 : -(-a / 100); };
        const int a = std::clamp(floor_div(alpha), -65, 64);
        const int b = std::clamp(ceil_div(beta), -64, 65);
        solver_->set_poll(poll);
        solver_->reset_nodes();
        const int score = solver_->solve(board_, a, b);
        nodes += solver_->nodes();
        return 100 * score;
    }

    // Multi-ProbCut in the midgame with the fitted models of othello_probcut.h, cutting at
    // `threshold` standard deviations (kProbCutThreshold, the default; 0: off).
    // The shallow search is about depth / check deep (2 or 3; kProbCutCheck by default).
    void set_probcut(double threshold) { probcut_ = threshold; }
    double probcut() const { return probcut_; }
    void set_probcut_check(int check) { probcut_check_ = check; }
    int probcut_check() const { return probcut_check_; }
    // ProbCut's check for a bound only where the static evaluation lies within `pre` standard
    // deviations of it (search::ProbCutModel::pre; 0: always both checks).
    void set_probcut_pre(double pre) { probcut_pre_ = pre; }
    // Models other than the built-in ones (a fit's file; null: the built-in ones).
    void set_probcut_models(std::shared_ptr<const ProbCutModels> models) {
        probcut_models_ = std::move(models);
    }
    bool probcut_model(search::Depth depth, search::ProbCutModel& model) const {
        if (probcut_ <= 0 || !othello_probcut_model(
                                 probcut_models_ ? probcut_models_->table : othello_probcut_table(),
                                 board_.empty_count(), depth, model, probcut_check_))
            return false;
        model.cut = probcut_;
        model.pre = probcut_pre_;
        return true;
    }

private:
    static constexpr int kSymmetricKeyEmpties = 50;
    othello::Board board_;
    othello::Scoring scoring_ = othello::Scoring::kEmptiesToWinner;
    std::shared_ptr<othello::Solver> solver_;
    int solve_empties_ = 0;
    // On by default: with the models fitted on the pattern evaluation, +104 +/- 34 Elo at 100 ms
    // a move (SPRT, 286 games; docs/othello.md).
    double probcut_ = kProbCutThreshold;
    int probcut_check_ = kProbCutCheck;
    double probcut_pre_ = 0;
    std::shared_ptr<const ProbCutModels> probcut_models_;
};

static_assert(search::Game<OthelloGame>);
static_assert(search::HasMoveIndex<OthelloGame> && search::HasSolver<OthelloGame> &&
              search::HasProbCut<OthelloGame>);
static_assert(!search::HasNullMove<OthelloGame> && !search::HasTactical<OthelloGame>);

}  // namespace kibitz::engine
