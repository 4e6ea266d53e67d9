// `kibitz lab`: the seed papers' experiments, rerun on Kibitz. Each experiment searches the
// same positions with every variant it compares and writes a Markdown report with SVG plots
// into its own folder (out/<name>/README.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "chess/position.h"
#include "core/files.h"
#include "core/result.h"
#include "core/svg.h"
#include "core/timer.h"
#include "othello/board.h"

namespace kibitz::lab {

// The plots and the Status type are core's.
using core::Bar;
using core::BarChart;
using core::compact_number;
using core::Done;
using core::LinePlot;
using core::render_svg;
using core::Series;
using core::Status;
using core::write_file;

struct Options {
    std::string positions;  // EPD/FEN lines or a PGN file; "" = the experiment's default set
    std::string othello_positions;  // an OBF file for the Othello experiments; "" = self-play
    int depth = 0;                  // deepest search; 0 = the experiment's default
    std::string out = "docs/lab";
    std::string command;           // the command line, for the report headers
    std::string kibitz_path;       // this binary, for experiments that play matches
    int games = 0;                 // games per pairing in tournaments; 0 = the default
    int concurrency = 2;           // games at once in tournaments
    std::int64_t movetime_ms = 0;  // fixed time per position or move; 0 = the default
    bool quick = false;            // smaller sizes, for tests: seconds instead of minutes
};

// Prints "[name] what k/n  elapsed  ETA" lines on the log: at most one a second, and always the
// last one.
class Progress {
public:
    Progress(std::ostream& log, std::string prefix, int total);
    void step(const std::string& what);  // one item done
    void note(const std::string& line);  // a line of its own

private:
    std::ostream& log_;
    std::string prefix_;
    int total_, done_ = 0;
    core::Stopwatch clock_;
    std::int64_t last_ms_ = -1000;
};

// The game an experiment searches.
enum class GameKind { kChess, kOthello };

// What an experiment gets: the options, its positions, its folder, the log and the stop flag.
// A chess experiment gets chess positions, an Othello experiment Othello positions; the other
// vector stays empty.
struct Context {
    const Options& options;
    std::vector<chess::Position> positions;
    std::string positions_name;  // where they came from, for the report (Markdown)
    std::string dir;             // out/<name>, created before run
    std::ostream& log;
    const std::atomic<bool>& stop;
    std::vector<othello::Board> othello_positions = {};

    int depth_or(int fallback) const { return options.depth > 0 ? options.depth : fallback; }
    bool stopped() const { return stop.load(std::memory_order_relaxed); }
    std::size_t position_count() const { return positions.size() + othello_positions.size(); }
};

struct Experiment {
    std::string name;   // folder and command name, e.g. "ordering"
    std::string title;  // "Move ordering"
    std::string claim;  // one line: what the papers say, for `lab list`
    std::function<Status(Context&)> run;
    GameKind game = GameKind::kChess;
};

// Every experiment, in the order of the issue (1..9), then experiments 2-5 on Othello (10..13).
const std::vector<Experiment>& experiments();
const Experiment* find_experiment(const std::string& name);

// Runs one experiment: loads the positions, creates the folder, runs it; Ctrl-C (stop) ends it
// without a report.
Status run_experiment(const Experiment& e, const Options& options, std::ostream& log,
                      const std::atomic<bool>& stop);

// The default positions: taken every 9 plies from ply 10 to ply 60 (moves 5 to 30, both sides
// to move) of master games: data/lab/positions.epd, made by `kibitz lab positions`.
std::string default_positions_file();

// Positions from a file: one FEN (or EPD) a line, '#' comments; or, for a .pgn file, the
// positions after plies 10, 19, ..., 55 of each game. The error names the file and line.
core::Result<std::vector<chess::Position>> load_positions(const std::string& path);

// The default Othello positions, made in code so that they need no file: `games` games that
// the lab's alpha-beta (Kibitz's full Othello evaluation, killers and history, `depth` plies)
// plays against itself after `random_plies` random moves drawn with `seed`; from each, the
// positions after plies first, first + every, ..., last that are not over. Duplicates are
// dropped. The same arguments give the same positions.
struct OthelloSample {
    std::uint64_t seed = 2004;  // the year of the seed's Othello article
    int games = 10;
    int random_plies = 8;
    int depth = 4;
    int first = 16, every = 8, last = 40;
};
std::vector<othello::Board> sample_othello_positions(const OthelloSample& sample);
// One line of Markdown that says how sample_othello_positions made its positions.
std::string describe(const OthelloSample& sample);

// Othello positions from an OBF file (data/othello/*.obf); the error names the file and line.
core::Result<std::vector<othello::Board>> load_othello_positions(const std::string& path);

// Writes data/lab/positions.epd's content: positions from PGN games every `every` plies from
// `first` to `last`, at most `max` in all, as EPD with a comment (c0 "FILE game N ply P").
core::Result<std::string> sample_positions(const std::vector<std::string>& pgn_files, int first,
                                           int last, int every, int max);

}  // namespace kibitz::lab
