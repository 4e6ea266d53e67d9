// Conformance of the chess rules core: random playouts from varied positions, checking in every
// position the fast generator against the mailbox reference generator, the tactical/quiet split,
// move counting, incremental keys and checkers, FEN round trips, and that make/unmake (and the
// null move) restore everything.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "core/bits.h"
#include "core/rng.h"
#include "core/sanitizer.h"
#include "core/timer.h"
#include "reference_movegen.h"

namespace kibitz::chess {
namespace {

using test::mailbox_of;
using test::reference_attackers;
using test::reference_legal_moves;

// Sanitizer builds run 5 to 15 times slower; they visit half as many positions (an unoptimised
// ASan+UBSan build takes about 25 s for 60,000). Other builds visit at least 100,000.
// How many positions the playouts visit: KIBITZ_CONFORMANCE_POSITIONS when set (and larger
// than the floor), else 120,000 (60,000 under sanitizers).
long positions_to_visit() {
    long n = core::kSanitized ? 60'000 : 120'000;
    if (const char* env = std::getenv("KIBITZ_CONFORMANCE_POSITIONS")) n = std::atol(env);
    return std::max(n, core::kSanitized ? 1'000L : 100'000L);
}

struct StartFen {
    const char* fen;
    bool chess960;
};

// Start positions: standard test positions, en passant and castling traps, endgames with
// promotions, and Chess960 positions (including sparse back ranks so that castling happens).
const StartFen kStartFens[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", false},
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", false},
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", false},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", false},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", false},
    {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", false},
    {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", false},
    {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", false},
    {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", false},
    {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", false},
    {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", false},
    {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", false},
    {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", false},
    {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", false},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
    {"8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1", false},
    {"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", false},
    {"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false},
    {"r3k2r/8/8/2b5/5B2/8/8/R3K2R b KQkq - 0 1", false},
    {"8/8/8/3k4/8/8/8/3KQ3 w - - 0 1", false},
    {"8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", false},
    {"8/3p4/8/4P3/1k6/8/2P5/4K3 b - - 0 1", false},
    {"4k3/8/8/pP6/8/8/8/4K3 w - a6 0 2", false},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
    // Pawns that can capture en passant after the opponent's double pushes, with pinning pieces.
    {"4k3/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/4K3 w - - 0 1", false},
    {"r3k2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R3K2R w KQkq - 0 1", false},
    {"1q2k1b1/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/1Q2K1B1 b - - 0 1", false},
    {"4k3/1p1p1p1p/8/r1P1P1PK/1p1p1p1p/8/P1P1P1P1/4R3 w - - 0 1", false},
    // Two capturers en passant, one of them pinned (diagonally, along the file).
    {"4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 1", false},
    {"4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", false},
    // Discovered double checks.
    {"4k3/8/8/4N3/8/8/8/4R1K1 w - - 0 1", false},
    {"4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", false},
    {"4r1k1/4b3/8/8/8/8/8/4K3 b - - 0 1", false},
    {"r3k1r1/4n3/8/2b5/5B2/8/4N3/R3K1R1 b Qq - 0 1", false},
    // Chess960.
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", true},
    {"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true},
    {"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", true},
    {"nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1", true},
    {"bbnnqrkr/pppppppp/8/8/8/8/PPPPPPPP/BBNNQRKR w HFhf - 0 1", true},
    {"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", true},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true},
    {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", true},
    {"2r1kr2/8/8/3b4/4B3/8/8/2R1KR2 w FCfc - 0 1", true},
    {"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", true},
    {"1rk3r1/3q4/8/8/8/8/5Q2/1RK3R1 w GBgb - 0 1", true},
    {"r1k4r/8/8/8/8/8/8/R1K4R b HAha - 0 1", true},
    {"5rkr/8/8/8/8/8/8/5RKR w HFhf - 0 1", true},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true},
    {"rk2r3/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/RK2R3 w EAea - 0 1", true},
    {"1r1k4/8/8/8/8/8/8/rR1K4 w Q - 0 1", true},
    {"1r1k1r2/8/8/8/8/8/8/rR1K1R1r w QKq - 0 1", true},
};

// Everything about a position that make/unmake must restore, in one comparable value.
struct Snapshot {
    std::string fen;
    std::uint64_t key = 0, pawn_key = 0;
    Bitboard checkers = 0;
    Square ep = kNoSquare, ep_target = kNoSquare;
    CastlingRights castling = kNoCastling;
    int halfmove = 0, game_ply = 0, repetitions = 0;
    bool chess960 = false;
    Color side = kWhite;
    std::array<Piece, 64> board{};
    std::array<Bitboard, 12> bitboards{};
    std::array<Square, 4> rooks{};
    std::array<Bitboard, 4> paths{}, king_paths{};

    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const Position& pos) {
    Snapshot s;
    s.fen = pos.fen();
    s.key = pos.key();
    s.pawn_key = pos.pawn_key();
    s.checkers = pos.checkers();
    s.ep = pos.ep_square();
    s.ep_target = pos.ep_target();
    s.castling = pos.castling_rights();
    s.halfmove = pos.halfmove_clock();
    s.game_ply = pos.game_ply();
    s.repetitions = pos.repetition_count();
    s.chess960 = pos.chess960();
    s.side = pos.side_to_move();
    for (int i = 0; i < 64; ++i) s.board[i] = pos.piece_on(Square(i));
    for (int p = 0; p < 12; ++p) s.bitboards[p] = pos.pieces(color_of(Piece(p)), type_of(Piece(p)));
    int i = 0;
    for (const CastlingRights r : {kWhiteOO, kWhiteOOO, kBlackOO, kBlackOOO}) {
        s.rooks[i] = pos.castling_rook(r);
        s.paths[i] = pos.castling_path(r);
        s.king_paths[i] = pos.castling_king_path(r);
        ++i;
    }
    return s;
}

std::string move_text(const Position& pos, Move m) {
    std::ostringstream out;
    out << move_to_uci(pos, m) << " (raw 0x" << std::hex << m.raw() << ")";
    return out.str();
}

std::string list_text(const Position& pos, const std::vector<Move>& moves) {
    std::string s;
    for (const Move m : moves)
        s += move_to_uci(pos, m) + (m.kind() == Move::kCastling ? "c " : " ");
    return s;
}

std::vector<Move> sorted(const MoveList& list) {
    std::vector<Move> v(list.begin(), list.end());
    std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return v;
}

// True when m captures or promotes, judged from the board (not from Position::is_capture).
bool is_tactical(const Position& pos, Move m) {
    if (m.kind() == Move::kPromotion || m.kind() == Move::kEnPassant) return true;
    return m.kind() != Move::kCastling && pos.piece_on(m.to()) != kNoPiece;
}

// The castling rights expected after m: moving the king loses both of its rights; a move from
// or onto a castling rook's square loses that right.
CastlingRights expected_rights(const Position& pos, Move m) {
    CastlingRights rights = pos.castling_rights();
    const Piece moved = pos.piece_on(m.from());
    for (const CastlingRights r : {kWhiteOO, kWhiteOOO, kBlackOO, kBlackOOO}) {
        if (!(rights & r)) continue;
        const Color owner = r <= kWhiteOOO ? kWhite : kBlack;
        const Square rook = pos.castling_rook(r);
        if ((type_of(moved) == kKing && color_of(moved) == owner) || m.from() == rook ||
            m.to() == rook)
            rights = rights & ~r;
    }
    return rights;
}

// Checks one position; returns a description of the first failure, or "" when all is well.
// Also returns the sorted legal moves and those that give check, and counts the children
// positions it compared the generators in (and how many of them are double checks).
std::string check_position(Position& pos, core::SplitMix64& rng, std::vector<Move>& legal,
                           std::vector<Move>& checking, long& children_checked,
                           long& double_checks) {
    const std::string fen = pos.fen();
    const auto fail = [&](const std::string& what) { return "in " + fen + ": " + what; };

    // (a) The fast generator agrees with the reference generator.
    const MoveList all = legal_moves(pos);
    legal = sorted(all);
    const std::vector<Move> reference = reference_legal_moves(pos);
    if (legal != reference)
        return fail("generator differs from the reference\n  fast:      " + list_text(pos, legal) +
                    "\n  reference: " + list_text(pos, reference));
    if (std::adjacent_find(legal.begin(), legal.end()) != legal.end())
        return fail("a move is generated twice: " + list_text(pos, legal));

    // The en passant square is set exactly when an en passant capture is legal.
    const auto ep_move = std::find_if(legal.begin(), legal.end(),
                                      [](Move m) { return m.kind() == Move::kEnPassant; });
    const Square expected_ep = ep_move == legal.end() ? kNoSquare : ep_move->to();
    if (pos.ep_square() != expected_ep)
        return fail("ep_square() is " + std::to_string(pos.ep_square()) + ", expected " +
                    std::to_string(expected_ep));

    // (b) kAll == kTactical + kQuiet, disjoint; kTactical = captures and promotions.
    MoveList tactical, quiet;
    generate<Gen::kTactical>(pos, tactical);
    generate<Gen::kQuiet>(pos, quiet);
    std::vector<Move> expected_tactical, expected_quiet;
    for (const Move m : legal)
        (is_tactical(pos, m) ? expected_tactical : expected_quiet).push_back(m);
    if (sorted(tactical) != expected_tactical)
        return fail("kTactical is " + list_text(pos, sorted(tactical)) + ", expected " +
                    list_text(pos, expected_tactical));
    if (sorted(quiet) != expected_quiet)
        return fail("kQuiet is " + list_text(pos, sorted(quiet)) + ", expected " +
                    list_text(pos, expected_quiet));
    for (const Move m : legal) {
        const bool capture = m.kind() == Move::kEnPassant ||
                             (m.kind() != Move::kCastling && pos.piece_on(m.to()) != kNoPiece);
        if (pos.is_capture(m) != capture)
            return fail("is_capture is wrong for " + move_text(pos, m));
    }

    // (c) Counting agrees with listing.
    if (count_legal_moves(pos) != int(legal.size()))
        return fail("count_legal_moves " + std::to_string(count_legal_moves(pos)) +
                    " != " + std::to_string(legal.size()));

    // checkers() is the set of attackers of the king, found by stepping rays.
    const Color us = pos.side_to_move();
    const auto board = mailbox_of(pos);
    if (pos.checkers() != reference_attackers(board, pos.king_square(us), ~us))
        return fail("checkers() differs from the recomputed attackers of the king");

    // FEN round trip.
    {
        const auto again = Position::from_fen(fen, pos.chess960());
        if (!again) return fail("fen() does not parse again: " + again.error());
        if (again->fen() != fen) return fail("fen() round trip gives " + again->fen());
        if (again->key() != pos.key()) return fail("fen() round trip changes the key");
        if (!again->same_position(pos)) return fail("fen() round trip changes the position");
        if (again->pawn_key() != pos.pawn_key() || again->checkers() != pos.checkers())
            return fail("fen() round trip changes the pawn key or the checkers");
    }

    // is_legal: every generated move, random 16-bit words, and near misses of legal moves.
    const auto generated = [&](Move m) {
        return std::binary_search(legal.begin(), legal.end(), m,
                                  [](Move a, Move b) { return a.raw() < b.raw(); });
    };
    for (const Move m : legal) {
        if (!pos.is_legal(m)) return fail("is_legal refuses " + move_text(pos, m));
        const Move near = Move::from_raw(std::uint16_t(m.raw() ^ (1u << (12 + rng.below(4)))));
        if (pos.is_legal(near) != generated(near))
            return fail("is_legal is wrong for " + move_text(pos, near));
    }
    for (int i = 0; i < 4; ++i) {
        const Move m = Move::from_raw(std::uint16_t(rng.next()));
        if (pos.is_legal(m) != generated(m))
            return fail("is_legal is wrong for random " + move_text(pos, m));
    }

    // (d) and (e): every legal move, made and unmade.
    checking.clear();
    const Snapshot before = snapshot(pos);
    const Position copy = pos;
    for (const Move m : legal) {
        const CastlingRights rights = expected_rights(pos, m);
        const bool resets = type_of(pos.moved_piece(m)) == kPawn || pos.is_capture(m);
        const bool gives_check = pos.gives_check(m);
        const Undo u = pos.make(m);
        const std::string after = " after " + move_text(copy, m);
        if (pos.key() != pos.compute_key()) return fail("key != compute_key()" + after);
        if (pos.pawn_key() != pos.compute_pawn_key())
            return fail("pawn_key != compute_pawn_key()" + after);
        const Color them = pos.side_to_move();
        if (pos.checkers() != reference_attackers(mailbox_of(pos), pos.king_square(them), ~them))
            return fail("checkers() differs from the recomputed attackers" + after);
        if (pos.in_check() != gives_check)
            return fail(std::string("gives_check() says ") + (gives_check ? "check" : "no check") +
                        after);
        if (pos.castling_rights() != rights)
            return fail("castling rights " + std::to_string(pos.castling_rights()) + ", expected " +
                        std::to_string(rights) + after);
        if (pos.halfmove_clock() != (resets ? 0 : before.halfmove + 1))
            return fail("halfmove clock " + std::to_string(pos.halfmove_clock()) + after);
        if (pos.game_ply() != before.game_ply + 1) return fail("game ply not advanced" + after);
        // The ep target: the passed square after a double push with an enemy pawn beside it.
        Square target = kNoSquare;
        if (type_of(copy.piece_on(m.from())) == kPawn && (m.from() ^ m.to()) == 16) {
            const Square passed = Square((m.from() + m.to()) / 2);
            for (const int df : {-1, 1}) {
                const int f = file_of(m.to()) + df;
                if (f >= 0 && f < 8 &&
                    pos.piece_on(make_square(f, rank_of(m.to()))) == make_piece(them, kPawn))
                    target = passed;
            }
        }
        if (pos.ep_target() != target) return fail("wrong ep_target()" + after);
        // Children in double check or with an en passant target, and a quarter of those in
        // check: the rare cases, so the generators are compared there too (double checks and
        // en passant evasions come up mostly here).
        if (core::more_than_one(pos.checkers()) || pos.ep_target() != kNoSquare ||
            (pos.in_check() && rng.below(4) == 0)) {
            ++children_checked;
            const auto fast = sorted(legal_moves(pos));
            const auto ref = reference_legal_moves(pos);
            if (fast != ref)
                return fail("generator differs from the reference" + after + " (" + pos.fen() +
                            ")\n  fast:      " + list_text(pos, fast) +
                            "\n  reference: " + list_text(pos, ref));
            if (count_legal_moves(pos) != int(fast.size()))
                return fail("count_legal_moves differs" + after);
            if (core::popcount(pos.checkers()) == 2) ++double_checks;
        }
        if (pos.in_check()) checking.push_back(m);
        pos.unmake(m, u);
        if (!(snapshot(pos) == before) || !pos.same_position(copy))
            return fail("unmake does not restore the position" + after + ": now " + pos.fen());
    }
    if (!pos.in_check()) {
        const Undo u = pos.make_null();
        if (pos.key() != pos.compute_key()) return fail("key != compute_key() after null move");
        if (pos.checkers() != 0 || pos.ep_square() != kNoSquare)
            return fail("checkers or ep square set after a null move");
        pos.unmake_null(u);
        if (!(snapshot(pos) == before) || !pos.same_position(copy))
            return fail("unmake_null does not restore the position: now " + pos.fen());
    }
    return "";
}

TEST(Conformance, RandomPlayoutsAgreeWithReference) {
    const long target = positions_to_visit();
    core::SplitMix64 rng(20240611);
    core::Stopwatch watch;
    long visited = 0, playouts = 0;
    // Coverage: positions offering castling (in Chess960 games), en passant, a promotion;
    // checks, mates; children compared too (in check or with an ep target), double checks.
    long castling = 0, castling960 = 0, en_passant = 0, promotion = 0, checks = 0,
         double_checks = 0, mates = 0, children = 0;
    std::vector<Move> legal, checking;
    while (visited < target) {
        for (const StartFen& start : kStartFens) {
            auto parsed = Position::from_fen(start.fen, start.chess960);
            ASSERT_TRUE(parsed.ok()) << start.fen << ": " << parsed.error();
            Position pos = *parsed;
            ++playouts;
            // A playout: uniform random moves, with a bias towards captures and promotions in
            // a third of the moves (so that games reach endgames and promotions), towards checks
            // in a sixth (double checks, pins, mates) and double pushes in a sixth (en passant).
            for (int ply = 0; ply < 200; ++ply) {
                const std::string failure =
                    check_position(pos, rng, legal, checking, children, double_checks);
                ++visited;
                ASSERT_EQ(failure, "") << "playout from " << start.fen << ", ply " << ply;
                const auto has = [&](Move::Kind kind) {
                    return std::any_of(legal.begin(), legal.end(),
                                       [&](Move m) { return m.kind() == kind; });
                };
                castling += has(Move::kCastling);
                castling960 += has(Move::kCastling) && start.chess960;
                en_passant += has(Move::kEnPassant);
                promotion += has(Move::kPromotion);
                checks += pos.in_check();
                mates += pos.in_check() && legal.empty();
                if (legal.empty() || pos.halfmove_clock() >= 100) break;
                std::vector<Move> pool;
                const auto choice = rng.below(6);
                if (choice < 2)
                    for (const Move m : legal)
                        if (is_tactical(pos, m)) pool.push_back(m);
                if (choice == 2) pool = checking;
                if (choice == 3)
                    for (const Move m : legal)
                        if (type_of(pos.moved_piece(m)) == kPawn && (m.from() ^ m.to()) == 16)
                            pool.push_back(m);
                if (pool.empty()) pool = legal;
                pos.make(pool[rng.below(pool.size())]);
            }
        }
    }
    std::printf(
        "[conformance] %ld positions in %ld playouts, %lld ms; positions with castling "
        "%ld (Chess960 %ld), en passant %ld, promotion %ld; checks %ld, mates %ld; "
        "children compared %ld (double checks %ld)\n",
        visited, playouts, static_cast<long long>(watch.elapsed_ms()), castling, castling960,
        en_passant, promotion, checks, mates, children, double_checks);
    EXPECT_GE(visited, target);
    // The playouts must reach the rare cases they are meant to test.
    const long per_10k = visited / 10'000;  // about 12 in Release, 6 under sanitizers
    EXPECT_GT(castling960, 8 * per_10k);
    EXPECT_GT(en_passant, 30 * per_10k);
    EXPECT_GT(promotion, 100 * per_10k);
    EXPECT_GT(double_checks, 15 * per_10k);
}

// Every start position parses and re-emits; the playouts above depend on that.
TEST(Conformance, StartPositionsRoundTrip) {
    for (const StartFen& start : kStartFens) {
        const auto pos = Position::from_fen(start.fen, start.chess960);
        ASSERT_TRUE(pos.ok()) << start.fen << ": " << pos.error();
        const auto again = Position::from_fen(pos->fen(), start.chess960);
        ASSERT_TRUE(again.ok()) << pos->fen() << ": " << again.error();
        EXPECT_EQ(again->fen(), pos->fen());
        EXPECT_TRUE(again->same_position(*pos)) << start.fen;
    }
}

// perft by the reference generator.
std::uint64_t reference_perft(Position& pos, int depth) {
    if (depth == 0) return 1;
    const auto moves = reference_legal_moves(pos);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const Move m : moves) {
        const Undo u = pos.make(m);
        n += reference_perft(pos, depth - 1);
        pos.unmake(m, u);
    }
    return n;
}

// Positions with one tricky move, legal or not, that random playouts seldom reach: the fast
// and the reference generator must agree, on the move and on a small perft below it.
TEST(Conformance, TrickyMoves) {
    struct Case {
        const char* fen;
        bool chess960;
        Move move;
        bool legal;
    };
    const Case cases[] = {
        // Chess960: the castling rook on b1 shields c1 from the rook on a1; once it has moved
        // to d1 the king on c1 would be in check.
        {"1r1k4/8/8/8/8/8/8/rR1K4 w Q - 0 1", true, Move(kD1, kB1, Move::kCastling), false},
        {"1r1k4/8/8/8/8/8/8/1R1K4 w Q - 0 1", true, Move(kD1, kB1, Move::kCastling), true},
        // Chess960: the king stays on g1, only the rook moves (h1 to f1).
        {"5rkr/8/8/8/8/8/8/4R1KR w Kk - 0 1", true, Move(kG1, kH1, Move::kCastling), true},
        // Chess960: the king passes the square of its own castling rook.
        {"4k3/8/8/8/8/8/8/1KR5 w K - 0 1", true, Move(kB1, kC1, Move::kCastling), true},
        {"4k3/8/8/8/8/8/8/1KR1r3 w K - 0 1", true, Move(kB1, kC1, Move::kCastling), false},
        // En passant with two capturers, one pinned diagonally or along the file.
        {"4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 1", false, Move(kC5, kD6, Move::kEnPassant), true},
        {"4k2b/8/8/2PpP3/8/8/1K6/8 w - d6 0 1", false, Move(kE5, kD6, Move::kEnPassant), false},
        {"4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", false, Move(kC5, kD6, Move::kEnPassant), true},
        {"4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", false, Move(kE5, kD6, Move::kEnPassant), false},
        // En passant that would uncover the king along the rank.
        {"8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", false, Move(kE4, kD3, Move::kEnPassant), false},
        // En passant that captures the pawn giving check.
        {"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", false, Move(kE4, kD3, Move::kEnPassant), true},
        // Promotion out of check by capturing the checker.
        {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", false, Move(kE7, kF8, Move::kPromotion, kKnight),
         true},
        // The king may not step back along the checking slider's line.
        {"8/8/8/8/8/8/4K3/4r2k w - - 0 1", false, Move(kE2, kE3), false},
    };
    for (const Case& c : cases) {
        auto pos = Position::from_fen(c.fen, c.chess960);
        ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error();
        const auto fast = sorted(legal_moves(*pos));
        const auto reference = reference_legal_moves(*pos);
        EXPECT_EQ(list_text(*pos, fast), list_text(*pos, reference)) << c.fen;
        const bool in_fast = std::find(fast.begin(), fast.end(), c.move) != fast.end();
        const bool in_reference =
            std::find(reference.begin(), reference.end(), c.move) != reference.end();
        EXPECT_EQ(in_fast, c.legal) << c.fen << " " << move_text(*pos, c.move);
        EXPECT_EQ(in_reference, c.legal) << c.fen << " " << move_text(*pos, c.move);
        EXPECT_EQ(pos->is_legal(c.move), c.legal) << c.fen << " " << move_text(*pos, c.move);
        EXPECT_EQ(perft(*pos, 3), reference_perft(*pos, 3)) << c.fen;
        // is_legal generates only the moving piece's moves: every 16-bit word, as a table
        // entry may hold, is judged as the full generation judges it.
        int wrong = 0;
        for (std::uint32_t raw = 0; raw < 65536; ++raw) {
            const Move m = Move::from_raw(std::uint16_t(raw));
            const bool listed = std::find(fast.begin(), fast.end(), m) != fast.end();
            if (pos->is_legal(m) != listed && ++wrong <= 3)
                ADD_FAILURE() << c.fen << ": is_legal is wrong for raw " << raw;
        }
        EXPECT_EQ(wrong, 0) << c.fen;
    }
}

// The reference generator itself is checked against published perft numbers.
TEST(Conformance, ReferenceGeneratorMatchesPublishedPerft) {
    struct Case {
        const char* fen;
        bool chess960;
        int depth;
        std::uint64_t nodes;
    };
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 3, 8902},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 3, 97862},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 4, 43238},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 3, 9467},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 3, 62379},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false, 3,
         89890},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, 3, 12189},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true, 3, 18002},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true, 3, 10471},
    };
    for (const Case& c : cases) {
        auto pos = Position::from_fen(c.fen, c.chess960);
        ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error();
        EXPECT_EQ(reference_perft(*pos, c.depth), c.nodes) << c.fen;
        EXPECT_EQ(perft(*pos, c.depth), c.nodes) << c.fen;
    }
}

}  // namespace
}  // namespace kibitz::chess
