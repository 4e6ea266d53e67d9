// libFuzzer target for FEN input. The input is read as a FEN, both as standard chess and as
// Chess960; when a reading is accepted, the position must keep the rules core's invariants:
// fen() reads back to the same position and key; the legal moves equal the reference
// generator's; every legal move makes and unmakes restoring everything; perft(2) equals the sum
// of count_legal_moves after each move. Any violation prints the FEN and aborts.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "chess/position.h"

// The reference generator of the unit tests, compiled into this target (the fuzz build makes
// one executable per fuzz_*.cpp, so it is included rather than linked).
#include "../unit/reference_movegen.cpp"

namespace {

using namespace kibitz::chess;

[[noreturn]] void violation(const std::string& input, const Position& pos, const std::string& what,
                            Move m = Move::none()) {
    std::fprintf(stderr, "fuzz_fen: %s\n  input: '%s'\n  position: %s\n", what.c_str(),
                 input.c_str(), pos.fen().c_str());
    if (m != Move::none())
        std::fprintf(stderr, "  move: %s (raw 0x%04x)\n", move_to_uci(pos, m).c_str(), m.raw());
    std::abort();
}

// Everything make/unmake must restore.
struct State {
    std::string fen;
    std::uint64_t key, pawn_key;
    Bitboard checkers;
    Square ep, ep_target;
    CastlingRights castling;
    int halfmove, game_ply, repetitions;
    Piece board[64];

    explicit State(const Position& pos)
        : fen(pos.fen()),
          key(pos.key()),
          pawn_key(pos.pawn_key()),
          checkers(pos.checkers()),
          ep(pos.ep_square()),
          ep_target(pos.ep_target()),
          castling(pos.castling_rights()),
          halfmove(pos.halfmove_clock()),
          game_ply(pos.game_ply()),
          repetitions(pos.repetition_count()) {
        for (int s = 0; s < 64; ++s) board[s] = pos.piece_on(Square(s));
    }
    bool operator==(const State& o) const {
        return fen == o.fen && key == o.key && pawn_key == o.pawn_key && checkers == o.checkers &&
               ep == o.ep && ep_target == o.ep_target && castling == o.castling &&
               halfmove == o.halfmove && game_ply == o.game_ply && repetitions == o.repetitions &&
               std::equal(board, board + 64, o.board);
    }
};

std::vector<Move> sorted(const MoveList& list) {
    std::vector<Move> v(list.begin(), list.end());
    std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    return v;
}

// fen() of pos reads back to the same position. Counters beyond the parser's limits (reached by
// playing on from a FEN at the limit) are left out: see the report on the halfmove limit.
void check_round_trip(const std::string& input, const Position& pos) {
    if (pos.halfmove_clock() > 10000 || pos.fullmove_number() > 100000) return;
    const auto again = Position::from_fen(pos.fen(), pos.chess960());
    if (!again) violation(input, pos, "fen() does not read back: " + again.error());
    if (again->fen() != pos.fen() || again->key() != pos.key() ||
        again->pawn_key() != pos.pawn_key() || !again->same_position(pos) ||
        again->checkers() != pos.checkers())
        violation(input, pos, "fen() reads back as a different position: " + again->fen());
}

void check_position(const std::string& input, Position& pos) {
    // 1. Keys and the FEN round trip.
    if (pos.key() != pos.compute_key()) violation(input, pos, "key != compute_key()");
    if (pos.pawn_key() != pos.compute_pawn_key())
        violation(input, pos, "pawn_key != compute_pawn_key()");
    check_round_trip(input, pos);

    // 2. The generators: fast == reference; kAll = kTactical + kQuiet; counting == listing.
    const MoveList all = legal_moves(pos);
    const std::vector<Move> legal = sorted(all);
    if (legal != kibitz::test::reference_legal_moves(pos))
        violation(input, pos, "the generator differs from the reference generator");
    MoveList tactical, quiet;
    generate<Gen::kTactical>(pos, tactical);
    generate<Gen::kQuiet>(pos, quiet);
    std::vector<Move> both(tactical.begin(), tactical.end());
    both.insert(both.end(), quiet.begin(), quiet.end());
    std::sort(both.begin(), both.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    if (both != legal) violation(input, pos, "kTactical + kQuiet != kAll");
    for (const Move m : tactical)
        if (!pos.is_capture(m) && m.kind() != Move::kPromotion)
            violation(input, pos, "a kTactical move neither captures nor promotes", m);
    if (count_legal_moves(pos) != int(legal.size()))
        violation(input, pos, "count_legal_moves != legal_moves().size()");

    // 3. Every move makes and unmakes, restoring everything; perft(2) adds up.
    const State before(pos);
    std::uint64_t sum = 0;
    for (const Move m : legal) {
        const auto uci = move_to_uci(pos, m);
        const auto parsed = move_from_uci(pos, uci);
        if (!parsed || *parsed != m) violation(input, pos, "UCI round trip fails for " + uci, m);
        const bool gives_check = pos.gives_check(m);
        const Undo u = pos.make(m);
        if (pos.in_check() != gives_check) violation(input, pos, "gives_check() is wrong", m);
        if (pos.key() != pos.compute_key()) violation(input, pos, "key after make", m);
        if (pos.pawn_key() != pos.compute_pawn_key())
            violation(input, pos, "pawn key after make", m);
        const Color us = pos.side_to_move();
        if (pos.checkers() != kibitz::test::reference_attackers(kibitz::test::mailbox_of(pos),
                                                                pos.king_square(us), ~us))
            violation(input, pos, "checkers after make", m);
        check_round_trip(input, pos);
        const int n = count_legal_moves(pos);
        if (n != int(legal_moves(pos).size()))
            violation(input, pos, "count_legal_moves after make", m);
        sum += std::uint64_t(n);
        pos.unmake(m, u);
        if (!(State(pos) == before)) violation(input, pos, "unmake does not restore", m);
    }
    if (perft(pos, 2) != sum) violation(input, pos, "perft(2) != sum of counts after each move");
    if (!(State(pos) == before)) violation(input, pos, "perft changes the position");

    // 4. The null move.
    if (!pos.in_check()) {
        const Undo u = pos.make_null();
        if (pos.key() != pos.compute_key()) violation(input, pos, "key after the null move");
        pos.unmake_null(u);
        if (!(State(pos) == before)) violation(input, pos, "unmake_null does not restore");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;  // a FEN is short; long inputs only slow the search down
    const std::string input(reinterpret_cast<const char*>(data), size);
    for (const bool chess960 : {false, true}) {
        auto pos = Position::from_fen(input, chess960);
        if (!pos) {
            if (pos.error().empty()) std::abort();  // every refusal says why
            continue;
        }
        if (chess960 && !pos->chess960()) violation(input, *pos, "Chess960 flag lost");
        check_position(input, *pos);
    }
    return 0;
}
