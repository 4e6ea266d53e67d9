// The staged move picker: every legal move exactly once, in the stages' order (table move,
// winning captures, killers, counter move, quiets by history, losing captures), with table
// moves and killers that are illegal here left out, and generation only as far as it is
// needed: a cutoff by the table move generates nothing, one by a capture no quiet move.
#include "search/move_picker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/rng.h"
#include "engine/chess_game.h"
#include "engine/othello_game.h"

using namespace kibitz;
using chess::Move;

namespace {

// ChessGame that counts its calls to the generators.
struct CountingGame : engine::ChessGame {
    using ChessGame::ChessGame;
    mutable int all = 0, tactical = 0, quiet = 0;
    void generate(MoveList& list) const {
        ++all;
        ChessGame::generate(list);
    }
    void generate_tactical(MoveList& list) const {
        ++tactical;
        ChessGame::generate_tactical(list);
    }
    void generate_quiet(MoveList& list) const {
        ++quiet;
        ChessGame::generate_quiet(list);
    }
};

constexpr search::Features kAllOn{};
using Picker = search::MovePicker<CountingGame, kAllOn>;

std::vector<Move> all_of(Picker& p) {
    std::vector<Move> out;
    Move m;
    while (p.next(m)) out.push_back(m);
    return out;
}

// The stage a move belongs in, given the hints: 0 table, 1 good tactical, 2 killer or counter,
// 3 quiet, 4 bad tactical.
int stage_of(const CountingGame& g, Move m, const search::OrderingHints<Move>& h) {
    if (m == h.tt) return 0;
    if (g.is_tactical(m)) return g.see_ge(m, 0) ? 1 : 4;
    if (m.raw() == h.killer0 || m.raw() == h.killer1 || m.raw() == h.counter) return 2;
    return 3;
}

std::string text(const chess::Position& pos, Move m) { return chess::move_to_uci(pos, m); }

const char* const kFens[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",   // in check
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",    // a promotion that takes the checker
    "4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",  // en passant, one capturer pinned
};

}  // namespace

TEST(MovePicker, GivesEveryLegalMoveOnceInTheStagesOrder) {
    core::SplitMix64 rng(5);
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    for (int i = 0; i < 4000; ++i)
        history.update_quiet(int(rng.below(std::uint64_t(engine::ChessGame::kMoveIndexCount))),
                             int(rng.below(4000)) - 2000);
    for (const char* fen : kFens) {
        const CountingGame g(chess::Position::from_fen(fen).value());
        const auto legal = chess::legal_moves(g.position());
        for (int trial = 0; trial < 40; ++trial) {
            // Hints drawn from the legal moves and from random 16-bit words (often illegal).
            const auto draw = [&] {
                return rng.below(3) == 0 ? Move::from_raw(std::uint16_t(rng.next()))
                                         : legal[std::size_t(rng.below(legal.size()))];
            };
            search::OrderingHints<Move> h;
            h.tt = draw();
            h.killer0 = draw().raw();
            h.killer1 = draw().raw();
            h.counter = draw().raw();
            Picker p(g, history, h);
            const auto got = all_of(p);
            EXPECT_EQ(p.given(), int(legal.size())) << fen;
            auto sorted = got;
            const auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
            std::sort(sorted.begin(), sorted.end(), by_raw);
            auto want = std::vector<Move>(legal.begin(), legal.end());
            std::sort(want.begin(), want.end(), by_raw);
            ASSERT_EQ(sorted, want) << fen << ": each legal move once";
            for (std::size_t k = 1; k < got.size(); ++k) {
                const int a = stage_of(g, got[k - 1], h), b = stage_of(g, got[k], h);
                ASSERT_LE(a, b) << fen << ": " << text(g.position(), got[k - 1]) << " before "
                                << text(g.position(), got[k]);
                if (a == 3 && b == 3) {  // quiet moves by history (escapes add to it)
                    ASSERT_GE(history.quiet(g.move_index(got[k - 1])) +
                                  2 * search::kHistoryMax * g.escapes(got[k - 1], g.threatened()),
                              history.quiet(g.move_index(got[k])) +
                                  2 * search::kHistoryMax * g.escapes(got[k], g.threatened()))
                        << fen;
                }
                if (a == 1 && b == 1) {  // winning captures by MVV-LVA
                    ASSERT_GE(g.capture_order(got[k - 1]), g.capture_order(got[k])) << fen;
                }
            }
            if (!got.empty() && std::find(want.begin(), want.end(), h.tt) != want.end()) {
                EXPECT_EQ(got.front(), h.tt) << fen << ": a legal table move comes first";
            }
        }
    }
}

TEST(MovePicker, GeneratesOnlyAsFarAsItIsAsked) {
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    const CountingGame g(chess::Position::from_fen(kFens[0]).value());
    search::OrderingHints<Move> h;
    h.tt = Move(chess::kE2, chess::kA6);  // Bxa6: a legal capture from the table
    h.killer0 = Move(chess::kA2, chess::kA3).raw();
    Picker p(g, history, h);
    Move m;
    ASSERT_TRUE(p.next(m));
    EXPECT_EQ(m, h.tt);
    EXPECT_EQ(g.all + g.tactical + g.quiet, 0) << "the table move needs no generation";
    ASSERT_TRUE(p.next(m));
    EXPECT_TRUE(g.is_tactical(m) && g.see_ge(m, 0));
    EXPECT_EQ(g.tactical, 1);
    EXPECT_EQ(g.quiet, 0) << "a capture comes before any quiet move is generated";
    while (p.next(m) && g.is_tactical(m)) {
    }
    EXPECT_EQ(m.raw(), h.killer0) << "the killer, tested for legality, before generation";
    EXPECT_EQ(g.quiet, 0);
    ASSERT_TRUE(p.next(m));
    EXPECT_EQ(g.quiet, 1);
    EXPECT_EQ(g.all, 0);
}

