// Othello rules: legal squares and flips against a square-by-square reference, make/unmake,
// the pass and the end of the game, scoring, symmetries, text and move notation, perft.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "othello/board.h"
#include "othello/perft.h"

namespace {

using namespace kibitz::othello;

// The rules written the slow, obvious way: walk each of the eight directions square by square.
Bitboard reference_flips(int sq, Bitboard player, Bitboard opponent) {
    if ((player | opponent) & square_bit(sq)) return 0;
    Bitboard flips = 0;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            if (dr == 0 && dc == 0) continue;
            Bitboard line = 0;
            int r = row_of(sq) + dr, c = column_of(sq) + dc;
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && (opponent & square_bit(r * 8 + c))) {
                line |= square_bit(r * 8 + c);
                r += dr, c += dc;
            }
            if (line && r >= 0 && r < 8 && c >= 0 && c < 8 && (player & square_bit(r * 8 + c)))
                flips |= line;
        }
    return flips;
}

Bitboard reference_legal(Bitboard player, Bitboard opponent) {
    Bitboard legal = 0;
    for (int sq = 0; sq < 64; ++sq)
        if (reference_flips(sq, player, opponent)) legal |= square_bit(sq);
    return legal;
}

TEST(OthelloBoard, StartPosition) {
    const Board b = Board::start();
    EXPECT_EQ(b.to_text(), "---------------------------OX------XO--------------------------- X");
    EXPECT_EQ(b.side_to_move(), kBlack);
    EXPECT_EQ(b.empty_count(), 60);
    MoveList list;
    b.generate(list);
    std::vector<std::string> names;
    for (const Move m : list) names.push_back(move_name(m));
    EXPECT_EQ(names, (std::vector<std::string>{"D3", "C4", "F5", "E6"}));
}

TEST(OthelloBoard, RandomGamesAgreeWithReference) {
    kibitz::core::SplitMix64 rng(7);
    int passes = 0, games_over = 0;
    for (int game = 0; game < 300; ++game) {
        Board b = Board::start();
        while (!b.game_over()) {
            ASSERT_EQ(b.legal(), reference_legal(b.player(), b.opponent())) << b.to_text();
            for (Bitboard m = b.legal(); m; m &= m - 1) {
                const int sq = std::countr_zero(m);
                ASSERT_EQ(flipped_discs(sq, b.player(), b.opponent()),
                          reference_flips(sq, b.player(), b.opponent()))
                    << b.to_text() << " " << square_name(sq);
            }
            MoveList list;
            b.generate(list);
            ASSERT_FALSE(list.empty());
            const Move m = list[rng.below(list.size())];
            ASSERT_TRUE(b.is_legal(m));
            passes += m.is_pass();
            const Board before = b;
            const Undo u = b.make(m);
            ASSERT_EQ(b.side_to_move(), ~before.side_to_move());
            Board back = b;
            back.unmake(m, u);
            ASSERT_EQ(back, before);
            ASSERT_EQ(back.key(), before.key());
        }
        ++games_over;
        MoveList list;
        b.generate(list);
        EXPECT_TRUE(list.empty());
        const int black = b.disc_count(kBlack), white = b.disc_count(kWhite);
        const int black_score = black == white  ? 0
                                : black > white ? 64 - 2 * white
                                                : -(64 - 2 * black);
        EXPECT_EQ(b.side_to_move() == kBlack ? b.final_score() : -b.final_score(), black_score);
    }
    EXPECT_GT(passes, 0) << "the random games should have met a pass";
    EXPECT_EQ(games_over, 300);
}

TEST(OthelloBoard, PassOnlyWhenNoSquareAndTheOpponentCanMove) {
    // White has no disc left: neither side can flip anything, the game is over.
    auto b = Board::from_text("XXXXXXX-" + std::string(56, 'X') + " O");
    ASSERT_TRUE(b) << b.error();
    EXPECT_TRUE(b->game_over());
    // White on A1, black on B1: white may play C1; black, to move, has nothing and passes.
    auto p = Board::from_text("OX------" + std::string(56, '-') + " O");
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->legal() & square_bit(2));
    auto q = Board::from_text("OX------" + std::string(56, '-') + " X");
    ASSERT_TRUE(q);
    EXPECT_TRUE(q->must_pass());
    MoveList list;
    q->generate(list);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_TRUE(list[0].is_pass());
    EXPECT_TRUE(parse_move(*q, "pass"));
    EXPECT_FALSE(parse_move(*p, "pass"));
}

