// PGN: tags, comments, NAGs, variations, loose notation, errors with lines, resynchronisation,
// write/read round trips, wrapping, and every game of the project's and the shared PGN files.
#include "chess/pgn.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "chess/san.h"
#include "core/timer.h"

namespace kibitz::chess {
namespace {

namespace fs = std::filesystem;

// All results of reading text: games, or "error: <message>" strings in their place.
struct ReadAll {
    std::vector<PgnGame> games;
    std::vector<std::string> errors;  // "game N: message"
};

ReadAll read_all(std::string_view text) {
    ReadAll out;
    PgnReader reader(text);
    while (auto g = reader.next()) {
        if (*g)
            out.games.push_back(std::move(**g));
        else
            out.errors.push_back("game " + std::to_string(reader.games()) + ": " + g->error());
    }
    return out;
}

PgnGame read_one(std::string_view text) {
    auto all = read_all(text);
    EXPECT_TRUE(all.errors.empty()) << all.errors.front();
    EXPECT_EQ(all.games.size(), 1u);
    return all.games.empty() ? PgnGame{} : all.games.front();
}

std::string sans(const std::vector<PgnMove>& moves) {
    std::string s;
    for (const auto& m : moves) s += (s.empty() ? "" : " ") + m.san;
    return s;
}

// Everything a reader can give back, as text, for comparing games.
std::string dump(const std::vector<PgnMove>& moves) {
    std::string s;
    for (const auto& m : moves) {
        s += "[" + m.comment_before + "]" + m.san + "/" + std::to_string(m.move.raw());
        for (int n : m.nags) s += "$" + std::to_string(n);
        s += "[" + m.comment_after + "]";
        for (const auto& v : m.variations) s += "(" + dump(v) + ")";
        s += ' ';
    }
    return s;
}
std::string dump(const PgnGame& g) {
    std::string s = "fen=" + g.start_fen + " result=" + g.result + " comment=" + g.comment + "\n";
    for (const auto& [k, v] : g.tags)
        if (k != "Result") s += k + "=" + v + "\n";
    return s + dump(g.moves);
}

TEST(PgnRead, TagsAndEscapes) {
    const auto g = read_one(R"([Event "A \"quoted\" name \\ here"]
[Site "The "Big" Match"]
[Date "2024.01.02"]  [Round "3"]
[White "Doe, J"]
[Result "1-0"]

1. e4 1-0
)");
    EXPECT_EQ(g.tag("Event"), R"(A "quoted" name \ here)");
    EXPECT_EQ(g.tag("Site"), R"(The "Big" Match)");  // nested quotes recovered
    EXPECT_EQ(g.tag("Round"), "3");
    EXPECT_EQ(g.tag("Black"), "");
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.first_line, 1);
    EXPECT_EQ(sans(g.moves), "e4");
}

TEST(PgnRead, CommentsEscapesAndNags) {
    const auto g = read_one(R"([Event "x"]

{Game comment
over two lines} 1. e4 $1 {best
by test} e5 ; rest of line
% an escape line: 2. d4 is not read
2. Nf3! Nc6?! 3. Bb5 !? a6 $18 +- *
)");
    EXPECT_EQ(g.comment, "Game comment over two lines");
    ASSERT_EQ(g.moves.size(), 6u);
    EXPECT_EQ(g.moves[0].nags, std::vector<int>{1});
    EXPECT_EQ(g.moves[0].comment_after, "best by test");
    EXPECT_EQ(g.moves[1].comment_after, "rest of line");
    EXPECT_EQ(g.moves[2].san, "Nf3");
    EXPECT_EQ(g.moves[2].nags, std::vector<int>{1});
    EXPECT_EQ(g.moves[3].nags, std::vector<int>{6});
    EXPECT_EQ(g.moves[4].nags, std::vector<int>{5});
    EXPECT_EQ(g.moves[5].nags, (std::vector<int>{18, 18}));
    EXPECT_EQ(g.result, "*");
}