// A position without moves: nothing is given, so the search knows the game is over.
TEST(MovePicker, AFinishedGameGivesNothing) {
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    const CountingGame mate(chess::Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").value());
    search::OrderingHints<Move> h;
    h.tt = Move(chess::kH8, chess::kG8);
    Picker p(mate, history, h);
    Move m;
    EXPECT_FALSE(p.next(m));
    EXPECT_EQ(p.given(), 0);
}

// A game without staged generation (Othello) gets its moves at once, the table move first.
TEST(MovePicker, OthelloGetsAllItsMovesAtOnce) {
    const engine::OthelloGame g;
    engine::OthelloGame::MoveList legal;
    g.generate(legal);
    ASSERT_EQ(legal.size(), 4u);
    search::MoveHistory history(engine::OthelloGame::kMoveIndexCount);
    search::OrderingHints<engine::OthelloGame::Move> h;
    h.tt = legal[2];
    search::MovePicker<engine::OthelloGame, kAllOn> p(g, history, h);
    engine::OthelloGame::Move m;
    ASSERT_TRUE(p.next(m));
    EXPECT_EQ(m, legal[2]);
    int n = 1;
    while (p.next(m)) ++n;
    EXPECT_EQ(n, 4);
}

// Capture history orders captures of the same MVV-LVA value: the knight's two captures of a
// pawn come in generation order without it, and the one with the better record first with it.
TEST(MovePicker, CaptureHistoryOrdersEqualCaptures) {
    // The knight on d4 can take the pawns on c6 and e6.
    const auto pos = chess::Position::from_fen("4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1").value();
    const CountingGame g(pos);
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    history.resize_captures(engine::ChessGame::kCaptureIndexCount);
    auto first_two = [&](int divisor) {
        search::OrderingHints<Move> hints;
        hints.capture_divisor = divisor;
        Picker p(g, history, hints);
        const auto moves = all_of(p);
        return text(pos, moves[0]) + " " + text(pos, moves[1]);
    };
    const std::string plain = first_two(0);
    ASSERT_TRUE(plain == "d4c6 d4e6" || plain == "d4e6 d4c6") << plain;
    const std::string second = plain.substr(5);
    // Reward the capture that comes second.
    Move m{};
    for (const Move c : chess::legal_moves(pos))
        if (text(pos, c) == second) m = c;
    history.update_capture(g.capture_index(m), 2000);
    EXPECT_EQ(first_two(8), second + " " + plain.substr(0, 4));
    EXPECT_EQ(first_two(0), plain);  // a divisor of 0: MVV-LVA alone
}

// A quiet move that attacks a bigger piece comes before the other quiet moves of equal
// history: in WAC.080, Ra1 (attacking the queen on a2) before Kh1.
TEST(MovePicker, QuietThreatsComeFirst) {
    const auto pos =
        chess::Position::from_fen("r4rk1/p1B1bpp1/1p2pn1p/8/2PP4/3B1P2/qP2QP1P/3R1RK1 w - - 0 1")
            .value();
    const CountingGame g(pos);
    auto find = [&](const std::string& uci) {
        for (const Move m : chess::legal_moves(pos))
            if (text(pos, m) == uci) return m;
        return Move{};
    };
    EXPECT_TRUE(g.threatens(find("d1a1")));   // the rook attacks the queen
    EXPECT_FALSE(g.threatens(find("g1h1")));  // a king step
    EXPECT_FALSE(g.threatens(find("d4d5")));  // a pawn attacks a pawn only
    EXPECT_FALSE(g.threatens(find("c4c5")));  // to a square a pawn attacks
    EXPECT_TRUE(g.threatens(find("d3e4")));   // the bishop attacks the rook on a8
    EXPECT_FALSE(g.threatens(find("c7d6")));  // the rook on f8 is behind the bishop on e7
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    auto position_of = [&](int bonus, const std::string& uci) {
        search::OrderingHints<Move> hints;
        hints.threat_bonus = bonus;
        Picker p(g, history, hints);
        const auto moves = all_of(p);
        return std::find(moves.begin(), moves.end(), find(uci)) - moves.begin();
    };
    EXPECT_LT(position_of(8192, "d1a1"), position_of(8192, "g1h1"));
    EXPECT_LT(position_of(8192, "d3e4"), position_of(8192, "d4d5"));
    EXPECT_GT(position_of(0, "d1a1"), position_of(0, "g1h1"));  // generation order: king first
}

TEST(MovePicker, ContinuationHistoryOrdersQuietMovesAfterAnEarlierMove) {
    const auto pos = chess::Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").value();
    const CountingGame g(pos);
    search::MoveHistory history(engine::ChessGame::kMoveIndexCount);
    history.resize_continuation();
    Move target{};
    for (const Move c : chess::legal_moves(pos))
        if (text(pos, c) == "a1a7") target = c;
    const int previous = 5;  // the index of some earlier move
    history.update_continuation(previous, g.move_index(target), 3000);
    auto first = [&](bool after_previous) {
        search::OrderingHints<Move> hints;
        if (after_previous) hints.continuation[1] = history.continuation_row(previous);
        Picker p(g, history, hints);
        return text(pos, all_of(p)[0]);
    };
    EXPECT_EQ(first(true), "a1a7");
    EXPECT_NE(first(false), "a1a7");  // other earlier moves: no such memory
    history.clear();
    EXPECT_NE(first(true), "a1a7");
}