TEST(OthelloBoard, FinalScoreGivesEmptiesToTheWinner) {
    // 10 black, 4 white, 50 empty, nobody can move (the discs do not touch): black wins 60-4.
    auto b = Board::from_text("XXXXXXXXXX" + std::string(44, '-') + "OOOO------ X");
    ASSERT_TRUE(b) << b.error();
    ASSERT_TRUE(b->game_over());
    EXPECT_EQ(b->final_score(), 56);
    EXPECT_EQ(b->final_score(Scoring::kEmptiesShared), 6);
    auto w = Board::from_text(b->to_text().substr(0, 64) + " O");
    EXPECT_EQ(w->final_score(), -56);
}

TEST(OthelloBoard, Symmetries) {
    // The eight images of B1.
    std::set<int> images;
    for (int s = 0; s < 8; ++s) images.insert(symmetry_square(1, s));
    EXPECT_EQ(images, (std::set<int>{1, 6, 8, 15, 48, 55, 57, 62}));
    kibitz::core::SplitMix64 rng(3);
    Board b = Board::start();
    for (int i = 0; i < 20; ++i) {
        MoveList list;
        b.generate(list);
        b.make(list[rng.below(list.size())]);
    }
    for (int s = 0; s < 8; ++s) {
        const Board t = b.transformed(s);
        EXPECT_EQ(t.symmetric_key(), b.symmetric_key());
        EXPECT_EQ(t.legal(), symmetry(b.legal(), s));
        std::set<int> squares;
        for (int sq = 0; sq < 64; ++sq) squares.insert(symmetry_square(sq, s));
        EXPECT_EQ(squares.size(), 64u) << "symmetry " << s << " is a permutation";
    }
}

TEST(OthelloBoard, TextErrorsNameTheProblem) {
    EXPECT_NE(Board::from_text("XO").error().find("2 squares"), std::string::npos);
    EXPECT_NE(Board::from_text(std::string(30, '-') + "Z" + std::string(33, '-') + " X")
                  .error()
                  .find("'Z' at square G4"),
              std::string::npos);
    EXPECT_NE(Board::from_text(std::string(64, '-')).error().find("side to move"),
              std::string::npos);
    EXPECT_NE(Board::from_text(std::string(64, '-') + " Q").error().find("'Q'"), std::string::npos);
    const auto round = Board::from_text(Board::start().to_text());
    ASSERT_TRUE(round);
    EXPECT_EQ(*round, Board::start());
}

TEST(OthelloBoard, MoveNotation) {
    const Board b = Board::start();
    EXPECT_EQ(*parse_move(b, "f5"), Move::at(parse_square("F5")));
    EXPECT_EQ(move_name(*parse_move(b, "D3")), "D3");
    EXPECT_NE(parse_move(b, "a1").error().find("not legal"), std::string::npos);
    EXPECT_NE(parse_move(b, "d4").error().find("taken"), std::string::npos);
    EXPECT_NE(parse_move(b, "j9").error().find("not a square"), std::string::npos);
    EXPECT_NE(parse_move(b, "pass").error().find("has a legal move"), std::string::npos);
    EXPECT_EQ(Move::from_raw(Move::at(63).raw()), Move::at(63));
    EXPECT_TRUE(Move{}.is_none());
}

// Aart Bik's published counts (2009), confirmed independently; deeper ones by hand with
// `kibitz othello perft 14` (184042084512).
TEST(OthelloPerft, PublishedCounts) {
    const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    Board b = Board::start();
    for (int d = 0; d < 10; ++d) EXPECT_EQ(perft(b, d), expected[d]) << "depth " << d;
    EXPECT_EQ(b, Board::start());
    std::uint64_t sum = 0;
    for (const auto& [move, n] : perft_divide(b, 6)) sum += n;
    EXPECT_EQ(sum, 8200u);
}

}  // namespace
