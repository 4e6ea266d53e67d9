// An Othello position: the discs of the side to move and of its opponent, and whose turn it is.
// A move is a square or the pass, which is legal only when the side to move has no square and
// the opponent has one; the game ends when neither side can move.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/fixed_vector.h"
#include "core/result.h"
#include "othello/bitboard.h"

namespace kibitz::othello {

enum Color : std::uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
// "black" or "white", as the protocols and the server write a colour.
inline std::string color_name(Color c) { return c == kBlack ? "black" : "white"; }

// A move: a square 0-63, the pass, or none. raw() fits the transposition table's 16 bits and
// is 0 only for none.
class Move {
public:
    constexpr Move() = default;
    static constexpr Move at(int sq) { return Move(std::uint16_t(sq + 1)); }
    static constexpr Move pass() { return Move(kPassRaw); }
    static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

    constexpr std::uint16_t raw() const { return raw_; }
    constexpr bool is_none() const { return raw_ == 0; }
    constexpr bool is_pass() const { return raw_ == kPassRaw; }
    constexpr bool is_square() const { return raw_ >= 1 && raw_ <= 64; }
    constexpr int square() const { return raw_ - 1; }  // only for is_square()
    constexpr bool operator==(const Move&) const = default;

private:
    static constexpr std::uint16_t kPassRaw = 65;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    std::uint16_t raw_ = 0;
};

// The most legal moves of any position is 33; a little room above it.
using MoveList = core::FixedVector<Move, 40>;

// What make() needs to take a move back: the discs it flipped.
struct Undo {
    Bitboard flipped = 0;
};

// How a finished game is scored: the empty squares go to the winner (the World Othello
// Federation's rule and the Japanese style; the default), or they are shared equally (the
// European style), which leaves the difference of the discs on the board.
enum class Scoring { kEmptiesToWinner, kEmptiesShared };

class Board {
public:
    // The starting position: white on D4 and E5, black on E4 and D5, black to move.
    static Board start();
    // From the discs of each colour and the side to move; the sets must not overlap.
    static Board from_discs(Bitboard black, Bitboard white, Color to_move);
    // From text: 64 squares from A1 to H8 row by row (X or * black, O white, - or . empty;
    // spaces between them are allowed), then the side to move (X/B black, O/W white).
    // Errors name what was wrong.
    static core::Result<Board> from_text(std::string_view text);
    // The inverse of from_text: "XO--...-- X".
    std::string to_text() const;

    Bitboard player() const { return player_; }      // the side to move's discs
    Bitboard opponent() const { return opponent_; }  // the other side's
    Color side_to_move() const { return side_; }
    Bitboard discs(Color c) const { return c == side_ ? player_ : opponent_; }
    Bitboard empties() const { return ~(player_ | opponent_); }
    int empty_count() const { return std::popcount(empties()); }
    int disc_count(Color c) const { return std::popcount(discs(c)); }

    Bitboard legal() const { return legal_squares(player_, opponent_); }
    bool can_move() const { return legal() != 0; }
    bool must_pass() const { return !legal() && legal_squares(opponent_, player_); }
    bool game_over() const { return !legal() && !legal_squares(opponent_, player_); }
    bool is_legal(Move m) const;

    // The legal moves: the squares, else a pass when the opponent can move, else none.
    void generate(MoveList& list) const;
    Undo make(Move m);  // m must be legal
    void unmake(Move m, const Undo& u);

    // Discs of the side to move minus the opponent's.
    int disc_difference() const { return std::popcount(player_) - std::popcount(opponent_); }
    // The result of a finished game from the side to move's point of view.
    int final_score(Scoring scoring = Scoring::kEmptiesToWinner) const;

    // A hash of the discs and the side to move (the boards are kept from the mover's view, so
    // the side is in them), and one that is the same for all eight symmetric images.
    std::uint64_t key() const { return hash(player_, opponent_); }
    std::uint64_t symmetric_key() const;
    static std::uint64_t hash(Bitboard player, Bitboard opponent);

    // The same position mirrored or rotated (symmetry 0-7, see othello::symmetry).
    Board transformed(int s) const;

    bool operator==(const Board&) const = default;

private:
    Bitboard player_ = 0, opponent_ = 0;
    Color side_ = kBlack;
};

// Square names as Othello players write them: "A1" to "H8" (parse_square takes either case).
std::string square_name(int sq);
int parse_square(std::string_view text);  // -1 when text is not a square
// "F5", or "PASS" for the pass.
std::string move_name(Move m);
// A legal move in board from "f5"/"F5", or "pass"/"PA"/"PS"/"--" for the pass; errors say why.
core::Result<Move> parse_move(const Board& board, std::string_view text);

}  // namespace kibitz::othello
