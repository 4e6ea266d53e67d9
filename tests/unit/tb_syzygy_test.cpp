// Syzygy tables: the reader and the probes, on the 3-man tables in tests/data/syzygy (and on
// every 3- and 4-man table of ../shared/data/chess/syzygy when it is there), against the own
// distance-to-mate tables, and with damaged files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"
#include "tb/generate.h"
#include "tb/syzygy.h"
#include "tb/syzygy_check.h"
#include "temp_dir.h"

namespace kibitz::tb {
namespace {

const std::string kFixtures = std::string(KIBITZ_SOURCE_DIR) + "/tests/data/syzygy";

chess::Position at(const std::string& fen) {
    auto p = chess::Position::from_fen(fen);
    EXPECT_TRUE(p.ok()) << fen;
    return p.ok() ? *p : chess::Position();
}

struct Probe {
    int wdl = -9, dtz = -999;
    bool operator==(const Probe&) const = default;
};

Probe probe(const syzygy::Tablebase& tb, const std::string& fen) {
    chess::Position pos = at(fen);
    const auto w = tb.probe_wdl(pos);
    const auto d = tb.probe_dtz(pos);
    EXPECT_TRUE(w && d) << fen << ": " << tb.last_error();
    return w && d ? Probe{*w, *d} : Probe{};
}

// pos with the colours exchanged: pieces swap colour, the board turns top to bottom.
std::string colour_flipped(const std::string& fen) {
    const chess::Position pos = at(fen);
    char board[64] = {};
    for (int s = 0; s < 64; ++s) {
        const chess::Piece p = pos.piece_on(chess::Square(s));
        if (p == chess::kNoPiece) continue;
        const char c = "PNBRQK"[chess::type_of(p)];
        board[s ^ 56] = chess::color_of(p) == chess::kWhite ? char(c + 32) : c;
    }
    return chess::fen_placement(board) +
           (pos.side_to_move() == chess::kWhite ? " b - - 0 1" : " w - - 0 1");
}

TEST(TbSyzygy, OpensFoldersAndNamesTheirTables) {
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    EXPECT_EQ(tb.tables(), 5);
    EXPECT_EQ(tb.max_men(), 3);
    EXPECT_EQ(tb.names(), (std::vector<std::string>{"KBvK", "KNvK", "KPvK", "KQvK", "KRvK"}));

    const test::TempDir empty("kibitz_syzygy_empty");
    ASSERT_TRUE(tb.open(empty.path + ":" + kFixtures).ok());  // ':'-separated, an empty one
    EXPECT_EQ(tb.tables(), 5);
    ASSERT_TRUE(tb.open(empty.path).ok());  // no tables is no error
    EXPECT_EQ(tb.tables(), 0);

    const auto missing = tb.open(kFixtures + ":/no/such/folder");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("'/no/such/folder' is not a folder"), std::string::npos);
}

TEST(TbSyzygy, KnownPositions) {
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    // Mated now: a loss that zeroes at once.
    EXPECT_EQ(probe(tb, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"), (Probe{-2, -1}));
    // Mate in 2 with the queen: the win zeroes (mates) in 3 plies.
    EXPECT_EQ(probe(tb, "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1"), (Probe{2, 3}));
    // KPK: the pawn on a5 with the king in front of it cannot win; e2 with the king behind can.
    EXPECT_EQ(probe(tb, "k7/8/K7/P7/8/8/8/8 w - - 0 1"), (Probe{0, 0}));
    EXPECT_EQ(probe(tb, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").wdl, 2);
    // Lone minor pieces draw; bare kings are a draw without a table.
    EXPECT_EQ(probe(tb, "8/8/8/4k3/8/8/8/KB6 w - - 0 1"), (Probe{0, 0}));
    EXPECT_EQ(probe(tb, "8/8/8/4k3/8/8/8/KN6 b - - 0 1"), (Probe{0, 0}));
    EXPECT_EQ(probe(tb, "8/8/8/4k3/8/8/8/K7 w - - 0 1"), (Probe{0, 0}));
    // A capture decides: the rook hangs (the table's value there is "don't care").
    EXPECT_EQ(probe(tb, "8/8/8/8/8/8/8/Kr5k w - - 0 1"), (Probe{0, 0}));
    EXPECT_EQ(probe(tb, "8/8/8/8/8/8/2k5/Kr6 w - - 0 1").wdl, -2);
}

TEST(TbSyzygy, UncoveredPositionsSayWhy) {
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    chess::Position castling = at("r3k3/8/8/8/8/8/8/4K3 w q - 0 1");
    EXPECT_FALSE(tb.probe_wdl(castling));
    EXPECT_NE(tb.last_error().find("castling rights"), std::string::npos);
    chess::Position four = at("8/8/8/4k3/8/8/8/KQR5 w - - 0 1");
    EXPECT_FALSE(tb.probe_dtz(four));
    EXPECT_NE(tb.last_error().find("4 men"), std::string::npos);
    EXPECT_TRUE(tb.rank_root_moves(four).empty());
}

TEST(TbSyzygy, ColourFlippedAndMirroredPositionsAgree) {
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    std::mt19937 rng(7);
    int compared = 0;
    for (const char piece : {'Q', 'R', 'P', 'N'})
        for (int n = 0; n < 300; ++n) {
            char board[64] = {};
            const int wk = int(rng() % 64), bk = int(rng() % 64), sq = int(rng() % 64);
            if (wk == bk || sq == wk || sq == bk) continue;
            board[wk] = 'K';
            board[bk] = 'k';
            board[sq] = piece;
            const std::string fen =
                chess::fen_placement(board) + (n % 2 ? " w - - 0 1" : " b - - 0 1");
            if (!chess::Position::from_fen(fen)) continue;  // illegal placement
            const Probe p = probe(tb, fen);
            EXPECT_EQ(probe(tb, colour_flipped(fen)), p) << fen;
            char mirrored[64] = {};
            for (int s = 0; s < 64; ++s) mirrored[s ^ 7] = board[s];
            EXPECT_EQ(probe(tb, chess::fen_placement(mirrored) + fen.substr(fen.find(' '))), p)
                << fen;
            ++compared;
        }
    EXPECT_GT(compared, 800);
}

TEST(TbSyzygy, EnPassantRightsCount) {
    syzygy::Tablebase shared;
    const std::string dir = std::string(KIBITZ_SOURCE_DIR) + "/../shared/data/chess/syzygy";
    if (!std::filesystem::exists(dir + "/KPvKP.rtbw"))
        GTEST_SKIP() << "no KPvKP table in " << dir << ": the e.p. check needs it";
    ASSERT_TRUE(shared.open(dir).ok());
    // Black's only good move is the e.p. capture: without the right the pawn queens.
    EXPECT_EQ(probe(shared, "8/8/8/8/3Pp3/8/8/k1K5 b - d3 0 1").wdl, 0);
    EXPECT_EQ(probe(shared, "8/8/8/8/3Pp3/8/8/k1K5 b - - 0 1").wdl, -2);
}

TEST(TbSyzygy, RootMovesKeepTheResultAndZeroFastest) {
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    chess::Position pos = at("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    const auto moves = tb.rank_root_moves(pos);
    ASSERT_EQ(moves.size(), chess::legal_moves(pos).size());
    const Probe root = probe(tb, "8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    EXPECT_EQ(moves[0].wdl, 2);
    EXPECT_EQ(moves[0].dtz, root.dtz);  // the best move keeps the position's DTZ
    for (std::size_t i = 1; i < moves.size(); ++i) EXPECT_LE(moves[i].rank, moves[i - 1].rank);
    // A mate in one ranks first with DTZ 1.
    chess::Position mate = at("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1");
    const auto m = tb.rank_root_moves(mate);
    ASSERT_FALSE(m.empty());
    EXPECT_EQ(m[0].dtz, 1);
    EXPECT_EQ(chess::move_to_uci(mate, m[0].move), "g1g8");
    // The fifty-move rule: a win that needs more plies than the clock leaves ranks below a
    // win inside it.
    chess::Position late = at("8/8/8/4k3/8/8/8/KR6 w - - 90 1");
    const auto l = tb.rank_root_moves(late);
    ASSERT_FALSE(l.empty());
    EXPECT_LT(l[0].rank, moves[0].rank);
    EXPECT_EQ(l[0].wdl, 2);
}

TEST(TbSyzygy, AgreesWithTheOwnTablesAndTheSuccessors) {
    const test::TempDir temp("kibitz_syzygy_own");
    GenerateOptions o;
    o.dir = temp.path;
    o.threads = 2;
    std::vector<Material> names;
    for (const char* n : {"KQK", "KRK", "KPK"}) names.push_back(*Material::parse(n));
    ASSERT_TRUE(generate(names, o).ok());
    syzygy::Tablebase tb;
    ASSERT_TRUE(tb.open(kFixtures).ok());
    // Every 11th index keeps the sanitizer build quick; `kibitz tb verify --syzygy` (ctest
    // cli_tb_syzygy_verify) checks every position.
    for (const char* n : {"KQK", "KRK", "KPK", "KBK", "KNK"}) {
        const auto r = check_syzygy(temp.path, tb, *Material::parse(n), 11, 2);
        ASSERT_TRUE(r.ok()) << r.error();
        EXPECT_GT(r->checked, 2000u) << n;
        EXPECT_EQ(r->wdl_mismatches, 0u) << n << ": " << testing::PrintToString(r->examples);
        EXPECT_EQ(r->dtz_mismatches, 0u) << n << ": " << testing::PrintToString(r->examples);
    }
}

// Damaged copies of KRvK: every one refused or probed without a crash, and a refusal names
// the file.
TEST(TbSyzygy, DamagedFilesAreRefusedByName) {
    const test::TempDir temp("kibitz_syzygy_bad");
    std::ifstream in(kFixtures + "/KRvK.rtbz", std::ios::binary);
    const std::string dtz((std::istreambuf_iterator<char>(in)), {});
    std::ifstream in2(kFixtures + "/KRvK.rtbw", std::ios::binary);
    const std::string wdl((std::istreambuf_iterator<char>(in2)), {});
    ASSERT_GT(dtz.size(), 1000u);
    auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(temp.file(name), std::ios::binary) << bytes;
    };
    auto probe_error = [&](const std::string& fen) {
        syzygy::Tablebase tb;
        EXPECT_TRUE(tb.open(temp.path).ok());
        chess::Position pos = at(fen);
        const auto d = tb.probe_dtz(pos);
        return d ? std::string() : tb.last_error();
    };
    const std::string fen = "8/8/8/4k3/8/8/8/KR6 w - - 0 1";

    write("KRvK.rtbw", wdl);
    write("KRvK.rtbz", dtz.substr(0, dtz.size() / 2));
    EXPECT_NE(probe_error(fen).find("KRvK.rtbz: truncated"), std::string::npos);

    std::string bad_magic = dtz;
    bad_magic[0] ^= 1;
    write("KRvK.rtbz", bad_magic);
    EXPECT_NE(probe_error(fen).find("KRvK.rtbz: not a Syzygy DTZ"), std::string::npos);

    write("KRvK.rtbz", dtz);
    write("KRvK.rtbw", dtz);  // a DTZ file under a WDL name
    EXPECT_NE(probe_error(fen).find("KRvK.rtbw: not a Syzygy WDL"), std::string::npos);

    // Random bytes changed anywhere: never a crash, and every probe a value or a refusal.
    std::mt19937 rng(11);
    for (int n = 0; n < 200; ++n) {
        std::string w = wdl, z = dtz;
        for (int k = 0; k < 4; ++k) {
            w[rng() % w.size()] = char(rng());
            z[rng() % z.size()] = char(rng());
        }
        write("KRvK.rtbw", w);
        write("KRvK.rtbz", z);
        syzygy::Tablebase tb;
        ASSERT_TRUE(tb.open(temp.path).ok());
        chess::Position pos = at(n % 2 ? fen : "8/8/2k5/8/8/8/6R1/3K4 b - - 0 1");
        const auto d = tb.probe_dtz(pos);
        if (!d) {
            EXPECT_NE(tb.last_error(), "");
        }
        tb.rank_root_moves(pos);
    }
}

}  // namespace
}  // namespace kibitz::tb
