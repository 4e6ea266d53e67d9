// FEN and EPD: parsing with errors that name the field, and output (X-FEN castling).
#include <cctype>
#include <string>

#include "chess/notation.h"
#include "chess/position.h"
#include "core/strings.h"

namespace kibitz::chess {

namespace {

constexpr std::string_view kPieceChars = "PNBRQKpnbrqk";
const char* const kColorNames[2] = {"White", "Black"};
// Counters far beyond any real game, so that a position played on from a FEN still reads back.
constexpr int kMaxCounter = 1000000000;

core::Error fen_error(std::string_view field, const std::string& what) {
    return core::error("FEN " + std::string(field) + ": " + what);
}

}  // namespace

core::Result<Position> Position::from_fen(std::string_view fen, bool chess960) {
    const auto fields = core::split_words(fen);
    if (fields.size() < 4)
        return core::error("FEN has " + std::to_string(fields.size()) +
                           (fields.size() == 1 ? " field" : " fields") +
                           "; needs at least 4 (placement, side, castling, en passant)");
    if (fields.size() > 6)
        return core::error("FEN has " + std::to_string(fields.size()) +
                           " fields; expected at most 6 (extra text: '" + std::string(fields[6]) +
                           "')");
    Position p{Empty{}};

    // 1. Piece placement, from rank 8 down to rank 1.
    {
        const std::string_view placement = fields[0];
        int rank = 7, file = 0;
        for (std::size_t i = 0; i <= placement.size(); ++i) {
            const char c = i < placement.size() ? placement[i] : '/';
            if (c == '/') {
                if (file != 8)
                    return fen_error("placement", "rank " + std::to_string(rank + 1) + " has " +
                                                      std::to_string(file) +
                                                      " squares, expected 8");
                if (i < placement.size() && --rank < 0)
                    return fen_error("placement", "more than 8 ranks");
                file = 0;
            } else if (c >= '1' && c <= '8') {
                file += c - '0';
                if (file > 8)
                    return fen_error("placement", "rank " + std::to_string(rank + 1) +
                                                      " has more than 8 squares");
            } else if (const auto idx = kPieceChars.find(c); idx != std::string_view::npos) {
                if (file >= 8)
                    return fen_error("placement", "rank " + std::to_string(rank + 1) +
                                                      " has more than 8 squares");
                p.put_piece(make_piece(Color(idx / 6), PieceType(idx % 6)),
                            make_square(file, rank));
                ++file;
            } else {
                return fen_error("placement", std::string("unknown character '") + c + "'");
            }
        }
        if (rank != 0)
            return fen_error("placement", "has " + std::to_string(8 - rank) + " ranks, expected 8");
        for (Color c : {kWhite, kBlack}) {
            const int kings = core::popcount(p.pieces(c, kKing));
            if (kings != 1)
                return fen_error("placement", std::string(kColorNames[c]) + " has " +
                                                  std::to_string(kings) + " kings, expected 1");
            if (core::popcount(p.pieces(c, kPawn)) > 8)
                return fen_error("placement",
                                 std::string(kColorNames[c]) + " has more than 8 pawns");
            if (core::popcount(p.pieces(c)) > 16)
                return fen_error("placement",
                                 std::string(kColorNames[c]) + " has more than 16 pieces");
        }
        if (const Bitboard bad = p.pieces(kPawn) & (kRank1 | kRank8))
            return fen_error("placement", "pawn on " + square_name(Square(core::lsb(bad))) +
                                              " (pawns cannot stand on the first or last rank)");
    }

    // 2. Side to move.
    if (fields[1] == "w")
        p.side_ = kWhite;
    else if (fields[1] == "b")
        p.side_ = kBlack;
    else
        return fen_error("side to move",
                         "expected 'w' or 'b', got '" + std::string(fields[1]) + "'");

    // 3. Castling rights: KQkq (outermost rook), or file letters (Shredder-FEN / X-FEN).
    if (fields[2] != "-") {
        for (const char c : fields[2]) {
            const Color color = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
            const char lower = char(std::tolower(static_cast<unsigned char>(c)));
            const std::string which = std::string("'") + c + "'";
            if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
                return fen_error("castling", "unknown character " + which +
                                                 " (expected '-', KQkq or file letters)");
            const Bitboard back_rank = relative_rank_bb(color, 0);
            if (!(p.pieces(color, kKing) & back_rank))
                return fen_error("castling", which + ": " + kColorNames[color] +
                                                 "'s king is not on its first rank");
            const Square ksq = p.king_square(color);
            const Bitboard rooks = p.pieces(color, kRook) & back_rank;
            Square rsq = kNoSquare;
            if (lower == 'k') {
                const Bitboard side = rooks & ~(square_bb(ksq) * 2 - 1);  // files right of king
                if (!side)
                    return fen_error("castling", which + ": no " + std::string(kColorNames[color]) +
                                                     " rook on the king side of the king");
                rsq = Square(core::msb(side));
            } else if (lower == 'q') {
                const Bitboard side = rooks & (square_bb(ksq) - 1);
                if (!side)
                    return fen_error("castling", which + ": no " + std::string(kColorNames[color]) +
                                                     " rook on the queen side of the king");
                rsq = Square(core::lsb(side));
            } else {
                rsq = relative_square(color, Square(lower - 'a'));
                if (!(rooks & square_bb(rsq)))
                    return fen_error("castling", which + ": no " + std::string(kColorNames[color]) +
                                                     " rook on " + square_name(rsq));
            }
            const CastlingRights right = castling_right(color, rsq > ksq);
            if (p.castling_ & right)
                return fen_error("castling", which + ": the right is given twice");
            p.set_castling_right(color, rsq);
            if (file_of(ksq) != 4 || (file_of(rsq) != 0 && file_of(rsq) != 7)) chess960 = true;
        }
    }
    p.chess960_ = chess960;

    // 4. En passant target square.
    if (fields[3] != "-") {
        const std::string_view f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return fen_error("en passant", "'" + std::string(f) + "' is not a square or '-'");
        const Square ep = make_square(f[0] - 'a', f[1] - '1');
        const Color them = ~p.side_;
        if (relative_rank(p.side_, ep) != 5)
            return fen_error("en passant", std::string(f) + " is not on rank " +
                                               (p.side_ == kWhite ? "6" : "3") + " (" +
                                               kColorNames[p.side_] + " to move)");
        const Square pushed = ep - pawn_push(p.side_);
        if (p.piece_on(pushed) != make_piece(them, kPawn))
            return fen_error("en passant", std::string(f) + " needs a " + kColorNames[them] +
                                               " pawn on " + square_name(pushed));
        if (p.piece_on(ep) != kNoPiece || p.piece_on(ep + pawn_push(p.side_)) != kNoPiece)
            return fen_error("en passant", std::string(f) + " and " +
                                               square_name(ep + pawn_push(p.side_)) +
                                               " must be empty after a double pawn push");
        p.update_en_passant(ep);
    }

    // 5. and 6. Counters (optional, as in EPD).
    if (fields.size() >= 5) {
        const auto hm = core::parse_int<int>(fields[4]);
        if (!hm || *hm < 0 || *hm > kMaxCounter)
            return fen_error("halfmove clock", "'" + std::string(fields[4]) +
                                                   "' is not a number from 0 to 1000000000");
        p.halfmove_ = *hm;
    }
    int fullmove = 1;
    if (fields.size() >= 6) {
        const auto fm = core::parse_int<int>(fields[5]);
        if (!fm || *fm < 0 || *fm > kMaxCounter)
            return fen_error("fullmove number", "'" + std::string(fields[5]) +
                                                    "' is not a number from 1 to 1000000000");
        fullmove = std::max(1, *fm);  // some tools write 0; read it as 1
    }
    p.game_ply_ = 2 * (fullmove - 1) + (p.side_ == kBlack);

    // Checks that need the whole position.
    const Color us = p.side_, them = ~us;
    if (p.attackers_to(p.king_square(them)) & p.pieces(us))
        return core::error(std::string("FEN: ") + kColorNames[us] + " is to move but " +
                           kColorNames[them] + "'s king is in check");
    p.checkers_ = p.attackers_to(p.king_square(us)) & p.pieces(them);
    if (core::popcount(p.checkers_) > 2)
        return core::error(std::string("FEN: ") + kColorNames[us] + "'s king is attacked by " +
                           std::to_string(core::popcount(p.checkers_)) +
                           " pieces, which no legal game can reach");
    p.key_ = p.compute_key();
    p.pawn_key_ = p.compute_pawn_key();
    return p;
}

void Position::set_castling_right(Color c, Square rook_sq) {
    const Square ksq = king_square(c);
    const CastlingRights right = castling_right(c, rook_sq > ksq);
    const int idx = castling_index(right);
    castling_ = castling_ | right;
    castling_rook_[idx] = rook_sq;
    castling_mask_[ksq] = castling_mask_[ksq] | right;
    castling_mask_[rook_sq] = castling_mask_[rook_sq] | right;
    const Square kto = relative_square(c, rook_sq > ksq ? kG1 : kC1);
    const Square rto = relative_square(c, rook_sq > ksq ? kF1 : kD1);
    castling_path_[idx] =
        (between_bb(ksq, kto) | between_bb(rook_sq, rto) | square_bb(kto) | square_bb(rto)) &
        ~(square_bb(ksq) | square_bb(rook_sq));
    castling_king_path_[idx] = between_bb(ksq, kto) | square_bb(kto);
}

std::string fen_placement(const char (&board)[64]) {
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[rank * 8 + file];
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += c;
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    return s;
}

std::string Position::epd() const {
    char board[64] = {};
    for (int sq = 0; sq < 64; ++sq)
        if (board_[sq] != kNoPiece) board[sq] = kPieceChars[board_[sq]];
    std::string s = fen_placement(board);
    s += side_ == kWhite ? " w " : " b ";
    if (castling_ == kNoCastling) s += '-';
    for (const CastlingRights r : {kWhiteOO, kWhiteOOO, kBlackOO, kBlackOOO}) {
        if (!(castling_ & r)) continue;
        const Color c = r <= kWhiteOOO ? kWhite : kBlack;
        const bool king_side = r == kWhiteOO || r == kBlackOO;
        const Square rsq = castling_rook(r);
        // X-FEN: KQkq when the castling rook is the outermost one, else its file letter.
        const Bitboard rooks = pieces(c, kRook) & relative_rank_bb(c, 0);
        const Bitboard outer =
            king_side ? rooks & ~(square_bb(rsq) * 2 - 1) : rooks & (square_bb(rsq) - 1);
        char ch = king_side ? 'k' : 'q';
        if (chess960_ && outer) ch = char('a' + file_of(rsq));
        s += c == kWhite ? char(std::toupper(ch)) : ch;
    }
    s += ' ';
    s += ep_ == kNoSquare ? std::string("-") : square_name(ep_);
    return s;
}

std::string Position::fen() const {
    return epd() + ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_number());
}

}  // namespace kibitz::chess
