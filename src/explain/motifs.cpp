// The motif detectors. Each theme is a pure function of the positions along the line:
//   1. boards[i] is the position before moves[i] (boards[n] after the last move);
//   2. the window (tactic_window) cuts the line where the tactic has paid off, so that moves
//      the search adds after the win do not add themes;
//   3. each detector looks at the attacker's moves in the window and reports the first place
//      where its theme shows, with the pieces and squares in words.
// The themes' meanings are Lichess's (lichess.org/training/themes); where the Lichess tagger
// makes a choice (which pieces count as fork targets, which pins count) the same choice is made,
// so that the recall and precision measured on tagged puzzles mean something.
#include "explain/motifs.h"

#include <algorithm>
#include <optional>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/bits.h"

namespace kibitz::explain {

using chess::Bitboard, chess::Move, chess::Position, chess::Square;

namespace {

// chess::Piece values in pawns; the king counts far above everything for fork and skewer targets.
constexpr int kValue[7] = {1, 3, 3, 5, 9, 99, 0};
// A material gain (pawns) that wins the game in a puzzle's sense: a minor piece.
constexpr int kDecisiveGain = 2;

int value_on(const Position& pos, Square s) {
    const chess::Piece p = pos.piece_on(s);
    return p == chess::kNoPiece ? 0 : kValue[chess::type_of(p)];
}

// Squares the piece on s attacks (pawns: their captures).
Bitboard attacks_from(const Position& pos, Square s) {
    const chess::Piece p = pos.piece_on(s);
    if (chess::type_of(p) == chess::kPawn) return chess::pawn_attacks(chess::color_of(p), s);
    return chess::attacks_of(chess::type_of(p), s, pos.pieces());
}

bool is_checkmate(const Position& pos) {
    return pos.in_check() && chess::count_legal_moves(pos) == 0;
}

Bitboard pinned_pieces(const Position& pos, chess::Color c) {
    return pos.king_blockers(c) & pos.pieces(c);
}

// The line's positions and who attacks.
struct Board {
    std::vector<Position> at;  // at[i]: before moves[i]
    const std::vector<Move>& moves;
    int first;
    int window;
    chess::Color attacker;

