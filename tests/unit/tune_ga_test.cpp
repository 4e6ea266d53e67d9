// The genetic algorithm: gene selection, applying a chromosome, crossover and mutation, and small
// real runs that write their outputs, resume to the same population, and refuse to overwrite.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "eval/weights_io.h"
#include "tune/ga.h"

namespace kibitz::tune {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> labels(const std::vector<GeneSpec>& genes) {
    std::vector<std::string> out;
    for (const auto& g : genes) out.push_back(g.label());
    return out;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A fresh empty directory under the temp directory.
fs::path fresh_dir(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("kibitz_ga_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(dir);
    return dir;
}

GaOptions tiny_run(const fs::path& dir, int generations) {
    GaOptions o;
    o.population = 4;
    o.generations = generations;
    o.nodes = 300;
    o.concurrency = 2;
    o.hash_mb = 1;
    o.seed = 5;
    o.out = dir.string();
    return o;
}

TEST(TuneGa, DefaultGenesAreKnightBishopRook) {
    const auto genes = make_genes(GaOptions{});
    ASSERT_TRUE(genes.ok()) << genes.error();
    EXPECT_EQ(labels(*genes),
              (std::vector<std::string>{"material.knight", "material.bishop", "material.rook"}));
    EXPECT_EQ((*genes)[0].param, 1);
    EXPECT_EQ((*genes)[0].part, GeneSpec::kBoth);
}

TEST(TuneGa, PrefixWidensToEveryMatchingWeight) {
    GaOptions o;
    o.genes = {"mobility.knight"};
    const auto genes = make_genes(o);
    ASSERT_TRUE(genes.ok()) << genes.error();
    ASSERT_EQ(genes->size(), 9u);
    EXPECT_EQ(genes->front().label(), "mobility.knight.0");
    EXPECT_EQ(genes->back().label(), "mobility.knight.8");

    o.tapered = true;
    const auto tapered = make_genes(o);
    ASSERT_TRUE(tapered.ok());
    ASSERT_EQ(tapered->size(), 18u);
    EXPECT_EQ((*tapered)[0].label(), "mobility.knight.0.mg");
    EXPECT_EQ((*tapered)[1].label(), "mobility.knight.0.eg");
    EXPECT_EQ((*tapered)[0].param, (*tapered)[1].param);
}

TEST(TuneGa, FixedWeightsAreNeverGenesAndUnknownNamesAreErrors) {
    GaOptions o;
    o.genes = {"material"};
    const auto genes = make_genes(o);
    ASSERT_TRUE(genes.ok());
    EXPECT_EQ(labels(*genes),
              (std::vector<std::string>{"material.knight", "material.bishop", "material.rook"}));

    o.fixed.clear();
    EXPECT_EQ(make_genes(o)->size(), 5u);

    o.genes = {"material.knight", "nosuch"};
    const auto bad = make_genes(o);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("'nosuch'"), std::string::npos) << bad.error();

    o.genes = {"material.pawn"};
    o.fixed = {{"material.pawn", 100, 100}};
    EXPECT_FALSE(make_genes(o).ok());

    o.genes = {"material.knight"};
    o.fixed = {{"material.nosuch", 1, 1}};
    const auto bad_fixed = make_genes(o);
    ASSERT_FALSE(bad_fixed.ok());
    EXPECT_NE(bad_fixed.error().find("material.nosuch"), std::string::npos);
}

TEST(TuneGa, ParseFixed) {
    const auto f = parse_fixed("material.pawn=100, material.queen=950:1000");
    ASSERT_TRUE(f.ok()) << f.error();
    ASSERT_EQ(f->size(), 2u);
    EXPECT_EQ((*f)[1].name, "material.queen");
    EXPECT_EQ((*f)[1].mg, 950);
    EXPECT_EQ((*f)[1].eg, 1000);
    EXPECT_EQ(fixed_to_text(*f), "material.pawn=100,material.queen=950:1000");
    EXPECT_TRUE(parse_fixed("")->empty());
    EXPECT_TRUE(parse_fixed("none")->empty());
    EXPECT_FALSE(parse_fixed("material.pawn").ok());
    EXPECT_FALSE(parse_fixed("material.pawn=x").ok());
    const auto unknown = parse_fixed("nosuch.weight=3");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().find("nosuch.weight"), std::string::npos);
}

TEST(TuneGa, ApplySetsFixedWeightsAndGenes) {
    const GaOptions o;
    const auto genes = make_genes(o).value();
    const eval::Weights w = apply({310, 320, 480}, genes, o.fixed, o.base);
    EXPECT_EQ(w.material[0], (eval::Pair{100, 100}));
    EXPECT_EQ(w.material[1], (eval::Pair{310, 310}));
    EXPECT_EQ(w.material[2], (eval::Pair{320, 320}));
    EXPECT_EQ(w.material[3], (eval::Pair{480, 480}));
    EXPECT_EQ(w.material[4], (eval::Pair{1000, 1000}));
    EXPECT_EQ(w.tempo, o.base.tempo);
    EXPECT_EQ(w.pst[1][28], o.base.pst[1][28]);

    GaOptions t;
    t.tapered = true;
    t.genes = {"material.rook"};
    const auto tg = make_genes(t).value();
    const eval::Weights tw = apply({450, 550}, tg, t.fixed, t.base);
    EXPECT_EQ(tw.material[3], (eval::Pair{450, 550}));
    EXPECT_EQ(tw.material[1], t.base.material[1]);
}

TEST(TuneGa, RandomChromosomesStartInRange) {
    GaOptions o;
    o.genes = {"material.knight", "tempo"};
    const auto genes = make_genes(o).value();
    core::SplitMix64 rng(3);
    for (int i = 0; i < 200; ++i) {
        const Chromosome c = random_chromosome(genes, o, rng);
        ASSERT_EQ(c.size(), 2u);
        EXPECT_GE(c[0], o.init_min);
        EXPECT_LE(c[0], o.init_max);
        const int tempo = (o.base.tempo.mg + o.base.tempo.eg + 1) / 2;
        EXPECT_LE(std::abs(c[1] - tempo), o.init_spread + 1);
    }
}

TEST(TuneGa, CrossoverTakesAPrefixOfOneParentAndTheSuffixOfTheOther) {
    const Chromosome a = {1, 2, 3, 4, 5}, b = {10, 20, 30, 40, 50};
    core::SplitMix64 rng(11);
    std::vector<bool> cuts(5, false);
    for (int i = 0; i < 300; ++i) {
        const Chromosome c = crossover(a, b, rng);
        ASSERT_EQ(c.size(), a.size());
        std::size_t cut = 0;
        while (cut < c.size() && c[cut] == a[cut]) ++cut;
        ASSERT_GE(cut, 1u);
        ASSERT_LE(cut, 4u);
        for (std::size_t k = cut; k < c.size(); ++k) ASSERT_EQ(c[k], b[k]);
        cuts[cut] = true;
    }
    EXPECT_TRUE(cuts[1] && cuts[2] && cuts[3] && cuts[4]);  // every cut point occurs

    bool saw_a = false, saw_b = false;
    for (int i = 0; i < 50; ++i) {
        const Chromosome c = crossover({7}, {9}, rng);
        ASSERT_EQ(c.size(), 1u);
        saw_a |= c[0] == 7;
        saw_b |= c[0] == 9;
    }
    EXPECT_TRUE(saw_a && saw_b);
}

TEST(TuneGa, MutationStaysWithinRangeAndChangesNothingElse) {
    const GaOptions o;
    const auto genes = make_genes(o).value();
    core::SplitMix64 rng(17);
    int lowest = 0, highest = 0;
    for (int i = 0; i < 500; ++i) {
        Chromosome c = {300, 300, 500};
        mutate(c, 50, rng);
        for (std::size_t g = 0; g < c.size(); ++g) {
            const int d = c[g] - (g == 2 ? 500 : 300);
            ASSERT_LE(std::abs(d), 50);
            lowest = std::min(lowest, d);
            highest = std::max(highest, d);
        }
        const eval::Weights w = apply(c, genes, o.fixed, o.base);
        eval::Weights expected = o.base;
        expected.material[0] = {100, 100};
        expected.material[4] = {1000, 1000};
        for (int p = 1; p <= 3; ++p) expected.material[p] = {c[p - 1], c[p - 1]};
        ASSERT_EQ(eval::weights_to_json(w), eval::weights_to_json(expected));
    }
    EXPECT_LT(lowest, -40);
    EXPECT_GT(highest, 40);
}

TEST(TuneGa, TinyRunWritesItsOutputsAndResumesToTheSamePopulation) {
    std::ostringstream log;

    // Uninterrupted: 2 generations.
    const fs::path full = fresh_dir("full");
    const auto r = run_ga(tiny_run(full, 2), log);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->generation, 2);
    EXPECT_FALSE(r->stopped);
    EXPECT_GT(r->games, 0u);
    std::istringstream csv(read_text(full / "log.csv"));
    std::vector<std::string> lines;
    for (std::string line; std::getline(csv, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].rfind("generation,games,seconds,material.knight_mean", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("1,", 0), 0u);
    EXPECT_EQ(lines[2].rfind("2,", 0), 0u);
    EXPECT_NE(read_text(full / "weights.svg").find("<svg"), std::string::npos);
    const auto final_weights = eval::load_weights((full / "final.json").string());
    ASSERT_TRUE(final_weights.ok()) << final_weights.error();
    EXPECT_EQ(final_weights->material[0], (eval::Pair{100, 100}));
    EXPECT_EQ(final_weights->material[4], (eval::Pair{1000, 1000}));
    EXPECT_EQ(final_weights->material[1], r->weights.material[1]);
    EXPECT_TRUE(fs::exists(full / "README.md"));
    EXPECT_NE(log.str().find("match 2/2: #"), std::string::npos) << log.str();

    // Stopped after generation 1, then resumed to 2: the same population.
    const fs::path split = fresh_dir("split");
    ASSERT_TRUE(run_ga(tiny_run(split, 1), log).ok());
    GaOptions resumed = tiny_run(split, 2);
    resumed.resume = true;
    const auto r2 = run_ga(resumed, log);
    ASSERT_TRUE(r2.ok()) << r2.error();
    EXPECT_EQ(r2->generation, 2);
    EXPECT_EQ(r2->games, r->games);
    EXPECT_EQ(read_text(split / "population.csv"), read_text(full / "population.csv"));
    EXPECT_EQ(read_text(split / "final.json"), read_text(full / "final.json"));

    // Without --resume an existing run is refused; with other options it is refused too.
    const auto again = run_ga(tiny_run(split, 3), log);
    ASSERT_FALSE(again.ok());
    EXPECT_NE(again.error().find("--resume"), std::string::npos) << again.error();
    GaOptions other = tiny_run(split, 3);
    other.resume = true;
    other.population = 6;
    const auto mismatch = run_ga(other, log);
    ASSERT_FALSE(mismatch.ok());
    EXPECT_NE(mismatch.error().find("population"), std::string::npos) << mismatch.error();

    // A stop before the first match abandons the generation: the state stays at generation 0.
    const fs::path stopped_dir = fresh_dir("stopped");
    std::atomic<bool> stop{true};
    const auto stopped = run_ga(tiny_run(stopped_dir, 2), log, &stop);
    ASSERT_TRUE(stopped.ok());
    EXPECT_TRUE(stopped->stopped);
    EXPECT_EQ(stopped->generation, 0);
    EXPECT_NE(read_text(stopped_dir / "state.json").find("\"generation\": 0"), std::string::npos);

    for (const auto& dir : {full, split, stopped_dir}) fs::remove_all(dir);
}

}  // namespace
}  // namespace kibitz::tune