TEST(PgnRead, ASecondCommentIsBeforeTheNextMove) {
    // As ChessBase and Scid write a comment before a move: after the previous move's own.
    const auto g = read_one(
        "1. e4 {after e4} {before e5} e5 $1 {after e5} ; before Nf3\n"
        "2. Nf3 {x} (2. f4) {before Nc6} Nc6 {end} {of game} *");
    ASSERT_EQ(g.moves.size(), 4u);
    EXPECT_EQ(g.moves[0].comment_after, "after e4");
    EXPECT_EQ(g.moves[1].comment_before, "before e5");
    EXPECT_EQ(g.moves[1].comment_after, "after e5");
    EXPECT_EQ(g.moves[2].comment_before, "before Nf3");
    EXPECT_EQ(g.moves[3].comment_before, "before Nc6");
    EXPECT_EQ(g.moves[3].comment_after, "end of game");  // no move follows
    const std::string text = write_pgn(g);
    EXPECT_NE(text.find("1. e4 {after e4} {before e5} 1... e5 $1 {after e5} {before Nf3} 2. Nf3"),
              std::string::npos)
        << text;
    EXPECT_EQ(dump(read_one(text).moves), dump(g.moves));
}

TEST(PgnRead, NestedVariations) {
    const auto g = read_one(
        "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4 {English}) 1... e5 {main} (1... c5 "
        "2. Nf3) 2. Nf3 *");
    EXPECT_EQ(sans(g.moves), "e4 e5 Nf3");
    ASSERT_EQ(g.moves[0].variations.size(), 2u);
    const auto& d4 = g.moves[0].variations[0];
    EXPECT_EQ(sans(d4), "d4 d5 c4");
    ASSERT_EQ(d4[1].variations.size(), 1u);
    EXPECT_EQ(sans(d4[1].variations[0]), "Nf6 c4");
    EXPECT_EQ(g.moves[0].variations[1][0].comment_after, "English");
    EXPECT_EQ(g.moves[1].comment_after, "main");
    EXPECT_EQ(sans(g.moves[1].variations[0]), "c5 Nf3");
}

TEST(PgnRead, LooseNotation) {
    const auto g = read_one(R"([Event "Old"]
[Result "1/2"]
1 e4 e5 2.Nf3 Nc6 3 . Bc4 3... Bc5 4.0-0 Nf6 5 d4 exd4 6.e5 d5 7.exd6 e.p. 7…Bxd6 1/2
)");
    EXPECT_EQ(sans(g.moves), "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d4 exd4 e5 d5 exd6 Bxd6");
    EXPECT_EQ(g.result, "1/2-1/2");
}

TEST(PgnRead, ResultFromTagWhenMissingAndManyGames) {
    const auto all = read_all(R"([Event "1"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4#

[Event "2"]
[Result "1-0"]
1. e4 1-0
[Event "3"]

1. d4 *
[Event "4"]
[Result "*"]

[Event "5"]


1. c4


)");
    ASSERT_TRUE(all.errors.empty()) << all.errors.front();
    ASSERT_EQ(all.games.size(), 5u);
    EXPECT_EQ(all.games[0].result, "0-1");
    EXPECT_EQ(sans(all.games[0].moves), "f3 e5 g4 Qh4#");
    EXPECT_EQ(all.games[1].first_line, 6);
    EXPECT_EQ(all.games[2].tag("Event"), "3");
    EXPECT_TRUE(all.games[3].moves.empty());
    EXPECT_EQ(sans(all.games[4].moves), "c4");
    EXPECT_EQ(all.games[4].result, "*");
}

TEST(PgnRead, SetUpFenAndChess960) {
    const auto g = read_one(R"([Event "Endgame"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R b K - 3 40"]

40... Kd7 41. O-O Ke6 *
)");
    EXPECT_EQ(g.start_fen, "4k3/8/8/8/8/8/8/4K2R b K - 3 40");
    EXPECT_EQ(sans(g.moves), "Kd7 O-O Ke6");
    const auto c = read_one(R"([Variant "Chess960"]
[FEN "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1"]

1. O-O-O O-O-O 2. Rge1 *
)");
    EXPECT_TRUE(c.chess960());
    EXPECT_EQ(sans(c.moves), "O-O-O O-O-O Rge1");
    auto pos = start_position(c);
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(move_to_uci(*pos, c.moves[0].move), "b1a1");
    EXPECT_EQ(dump(read_one(write_pgn(c)).moves), dump(c.moves));
}

