// The PGN reader's limits (pgn.h): hostile input gives an error that names the limit, never a
// crash or a runaway, and reading goes on with the next game where it can.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/pgn.h"

namespace kibitz::chess {
namespace {

// The results of reading: "ok N moves" or "error: <message>" per game, and whether it stopped.
struct ReadResult {
    std::vector<std::string> games;
    bool stopped = false;
};

ReadResult read_all(PgnReader& reader) {
    ReadResult out;
    while (auto g = reader.next())
        out.games.push_back(*g ? "ok " + std::to_string((*g)->moves.size()) + " moves"
                               : "error: " + g->error());
    out.stopped = reader.stopped();
    return out;
}

ReadResult read_text(std::string_view text) {
    PgnReader reader(text);
    return read_all(reader);
}

ReadResult read_stream(const std::string& text) {
    std::istringstream in(text);
    PgnReader reader(in);
    return read_all(reader);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

const std::string kNextGame = "\n[Event \"next\"]\n\n1. e4 e5 2. Nf3 *\n";

// 1. e4 followed by `depth` variations, each inside the one before: (1. d4 (1. d4 ... ))).
std::string nested(int depth) {
    std::string text = "[Event \"deep\"]\n\n1. e4 ";
    for (int i = 0; i < depth; ++i) text += "(1. d4 ";
    text += std::string(std::size_t(depth), ')');
    return text + " *\n";
}

// 100,000 nested variations (about 800 KB, one line) crashed the reader's callers with a stack
// overflow: the game is now an error naming the limit, and the next game is read.
TEST(PgnLimits, DeepNestingIsAnErrorNotACrash) {
    const std::string text = nested(100000) + kNextGame;
    for (const ReadResult& r : {read_text(text), read_stream(text)}) {
        ASSERT_EQ(r.games.size(), 2u);
        EXPECT_TRUE(contains(r.games[0],
                             "line 3, column 1799: variations nested more than 256 "
                             "deep, the most the PGN reader follows"))
            << r.games[0];
        EXPECT_EQ(r.games[1], "ok 3 moves");
        EXPECT_FALSE(r.stopped);
    }
}

TEST(PgnLimits, NestingUpToTheLimitIsReadAndWritten) {
    const std::string text = nested(kMaxVariationDepth);
    PgnReader reader(text);
    auto game = reader.next();
    ASSERT_TRUE(game && *game) << (game ? game->error() : "no game");
    // The written game reads back the same: every level survives.
    const std::string written = write_pgn(**game);
    PgnReader again(written);
    auto reread = again.next();
    ASSERT_TRUE(reread && *reread) << (reread ? reread->error() : "no game");
    EXPECT_EQ(write_pgn(**reread), written);
    int depth = 0;
    for (const auto* moves = &(*reread)->moves; !moves->empty() && !(*moves)[0].variations.empty();
         moves = &(*moves)[0].variations[0])
        ++depth;
    EXPECT_EQ(depth, kMaxVariationDepth);
    EXPECT_FALSE(read_text(nested(kMaxVariationDepth + 1)).games[0].starts_with("ok"));
}

// A line without an end, as /dev/zero gives, stops the reading at 1 MiB.
TEST(PgnLimits, ALineLongerThanTheLimitStopsTheReading) {
    const std::string text = "[Event \"a\"]\n\n1. e4 *\n\n" + std::string(2 << 20, 'x') + kNextGame;
    for (const ReadResult& r : {read_text(text), read_stream(text)}) {
        ASSERT_EQ(r.games.size(), 2u);
        EXPECT_EQ(r.games[0], "ok 1 moves");
        EXPECT_EQ(r.games[1],
                  "error: line 5: the line is longer than 1 MiB, the most a PGN line may hold; "
                  "reading stops here");
        EXPECT_TRUE(r.stopped);
    }
    std::ifstream zero("/dev/zero", std::ios::binary);
    PgnReader reader(zero);
    const ReadResult r = read_all(reader);
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_TRUE(contains(r.games[0], "line 1: the line is longer than 1 MiB")) << r.games[0];
    EXPECT_TRUE(r.stopped);
}

TEST(PgnLimits, AGameLargerThanTheLimitIsSkipped) {
    // 17 MiB of short comments after one move: no single comment or line is too long.
    const std::string line = "{" + std::string(1000, 'c') + "}\n";
    std::string text = "[Event \"huge\"]\n\n1. e4\n";
    while (text.size() <= kMaxPgnGameBytes + (1 << 20)) text += line;
    text += "*\n" + kNextGame;
    const ReadResult r = read_stream(text);
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.games[0],
              "error: line 1: the game is larger than 16 MiB, the most one PGN game may hold");
    EXPECT_EQ(r.games[1], "ok 3 moves");
}

TEST(PgnLimits, ACommentLongerThanTheLimitIsAnError) {
    std::string text = "[Event \"talk\"]\n\n1. e4 {";
    for (int i = 0; i < 1100; ++i) text += std::string(1000, 'w') + "\n";
    text += "} e5 *\n" + kNextGame;
    const ReadResult r = read_text(text);
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.games[0],
              "error: line 3, column 7: the comment is longer than 1 MiB, the most a PGN "
              "comment may hold");
    EXPECT_EQ(r.games[1], "ok 3 moves");
}

TEST(PgnLimits, ATagValueLongerThanTheLimitIsAnError) {
    const std::string text = "[Event \"" + std::string(70000, 'e') + "\"]\n\n1. e4 *\n" + kNextGame;
    const ReadResult r = read_text(text);
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.games[0],
              "error: line 1, column 8: tag Event: the value is longer than 64 KiB, the most a "
              "PGN tag value may hold");
    EXPECT_EQ(r.games[1], "ok 3 moves");
}

// The error quotes a bad token clipped: a 200 KB word does not make a 200 KB message.
TEST(PgnLimits, AHugeBadTokenIsClippedInTheMessage) {
    const ReadResult r = read_text("[Event \"x\"]\n\n1. " + std::string(200000, 'z') + " *\n");
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_LT(r.games[0].size(), 200u) << r.games[0].substr(0, 300);
    EXPECT_TRUE(contains(r.games[0], "move 1. " + std::string(60, 'z') + "... is not a move"))
        << r.games[0].substr(0, 300);
}

}  // namespace
}  // namespace kibitz::chess
