// The exact endgame solver against a plain minimax on random positions with 1-10 empties
// (passes and games that end early included), in every kind of window; the best move and the
// principal variation reach the score; deeper positions agree with an unhashed alpha-beta; the
// stop flag; and the OBF reader's answers and error messages.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "engine/othello_engine.h"
#include "othello/endgame_last.h"
#include "othello/endgame_stability.h"
#include "othello/endgame_table.h"
#include "othello/obf.h"
#include "othello/solver.h"

namespace {

using namespace kibitz::othello;

// Negamax over the whole tree with Board's own rules: no pruning, no shortcuts.
int minimax(Board& b) {
    MoveList list;
    b.generate(list);
    if (list.empty()) return b.final_score();
    int best = -100;
    for (const Move m : list) {
        const Undo u = b.make(m);
        best = std::max(best, -minimax(b));
        b.unmake(m, u);
    }
    return best;
}

// Plain fail-hard alpha-beta, for positions too deep for minimax.
int alphabeta(Board& b, int alpha, int beta) {
    MoveList list;
    b.generate(list);
    if (list.empty()) return b.final_score();
    for (const Move m : list) {
        const Undo u = b.make(m);
        const int v = -alphabeta(b, -beta, -alpha);
        b.unmake(m, u);
        if (v >= beta) return beta;
        alpha = std::max(alpha, v);
    }
    return alpha;
}

// A position from a random game stopped at `empties` empty squares (or earlier, when the game
// ends first: then a finished position with empties left).
Board random_position(kibitz::core::SplitMix64& rng, int empties) {
    Board b = Board::start();
    while (b.empty_count() > empties) {
        MoveList list;
        b.generate(list);
        if (list.empty()) break;
        b.make(list[rng.below(list.size())]);
    }
    return b;
}

// Positions a few plies before the end of random games that end with empty squares left.
std::vector<Board> early_endings(kibitz::core::SplitMix64& rng, std::size_t wanted) {
    std::vector<Board> out;
    for (int game = 0; game < 5000 && out.size() < wanted; ++game) {
        std::vector<Board> line{Board::start()};
        for (;;) {
            MoveList list;
            line.back().generate(list);
            if (list.empty()) break;
            Board next = line.back();
            next.make(list[rng.below(list.size())]);
            line.push_back(next);
        }
        if (line.back().empty_count() == 0) continue;
        const std::size_t back = std::min<std::size_t>(line.size() - 1, rng.below(5));
        const Board& b = line[line.size() - 1 - back];
        if (b.empty_count() <= 10) out.push_back(b);
    }
    return out;
}

// The solver's contract for a window: exact inside it, a bound on the right side outside it.
void expect_in_window(int result, int exact, int alpha, int beta, const Board& b) {
    SCOPED_TRACE(b.to_text() + " window (" + std::to_string(alpha) + ", " + std::to_string(beta) +
                 ") exact " + std::to_string(exact));
    if (exact <= alpha) {
        EXPECT_LE(result, alpha);
        EXPECT_GE(result, exact);
    } else if (exact >= beta) {
        EXPECT_GE(result, beta);
        EXPECT_LE(result, exact);
    } else {
        EXPECT_EQ(result, exact);
    }
}

// The moves of a principal variation are legal, and the game they play ends at the score.
void expect_pv_reaches(const Board& root, const SolveResult& r) {
    Board b = root;
    int sign = 1;
    for (const Move m : r.pv) {
        ASSERT_TRUE(b.is_legal(m)) << root.to_text() << " pv move " << move_name(m);
        b.make(m);
        sign = -sign;
    }
    EXPECT_TRUE(b.game_over()) << root.to_text();
    EXPECT_EQ(sign * b.final_score(), r.score) << root.to_text();
}

TEST(OthelloSolver, AgreesWithMinimaxInEveryWindow) {
    kibitz::core::SplitMix64 rng(11);
    Solver solver(1);
    std::vector<Board> boards = early_endings(rng, 20);
    EXPECT_GE(boards.size(), 10u) << "few random games ended with empty squares left";
    for (int empties = 1; empties <= 10; ++empties) {
        const int count = empties <= 7 ? 60 : empties <= 8 ? 20 : 6;
        for (int i = 0; i < count; ++i) boards.push_back(random_position(rng, empties));
    }
    int passes = 0, finished = 0, positions = 0;
    for (Board& b : boards) {
        {
            ++positions;
            passes += b.must_pass();
            finished += b.game_over();
            const int exact = minimax(b);
            // Full window, null windows on both sides, and random windows.
            EXPECT_EQ(solver.solve(b, -64, 64), exact) << b.to_text();
            for (const int a : {exact - 2, exact - 1, exact, exact + 1})
                if (a >= -64 && a + 1 <= 64)
                    expect_in_window(solver.solve(b, a, a + 1), exact, a, a + 1, b);
            for (int k = 0; k < 3; ++k) {
                const int a = -64 + int(rng.below(128));
                const int w = a + 1 + int(rng.below(std::uint64_t(64 - a)));
                expect_in_window(solver.solve(b, a, w), exact, a, w, b);
            }
            // The root: the score, a best move that reaches it, and the line.
            const SolveResult r = solver.solve_root(b);
            EXPECT_EQ(r.score, exact) << b.to_text();
            if (b.game_over()) {
                EXPECT_TRUE(r.best.is_none());
                continue;
            }
            ASSERT_TRUE(b.is_legal(r.best)) << b.to_text() << " " << move_name(r.best);
            Board child = b;
            child.make(r.best);
            EXPECT_EQ(-minimax(child), exact) << b.to_text() << " " << move_name(r.best);
            expect_pv_reaches(b, r);
        }
    }
    EXPECT_GT(passes, 0) << "no position where the side to move must pass";
    EXPECT_GT(finished, 0) << "no game that ended before the board was full";
    EXPECT_GT(positions, 400);
}

TEST(OthelloSolver, AgreesWithAlphaBetaAtMoreEmpties) {
    // 11-13 empties: the transposition table, the stability cutoff and the ordering searches
    // are in play. Each side of exact must also fail the right way after the table is warm.
    kibitz::core::SplitMix64 rng(5);
    Solver solver(1);
    for (const int empties : {11, 11, 12, 13}) {
        Board b = random_position(rng, empties);
        const int exact = alphabeta(b, -64, 64);
        solver.clear();
        const SolveResult r = solver.solve_root(b);
        EXPECT_EQ(r.score, exact) << b.to_text();
        if (!b.game_over()) expect_pv_reaches(b, r);
        expect_in_window(solver.solve(b, exact, exact + 1), exact, exact, exact + 1, b);
        expect_in_window(solver.solve(b, exact - 1, exact), exact, exact - 1, exact, b);
        expect_in_window(solver.solve(b, -64, exact - 3), exact, -64, exact - 3, b);
    }
}

TEST(OthelloSolver, CountsNodesAndOrderEvalKeepsScores) {
    kibitz::core::SplitMix64 rng(9);
    const Board b = random_position(rng, 12);
    Solver plain(1), guided(1);
    guided.set_order_eval(
        [](Bitboard p, Bitboard o) { return std::popcount(p) - std::popcount(o); });
    EXPECT_EQ(plain.solve(b, -64, 64), guided.solve(b, -64, 64));
    EXPECT_GT(plain.nodes(), 100u);
    plain.reset_nodes();
    EXPECT_EQ(plain.nodes(), 0u);
    const SolveResult r = plain.solve_root(b);
    EXPECT_EQ(r.nodes, plain.nodes());
}

TEST(OthelloSolver, LastMoveFlipsCountWhatTheMoveFlips) {
    // One empty square, every other one the mover's or the other side's at random: the count
    // for the last move is the number of discs the move flips (none: not legal).
    kibitz::core::SplitMix64 rng(41);
    for (int i = 0; i < 20000; ++i) {
        const int x = int(rng.below(64));
        const Bitboard mover = rng.next() & ~square_bit(x);
        const Bitboard other = ~(mover | square_bit(x));
        ASSERT_EQ(endgame::last_move_flips(x, mover), std::popcount(flipped_discs(x, mover, other)))
            << "square " << x << " mover " << mover;
    }
}

TEST(OthelloSolver, FullLinesAreTheLinesWithoutAnEmptySquare) {
    // Each square's four lines walked square by square against the bit tricks, on boards from
    // nearly empty to nearly full.
    kibitz::core::SplitMix64 rng(43);
    const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // (rows, columns) a step
    for (int i = 0; i < 4000; ++i) {
        Bitboard filled = ~Bitboard{0};
        for (int holes = i % 12; holes > 0; --holes) filled &= ~square_bit(int(rng.below(64)));
        const endgame::FullLines f = endgame::full_lines(filled);
        const Bitboard got[4] = {f.horizontal, f.vertical, f.diagonal, f.anti};
        for (int d = 0; d < 4; ++d)
            for (int sq = 0; sq < 64; ++sq) {
                bool full = true;
                for (int sign : {-1, 1})
                    for (int r = row_of(sq), c = column_of(sq); r >= 0 && r < 8 && c >= 0 && c < 8;
                         r += sign * steps[d][0], c += sign * steps[d][1])
                        full = full && (filled & square_bit(r * 8 + c));
                ASSERT_EQ((got[d] & square_bit(sq)) != 0, full)
                    << "direction " << d << " square " << sq << " filled " << filled;
            }
    }
}

TEST(OthelloSolver, StableDiscsAreNeverFlipped) {
    // From positions of random games, more random games to the end: every disc found stable
    // keeps its colour to the end.
    kibitz::core::SplitMix64 rng(47);
    int stable_seen = 0;
    for (int game = 0; game < 300; ++game) {
        Board b = Board::start();
        const int plies = 20 + int(rng.below(38));
        for (int ply = 0; ply < plies; ++ply) {
            MoveList list;
            b.generate(list);
            if (list.empty()) break;
            b.make(list[std::size_t(rng.below(list.size()))]);
        }
        const Bitboard black = b.discs(kBlack), white = b.discs(kWhite);
        const Bitboard stable_black = endgame::stable_discs(black, white);
        const Bitboard stable_white = endgame::stable_discs(white, black);
        stable_seen += std::popcount(stable_black | stable_white);
        for (int rollout = 0; rollout < 8; ++rollout) {
            Board r = b;
            for (;;) {
                MoveList list;
                r.generate(list);
                if (list.empty()) break;
                r.make(list[std::size_t(rng.below(list.size()))]);
                ASSERT_EQ(r.discs(kBlack) & stable_black, stable_black) << "game " << game;
                ASSERT_EQ(r.discs(kWhite) & stable_white, stable_white) << "game " << game;
            }
        }
    }
    EXPECT_GT(stable_seen, 1000);  // the test saw many stable discs
}

TEST(OthelloSolver, TableKeepsExactBoundsOverSelectiveOnes) {
    endgame::Table table(1);
    endgame::TableHit hit;
    // A selective bound is stored and read back as such.
    table.store(7, 20, 0, 10, 12, 19, true);  // fail high: at least 12
    ASSERT_TRUE(table.probe(7, hit));
    EXPECT_TRUE(hit.selective);
    EXPECT_EQ(hit.lower, 12);
    EXPECT_EQ(hit.move, 19);
    // An exact search's result replaces it, not merged with the guess.
    table.store(7, 20, 0, 10, 4, 26);  // exact 4
    ASSERT_TRUE(table.probe(7, hit));
    EXPECT_FALSE(hit.selective);
    EXPECT_EQ(hit.lower, 4);
    EXPECT_EQ(hit.upper, 4);
    EXPECT_EQ(hit.move, 26);
    // A later selective result does not touch the exact entry.
    table.store(7, 20, -64, 0, -8, 33, true);
    ASSERT_TRUE(table.probe(7, hit));
    EXPECT_FALSE(hit.selective);
    EXPECT_EQ(hit.lower, 4);
    EXPECT_EQ(hit.upper, 4);
    EXPECT_EQ(hit.move, 26);
}

TEST(OthelloSolver, SelectivePassKeepsTheExactScore) {
    // solve_root searches first with ProbCut, then exactly in a window around the selective
    // score (here from 14 empties instead of 20, to be quick). With the engine's pattern evaluation
    // and with its opposite (whose guess lands far from the score, so that the exact search must
    // search again outside the window), in a full window and in narrow ones, the result is that of
    // the solve without the pass.
    kibitz::core::SplitMix64 rng(23);
    const Solver::OrderEval fair = kibitz::engine::othello_order_eval;
    const Solver::OrderEval opposite = [](Bitboard p, Bitboard o) {
        return -kibitz::engine::othello_order_eval(p, o);
    };
    for (int i = 0; i < 4; ++i) {
        Board b = random_position(rng, 14);
        while (b.game_over() || b.empty_count() < 14) b = random_position(rng, 14);
        Solver plain(16);
        plain.set_order_eval(fair);
        plain.set_selective_from(99);
        const int exact = plain.solve_root(b).score;
        for (const auto eval : {fair, opposite}) {
            Solver selective(16);
            selective.set_order_eval(eval);
            selective.set_selective_from(14);
            const SolveResult r = selective.solve_root(b);
            EXPECT_EQ(r.score, exact) << b.to_text();
            expect_pv_reaches(b, r);
            for (const auto& [alpha, beta] :
                 {std::pair{exact - 1, exact + 1}, std::pair{exact + 3, 64},
                  std::pair{-64, exact - 5}}) {
                selective.clear();
                expect_in_window(selective.solve_root(b, alpha, beta).score, exact, alpha, beta, b);
            }
        }
    }
}

TEST(OthelloSolver, NearWipeoutsAreSolvedExactly) {
    // From alpha 48 the solver orders by fastest first and skips the selective pass's moves
    // (kHuntAlpha): random positions with 14 empties whose score is 48 or more for either
    // side, solved with the selective pass (from 10 empties) in a full window and in windows at
    // the top and bottom of the scale, against an unhashed alpha-beta; the PV reaches the score.
    kibitz::core::SplitMix64 rng(59);
    int found = 0;
    for (int i = 0; i < 400 && found < 6; ++i) {
        const Board b = random_position(rng, 14);
        if (b.game_over() || b.empty_count() != 14) continue;
        Solver plain(1);
        if (std::abs(plain.solve(b, -64, 64)) < 48) continue;  // checked below
        Board copy = b;
        const int exact = alphabeta(copy, -64, 64);
        ++found;
        Solver solver(16);
        solver.set_order_eval(kibitz::engine::othello_order_eval);
        solver.set_selective_from(10);
        const SolveResult r = solver.solve_root(b);
        EXPECT_EQ(r.score, exact) << b.to_text();
        expect_pv_reaches(b, r);
        for (const auto& [alpha, beta] : {std::pair{47, 49}, std::pair{62, 64}, std::pair{-64, -62},
                                          std::pair{-49, -47}, std::pair{exact - 1, 64}}) {
            solver.clear();
            expect_in_window(solver.solve_root(b, alpha, beta).score, exact, alpha, beta, b);
        }
    }
    EXPECT_EQ(found, 6);
}

TEST(OthelloSolver, FinishedGameAndForcedPassAtTheRoot) {
    Solver solver(1);
    // Nobody can move: 10 black, 4 white, 50 empty: black wins 60-4.
    auto over = Board::from_text("XXXXXXXXXX" + std::string(44, '-') + "OOOO------ X");
    ASSERT_TRUE(over);
    const SolveResult r = solver.solve_root(*over);
    EXPECT_EQ(r.score, 56);
    EXPECT_TRUE(r.best.is_none());
    EXPECT_TRUE(r.pv.empty());
    // White on A1, black on B1, black to move must pass; white takes C1 and wins 64-0.
    auto pass = Board::from_text("OX------" + std::string(56, '-') + " X");
    ASSERT_TRUE(pass);
    const SolveResult p = solver.solve_root(*pass);
    EXPECT_EQ(p.score, -64);
    EXPECT_TRUE(p.best.is_pass());
    expect_pv_reaches(*pass, p);
}

TEST(OthelloSolver, StopsWhenAsked) {
    std::atomic<bool> stop{true};
    Solver solver(1);
    solver.set_stop(&stop);
    kibitz::core::SplitMix64 rng(3);
    const Board b = random_position(rng, 30);
    solver.solve(b, -64, 64);  // any value, but at once
    EXPECT_LT(solver.nodes(), 100000u);
}

TEST(OthelloSolver, SharedByThreadsAgreesWithOneThread) {
    // 14-17 empties: the helpers share nodes from 12 empties, with the root's moves too. Every
    // score and every window must come out as one thread's, also on a warm table.
    kibitz::core::SplitMix64 rng(17);
    Solver one(4), three(4);
    three.set_threads(3);
    EXPECT_EQ(one.threads(), 1);
    EXPECT_EQ(three.threads(), 3);
    for (const int empties : {14, 15, 16, 17}) {
        const Board b = random_position(rng, empties);
        one.clear();
        three.clear();
        three.reset_nodes();
        const int exact = one.solve_root(b).score;
        const SolveResult r = three.solve_root(b);
        EXPECT_EQ(r.score, exact) << b.to_text();
        EXPECT_EQ(r.nodes, three.nodes());
        EXPECT_GT(r.nodes, 1000u);
        if (!b.game_over()) expect_pv_reaches(b, r);
        expect_in_window(three.solve(b, exact, exact + 1), exact, exact, exact + 1, b);
        expect_in_window(three.solve(b, exact - 1, exact), exact, exact - 1, exact, b);
        expect_in_window(three.solve(b, exact + 2, 64), exact, exact + 2, 64, b);
    }
    three.set_threads(1);  // the helpers end; the solver goes on alone
    EXPECT_EQ(three.threads(), 1);
}

TEST(OthelloSolver, ThreadsStopWhenAsked) {
    std::atomic<bool> stop{false};
    Solver solver(4);
    solver.set_threads(2);
    solver.set_stop(&stop);
    kibitz::core::SplitMix64 rng(3);
    const Board b = random_position(rng, 30);
    std::thread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stop = true;
    });
    solver.solve_root(b);  // any value, but soon after the stop
    stopper.join();
    const std::uint64_t after = solver.nodes();
    solver.solve(b, -64, 64);
    EXPECT_LT(solver.nodes() - after, 100000u);
}