TEST(PgnRead, StreamsFromIstream) {
    std::istringstream in("[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n");
    PgnReader reader(in);
    auto a = reader.next();
    ASSERT_TRUE(a && *a);
    EXPECT_EQ(sans((*a)->moves), "e4 e5");
    auto b = reader.next();
    ASSERT_TRUE(b && *b);
    EXPECT_EQ((*b)->tag("Event"), "b");
    EXPECT_EQ((*b)->first_line, 5);
    EXPECT_FALSE(reader.next());
    EXPECT_EQ(reader.games(), 2);
}

TEST(PgnRead, ErrorsNameTheLine) {
    auto e = read_all("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nf6 *\n").errors;
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0],
              "game 1: line 3, column 29: move 3... Nf6 is illegal in "
              "rnbqkb1r/pppp1ppp/5n2/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3");
    e = read_all("[Event \"x\"]\n1. e4 {never\nclosed\n").errors;
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0], "game 1: line 2, column 7: unterminated comment: '{' has no matching '}'");
    e = read_all("[Event x]\n1. e4 *\n").errors;
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0], "game 1: line 1, column 8: tag Event: the value must be in double quotes");
    e = read_all("[Event \"x]\n1. e4 *\n").errors;
    EXPECT_EQ(e.at(0),
              "game 1: line 1, column 8: tag Event: value not closed by '\"]' on its line");
    e = read_all("1. e4 e5) *").errors;
    EXPECT_EQ(e.at(0), "game 1: line 1, column 9: ')' without a matching '('");
    e = read_all("1. e4 (1. d4 d5 *\n").errors;
    EXPECT_EQ(e.at(0), "game 1: line 1, column 7: unterminated variation: '(' has no matching ')'");
    e = read_all("( 1. e4 ) *").errors;
    EXPECT_EQ(e.at(0), "game 1: line 1, column 1: variation '(' before any move");
    e = read_all("1. e4 Nf6 Nf3 Ne4 Nc3 Nxf2 Nd5 Nxd1 Kxd1 Nonsense *").errors;
    EXPECT_EQ(e.at(0).substr(0, 64),
              "game 1: line 1, column 42: move 5... Nonsense is not a move in S");
    e = read_all("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n").errors;
    EXPECT_EQ(e.at(0).substr(0, 40), "game 1: line 3: bad FEN tag '8/8/8 w - -");
    e = read_all("[Variant \"crazyhouse\"]\n1. e4 *\n").errors;
    EXPECT_EQ(e.at(0), "game 1: line 1: variant 'crazyhouse' is not supported");
    e = read_all("1. e4 -- 2. d4 *").errors;
    EXPECT_EQ(e.at(0), "game 1: line 1, column 7: move 1... --: null moves are not supported");
}

TEST(PgnRead, ResynchronisesAfterAnError) {
    const auto all = read_all(R"([Event "good 1"]
1. e4 e5 *

[Event "bad move"]
[Site "?"]
1. e4 e5 2. Ke3 Nc6 (2... d6
3. d4) 3. Bc4 *

[Event "good 2"]
1. d4 *

[Event "bad tag
[Site "?"]
[Round "?"]
1. c4 *

[Event "unterminated comment"]
1. Nf3 { lost
[Event "good 3"]
1. g3 *
[Event "good 4"]
1. b3 )
[Event "good 5"]
1. a3 *
)");
    EXPECT_EQ(all.games.size(), 4u);
    std::vector<std::string> events;
    for (const auto& g : all.games) events.emplace_back(g.tag("Event"));
    EXPECT_EQ(events, (std::vector<std::string>{"good 1", "good 2", "good 3", "good 5"}));
    ASSERT_EQ(all.errors.size(), 4u);
    EXPECT_EQ(all.errors[0].substr(0, 45), "game 2: line 6, column 13: move 2. Ke3 is ill");
    EXPECT_EQ(all.errors[1].substr(0, 23), "game 4: line 12, column");
    EXPECT_EQ(all.errors[2].substr(0, 23), "game 5: line 18, column");
    EXPECT_EQ(all.errors[3], "game 7: line 22, column 7: ')' without a matching '('");
}

// A game using everything the writer knows.
constexpr std::string_view kRich = R"([Event "Rich \"test\""]
[Site "Here"]
[Date "2024.05.06"]
[Round "1"]
[White "W"]
[Black "B"]
[Result "1-0"]
[ECO "C50"]
[Annotator "Someone \\ else"]

