// The search with endgame tables: exact mate scores, perfect play from a table position, the
// tbhits count of UCI, and the table options. Uses Debian's Gaviota 3-man tables (package
// gaviotatb, installed by scripts/setup); skipped when they are missing.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "chess/movegen.h"
#include "chess/status.h"
#include "engine/chess_engine.h"
#include "engine/tablebases.h"
#include "tb/gaviota.h"
#include "uci/session.h"

namespace kibitz::engine {
namespace {

constexpr const char* kGaviotaDir = "/usr/share/gaviotatb/gtb4";

bool have_gaviota() { return std::filesystem::is_directory(kGaviotaDir); }

chess::Position position(const char* fen) { return chess::Position::from_fen(fen).value(); }

// Both sides play by search with the tables; the winner must mate in exactly the table's
// distance, the loser must hold out that long.
TEST(EngineTables, TablePlayMatesInExactlyTheTableDistance) {
    if (!have_gaviota())
        GTEST_SKIP() << "Debian's gaviotatb tables not installed (" << kGaviotaDir << ")";
    Tablebases tables;
    ASSERT_TRUE(tables.set_gaviota_paths(kGaviotaDir).ok());
    for (const char* fen : {"8/8/8/4k3/8/8/8/KR6 w - - 0 1", "8/8/8/4k3/8/8/8/KR6 b - - 0 1",
                            "8/8/3k4/8/8/8/8/K6Q w - - 0 1", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"}) {
        chess::Position pos = position(fen);
        const auto start = tables.probe(pos);
        ASSERT_TRUE(start.has_value()) << fen;
        ASSERT_NE(start->kind, tb::Value::kDraw) << fen;
        ChessEngine e;
        for (int ply = 0; ply < start->plies; ++ply) {
            ChessGame g(pos);
            g.set_tables(&tables);
            e.set_position(g);
            search::Limits limits;
            limits.depth = 3;
            const chess::Move m = e.search_now(limits);
            ASSERT_TRUE(pos.is_legal(m)) << fen << " ply " << ply;
            pos.make(m);
            const auto now = tables.probe(pos);
            ASSERT_TRUE(now.has_value());
            EXPECT_EQ(now->plies, start->plies - ply - 1) << fen << " after " << pos.fen();
        }
        EXPECT_TRUE(pos.in_check() && chess::count_legal_moves(pos) == 0)
            << fen << ": " << pos.fen();
    }
}

TEST(EngineTables, UciReportsTheMateAndTbhits) {
    if (!have_gaviota())
        GTEST_SKIP() << "Debian's gaviotatb tables not installed (" << kGaviotaDir << ")";
    std::ostringstream out;
    uci::Session s(out);
    s.handle(std::string("setoption name GaviotaTbPath value ") + kGaviotaDir);
    s.handle("position fen 8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    s.handle("go depth 4");
    s.wait();
    const std::string text = out.str();
    EXPECT_EQ(text.find("error"), std::string::npos) << text;
    EXPECT_NE(text.find("tbhits"), std::string::npos) << text;
    Tablebases tables;
    ASSERT_TRUE(tables.set_gaviota_paths(kGaviotaDir).ok());
    const auto v = tables.probe(position("8/8/8/4k3/8/8/8/KR6 w - - 0 1"));
    ASSERT_TRUE(v.has_value());
    EXPECT_NE(text.find("score mate " + std::to_string((v->plies + 1) / 2) + " "),
              std::string::npos)
        << text;
}

TEST(EngineTables, BadPathsAreNamedAndChangeNothing) {
    std::ostringstream out;
    uci::Session s(out);
    s.handle("setoption name TablebasePath value /no/such/dir");
    EXPECT_NE(out.str().find("/no/such/dir"), std::string::npos) << out.str();
    out.str("");
    s.handle("setoption name GaviotaTbPath value /no/such/gaviota");
    EXPECT_NE(out.str().find("/no/such/gaviota"), std::string::npos) << out.str();
    out.str("");
    s.handle("setoption name BookFile value /no/such/book.bin");
    EXPECT_NE(out.str().find("/no/such/book.bin"), std::string::npos) << out.str();
}

TEST(EngineTables, ATablelessGaviotaFolderIsSaidOnceAndIsNoError) {
    // PyChess fills GaviotaTbPath with its own folder on every start, tables or not.
    const auto dir = std::filesystem::temp_directory_path() / "kibitz-no-gaviota-tables";
    std::filesystem::create_directories(dir);
    std::ostringstream out;
    uci::Session s(out);
    s.handle("setoption name GaviotaTbPath value " + dir.string());
    EXPECT_NE(out.str().find("info string GaviotaTbPath: no Gaviota tables"), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find(dir.string()), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
    out.str("");
    s.handle("setoption name GaviotaTbPath value " + dir.string());
    s.handle("setoption name GaviotaTbPath value <empty>");
    EXPECT_EQ(out.str(), "");
    // The search goes on (with Kibitz's own tables, if any).
    s.handle("position fen 8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    s.handle("go depth 3");
    s.wait();
    EXPECT_NE(out.str().find("bestmove"), std::string::npos) << out.str();
    EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
    std::filesystem::remove(dir);
}

TEST(EngineTables, WithoutTablesTheSearchIsUnchanged) {
    Tablebases none;
    ChessGame g(position("8/8/8/4k3/8/8/8/KR6 w - - 0 1"));
    g.set_tables(&none);
    search::Score s = 0;
    EXPECT_FALSE(g.probe_table(0, 0, s));
}

}  // namespace
}  // namespace kibitz::engine
