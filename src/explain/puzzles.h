// The motif test on tagged puzzles (the Lichess puzzle CSV): for each puzzle the opponent's
// setup move (the mistake) and the solver's first move are explained, and the motifs named are
// compared with the puzzle's themes, theme by theme (recall and precision).
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "core/result.h"
#include "explain/explain.h"

namespace kibitz::explain {

// One puzzle: the position before the setup move, the moves (setup first) and the themes.
struct Puzzle {
    std::string id;
    chess::Position position;
    std::vector<chess::Move> moves;
    std::vector<std::string> themes;
};

// The comma-separated fields of one CSV row of a puzzle file (Lichess's have no quoted
// fields), empty ones included: "a,,b" gives "a", "", "b".
std::vector<std::string_view> csv_fields(std::string_view row);

// A puzzle from its fields: the id, the FEN, the moves (UCI, setup first, separated by spaces)
// and the themes (separated by spaces). The error names the puzzle and the field that is wrong.
core::Result<Puzzle> make_puzzle(std::string_view id, std::string_view fen, std::string_view moves,
                                 std::string_view themes);

// Reads one CSV row "PuzzleId,FEN,Moves,Rating,…,Themes,…" (Lichess's column order). The error
// names the field that is wrong (a bad FEN, an illegal move with its index, too few fields).
core::Result<Puzzle> parse_puzzle(std::string_view row);

// Reads the rows offset … offset + limit - 1 (limit 0: all) of a puzzle CSV with its header;
// the error names the file, the line number and what was wrong.
core::Result<std::vector<Puzzle>> read_puzzles(const std::string& path, int offset, int limit);

// The themes the test measures, in table order.
const std::vector<std::string>& measured_themes();

// The motifs of the two explanations of a puzzle.
struct PuzzleAnswer {
    std::vector<std::string> setup;         // explaining the setup move (the opponent's mistake)
    std::vector<std::string> solution;      // explaining the solver's first move
    std::string setup_line, solution_line;  // their lines in UCI, for the disagreement list
};

// Explains the setup move and the first solution move of p.
PuzzleAnswer explain_puzzle(Explainer& explainer, const Puzzle& p);

// Counts for one theme: puzzles tagged with it, and of those how many answers name it;
// answers naming it, and of those how many the tags confirm.
struct ThemeCount {
    int tagged = 0, found = 0, reported = 0, confirmed = 0;
};

// The tallies of the two explanations over the puzzles seen.
struct MotifTable {
    int puzzles = 0;
    std::map<std::string, std::array<ThemeCount, 2>> themes;  // [0] setup, [1] solution
};

// Adds one puzzle's answer to the table (measured themes only).
void tally(const Puzzle& p, const PuzzleAnswer& a, MotifTable& table);

// The table as text: one row per measured theme with recall and precision of each explanation.
std::string format_table(const MotifTable& table);

// One line per measured theme on which the answer and the tags disagree, for reading by hand:
// "id theme missed|extra setup|solution FEN moves answer-line"; empty when they agree.
std::string disagreements(const Puzzle& p, const PuzzleAnswer& a);

}  // namespace kibitz::explain