{A game comment.} 1. e4 $1 {Best by test.} (1. d4 d5 (1... Nf6 2. c4 {Indian}) 2. c4)
1... e5 2. Nf3 Nc6 3. Bc4 {The Italian game, with a long comment that should wrap across the
eighty column limit of the export format, because it goes on and on and on.} 3... Bc5 $6
(3... Nf6 $5 4. Ng5 d5 5. exd5 Nxd5 $2 (5... Na5 $1) 6. Nxf7 $3 {Fried liver.}) 4. c3 Nf6
5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 {Moeller attack.} 9... Bf6 10. Re1 Ne7
11. Rxe4 d6 12. Bg5 Bxg5 13. Nxg5 h6 14. Qe2 hxg5 15. Re1 Be6 16. dxe6 f6 17. Re3 c6 18. Rh3
Rxh3 19. gxh3 g6 20. Qf3 Qa5 21. Rd1 1-0
)";

TEST(PgnWrite, RoundTripKeepsEverything) {
    const PgnGame g = read_one(kRich);
    const std::string text = write_pgn(g);
    const PgnGame again = read_one(text);
    EXPECT_EQ(dump(again), dump(g));
    EXPECT_EQ(write_pgn(again), text);
    EXPECT_EQ(g.moves[4].comment_after.substr(0, 20), "The Italian game, wi");
    // The roster comes first, in order, then the other tags.
    EXPECT_EQ(text.rfind("[Event \"Rich \\\"test\\\"\"]\n[Site \"Here\"]\n[Date ", 0), 0u);
    EXPECT_NE(text.find("[Result \"1-0\"]\n[ECO \"C50\"]\n[Annotator \"Someone \\\\ else\"]\n\n"),
              std::string::npos);
    EXPECT_NE(text.find("{A game comment.} 1. e4 $1 {Best by test.} (1. d4 d5 (1... Nf6 2. c4"),
              std::string::npos);
    EXPECT_NE(text.find("3... Bc5 $6 (3... Nf6 $5 4. Ng5"), std::string::npos);
    EXPECT_EQ(text.substr(text.size() - 5), " 1-0\n");
}

TEST(PgnWrite, WrapsAtEightyColumns) {
    PgnGame g = read_one(kRich);
    g.moves[10].comment_after = std::string(100, 'x') + " %not-an-escape [Event \"not a tag\"]";
    const std::string text = write_pgn(g);
    std::istringstream in(text);
    int lines = 0;
    for (std::string line; std::getline(in, line); ++lines) {
        if (line.find(std::string(100, 'x')) == std::string::npos) {
            EXPECT_LE(line.size(), 80u) << line;
        }
        if (lines > 12) {
            EXPECT_TRUE(line.empty() || (line[0] != '%' && line[0] != '[')) << line;
        }
    }
    EXPECT_GT(lines, 15);
    EXPECT_EQ(dump(read_one(text)), dump(g));
}

