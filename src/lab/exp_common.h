// What experiments 2-5 share between chess and Othello (exp_<name>.cpp and
// exp_othello_<name>.cpp): the search over either game's positions, the ideal tree, and the
// tables, plots and headlines of experiments 3-5, with the game's texts and numbers passed in.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lab/measure.h"
#include "lab/report.h"

namespace kibitz::lab {

// The positions of ctx, chess or Othello (whichever it holds), searched with config to depth and
// scored by the game's full evaluation: measure() or measure_othello().
Totals measure_full(Context& ctx, const Config& config, Depth depth, std::size_t tt_mb,
                    Progress* progress, const std::string& what);

// What the titles and headlines of an experiment on the game of ctx begin with: "" for chess,
// "Othello: " for Othello.
std::string game_prefix(const Context& ctx);

// A plot's title or caption for the game of ctx: as written for chess; for Othello "Othello: "
// and the title with its first letter in lower case.
std::string titled(const Context& ctx, const std::string& title);

// Whether, at every depth, every configuration that reached it returned the same values
// (results[configuration][depth - 1]).
bool same_scores(const std::vector<std::vector<Totals>>& results);

// Knuth and Moore's perfectly ordered tree, W^ceil(D/2) + W^floor(D/2) - 1 leaves, with each
// position's W the geometric mean branching of its minimax tree (minimax searched to depth).
class IdealTree {
public:
    IdealTree(const Totals& minimax, int depth);
    double mean_width() const { return mean_width_; }
    double leaves(int depth) const;  // mean per position

private:
    std::vector<double> width_;
    double mean_width_ = 0;
};

// --- Experiment 3, move ordering (exp_ordering.cpp) ---

struct Ordering {
    std::string name;
    Config config;
    int max_depth;
};

// The orderings that each add to the one before, searched with quiescence plies of quiescence
// to max_depth: worst first, as generated, MVV-LVA (where there are captures), killers,
// history, the table's move, iterative deepening.
std::vector<Ordering> adding_orderings(int quiescence, bool captures, int max_depth);

// Beta cutoffs of a search, and how many the first move (or one of the first three) made.
struct Cutoffs {
    std::uint64_t nodes = 0, cutoffs = 0, first = 0, first3 = 0;
    void add(const search::Stats& s);
    double first_share() const { return cutoffs ? double(first) / double(cutoffs) : 0.0; }
    double first3_share() const { return cutoffs ? double(first3) / double(cutoffs) : 0.0; }
};

// The cutoffs of the engine's own search (an Engine set to make_game(position)) of each of
// positions to depth.
template <class Engine, class Positions, class MakeGame>
Cutoffs engine_cutoffs(Context& ctx, const Positions& positions, int depth, MakeGame make_game) {
    Cutoffs row;
    search::Limits limits;
    limits.depth = depth;
    for (const auto& pos : positions) {
        if (ctx.stopped()) break;
        Engine e;
        e.set_position(make_game(pos));
        e.search_now(limits);
        row.add(e.stats());
    }
    return row;
}

// Searches with each ordering to depth 1, 2, ..., its max_depth (results[ordering][depth - 1]);
// an ordering stops deepening when the next depth, taken as growth times the last one, would
// cost more than budget nodes in all.
std::vector<std::vector<Totals>> measure_orderings(Context& ctx, const std::vector<Ordering>& list,
                                                   std::uint64_t budget, int growth,
                                                   Progress& progress);

// The section "Nodes per position by depth": a table and a plot, one line per ordering.
void report_nodes(Report& r, const Context& ctx, const std::vector<Ordering>& list,
                  const std::vector<std::vector<Totals>>& results, int max_depth);

// The section "Cutoffs on the first move": tables of the share of cutoffs by the first move and
// by one of the first three, with the engine's search to max_depth as the last row, and a bar
// chart. text describes them up to " to depth N, K nodes a position.", which is added.
void report_cutoffs(Report& r, const Context& ctx, const std::vector<Ordering>& list,
                    const std::vector<std::vector<Totals>>& results, int max_depth,
                    const Cutoffs& engine, const std::string& text);

// The headline of the first-move cutoffs: the ordering with iterative deepening and a table
// (its results by depth, named by label) against the thesis's 75% and 90% (paper).
void headline_cutoffs(Report& r, const Context& ctx, const std::string& paper,
                      const std::vector<Totals>& id, const std::string& label,
                      const Cutoffs& engine);

// --- Experiment 4, NegaScout/PVS and MTD(f) against alpha-beta (exp_algorithms.cpp) ---

struct AlgorithmsSetup {
    std::string name;   // for the progress lines
    std::string title;  // the report's
    Config base;        // alpha-beta; the others add NegaScout, ID + TT, MTD(f)
    int max_depth;
    int table_depths;  // the table shows depth 1 and this many of the deepest
    int ms_decimals;
    bool previous_depth = false;  // the headlines give the depth before the last one too
    std::string paper;            // the thesis's figure, as the headline gives it
    std::string intro, why;
};

// Runs experiment 4 as set up, writes its report.
Status run_algorithms(Context& ctx, const AlgorithmsSetup& s);

// --- Experiment 5, the transposition table (exp_hashing.cpp) ---

struct EngineTotals {
    std::uint64_t nodes = 0;
    std::int64_t ms = 0;
};

// The sum of search(position), an EngineTotals, over positions; progress steps with what.
template <class Positions, class Search>
EngineTotals add_up(Context& ctx, const Positions& positions, Progress& progress,
                    const std::string& what, Search search) {
    EngineTotals t;
    for (const auto& pos : positions) {
        if (ctx.stopped()) break;
        const EngineTotals one = search(pos);
        t.nodes += one.nodes;
        t.ms += one.ms;
        progress.step(what);
    }
    return t;
}

// The engine's search of every position of ctx to depth, with a table of mb megabytes (with
// table) or none, stepping progress with what.
using EngineSearch = std::function<EngineTotals(Context& ctx, bool table, int depth, std::size_t mb,
                                                Progress& progress, const std::string& what)>;

struct HashingSetup {
    std::string name, title;  // as in AlgorithmsSetup
    int quiescence = -1;      // of the lab's search (killers, history, iterative deepening)
    int depth;                // of the lab's search
    int engine_depth;         // of the engine's
    int direct_from;          // iterative against direct from this depth to depth
    // Part A's text: "<lab_search> to depth D, where the table …; and <engine_search> to depth
    // E, where entries of any sufficient depth cut<engine_note>".
    std::string lab_search, engine_search, engine_note;
    std::string engine_chart;  // "<engine_chart> to depth N: nodes by table size"
    std::string table_claim;   // the headline on the table's saving
    std::string lab_label;     // and its part on the lab's search, before ": "
    std::string why;
};

// Runs experiment 5 as set up, with the game's engine search; writes its report.
Status run_hashing(Context& ctx, const HashingSetup& s, const EngineSearch& engine);

}  // namespace kibitz::lab
