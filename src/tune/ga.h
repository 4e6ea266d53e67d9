// The genetic algorithm of the seed thesis for piece values: a chromosome holds some evaluation
// weights (by default the knight, bishop and rook values; pawn fixed at 100, queen at 1000);
// tournament selection pits two random chromosomes against each other until one has won
// `wins` games and the loser leaves; each loser is replaced by a single-point crossover of two
// random survivors, mutated (every gene moved by up to +-50) with some probability.
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/rng.h"
#include "dist/dist.h"
#include "eval/weights.h"

namespace kibitz::tune {

// One gene: a weight's middlegame and endgame values together (kBoth, the thesis's untapered
// piece value) or one of them.
struct GeneSpec {
    enum Part { kBoth, kMg, kEg };
    std::string name;  // the weight's for_each_param name, e.g. "material.knight"
    Part part = kBoth;
    int param = 0;  // the weight's index in for_each_param order

    // The name with ".mg" or ".eg" appended for a tapered gene: "material.knight.mg".
    std::string label() const;
};

// A weight that the algorithm never changes (the thesis fixes pawn 100 and queen 1000).
struct FixedWeight {
    std::string name;
    int mg = 0, eg = 0;
};

using Chromosome = std::vector<int>;  // one value per gene, in make_genes order

// A member of the population: its genes, a unique number and the generation it was born in.
struct Member {
    int id = 0;
    int born = 0;
    Chromosome genes;
};

struct GaOptions {
    int population = 12;
    int generations = 30;  // finished generations at the end (a resumed run counts the old ones)
    int wins = 4;          // a match ends when one side has won this many games
    int max_games = 16;    // ... or after this many: more points wins, equal ones a seeded coin
    std::uint64_t nodes = 3000;  // per move (0: none)
    int depth = 0;               // per move (0: none)
    int random_plies = 8;        // random opening moves; both games of a colour pair share one
    double mutation_rate = 0.3;  // probability that a child is mutated
    int mutation_range = 50;     // a mutation adds U[-range, range] to every gene
    int init_min = 200, init_max = 700;  // start range of material genes (piece values)
    int init_spread = 50;                // other genes start at their base value +- this
    std::vector<std::string> genes = {"material.knight", "material.bishop", "material.rook"};
    bool tapered = false;  // false: one gene per weight (mg = eg); true: separate mg, eg genes
    std::vector<FixedWeight> fixed = {{"material.pawn", 100, 100}, {"material.queen", 1000, 1000}};
    eval::Weights base = eval::default_weights();  // every weight that is neither gene nor fixed
    std::string base_file;                         // where base came from (for the report)
    int concurrency = 2;                           // matches at once, two engines each
    int hash_mb = 4;                               // per engine
    std::uint64_t seed = 1;
    std::string out;      // directory: log.csv, population.csv, weights.svg, state.json, ...
    bool resume = false;  // continue from out/state.json
    std::string command;  // for the report (default: built from the options)
};

// The index of the weight named name in for_each_param order, or -1 when there is none.
int find_param(std::string_view name);

// Parses "material.pawn=100,material.queen=1000" (NAME=V sets mg and eg, NAME=MG:EG each);
// "" and "none" are the empty list. Errors name the bad entry or the unknown weight.
core::Result<std::vector<FixedWeight>> parse_fixed(std::string_view text);

// The inverse of parse_fixed ("none" for the empty list).
std::string fixed_to_text(const std::vector<FixedWeight>& fixed);

// The genes of options: every weight whose name starts with one of options.genes, in
// for_each_param order, fixed weights excluded; two genes per weight when tapered. A prefix
// that matches no weight (or only fixed ones) and an unknown fixed name are errors naming them.
core::Result<std::vector<GeneSpec>> make_genes(const GaOptions& options);

// base with the fixed weights and then the chromosome's genes set.
eval::Weights apply(const Chromosome& c, const std::vector<GeneSpec>& genes,
                    const std::vector<FixedWeight>& fixed, const eval::Weights& base);

// A random chromosome: material genes uniform in [init_min, init_max], others at their base
// value (the mean of mg and eg for a kBoth gene) plus U[-init_spread, init_spread].
Chromosome random_chromosome(const std::vector<GeneSpec>& genes, const GaOptions& options,
                             core::SplitMix64& rng);

// Single-point crossover: a's genes before a cut drawn uniformly in 1..n-1, b's from it on; with
// one gene, a copy of a or b chosen at random. a and b have the same length.
Chromosome crossover(const Chromosome& a, const Chromosome& b, core::SplitMix64& rng);

// Adds U[-range, range] to every gene of c.
void mutate(Chromosome& c, int range, core::SplitMix64& rng);

struct GaReport {
    int generation = 0;       // finished generations (including those of a resumed run)
    std::uint64_t games = 0;  // played in them
    double seconds = 0;       // their time, over every run
    std::vector<GeneSpec> genes;
    std::vector<Member> population;
    std::vector<double> mean;  // per gene: the population mean at the end
    eval::Weights weights;     // apply() of the rounded mean
    bool stopped = false;      // *stop ended the run; the generation under way was abandoned
};

// Runs (or with options.resume continues) the algorithm until options.generations generations
// have finished or *stop becomes true, rewriting the outputs in options.out after each one.
// Progress lines go to log. Deterministic for given options, whatever the thread timing and,
// under MPI, the number of ranks.
core::Result<GaReport> run_ga(const GaOptions& options, std::ostream& log,
                              const std::atomic<bool>* stop = nullptr);

// A worker rank's slot under MPI (dist.h): plays the matches rank 0's run_ga sends, with two
// engines of its own. Rank 0 keeps the population and writes every output.
dist::Handler ga_handler();

}  // namespace kibitz::tune