    explicit Board(const TacticLine& line) : moves(line.moves), first(line.first) {
        at.push_back(line.start);
        for (const Move m : line.moves) {
            at.push_back(at.back());
            at.back().make(m);
        }
        window = 0;
        attacker = first == 0 ? line.start.side_to_move() : ~line.start.side_to_move();
    }
    bool attacker_move(int i) const { return i >= first && (i - first) % 2 == 0; }
    // The attacker's moves in the window, by index.
    std::vector<int> attacker_moves() const {
        std::vector<int> out;
        for (int i = first; i < window; i += 2) out.push_back(i);
        return out;
    }
    // The attacker's moves in the window after its first one, each with the defender's move
    // before it and the attacker's move before that.
    struct Step {
        int i;
        Move m, d, p;  // moves[i], moves[i - 1], moves[i - 2]
    };
    std::vector<Step> later_steps() const {
        std::vector<Step> out;
        for (int i = first + 2; i < window; i += 2)
            out.push_back(
                {i, moves[std::size_t(i)], moves[std::size_t(i) - 1], moves[std::size_t(i) - 2]});
        return out;
    }
};

std::string square(Square s) { return chess::square_name(s); }

// --- 1. Fork: a move attacks two targets, each worth more than the forking piece, or hanging
//        and not able to take it; the piece itself stands safe. Not the last move of the tactic.
std::optional<Motif> fork(const Board& b) {
    const auto moves = b.attacker_moves();
    for (std::size_t k = 0; k + 1 < moves.size(); ++k) {
        const int i = moves[k];
        const Move m = b.moves[std::size_t(i)];
        if (m.kind() == Move::kCastling) continue;
        const Position& after = b.at[std::size_t(i) + 1];
        const chess::PieceType mover = chess::type_of(after.piece_on(m.to()));
        if (mover == chess::kKing || is_in_bad_spot(after, m.to())) continue;
        Bitboard targets = attacks_from(after, m.to()) & after.pieces(~b.attacker);
        const Bitboard hitting_back = after.attackers_to(m.to()) & after.pieces(~b.attacker);
        std::vector<Square> found;
        while (targets) {
            const Square t = Square(core::pop_lsb(targets));
            if (chess::type_of(after.piece_on(t)) == chess::kPawn) continue;
            // A bigger piece is a target even when it attacks the forker (taking it would
            // cost more than it wins, or it is the king); a hanging one only when it cannot.
            if (value_on(after, t) > kValue[mover] ||
                (is_hanging(after, t) && !(hitting_back & chess::square_bb(t))))
                found.push_back(t);
        }
        if (found.size() < 2) continue;
        std::string detail = "forking " + piece_on(after, found[0]);
        for (std::size_t j = 1; j < found.size(); ++j)
            detail += (j + 1 == found.size() ? " and " : ", ") + piece_on(after, found[j]);
        return Motif{"fork", i, detail};
    }
    return std::nullopt;
}

// Moves of the piece on s that leave the line through its king (pawns: pushes and captures).
bool can_leave_line(const Position& pos, Square s, Bitboard line) {
    const chess::Piece p = pos.piece_on(s);
    const chess::Color c = chess::color_of(p);
    Bitboard to = attacks_from(pos, s) & ~pos.pieces(c);
    if (chess::type_of(p) == chess::kPawn) {
        to &= pos.pieces(~c);
        const Square push = s + chess::pawn_push(c);
        if (chess::is_ok(push) && pos.piece_on(push) == chess::kNoPiece)
            to |= chess::square_bb(push);
    }
    return to & ~line;
}

// --- 2. Pin: after an attacker's move, a defender's piece pinned to its king either cannot
//        take an attacker's piece it attacks off the pin line (worth more or hanging), or is
//        attacked along the pin line by a cheaper piece or, hanging, cannot escape.
std::optional<Motif> pin(const Board& b) {
    const chess::Color defender = ~b.attacker;
    for (const int i : b.attacker_moves()) {
        const Position& after = b.at[std::size_t(i) + 1];
        const Square ksq = after.king_square(defender);
        Bitboard pinned = pinned_pieces(after, defender);
        while (pinned) {
            const Square s = Square(core::pop_lsb(pinned));
            const Bitboard line = chess::line_bb(ksq, s);
            const std::string detail = "pinning " + piece_on(after, s) + " to the king";
            Bitboard hit = attacks_from(after, s) & after.pieces(b.attacker) & ~line;
            while (hit) {
                const Square t = Square(core::pop_lsb(hit));
                if (value_on(after, t) > value_on(after, s) || is_hanging(after, t))
                    return Motif{"pin", i, detail};
            }
            Bitboard by = after.attackers_to(s) & after.pieces(b.attacker) & line;
            while (by) {
                const Square a = Square(core::pop_lsb(by));
                if (value_on(after, s) > value_on(after, a)) return Motif{"pin", i, detail};
                if (is_hanging(after, s) && !(attacks_from(after, s) & chess::square_bb(a)) &&
                    can_leave_line(after, s, line))
                    return Motif{"pin", i, detail};
            }
        }
    }
    return std::nullopt;
}

// --- 3. Skewer: a valuable piece (or the king) attacked on a line moves away, and a slider
//        takes the piece behind it, which stood badly.
std::optional<Motif> skewer(const Board& b) {
    for (const int i : b.attacker_moves()) {
        if (i < b.first + 2) continue;
        const Move m = b.moves[std::size_t(i)];
        const Move prev = b.moves[std::size_t(i) - 1];
        const Position& before = b.at[std::size_t(i)];
        const chess::Piece captured = before.piece_on(m.to());
        if (captured == chess::kNoPiece || m.kind() == Move::kCastling) continue;
        const chess::PieceType mover = chess::type_of(before.piece_on(m.from()));
        if (mover != chess::kBishop && mover != chess::kRook && mover != chess::kQueen) continue;
        if (is_checkmate(b.at[std::size_t(i) + 1])) continue;
        if (prev.to() == m.to() ||
            !(chess::between_bb(m.from(), m.to()) & chess::square_bb(prev.from())))
            continue;
        const Square moved_to = prev.kind() == Move::kCastling ? prev.from() : prev.to();
        if (prev.kind() == Move::kCastling) continue;
        if (value_on(before, moved_to) > kValue[chess::type_of(captured)] &&
            is_in_bad_spot(before, m.to()))
            return Motif{"skewer", i,
                         "skewering " + piece_on(b.at[std::size_t(i) - 1], prev.from()) +
                             " to win " + piece_on(before, m.to())};
    }
    return std::nullopt;
}

// --- 4. Discovered attack: a move uncovers a check by another piece, or a later capture runs
//        along a line the attacker's previous move opened.
std::optional<Motif> discovered_attack(const Board& b) {
    for (const int i : b.attacker_moves()) {
        const Move m = b.moves[std::size_t(i)];
        const Position& after = b.at[std::size_t(i) + 1];
        if (m.kind() != Move::kCastling && after.checkers() &&
            !(after.checkers() & chess::square_bb(m.to()))) {
            const Square checker = Square(core::lsb(after.checkers() & ~chess::square_bb(m.to())));
            return Motif{"discoveredAttack", i,
                         "uncovering a check by " + piece_on(after, checker)};
        }
    }
    for (const int i : b.attacker_moves()) {
        if (i < b.first + 2) continue;
        const Move m = b.moves[std::size_t(i)];
        const Position& before = b.at[std::size_t(i)];
        if (!before.is_capture(m) || m.kind() == Move::kCastling) continue;
        if (b.moves[std::size_t(i) - 1].to() == m.to()) return std::nullopt;
        const Move opener = b.moves[std::size_t(i) - 2];
        if (opener.kind() != Move::kCastling &&
            (chess::between_bb(m.from(), m.to()) & chess::square_bb(opener.from())) &&
            m.to() != opener.to() && m.from() != opener.to())
            return Motif{"discoveredAttack", i - 2,
                         "uncovering an attack by " + piece_on(before, m.from()) + " on " +
                             piece_on(before, m.to())};
    }
    return std::nullopt;
}

// --- 5. Double check: two pieces give check at once.
std::optional<Motif> double_check(const Board& b) {
    for (const int i : b.attacker_moves())
        if (core::more_than_one(b.at[std::size_t(i) + 1].checkers()))
            return Motif{"doubleCheck", i, "giving double check"};
    return std::nullopt;
}

// --- 6. Hanging piece: the attacker's first move takes an undefended piece (not a pawn) that
//        is not merely a recapture, and keeps the material.
std::optional<Motif> hanging_piece(const Board& b, const TacticLine& line) {
    if (b.window <= b.first) return std::nullopt;
    const int i = b.first;
    const Move m = b.moves[std::size_t(i)];
    const Position& before = b.at[std::size_t(i)];
    if (m.kind() == Move::kCastling || m.kind() == Move::kEnPassant) return std::nullopt;
    const chess::Piece captured = before.piece_on(m.to());
    if (captured == chess::kNoPiece || chess::type_of(captured) == chess::kPawn)
        return std::nullopt;
    if (!is_hanging(before, m.to())) return std::nullopt;
    if (i >= 1) {
        const Move op = b.moves[std::size_t(i) - 1];
        const Position& op_before = b.at[std::size_t(i) - 1];
        if (op.kind() != Move::kCastling && op.to() == m.to() &&
            op_before.piece_on(op.to()) != chess::kNoPiece &&
            value_on(op_before, op.to()) >= kValue[chess::type_of(captured)])
            return std::nullopt;
    }
    // The Lichess line counts the defender's mistake too: it is one move longer here when the
    // line starts with the attacker's move.
    const int length = b.window + (1 - line.first);
    const Motif found{"hangingPiece", i,
                      "winning the undefended " +
                          std::string(piece_word(chess::type_of(captured))) + " on " +
                          square(m.to()),
                      piece_on(before, m.to())};
    if (length < 4) return found;
    if (material_balance(b.at[std::size_t(i) + 3], b.attacker) >=
        material_balance(b.at[std::size_t(i) + 1], b.attacker))
        return found;
    return std::nullopt;
}

// A piece that stands badly and has no move to a safe square or to a capture worth as much.
bool is_trapped(const Position& pos, Square s) {
    if (pos.in_check() || (pinned_pieces(pos, pos.side_to_move()) & chess::square_bb(s)))
        return false;
    const chess::PieceType pt = chess::type_of(pos.piece_on(s));
    if (pt == chess::kPawn || pt == chess::kKing || !is_in_bad_spot(pos, s)) return false;
    for (const Move m : chess::legal_moves(pos)) {
        if (m.from() != s) continue;
        if (pos.piece_on(m.to()) != chess::kNoPiece && value_on(pos, m.to()) >= kValue[pt])
            return false;
        Position after = pos;
        after.make(m);
        if (!is_in_bad_spot(after, m.to())) return false;
    }
    return true;
}

// --- 7. Trapped piece: a later attacker's move wins a piece (not a pawn) that had nowhere to go
//        on the defender's move before (also when it moved there to die: that capture counts
//        one move past the window too, the piece's last move being the defender's reply).
std::optional<Motif> trapped_piece(const Board& b) {
    auto moves = b.attacker_moves();
    const int past = b.window + (b.window - b.first) % 2;  // the attacker's move after the window
    if (past >= b.first + 2 && past < int(b.moves.size()) &&
        b.moves[std::size_t(past)].to() == b.moves[std::size_t(past) - 1].to())
        moves.push_back(past);
    for (const int i : moves) {
        if (i < b.first + 2) continue;
        const Move m = b.moves[std::size_t(i)];
        const Position& before = b.at[std::size_t(i)];
        const chess::Piece captured = before.piece_on(m.to());
        if (m.kind() == Move::kCastling || captured == chess::kNoPiece ||
            chess::type_of(captured) == chess::kPawn)
            continue;
        const Move prev = b.moves[std::size_t(i) - 1];
        const Square s = prev.to() == m.to() ? prev.from() : m.to();
        const Position& then = b.at[std::size_t(i) - 1];
        if (then.piece_on(s) != chess::kNoPiece && is_trapped(then, s))
            return Motif{"trappedPiece", i, "trapping " + piece_on(then, s)};
    }
    return std::nullopt;
}

// --- 8. Promotion: an attacker's pawn promotes in the window, or, where the line says how far
//        the attacker's moves stay forced, before that end (a pawn that runs through while
//        every move is the only one that wins is the point of the tactic even when material
//        was won on the way; one that runs while other moves win as well is not).
std::optional<Motif> promotion(const Board& b, const TacticLine& line) {
    const int p = first_promotion(line);
    if (p < 0) return std::nullopt;
    const int end = line.forced_end >= 0 && line.mate_moves == 0 ? line.forced_end : b.window;
    if (p >= end) return std::nullopt;
    const Move m = b.moves[std::size_t(p)];
    return Motif{
        "promotion", p,
        "promoting to a " + std::string(piece_word(m.promotion())) + " on " + square(m.to())};
}

// --- 9. Back-rank mate: mate by a checker on the mated king's first rank, the king's forward
//        squares blocked by its own pieces that the attacker does not attack.
std::optional<Motif> back_rank_mate(const Board& b) {
    const Position& end = b.at.back();
    const chess::Color defender = ~b.attacker;
    if (int(b.moves.size()) != b.window || end.side_to_move() != defender || !is_checkmate(end))
        return std::nullopt;
    const Square k = end.king_square(defender);
    if (chess::relative_rank(defender, k) != 0) return std::nullopt;
    const Bitboard front =
        chess::forward(defender, chess::square_bb(k) | chess::east(chess::square_bb(k)) |
                                     chess::west(chess::square_bb(k)));
    Bitboard f = front;
    while (f) {
        const Square s = Square(core::pop_lsb(f));
        const chess::Piece p = end.piece_on(s);
        if (p == chess::kNoPiece || chess::color_of(p) != defender ||
            (end.attackers_to(s) & end.pieces(b.attacker)))
            return std::nullopt;
    }
    const Bitboard back = chess::rank_bb(chess::rank_of(k));
    if (!(end.checkers() & back)) return std::nullopt;
    return Motif{
        "backRankMate", int(b.moves.size()) - 1,
        "mating on the back rank: the king on " + square(k) + " is walled in by its own pieces"};
}

// --- 10. Mate in N: the attacker mates in N of its own moves (N = 1 … 5 are themes).
std::optional<Motif> mate_in(const Board& b, const TacticLine& line) {
    int n = line.mate_moves;
    const Position& end = b.at.back();
    if (n <= 0 && end.side_to_move() != b.attacker && is_checkmate(end))
        n = (int(b.moves.size()) - b.first + 1) / 2;
    if (n <= 0 || n > 5) return std::nullopt;
    return Motif{"mateIn" + std::to_string(n), b.first, "mate in " + std::to_string(n)};
}

// --- 11. X-ray: the attacker takes on a square, the defender retakes, and the attacker retakes
//         with a piece that stood behind the defender's recapturing piece.
std::optional<Motif> x_ray(const Board& b) {
    for (const auto& [i, m, d, p] : b.later_steps()) {
        if (m.kind() == Move::kCastling || d.kind() == Move::kCastling ||
            !b.at[std::size_t(i)].is_capture(m))
            continue;
        if (d.to() != m.to() || p.to() != d.to() ||
            chess::type_of(b.at[std::size_t(i) - 1].piece_on(d.from())) == chess::kKing)
            continue;
        if (chess::between_bb(m.from(), m.to()) & chess::square_bb(d.from()))
            return Motif{"xRayAttack", i,
                         "retaking on " + square(m.to()) + " through the square " +
                             piece_on(b.at[std::size_t(i) - 1], d.from()) + " left (an x-ray)"};
    }
    return std::nullopt;
}

// --- 12. Deflection: a capture or a check makes a defender's piece take or step away, and
//         the attacker then wins on (takes or promotes on) a square that piece guarded and
//         nothing guards any more. The attacker's first move must not be a trade of something
//         worth as much.
std::optional<Motif> deflection(const Board& b) {
    for (const auto& [i, m, d, p] : b.later_steps()) {
        const Position& before = b.at[std::size_t(i)];
        const Position& then = b.at[std::size_t(i) - 1];  // after p, before d
        if (m.kind() == Move::kCastling || d.kind() == Move::kCastling) continue;
        const bool promotes = m.kind() == Move::kPromotion;
        const int won = promotes ? kValue[chess::kQueen] : value_on(before, m.to());
        if (won == 0 || (!promotes && chess::type_of(before.piece_on(m.from())) == chess::kKing))
            continue;
        if (value_on(b.at[std::size_t(i) - 2], p.to()) >= won) continue;
        if (d.to() != p.to() && !then.in_check()) continue;
        // Taking back the piece that just moved is an exchange, not a deflection.
        if (d.to() == m.to()) continue;
        if (!(attacks_from(then, d.from()) & chess::square_bb(m.to())) ||
            (attacks_from(before, d.to()) & chess::square_bb(m.to())))
            continue;
        // The piece was the square's guard: without it the square has no defender left.
        if (!promotes && !is_hanging(before, m.to())) continue;
        if (promotes && (before.attackers_to(m.to()) & before.pieces(~b.attacker))) continue;
        return Motif{
            "deflection", i - 2,
            "deflecting " + piece_on(then, d.from()) + " from the defence of " + square(m.to())};
    }
    return std::nullopt;
}

// --- 13. Attraction: an attacker's piece offers itself on a square, the defender's king, queen
//         or rook takes it, and the attacker's next move hits that square: a check on the king,
//         or the piece is taken there on the move after.
std::optional<Motif> attraction(const Board& b) {
    for (const int i : b.attacker_moves()) {
        if (i + 2 >= b.window) break;
        const Move m = b.moves[std::size_t(i)];
        const Move d = b.moves[std::size_t(i) + 1];
        const Move k = b.moves[std::size_t(i) + 2];
        if (d.to() != m.to() || d.kind() == Move::kCastling) continue;
        const chess::PieceType lured = chess::type_of(b.at[std::size_t(i) + 1].piece_on(d.from()));
        if (lured != chess::kKing && lured != chess::kQueen && lured != chess::kRook) continue;
        const Position& after = b.at[std::size_t(i) + 3];
        if (!(attacks_from(after, k.to()) & chess::square_bb(d.to()))) continue;
        const bool taken = i + 4 < b.window && b.moves[std::size_t(i) + 4].to() == d.to();
        if (lured == chess::kKing || taken)
            return Motif{"attraction", i,
                         "luring the " + std::string(piece_word(lured)) + " to " + square(d.to())};
    }
    return std::nullopt;
}

// --- 14. Capturing the defender: the attacker takes a piece (not the king, without check),
//         and the next attacker's move takes, on a square that piece guarded, a piece left
//         hanging (or mates).
std::optional<Motif> capturing_defender(const Board& b) {
    for (const auto& [i, m, d, p] : b.later_steps()) {
        const Position& before = b.at[std::size_t(i)];
        const Position& start = b.at[std::size_t(i) - 2];  // before p
        if (m.kind() == Move::kCastling || p.kind() == Move::kCastling) continue;
        const chess::PieceType mover = chess::type_of(before.piece_on(m.from()));
        const bool mates = is_checkmate(b.at[std::size_t(i) + 1]);
        const bool wins = before.piece_on(m.to()) != chess::kNoPiece && mover != chess::kKing &&
                          value_on(before, m.to()) <= kValue[mover] && is_hanging(before, m.to()) &&
                          d.to() != m.to();
        if (!mates && !wins) continue;
        if (b.at[std::size_t(i) - 1].in_check() || start.in_check() || p.to() == m.to()) continue;
        const chess::Piece defender = start.piece_on(p.to());
        if (defender == chess::kNoPiece || chess::type_of(defender) == chess::kKing ||
            !(attacks_from(start, p.to()) & chess::square_bb(m.to())))
            continue;
        return Motif{"capturingDefender", i - 2,
                     "removing " + piece_on(start, p.to()) + ", the defender of " + square(m.to())};
    }
    return std::nullopt;
}

bool is_slider(chess::PieceType pt) {
    return pt == chess::kBishop || pt == chess::kRook || pt == chess::kQueen;
}

// The defender's sliders in pos that guard s along a line through `block` (block between them).
std::optional<Square> guard_cut_at(const Position& pos, chess::Color defender, Square s,
                                   Square block) {
    Bitboard guards = pos.attackers_to(s) & pos.pieces(defender);
    while (guards) {
        const Square g = Square(core::pop_lsb(guards));
        // (between_bb counts its second square too: the guard's own square is no block.)
        if (is_slider(chess::type_of(pos.piece_on(g))) && block != g &&
            (chess::between_bb(s, g) & chess::square_bb(block)))
            return g;
    }
    return std::nullopt;
}

// --- 15. Interference: a later attacker's move takes, on S, a piece left hanging because a
//         piece stepped between S and the defender's slider that guarded it: the attacker's
//         move before (cutting the guard off), or the defender's own last move (blocking it).
std::optional<Motif> interference(const Board& b) {
    const chess::Color defender = ~b.attacker;
    for (const auto& [i, m, d, p] : b.later_steps()) {
        const Position& before = b.at[std::size_t(i)];
        const Square s = m.to();
        if (m.kind() == Move::kCastling || before.piece_on(s) == chess::kNoPiece ||
            !is_hanging(before, s))
            continue;
        const Position& start = b.at[std::size_t(i) - 2];  // before p
        const Position& then = b.at[std::size_t(i) - 1];   // before d
        if (d.kind() != Move::kCastling)
            if (const auto g = guard_cut_at(then, defender, s, d.to()))
                return Motif{"interference", i,
                             "winning " + piece_on(before, s) + ", cut off from " +
                                 piece_on(then, *g) + " by the defender's own move to " +
                                 square(d.to())};
        if (d.to() != s && p.kind() != Move::kCastling)
            if (const auto g = guard_cut_at(start, defender, s, p.to()))
                return Motif{
                    "interference", i - 2,
                    "cutting " + piece_on(start, *g) + " off from the defence of " + square(s)};
    }
    return std::nullopt;
}

// --- 16. Clearance: an attacker's move vacates a square (with a sacrifice or to an empty
//         square) so that its slider's next, quiet move, not made out of check, goes to or
//         through it.
std::optional<Motif> clearance(const Board& b) {
    for (const auto& [i, m, d, p] : b.later_steps()) {
        const Position& before = b.at[std::size_t(i)];
        if (m.kind() == Move::kCastling || p.kind() == Move::kCastling ||
            p.kind() == Move::kPromotion || before.piece_on(m.to()) != chess::kNoPiece)
            continue;
        const Position& after = b.at[std::size_t(i) + 1];
        if (!is_slider(chess::type_of(after.piece_on(m.to())))) continue;
        if (p.to() == m.from() || p.to() == m.to()) continue;
        const Position& then = b.at[std::size_t(i) - 1];  // after p, before d
        if (before.in_check()) continue;
        if (after.in_check() && chess::type_of(then.piece_on(d.from())) == chess::kKing) continue;
        if (p.from() != m.to() &&
            !(chess::between_bb(m.from(), m.to()) & chess::square_bb(p.from())))
            continue;
        const Position& start = b.at[std::size_t(i) - 2];  // before p
        if (start.piece_on(p.to()) == chess::kNoPiece || is_in_bad_spot(then, p.to()))
            return Motif{"clearance", i - 2,
                         "clearing " + square(p.from()) + " for " + piece_on(before, m.from()) +
                             " to go to " + square(m.to())};
    }
    return std::nullopt;
}

// --- 17. Overloading: a defender's piece guards two squares; the attacker takes on one, the
//         piece must take back there, and the attacker's next move wins on the other, which
//         has no guard left (or mates).
std::optional<Motif> overloading(const Board& b) {
    const chess::Color defender = ~b.attacker;
    for (const auto& [i, m, d, p] : b.later_steps()) {
        const Position& start = b.at[std::size_t(i) - 2];  // before p
        const Position& then = b.at[std::size_t(i) - 1];   // after p, before d
        const Position& before = b.at[std::size_t(i)];     // after d
        if (m.kind() == Move::kCastling || p.kind() == Move::kCastling ||
            d.kind() == Move::kCastling)
            continue;
        const chess::Piece taken = start.piece_on(p.to());
        if (taken == chess::kNoPiece || chess::color_of(taken) != defender || d.to() != p.to())
            continue;
        const Square x = d.from();
        if (chess::type_of(then.piece_on(x)) == chess::kKing || m.to() == p.to()) continue;
        const Bitboard duties = attacks_from(start, x);
        if (!(duties & chess::square_bb(p.to())) || !(duties & chess::square_bb(m.to()))) continue;
        if (attacks_from(before, d.to()) & chess::square_bb(m.to())) continue;
        const bool mates = is_checkmate(b.at[std::size_t(i) + 1]);
        const bool wins = before.piece_on(m.to()) != chess::kNoPiece && is_hanging(before, m.to());
        if (!mates && !wins) continue;
        return Motif{"overloading", i - 2,
                     "overloading " + piece_on(start, x) + ", the guard of both " + square(p.to()) +
                         " and " + square(m.to())};
    }
    return std::nullopt;
}

// The first attacker's move after which, the reply made, the attacker is a minor piece or
// more up on the position before its first move; -1 when there is none.
int first_kept_gain(const Board& b, const TacticLine& line) {
    const int n = int(line.moves.size());
    const int base = material_balance(b.at[std::size_t(std::min(line.first, n))], b.attacker);
    for (int a = line.first; a < n; a += 2)
        if (material_balance(b.at[std::size_t(std::min(a + 2, n))], b.attacker) - base >=
            kDecisiveGain)
            return a;
    return -1;
}

// The window of the line whose positions b holds (see tactic_window).
int window_of(const Board& b, const TacticLine& line) {
    const int n = int(line.moves.size());
    if (n <= line.first) return n;
    const Position& end = b.at.back();
    if (end.side_to_move() != b.attacker && is_checkmate(end)) return n;
    const int base = material_balance(b.at[std::size_t(line.first)], b.attacker);
    // The tactic has paid off at the first attacker's move that keeps a gain of a minor piece
    // or more after the reply (a puzzle ends there, not at a later promotion or mop-up).
    if (const int a = first_kept_gain(b, line); a >= 0) return a + 1;
    int best = base, best_at = -1;
    for (int j = line.first + 1; j <= n; ++j) {
        const int m = material_balance(b.at[std::size_t(j)], b.attacker);
        if (m > best) best = m, best_at = j;
    }
    if (best_at < 0) return std::min(n, line.first + 3);
    return best_at;
}

}  // namespace

int material_balance(const Position& pos, chess::Color c) {
    int total = 0;
    for (int pt = chess::kPawn; pt <= chess::kQueen; ++pt)
        total += kValue[pt] * (core::popcount(pos.pieces(c, chess::PieceType(pt))) -
                               core::popcount(pos.pieces(~c, chess::PieceType(pt))));
    return total;
}

const char* piece_word(chess::PieceType pt) {
    static constexpr const char* kWords[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return pt < chess::kNoPieceType ? kWords[pt] : "piece";
}

std::string piece_on(const Position& pos, Square s) {
    return std::string("the ") + piece_word(chess::type_of(pos.piece_on(s))) + " on " + square(s);
}

bool is_hanging(const Position& pos, Square s) {
    const chess::Color c = chess::color_of(pos.piece_on(s));
    if (pos.attackers_to(s) & pos.pieces(c)) return false;
    // A defender behind an attacking slider defends too (an x-ray).
    Bitboard sliders =
        pos.attackers_to(s) & pos.pieces(~c) &
        (pos.pieces(chess::kBishop) | pos.pieces(chess::kRook) | pos.pieces(chess::kQueen));
    while (sliders) {
        const Square a = Square(core::pop_lsb(sliders));
        if (pos.attackers_to(s, pos.pieces() ^ chess::square_bb(a)) & pos.pieces(c)) return false;
    }
    return true;
}

bool is_in_bad_spot(const Position& pos, Square s) {
    const chess::Piece p = pos.piece_on(s);
    const chess::Color c = chess::color_of(p);
    Bitboard attackers = pos.attackers_to(s) & pos.pieces(~c);
    if (!attackers) return false;
    if (is_hanging(pos, s)) return true;
    while (attackers) {
        const Square a = Square(core::pop_lsb(attackers));
        const chess::PieceType pt = chess::type_of(pos.piece_on(a));
        if (pt != chess::kKing && kValue[pt] < kValue[chess::type_of(p)]) return true;
    }
    return false;
}

int tactic_window(const TacticLine& line) { return window_of(Board(line), line); }

int first_promotion(const TacticLine& line) {
    const int n = int(line.moves.size());
    for (int i = line.first, k = 0; i < n && k < kMaxPromotionMoves; i += 2, ++k)
        if (line.moves[std::size_t(i)].kind() == Move::kPromotion) return i;
    return -1;
}

bool wins_material(const TacticLine& line) { return first_kept_gain(Board(line), line) >= 0; }

std::vector<Motif> find_motifs(const TacticLine& line) {
    Board b(line);
    b.window = window_of(b, line);
    std::vector<Motif> out;
    for (auto found : {mate_in(b, line), back_rank_mate(b), hanging_piece(b, line), fork(b), pin(b),
                       skewer(b), discovered_attack(b), double_check(b), trapped_piece(b),
                       promotion(b, line), x_ray(b), deflection(b), attraction(b),
                       capturing_defender(b), interference(b), clearance(b), overloading(b)})
        if (found) out.push_back(*found);
    std::stable_sort(out.begin(), out.end(),
                     [](const Motif& x, const Motif& y) { return x.ply < y.ply; });
    return out;
}

}  // namespace kibitz::explain
