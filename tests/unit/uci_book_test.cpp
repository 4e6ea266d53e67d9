// The UCI engine's opening book: OwnBook, BookFile, BookDepth and BookBestMove.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "book/book.h"
#include "chess/notation.h"
#include "chess/polyglot.h"
#include "temp_dir.h"
#include "uci/session.h"

namespace kibitz::uci {
namespace {

// A book with two moves from the start position (e2e4 weight 300, a2a3 weight 700: a move no
// search would choose, so a reply with it came from the book) and one after 1. e4 (e7e5).
void write_book(const std::string& path) {
    const chess::Position start;
    chess::Position after_e4 = start;
    after_e4.make(*chess::move_from_uci(after_e4, "e2e4"));
    const auto code = [](const chess::Position& p, const char* uci) {
        return chess::move_to_polyglot(*chess::move_from_uci(p, uci));
    };
    const auto book = book::Book::from_entries({
        {chess::polyglot_key(start), code(start, "e2e4"), 300, 0},
        {chess::polyglot_key(start), code(start, "a2a3"), 700, 0},
        {chess::polyglot_key(after_e4), code(after_e4, "e7e5"), 5, 0},
    });
    EXPECT_TRUE(book.save(path).ok());
}

// A session with that book as BookFile and OwnBook on.
class UciBook : public ::testing::Test {
protected:
    void SetUp() override {
        write_book(path);
        s.handle("setoption name BookFile value " + path);
        s.handle("setoption name OwnBook value true");
    }

    // The answer to a position and a go command.
    std::string go(const std::string& position) {
        out.str("");
        s.handle(position);
        s.handle("go depth 2");
        s.wait();
        return out.str();
    }

    // Its own directory: ctest runs these tests in parallel processes.
    const test::TempDir dir{"kibitz_uci_book"};
    const std::string path = dir.file("book.bin");
    std::ostringstream out;
    Session s{out};
};

TEST_F(UciBook, OwnBookPlaysTheBookMoveAtOnce) {
    s.handle("setoption name BookBestMove value true");
    std::string reply = go("position startpos");
    EXPECT_NE(reply.find("info string book move a2a3\nbestmove a2a3"), std::string::npos) << reply;
    reply = go("position startpos moves e2e4");
    EXPECT_NE(reply.find("bestmove e7e5"), std::string::npos) << reply;
    // Out of the book: a search.
    reply = go("position startpos moves e2e4 e7e5");
    EXPECT_EQ(reply.find("book move"), std::string::npos) << reply;
    EXPECT_NE(reply.find("info depth"), std::string::npos) << reply;
    // OwnBook off: a search.
    s.handle("setoption name OwnBook value false");
    reply = go("position startpos");
    EXPECT_EQ(reply.find("book move"), std::string::npos) << reply;
    // An endless analysis is never cut short by the book.
    s.handle("setoption name OwnBook value true");
    out.str("");
    s.handle("position startpos");
    s.handle("go infinite");
    s.handle("stop");
    s.wait();
    EXPECT_EQ(out.str().find("book move"), std::string::npos) << out.str();
}

TEST_F(UciBook, WeightedChoiceAndBookDepth) {
    int a3 = 0, e4 = 0;
    for (int i = 0; i < 200; ++i) {
        const std::string reply = go("position startpos");
        a3 += reply.find("book move a2a3\nbestmove a2a3") != std::string::npos;
        e4 += reply.find("book move e2e4\nbestmove e2e4") != std::string::npos;
    }
    EXPECT_EQ(a3 + e4, 200);
    EXPECT_GT(a3, 110);  // 70% expected: 140 +- 6.5
    EXPECT_GT(e4, 30);   // 30% expected: 60 +- 6.5
    // BookDepth N: the book is used up to move N of the game (the FEN's move number counts).
    const std::string after_e4 =
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    s.handle("setoption name BookDepth value 1");
    std::string reply = go(after_e4);
    EXPECT_EQ(reply.find("book move"), std::string::npos) << reply;
    s.handle("setoption name BookDepth value 2");
    reply = go(after_e4);
    EXPECT_NE(reply.find("book move e7e5"), std::string::npos) << reply;
}

TEST_F(UciBook, BadBookFileIsNamedAndTheOldBookStays) {
    s.handle("setoption name BookBestMove value true");
    out.str("");
    s.handle("setoption name BookFile value /no/such/book.bin");
    EXPECT_NE(out.str().find("/no/such/book.bin"), std::string::npos) << out.str();
    EXPECT_NE(go("position startpos").find("bestmove a2a3"), std::string::npos);
    out.str("");
    s.handle("setoption name BookDepth value 0");
    EXPECT_NE(out.str().find("error"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace kibitz::uci