TEST(PgnWrite, DefaultsSetUpAndBlackFirst) {
    PgnGame g;
    g.start_fen = "4k3/8/8/8/8/8/8/4K2R b K - 3 40";
    g.set_tag("Annotator", "me");
    g.set_tag("SetUp", "ignored: written from start_fen");
    auto pos = start_position(g);
    ASSERT_TRUE(pos.ok());
    for (const char* san : {"Kd7", "O-O", "Ke6"}) {
        PgnMove m;
        m.move = *move_from_san(*pos, san);
        pos->make(m.move);
        g.moves.push_back(m);
    }
    g.result = "1/2-1/2";
    EXPECT_EQ(write_pgn(g),
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
              "[Black \"?\"]\n[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n"
              "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 40\"]\n[Annotator \"me\"]\n\n"
              "40... Kd7 41. O-O Ke6 1/2-1/2\n");
}

// ---------------------------------------------------------------------------------------
// Real files.

// Malformed games in the master-game files, found by reading all of them and checking each
// by hand: file name and the line of the error.
const std::set<std::string> kKnownMalformed = {
    // Game 3, Kamsky-Karpov, Dortmund 1993: after 19... Rhd8 a comment lost its opening '{'
    // and its text, leaving a stray '}' on a line of its own (again at line 326, after 37...
    // Bd7?). The moves are fine; the file is damaged.
    "pgnviewer_GM_games.pgn:284",
};

struct FileReport {
    long games = 0, moves = 0;
    std::set<std::string> malformed;  // "file:line"
};

void read_file(const fs::path& path, FileReport& report, bool round_trip) {
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path;
    PgnReader reader(in);
    while (auto g = reader.next()) {
        ++report.games;
        if (!*g) {
            report.malformed.insert(path.filename().string() + ":" +
                                    std::to_string(reader.last_error().line));
            continue;
        }
        report.moves += long((*g)->moves.size());
        if (!round_trip) continue;
        const std::string text = write_pgn(**g);
        const auto again = read_all(text);
        ASSERT_TRUE(again.errors.empty())
            << path << ":" << (*g)->first_line << " " << again.errors.front() << "\n"
            << text;
        ASSERT_EQ(again.games.size(), 1u);
        ASSERT_EQ(dump(again.games[0].moves), dump((*g)->moves)) << path << ":" << (*g)->first_line;
        ASSERT_EQ(write_pgn(again.games[0]), text);
    }
}

std::vector<fs::path> pgn_files_under(const fs::path& dir) {
    std::vector<fs::path> files;
    if (!fs::is_directory(dir)) return files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Malformed games expected in files: the known ones whose file name is among them.
std::set<std::string> expected_malformed(const std::vector<fs::path>& files) {
    std::set<std::string> names, out;
    for (const auto& f : files) names.insert(f.filename().string());
    for (const auto& m : kKnownMalformed)
        if (names.count(m.substr(0, m.find(':')))) out.insert(m);
    return out;
}

TEST(PgnFiles, ProjectData) {
    const auto files = pgn_files_under(fs::path(KIBITZ_SOURCE_DIR) / "data");
    if (files.empty()) GTEST_SKIP() << "skipped: no .pgn files under data/";
    FileReport report;
    for (const auto& f : files) read_file(f, report, true);
    EXPECT_EQ(report.malformed, expected_malformed(files));
}

TEST(PgnFiles, SharedOpeningsAndMasterGames) {
    const fs::path shared = fs::path(KIBITZ_SOURCE_DIR) / ".." / "shared" / "data";
    if (!fs::is_directory(shared)) GTEST_SKIP() << "skipped: ../shared/data not found";
    core::Stopwatch clock;

    FileReport openings;
    read_file(shared / "chess" / "openings" / "8moves_v3.pgn", openings, false);
    EXPECT_EQ(openings.games, 34700);
    EXPECT_TRUE(openings.malformed.empty()) << *openings.malformed.begin();
    EXPECT_EQ(openings.moves, 34700 * 16);

    const auto files = pgn_files_under(shared / "chess" / "games");
    FileReport masters;
    for (const auto& f : files) read_file(f, masters, true);
    EXPECT_EQ(masters.games, 786);
    EXPECT_EQ(masters.malformed, expected_malformed(files));
    EXPECT_EQ(masters.malformed.size(), kKnownMalformed.size());
    RecordProperty("ms", std::to_string(clock.elapsed_ms()));
}

}  // namespace
}  // namespace kibitz::chess
