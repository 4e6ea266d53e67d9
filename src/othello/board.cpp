#include "othello/board.h"

#include <algorithm>
#include <cctype>

namespace kibitz::othello {

Board Board::start() {
    constexpr int kD4 = 27, kE4 = 28, kD5 = 35, kE5 = 36;
    return from_discs(square_bit(kE4) | square_bit(kD5), square_bit(kD4) | square_bit(kE5), kBlack);
}

Board Board::from_discs(Bitboard black, Bitboard white, Color to_move) {
    Board b;
    b.side_ = to_move;
    b.player_ = to_move == kBlack ? black : white;
    b.opponent_ = to_move == kBlack ? white : black;
    return b;
}

core::Result<Board> Board::from_text(std::string_view text) {
    Bitboard black = 0, white = 0;
    int sq = 0;
    std::size_t i = 0;
    for (; i < text.size() && sq < 64; ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t') continue;
        if (c == 'X' || c == 'x' || c == '*' || c == 'B' || c == 'b')
            black |= square_bit(sq);
        else if (c == 'O' || c == 'o' || c == 'W' || c == 'w')
            white |= square_bit(sq);
        else if (c != '-' && c != '.')
            return core::error("board text: '" + std::string(1, c) + "' at square " +
                               square_name(sq) + " is not X, O, - or .");
        ++sq;
    }
    if (sq < 64)
        return core::error("board text: " + std::to_string(sq) +
                           " squares, a board has 64 (then the side to move)");
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i == text.size()) return core::error("board text: the side to move (X or O) is missing");
    const char side = char(std::toupper(static_cast<unsigned char>(text[i])));
    Color to_move;
    if (side == 'X' || side == 'B' || side == '*')
        to_move = kBlack;
    else if (side == 'O' || side == 'W')
        to_move = kWhite;
    else
        return core::error("board text: side to move '" + std::string(1, text[i]) +
                           "' is not X (black) or O (white)");
    return from_discs(black, white, to_move);
}

std::string Board::to_text() const {
    std::string s(64, '-');
    for (int sq = 0; sq < 64; ++sq) {
        if (discs(kBlack) & square_bit(sq)) s[std::size_t(sq)] = 'X';
        if (discs(kWhite) & square_bit(sq)) s[std::size_t(sq)] = 'O';
    }
    return s + (side_ == kBlack ? " X" : " O");
}

bool Board::is_legal(Move m) const {
    if (m.is_pass()) return must_pass();
    return m.is_square() && (legal() & square_bit(m.square()));
}

void Board::generate(MoveList& list) const {
    list.clear();
    Bitboard moves = legal();
    if (!moves) {
        if (legal_squares(opponent_, player_)) list.push_back(Move::pass());
        return;
    }
    while (moves) {
        list.push_back(Move::at(std::countr_zero(moves)));
        moves &= moves - 1;
    }
}

Undo Board::make(Move m) {
    Undo u;
    if (m.is_square()) {
        const Bitboard bit = square_bit(m.square());
        u.flipped = flipped_discs(m.square(), player_, opponent_);
        player_ |= bit | u.flipped;
        opponent_ &= ~u.flipped;
    }
    std::swap(player_, opponent_);
    side_ = ~side_;
    return u;
}

void Board::unmake(Move m, const Undo& u) {
    std::swap(player_, opponent_);
    side_ = ~side_;
    if (m.is_square()) {
        player_ &= ~(square_bit(m.square()) | u.flipped);
        opponent_ |= u.flipped;
    }
}

int Board::final_score(Scoring scoring) const {
    const int mine = std::popcount(player_), theirs = std::popcount(opponent_);
    const int diff = mine - theirs;
    if (scoring == Scoring::kEmptiesShared || diff == 0) return diff;
    const int empties = 64 - mine - theirs;
    return diff > 0 ? diff + empties : diff - empties;
}

std::uint64_t Board::hash(Bitboard player, Bitboard opponent) {
    // Two rounds of a 64-bit finaliser (splitmix64's), one per board.
    auto mix = [](std::uint64_t x) {
        x ^= x >> 30;
        x *= 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 27;
        x *= 0x94D049BB133111EBULL;
        return x ^ (x >> 31);
    };
    return mix(player ^ mix(opponent + 0x9E3779B97F4A7C15ULL));
}

std::uint64_t Board::symmetric_key() const {
    std::uint64_t best = key();
    for (int s = 1; s < 8; ++s)
        best = std::min(best, hash(symmetry(player_, s), symmetry(opponent_, s)));
    return best;
}

Board Board::transformed(int s) const {
    Board b = *this;
    b.player_ = symmetry(player_, s);
    b.opponent_ = symmetry(opponent_, s);
    return b;
}

std::string square_name(int sq) { return {char('A' + column_of(sq)), char('1' + row_of(sq))}; }

int parse_square(std::string_view text) {
    if (text.size() != 2) return -1;
    const int c = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    const int r = text[1] - '1';
    if (c < 0 || c > 7 || r < 0 || r > 7) return -1;
    return r * 8 + c;
}

std::string move_name(Move m) {
    if (m.is_pass()) return "PASS";
    if (m.is_square()) return square_name(m.square());
    return "none";
}

core::Result<Move> parse_move(const Board& board, std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "pass" || lower == "pa" || lower == "ps" || lower == "--" || lower == "@@") {
        if (board.must_pass()) return Move::pass();
        if (board.game_over()) return core::error("pass: the game is over");
        return core::error("pass: the side to move has a legal move");
    }
    const int sq = parse_square(lower);
    if (sq < 0)
        return core::error("move '" + std::string(text) + "' is not a square A1-H8 or pass");
    if (!(board.legal() & square_bit(sq)))
        return core::error("move " + square_name(sq) + " is not legal here" +
                           ((board.empties() & square_bit(sq)) ? "" : " (the square is taken)"));
    return Move::at(sq);
}

}  // namespace kibitz::othello