TEST(OthelloObf, ReadsBoardsAndAnswers) {
    const std::string text =
        "% a comment line\n"
        "\n"
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;\n"
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+18\n"
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X\n";
    const auto parsed = parse_obf(text, "t.obf");
    ASSERT_TRUE(parsed) << parsed.error();
    ASSERT_EQ(parsed->size(), 3u);
    const ObfPosition& first = (*parsed)[0];
    EXPECT_EQ(first.line, 3);
    EXPECT_EQ(first.board.side_to_move(), kBlack);
    EXPECT_EQ(first.board.empty_count(), 20);
    EXPECT_EQ(first.best_score, 38);
    ASSERT_EQ(first.best_moves.size(), 1u);
    EXPECT_EQ(move_name(first.best_moves[0]), "A2");
    EXPECT_EQ(first.scored_moves.size(), 2u);
    EXPECT_EQ((*parsed)[1].best_moves.size(), 2u);  // a tie: both are best
    EXPECT_FALSE((*parsed)[2].best_score);
    EXPECT_TRUE((*parsed)[2].best_moves.empty());
}

TEST(OthelloObf, ErrorsNameTheFileLineAndProblem) {
    const std::string board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    struct Case {
        std::string line, expected;
    };
    const std::vector<Case> cases = {
        {"O--OOOOZ" + board.substr(8) + " X", "f.obf:2: board text: 'Z' at square H1"},
        {board.substr(0, 60) + " X", "f.obf:2: board text: 61 squares"},
        {board + " Q", "f.obf:2: board text: side to move 'Q'"},
        {board, "f.obf:2: board text: the side to move"},
        {board + " X; A2+38;", "f.obf:2: 'A2+38' is not MOVE:SCORE"},
        {board + " X; A1:+38;", "f.obf:2: 'A1:+38': move A1 is not legal here"},
        {board + " X; A2:+37;", "f.obf:2: 'A2:+37': the score is not an even number"},
        {board + " X; A2:+66;", "f.obf:2: 'A2:+66': the score is not an even number"},
        {board + " X; A2:+38; A2:+36", "f.obf:2: move A2 is scored twice"},
    };
    for (const Case& c : cases) {
        const auto parsed = parse_obf("\n" + c.line + "\n", "f.obf");
        ASSERT_FALSE(parsed) << c.line;
        EXPECT_EQ(parsed.error().substr(0, c.expected.size()), c.expected) << parsed.error();
    }
    const auto missing = read_obf("/nonexistent/none.obf");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(),
              "cannot open OBF file '/nonexistent/none.obf': No such file or directory");
}

// /dev/zero never ends and has size 0 to stat: the reader counts the bytes and stops at
// kMaxObfBytes instead of filling the memory. A folder is refused by name.
TEST(OthelloObf, ReadingStopsAtTheSizeLimit) {
    const auto zero = read_obf("/dev/zero");
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error(),
              "OBF file '/dev/zero' is larger than 64 MiB, the most Kibitz reads of one OBF file");
    const auto small = read_obf("/dev/zero", 1000);
    ASSERT_FALSE(small);
    EXPECT_NE(small.error().find("larger than 1000 bytes"), std::string::npos) << small.error();
    const auto folder = read_obf("/tmp");
    ASSERT_FALSE(folder);
    EXPECT_EQ(folder.error(), "cannot read OBF file '/tmp': it is a folder");
}

}  // namespace
