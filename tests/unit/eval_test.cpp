// The full chess evaluation: colour symmetry, obvious values, trace linearity (the tuner's
// contract), pawn-table transparency, draw scaling, the eval report, and a speed benchmark.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"
#include "core/rng.h"
#include "core/strings.h"
#include "core/timer.h"
#include "eval/chess_eval.h"
#include "eval/presets.h"
#include "fen_helpers.h"

namespace kibitz::eval {
namespace {

using chess::Position;

using kibitz::test::from_fen;

// The colour-flipped mirror of a FEN: ranks reversed, colours swapped, side to move swapped,
// castling rights and the en-passant square mirrored.
std::string mirror_fen(const std::string& fen) {
    const auto f = core::split_words(fen);
    std::vector<std::string> ranks(1);
    for (char c : f[0]) {
        if (c == '/')
            ranks.emplace_back();
        else
            ranks.back() += std::isalpha(static_cast<unsigned char>(c))
                                ? char(std::isupper(static_cast<unsigned char>(c))
                                           ? std::tolower(static_cast<unsigned char>(c))
                                           : std::toupper(static_cast<unsigned char>(c)))
                                : c;
    }
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
    out += f[1] == "w" ? " b " : " w ";
    std::string upper, lower;
    for (char c : f[2]) {
        if (c == '-') continue;
        if (std::isupper(static_cast<unsigned char>(c)))
            lower += char(std::tolower(static_cast<unsigned char>(c)));
        else
            upper += char(std::toupper(static_cast<unsigned char>(c)));
    }
    out += upper + lower == "" ? "-" : upper + lower;
    out += ' ';
    out += f[3] == "-" ? std::string("-") : std::string{f[3][0], char('1' + '8' - f[3][1])};
    for (std::size_t i = 4; i < f.size(); ++i) {
        out += ' ';
        out += f[i];
    }
    return out;
}

// Positions from random playouts (SplitMix64) from the start and a few middlegame and endgame
// FENs, every ply of every game, until the game ends or max_ply.
std::vector<Position> random_positions(std::size_t wanted, std::uint64_t seed) {
    static const char* const kStarts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/5pk1/6p1/3B4/8/1b4P1/5PK1/8 w - - 0 1",
        "4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1",
    };
    core::SplitMix64 rng(seed);
    std::vector<Position> out;
    while (out.size() < wanted) {
        for (const char* fen : kStarts) {
            Position pos = from_fen(fen);
            for (int ply = 0; ply < 160 && out.size() < wanted; ++ply) {
                const chess::MoveList moves = chess::legal_moves(pos);
                if (moves.empty()) break;
                pos.make(moves[rng.below(moves.size())]);
                pos.clear_history();
                out.push_back(pos);
            }
        }
    }
    return out;
}

TEST(ChessEval, MirrorFenIsAnInvolution) {
    const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 3 7";
    EXPECT_EQ(mirror_fen(fen),
              "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R w Qk - 3 7");
    EXPECT_EQ(mirror_fen(mirror_fen(fen)), fen);
    EXPECT_EQ(mirror_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2");
}

TEST(ChessEval, ColourSymmetry) {
    for (const Position& pos : random_positions(6000, 1)) {
        const Position mirrored = from_fen(mirror_fen(pos.fen()));
        ASSERT_EQ(evaluate(pos), evaluate(mirrored)) << pos.fen();
        ASSERT_EQ(evaluate_thesis(pos), evaluate_thesis(mirrored)) << pos.fen();
        ASSERT_EQ(evaluate(pos, Preset::kFranaszczuk), evaluate(mirrored, Preset::kFranaszczuk))
            << pos.fen();
    }
}

TEST(ChessEval, StartPositionIsTempoOnly) {
    EXPECT_EQ(evaluate(Position()), default_weights().tempo.mg);
    EXPECT_EQ(game_phase(Position()), kPhaseMax);
}

TEST(ChessEval, MaterialAdvantageIsPositive) {
    // White is missing a piece: negative for White to move, positive for Black to move.
    for (const char* placement : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR",
                                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR",
                                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1",
                                  "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"}) {
        EXPECT_LT(evaluate(from_fen(std::string(placement) + " w kq - 0 1")), 0) << placement;
        EXPECT_GT(evaluate(from_fen(std::string(placement) + " b kq - 0 1")), 0) << placement;
    }
    EXPECT_GT(evaluate(from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1")), 600);
    EXPECT_GT(evaluate(from_fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1")), 300);
    // A pawn up with the kings near it: clearly better, but not a whole pawn (the tuned weights
    // give 50 with Black to move; many such endings are draws).
    EXPECT_GT(evaluate(from_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")), 25);
    EXPECT_LT(evaluate(from_fen("8/8/8/4k3/8/8/4P3/4K3 b - - 0 1")), -25);
}

TEST(ChessEval, DrawScaling) {
    NoTrace none;
    EvalTrace trace;
    // Dead positions are 0.
    for (const char* fen : {"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",
                            "8/8/8/4k3/8/8/8/4K3 w - - 0 1"})
        EXPECT_EQ(evaluate(from_fen(fen)), 0) << fen;
    // Opposite-coloured bishops: scaled, and less with fewer pawns.
    evaluate(from_fen("8/5pk1/6p1/3B4/8/2b3P1/5PKP/8 w - - 0 1"), default_weights(), trace);
    EXPECT_EQ(trace.scale, 16 + 4 * 3);
    // A rook against a bishop without pawns: scaled to a quarter.
    evaluate(from_fen("8/8/4k3/8/3b4/8/8/R3K3 w - - 0 1"), default_weights(), trace);
    EXPECT_EQ(trace.scale, 16);
    // Two knights cannot force mate.
    evaluate(from_fen("8/8/4k3/8/8/8/8/1N2KN2 w - - 0 1"), default_weights(), trace);
    EXPECT_EQ(trace.scale, 4);
    // Queen against rook stays unscaled; so does a rook up with pawns.
    evaluate(from_fen("8/8/4k3/8/3r4/8/8/3QK3 w - - 0 1"), default_weights(), trace);
    EXPECT_EQ(trace.scale, kScaleNormal);
    EXPECT_EQ(evaluate(from_fen("8/8/4k3/8/3r4/8/8/3QK3 w - - 0 1"), default_weights(), none),
              trace.score(default_weights()));
}

// A set of weights with every value replaced by a pseudo-random one.
Weights random_weights(std::uint64_t seed) {
    core::SplitMix64 rng(seed);
    Weights w{};
    for_each_param(w, [&](std::string_view, Pair& p) {
        p = {int(rng.below(401)) - 200, int(rng.below(401)) - 200};
    });
    return w;
}

TEST(ChessEval, TraceIsLinear) {
    const Weights other = random_weights(7);
    EvalTrace trace, other_trace;
    NoTrace none;
    for (const Position& pos : random_positions(4000, 2)) {
        const Score score = evaluate(pos, default_weights(), trace);
        ASSERT_EQ(score, evaluate(pos, default_weights(), none)) << pos.fen();
        ASSERT_EQ(trace.score(default_weights()), score) << pos.fen();
        ASSERT_EQ(trace.phase, game_phase(pos));
        // The counts do not depend on the weights: other weights give the same counts, and
        // their score is again the linear combination.
        const Score other_score = evaluate(pos, other, other_trace);
        ASSERT_EQ(other_trace.score(other), other_score) << pos.fen();
        ASSERT_EQ(other_trace.counts, trace.counts) << pos.fen();
    }
}

TEST(ChessEval, PawnTableChangesNothing) {
    PawnTable table(10), shared(10);  // small, so that entries are replaced too
    NoTrace none;
    const Weights other = random_weights(11);
    for (const Position& pos : random_positions(6000, 3)) {
        ASSERT_EQ(evaluate(pos, default_weights(), table), evaluate(pos)) << pos.fen();
        // A table switched between weights is cleared instead of giving stale entries.
        ASSERT_EQ(evaluate(pos, default_weights(), shared), evaluate(pos)) << pos.fen();
        ASSERT_EQ(evaluate(pos, other, shared), evaluate(pos, other, none)) << pos.fen();
    }
    EXPECT_GT(table.hits(), 1000u);
    EXPECT_GT(table.misses(), 1000u);
}

TEST(ChessEval, ReportAddsUp) {
    const Position pos =
        from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4");
    const std::string report = eval_report(pos, default_weights());
    for (const char* title : {"Material", "Piece squares", "Mobility", "Threats", "Protection",
                              "Passed pawns", "Pawn structure", "Key squares", "King safety",
                              "Castling", "Bishop pair", "Rooks/queens on files", "Outposts",
                              "Minor pieces", "Space", "Tempo", "Phase: 24/24", "Scale: 64/64"})
        EXPECT_NE(report.find(title), std::string::npos) << title << "\n" << report;
    const Score score = evaluate(pos);
    char final_line[96];
    std::snprintf(final_line, sizeof final_line,
                  "%+d cp (White's view), %+d cp (side to move, Black)", -score, score);
    EXPECT_NE(report.find(final_line), std::string::npos) << final_line << "\n" << report;
}

TEST(ChessEval, TermsAddUpToTheScoreAndNameEachGroup) {
    for (const char* fen : {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
                            "8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
                            "2r3k1/1q3ppp/8/3n4/8/2N5/1Q3PPP/2R3K1 w - - 0 1"}) {
        const Position pos = from_fen(fen);
        const EvalTerms terms = eval_terms(pos, default_weights());
        EXPECT_EQ(terms.score, evaluate(pos)) << fen;
        ASSERT_EQ(terms.terms.size(), 16u);
        EXPECT_EQ(terms.terms.front().key, "material");
        EXPECT_EQ(terms.terms[8].key, "king_safety");
        int sum = 0;
        for (const auto& t : terms.terms) sum += terms.net(t);
        const int white = pos.side_to_move() == chess::kWhite ? terms.score : -terms.score;
        // Each group's blend rounds on its own: at most one centipawn each.
        EXPECT_NEAR(sum, white, 14) << fen;
    }
    // The pawn ending: White's passed d-pawn is its term, positive for White only.
    const EvalTerms pawns =
        eval_terms(from_fen("8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1"), default_weights());
    EXPECT_GT(pawns.value(pawns.terms[5], chess::kWhite), 0);
    EXPECT_EQ(pawns.value(pawns.terms[5], chess::kBlack), 0);
}

// The count (White minus Black) of one weight in the trace of fen.
int count_of(const std::string& fen, const Pair& (*weight)(const Weights&)) {
    EvalTrace trace;
    evaluate(from_fen(fen), default_weights(), trace);
    return trace.counts[std::size_t(param_index(default_weights(), weight(default_weights())))];
}

TEST(ChessEval, TermsAddedForTheRefitCountWhatTheyName) {
    // The rule of the square: the a-pawn queens unless Black's king reaches its square.
    const auto unstoppable = [](const Weights& w) -> const Pair& { return w.passed_unstoppable; };
    EXPECT_EQ(count_of("8/8/5k2/8/P7/8/8/K7 w - - 0 1", unstoppable), 1);
    EXPECT_EQ(count_of("8/8/4k3/8/P7/8/8/K7 w - - 0 1", unstoppable), 0);
    EXPECT_EQ(count_of("8/8/5k2/8/P7/8/8/K7 b - - 0 1", unstoppable), 0);
    EXPECT_EQ(count_of("8/8/5k2/8/P7/8/8/K6r w - - 0 1", unstoppable), 0);  // a rook stops it
    // Space: White's d4 and e4 leave 10 squares of c2-f4, 4 of them behind the pawns (14); they
    // take c5-f5 from Black's 12.
    const auto space = [](const Weights& w) -> const Pair& { return w.space; };
    EXPECT_EQ(count_of("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", space), 14 - 8);
    EXPECT_EQ(count_of(std::string(chess::kStartFen), space), 0);
    // Two pieces on Black's king zone: the knight on g5 and the queen on d3.
    const auto two = [](const Weights& w) -> const Pair& { return w.king_attackers[1]; };
    EXPECT_EQ(count_of("6k1/5ppp/8/6N1/8/3Q4/8/6K1 w - - 0 1", two), -1);
    // The knight on d5 attacks the bishop on e3.
    const auto minor = [](const Weights& w) -> const Pair& { return w.threat_minor_by_minor; };
    EXPECT_EQ(count_of("4k3/8/8/3n4/8/4B3/8/4K3 w - - 0 1", minor), 1);
    // ...b3 would attack the knight on c2.
    const auto push = [](const Weights& w) -> const Pair& { return w.threat_pawn_push; };
    EXPECT_EQ(count_of("4k3/8/8/8/1p6/8/2N5/4K3 b - - 0 1", push), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/Bp6/8/2N5/4K3 b - - 0 1", push), 0);  // b3 is guarded
}

TEST(ChessEval, TermsAddedForTheSecondRefitCountWhatTheyName) {
    // White's passed d-pawn on the fifth rank: its stop square d6 is free and safe, attacked by
    // Black's king, or blocked by Black's knight.
    const auto safe5 = [](const Weights& w) -> const Pair& { return w.passed_safe[3]; };
    const auto blocked5 = [](const Weights& w) -> const Pair& { return w.passed_blocked[3]; };
    EXPECT_EQ(count_of("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", safe5), 1);
    EXPECT_EQ(count_of("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", safe5), 0);
    EXPECT_EQ(count_of("8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", blocked5), 0);
    EXPECT_EQ(count_of("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", safe5), 0);
    EXPECT_EQ(count_of("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", blocked5), 1);
    // The dark-squared bishop on d2 with White's pawns on c3 and e3 (dark), one rammed by c4.
    const auto bishop_pawns = [](const Weights& w) -> const Pair& { return w.bishop_pawns; };
    const auto rammed = [](const Weights& w) -> const Pair& { return w.bishop_rammed; };
    EXPECT_EQ(count_of("4k3/8/8/8/8/2P1P3/3B4/4K3 w - - 0 1", bishop_pawns), 2);
    EXPECT_EQ(count_of("4k3/8/8/8/8/2P1P3/3B4/4K3 w - - 0 1", rammed), 0);
    EXPECT_EQ(count_of("4k3/8/8/8/2p5/2P1P3/3B4/4K3 w - - 0 1", rammed), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/2P1P3/4B3/4K3 w - - 0 1", bishop_pawns), 0);  // light
    // The knight on d2 behind the pawn on d3; not behind the one on e3.
    const auto behind = [](const Weights& w) -> const Pair& { return w.minor_behind_pawn; };
    EXPECT_EQ(count_of("4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1", behind), 1);
    EXPECT_EQ(count_of("4k3/8/8/8/8/4P3/3N4/4K3 w - - 0 1", behind), 0);
    // Kings and the pawn on a2: White's king is 4 squares away, Black's 6.
    const auto near = [](const Weights& w) -> const Pair& { return w.king_pawn_distance; };
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", near), 4 - 6);
    EXPECT_EQ(count_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", near), 0);  // no pawns
}

// Evaluations per second of f over positions, by wall clock and by this process's CPU time
// (the CPU figure is the one to compare on a loaded machine).
template <class F>
void bench(const char* name, const std::vector<Position>& positions, F&& f) {
    std::int64_t sum = 0;
    const std::clock_t cpu_start = std::clock();
    core::Stopwatch watch;
    for (int round = 0; round < 3; ++round)
        for (const Position& pos : positions) sum += f(pos);
    const std::int64_t ns = watch.elapsed_ns();
    const auto cpu_ns = std::int64_t(double(std::clock() - cpu_start) * 1e9 / CLOCKS_PER_SEC);
    const std::uint64_t evals = 3 * positions.size();
    std::printf("[ bench    ] %-32s %9llu evals/s wall, %9llu evals/s CPU (checksum %lld)\n", name,
                static_cast<unsigned long long>(core::per_second(evals, ns)),
                static_cast<unsigned long long>(core::per_second(evals, cpu_ns)),
                static_cast<long long>(sum));
}

// Not a test of speed (nothing is asserted): prints evaluations per second for the log.
TEST(ChessEval, Benchmark) {
    const std::vector<Position> positions = random_positions(100000, 4);
    PawnTable table;
    NoTrace none;
    EvalTrace trace;
    bench("full", positions,
          [&](const Position& pos) { return evaluate(pos, default_weights(), none); });
    bench("full with pawn table", positions,
          [&](const Position& pos) { return evaluate(pos, default_weights(), table); });
    std::printf("[ bench    ] pawn table hits %llu, misses %llu\n",
                static_cast<unsigned long long>(table.hits()),
                static_cast<unsigned long long>(table.misses()));
    bench("full with EvalTrace", positions,
          [&](const Position& pos) { return evaluate(pos, default_weights(), trace); });
    bench("thesis", positions, [&](const Position& pos) { return evaluate_thesis(pos); });
    bench("franaszczuk", positions,
          [&](const Position& pos) { return evaluate(pos, Preset::kFranaszczuk); });
}

}  // namespace
}  // namespace kibitz::eval
