// The UCI engine's opening book: OwnBook, BookFile, BookDepth and BookBestMove.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "book/book.h"
#include "chess/notation.h"
#include "chess/polyglot.h"
#include "uci/session.h"

namespace kibitz::uci {
namespace {

// A book with two moves from the start position (e2e4 weight 1, d2d4 weight 1000) and one
// after 1. e4 (e7e5).
std::string write_book() {
    const chess::Position start;
    chess::Position after_e4 = start;
    after_e4.make(*chess::move_from_uci(after_e4, "e2e4"));
    const auto code = [](const chess::Position& p, const char* uci) {
        return chess::move_to_polyglot(*chess::move_from_uci(p, uci));
    };
    const auto book = book::Book::from_entries({
        {chess::polyglot_key(start), code(start, "e2e4"), 1, 0},
        {chess::polyglot_key(start), code(start, "d2d4"), 1000, 0},
        {chess::polyglot_key(after_e4), code(after_e4, "e7e5"), 5, 0},
    });
    const std::string path = ::testing::TempDir() + "kibitz_uci_book.bin";
    EXPECT_TRUE(book.save(path).ok());
    return path;
}

std::string go(Session& s, std::ostringstream& out, const std::string& position,
               const std::string& limits = "go depth 2") {
    out.str("");
    s.handle(position);
    s.handle(limits);
    s.wait();
    return out.str();
}

TEST(UciBook, OwnBookPlaysTheBookMoveAtOnce) {
    const std::string path = write_book();
    std::ostringstream out;
    Session s(out);
    s.handle("setoption name BookFile value " + path);
    s.handle("setoption name BookBestMove value true");
    // OwnBook is off by default: the engine searches.
    EXPECT_EQ(go(s, out, "position startpos").find("book move"), std::string::npos);
    s.handle("setoption name OwnBook value true");
    std::string reply = go(s, out, "position startpos");
    EXPECT_NE(reply.find("info string book move d2d4\nbestmove d2d4"), std::string::npos) << reply;
    reply = go(s, out, "position startpos moves e2e4");
    EXPECT_NE(reply.find("bestmove e7e5"), std::string::npos) << reply;
    // Out of the book: a search.
    reply = go(s, out, "position startpos moves e2e4 e7e5");
    EXPECT_EQ(reply.find("book move"), std::string::npos) << reply;
    EXPECT_NE(reply.find("info depth"), std::string::npos) << reply;
    // An endless analysis is never cut short by the book.
    out.str("");
    s.handle("position startpos");
    s.handle("go infinite");
    s.handle("stop");
    s.wait();
    EXPECT_EQ(out.str().find("book move"), std::string::npos) << out.str();
    std::filesystem::remove(path);
}

TEST(UciBook, WeightedChoiceAndBookDepth) {
    const std::string path = write_book();
    std::ostringstream out;
    Session s(out);
    s.handle("setoption name BookFile value " + path);
    s.handle("setoption name OwnBook value true");
    int d4 = 0, e4 = 0;
    for (int i = 0; i < 200; ++i) {
        const std::string reply = go(s, out, "position startpos");
        d4 += reply.find("bestmove d2d4") != std::string::npos;
        e4 += reply.find("bestmove e2e4") != std::string::npos;
    }
    EXPECT_EQ(d4 + e4, 200);
    EXPECT_GT(d4, 190);  // 1000 : 1
    // BookDepth N: the book is used up to move N of the game (the FEN's move number counts).
    const std::string after_e4 =
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    s.handle("setoption name BookDepth value 1");
    std::string reply = go(s, out, after_e4);
    EXPECT_EQ(reply.find("book move"), std::string::npos) << reply;
    s.handle("setoption name BookDepth value 2");
    reply = go(s, out, after_e4);
    EXPECT_NE(reply.find("book move e7e5"), std::string::npos) << reply;
    std::filesystem::remove(path);
}

TEST(UciBook, BadBookFileIsNamedAndTheOldBookStays) {
    const std::string path = write_book();
    std::ostringstream out;
    Session s(out);
    s.handle("setoption name BookFile value " + path);
    s.handle("setoption name OwnBook value true");
    s.handle("setoption name BookBestMove value true");
    out.str("");
    s.handle("setoption name BookFile value /no/such/book.bin");
    EXPECT_NE(out.str().find("/no/such/book.bin"), std::string::npos) << out.str();
    EXPECT_NE(go(s, out, "position startpos").find("bestmove d2d4"), std::string::npos);
    out.str("");
    s.handle("setoption name BookDepth value 0");
    EXPECT_NE(out.str().find("error"), std::string::npos) << out.str();
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace kibitz::uci
