// The thesis's genetic algorithm: tournament selection by in-process matches, single-point
// crossover, mutation; resumable state and the run's log, plot and report.
#include "tune/ga.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "core/files.h"
#include "core/strings.h"
#include "core/svg.h"
#include "core/timer.h"
#include "engine/chess_engine.h"
#include "eval/weights_io.h"
#include "tune/selfplay.h"

namespace kibitz::tune {

namespace {

// Every weight's name, in for_each_param order.
const std::vector<std::string>& param_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        eval::Weights w{};
        eval::for_each_param(w, [&](std::string_view name, eval::Pair&) { v.emplace_back(name); });
        return v;
    }();
    return names;
}

bool is_material(std::string_view name) { return core::starts_with(name, "material."); }

// A uniform integer in [lo, hi].
int uniform_int(core::SplitMix64& rng, int lo, int hi) {
    return lo + int(rng.below(std::uint64_t(hi - lo) + 1));
}

// A uniform double in [0, 1).
double uniform01(core::SplitMix64& rng) { return double(rng.next() >> 11) * 0x1.0p-53; }

// A seed for one purpose of one run: (seed, generation, match index + 1), or index 0 for the
// generation's own generator (shuffle, parents, crossover, mutation).
std::uint64_t derive_seed(std::uint64_t seed, int generation, int index) {
    core::SplitMix64 s(seed ^ (std::uint64_t(generation + 1) * 0x9E3779B97F4A7C15ull) ^
                       (std::uint64_t(index + 1) * 0xC2B2AE3D27D4EB4Full));
    s.next();
    return s.next();
}

}  // namespace

std::string GeneSpec::label() const {
    switch (part) {
        case kMg: return name + ".mg";
        case kEg: return name + ".eg";
        default: return name;
    }
}

int find_param(std::string_view name) {
    static const std::unordered_map<std::string, int> index = [] {
        std::unordered_map<std::string, int> m;
        const auto& names = param_names();
        for (int i = 0; i < int(names.size()); ++i) m.emplace(names[std::size_t(i)], i);
        return m;
    }();
    const auto it = index.find(std::string(name));
    return it == index.end() ? -1 : it->second;
}

core::Result<std::vector<FixedWeight>> parse_fixed(std::string_view text) {
    std::vector<FixedWeight> out;
    text = core::trim(text);
    if (text.empty() || text == "none") return out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = core::trim(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            return core::error("fixed weight '" + std::string(item) + "': expected NAME=VALUE");
        FixedWeight f;
        f.name = std::string(core::trim(item.substr(0, eq)));
        const std::string_view value = core::trim(item.substr(eq + 1));
        const auto colon = value.find(':');
        const auto mg = core::parse_int<int>(core::trim(value.substr(0, colon)));
        const auto eg = colon == std::string_view::npos
                            ? mg
                            : core::parse_int<int>(core::trim(value.substr(colon + 1)));
        if (!mg || !eg)
            return core::error("fixed weight '" + std::string(item) +
                               "': the value must be an integer or MG:EG");
        if (find_param(f.name) < 0)
            return core::error("fixed weight '" + f.name + "': no weight has that name");
        f.mg = *mg;
        f.eg = *eg;
        out.push_back(std::move(f));
    }
    return out;
}

std::string fixed_to_text(const std::vector<FixedWeight>& fixed) {
    if (fixed.empty()) return "none";
    std::string s;
    for (const auto& f : fixed) {
        if (!s.empty()) s += ',';
        s += f.name + "=" + std::to_string(f.mg);
        if (f.eg != f.mg) s += ":" + std::to_string(f.eg);
    }
    return s;
}

core::Result<std::vector<GeneSpec>> make_genes(const GaOptions& o) {
    std::vector<bool> is_fixed(std::size_t(eval::kParamCount), false);
    for (const auto& f : o.fixed) {
        const int p = find_param(f.name);
        if (p < 0) return core::error("fixed weight '" + f.name + "': no weight has that name");
        is_fixed[std::size_t(p)] = true;
    }
    if (o.genes.empty()) return core::error("no genes: name at least one weight prefix");
    const auto& names = param_names();
    std::vector<bool> chosen(names.size(), false);
    for (const auto& prefix : o.genes) {
        bool any = false, any_free = false;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (prefix.empty() || !core::starts_with(names[i], prefix)) continue;
            any = true;
            if (is_fixed[i]) continue;
            any_free = true;
            chosen[i] = true;
        }
        if (!any) return core::error("gene prefix '" + prefix + "' matches no weight");
        if (!any_free)
            return core::error("gene prefix '" + prefix + "' matches only fixed weights");
    }
    std::vector<GeneSpec> genes;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!chosen[i]) continue;
        if (o.tapered) {
            genes.push_back({names[i], GeneSpec::kMg, int(i)});
            genes.push_back({names[i], GeneSpec::kEg, int(i)});
        } else {
            genes.push_back({names[i], GeneSpec::kBoth, int(i)});
        }
    }
    return genes;
}

eval::Weights apply(const Chromosome& c, const std::vector<GeneSpec>& genes,
                    const std::vector<FixedWeight>& fixed, const eval::Weights& base) {
    eval::Weights w = base;
    for (const auto& f : fixed)
        if (const int p = find_param(f.name); p >= 0) eval::param_at(w, p) = {f.mg, f.eg};
    for (std::size_t i = 0; i < genes.size() && i < c.size(); ++i) {
        eval::Pair& p = eval::param_at(w, genes[i].param);
        if (genes[i].part != GeneSpec::kEg) p.mg = c[i];
        if (genes[i].part != GeneSpec::kMg) p.eg = c[i];
    }
    return w;
}

Chromosome random_chromosome(const std::vector<GeneSpec>& genes, const GaOptions& o,
                             core::SplitMix64& rng) {
    Chromosome c;
    for (const auto& g : genes) {
        if (is_material(g.name)) {
            c.push_back(uniform_int(rng, o.init_min, o.init_max));
            continue;
        }
        const eval::Pair& p = eval::param_at(o.base, g.param);
        const int base = g.part == GeneSpec::kMg   ? p.mg
                         : g.part == GeneSpec::kEg ? p.eg
                                                   : int(std::lround((p.mg + p.eg) / 2.0));
        c.push_back(base + uniform_int(rng, -o.init_spread, o.init_spread));
    }
    return c;
}

Chromosome crossover(const Chromosome& a, const Chromosome& b, core::SplitMix64& rng) {
    if (a.size() < 2) return rng.below(2) ? b : a;
    const std::size_t cut = 1 + std::size_t(rng.below(a.size() - 1));
    Chromosome child(a.begin(), a.begin() + std::ptrdiff_t(cut));
    child.insert(child.end(), b.begin() + std::ptrdiff_t(cut), b.end());
    return child;
}

void mutate(Chromosome& c, int range, core::SplitMix64& rng) {
    for (int& gene : c) gene += uniform_int(rng, -range, range);
}

namespace {

// The largest state.json --resume reads: 64 MiB (docs/tuning.md), far more than the population
// and the per-generation statistics of any run need.
constexpr std::uint64_t kMaxStateBytes = std::uint64_t(64) << 20;

// ---- Matches ----------------------------------------------------------------------------

struct MatchResult {
    int a = 0, b = 0;  // population slots; a has White in the odd games (1st, 3rd, ...)
    int a_wins = 0, b_wins = 0, draws = 0, games = 0;
    bool a_won = false;
    bool done = false;  // false: abandoned by a stop
};

// Plays the match between engines ea (chromosome a) and eb until one side has o.wins wins or
// o.max_games were played; both games of a colour pair start from the same random opening.
void play_match(engine::ChessEngine& ea, engine::ChessEngine& eb, const GaOptions& o,
                std::uint64_t seed, MatchResult& r, const std::atomic<bool>* stop) {
    core::SplitMix64 rng(seed);
    SelfPlayOptions play;
    play.nodes = o.nodes;
    play.depth = o.depth;
    chess::Position opening;
    for (int game = 0; game < o.max_games; ++game) {
        if (game % 2 == 0) opening = random_opening(o.random_plies, rng);
        const bool a_white = game % 2 == 0;
        const auto outcome = a_white ? play_selfplay(ea, eb, opening, play, {}, stop)
                                     : play_selfplay(eb, ea, opening, play, {}, stop);
        if (outcome == chess::Outcome::kOngoing) return;  // stopped: the match is abandoned
        ++r.games;
        if (outcome == chess::Outcome::kDraw)
            ++r.draws;
        else if ((outcome == chess::Outcome::kWhiteWins) == a_white)
            ++r.a_wins;
        else
            ++r.b_wins;
        if (r.a_wins >= o.wins || r.b_wins >= o.wins) break;
    }
    // Equal scores after max_games: a seeded coin.
    r.a_won = r.a_wins != r.b_wins ? r.a_wins > r.b_wins : rng.below(2) == 0;
    r.done = true;
}

// A match for a worker rank: its seed, the two sides' weights and the options that decide it.
std::string ga_match_job(const GaOptions& o, int k, std::uint64_t seed, const eval::Weights& a,
                         const eval::Weights& b) {
    return nlohmann::json{{"match", k},
                          {"seed", seed},
                          {"wins", o.wins},
                          {"max_games", o.max_games},
                          {"nodes", o.nodes},
                          {"depth", o.depth},
                          {"random_plies", o.random_plies},
                          {"hash_mb", o.hash_mb},
                          {"a", eval::weights_to_text(a)},
                          {"b", eval::weights_to_text(b)}}
        .dump();
}

// A worker's answer: the match's number and its result (a and b are rank 0's business).
std::pair<int, MatchResult> ga_match_result(const std::string& text, int rank) {
    try {
        const auto j = nlohmann::json::parse(text);
        MatchResult r;
        r.a_wins = j.at("a_wins");
        r.b_wins = j.at("b_wins");
        r.draws = j.at("draws");
        r.games = j.at("games");
        r.a_won = j.at("a_won");
        return {j.at("match").get<int>(), r};
    } catch (const std::exception& e) {
        throw std::runtime_error("ga: malformed result from rank " + std::to_string(rank) + ": " +
                                 e.what());
    }
}

// ---- Population statistics ------------------------------------------------------------------

struct GenerationStats {
    int generation = 0;
    std::uint64_t games = 0;  // so far
    double seconds = 0;       // so far
    std::vector<double> mean;
    std::vector<int> min, max;
};

GenerationStats population_stats(const std::vector<Member>& pop, std::size_t genes) {
    GenerationStats s;
    s.mean.assign(genes, 0);
    s.min.assign(genes, 0);
    s.max.assign(genes, 0);
    for (std::size_t g = 0; g < genes; ++g) {
        double sum = 0;
        int lo = pop[0].genes[g], hi = lo;
        for (const auto& m : pop) {
            sum += m.genes[g];
            lo = std::min(lo, m.genes[g]);
            hi = std::max(hi, m.genes[g]);
        }
        s.mean[g] = sum / double(pop.size());
        s.min[g] = lo;
        s.max[g] = hi;
    }
    return s;
}

Chromosome rounded(const std::vector<double>& mean) {
    Chromosome c;
    for (double v : mean) c.push_back(int(std::lround(v)));
    return c;
}

// "(312 298 501)": the first few genes of a chromosome.
std::string genes_text(const Chromosome& c) {
    std::string s = "(";
    for (std::size_t i = 0; i < c.size() && i < 6; ++i) s += (i ? " " : "") + std::to_string(c[i]);
    if (c.size() > 6) s += " ...";
    return s + ")";
}

// ---- The state file ---------------------------------------------------------------------

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char ch : text) h = (h ^ ch) * 0x100000001b3ull;
    return h;
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : sep) + p;
    return s;
}

// The options that decide the run's course (not generations, concurrency or out).
nlohmann::ordered_json fingerprint(const GaOptions& o) {
    char base[20];
    std::snprintf(base, sizeof base, "%016llx",
                  static_cast<unsigned long long>(fnv1a(eval::weights_to_json(o.base))));
    return {{"population", o.population},
            {"wins", o.wins},
            {"max_games", o.max_games},
            {"nodes", o.nodes},
            {"depth", o.depth},
            {"random_plies", o.random_plies},
            {"mutation_rate", o.mutation_rate},
            {"mutation_range", o.mutation_range},
            {"init_min", o.init_min},
            {"init_max", o.init_max},
            {"init_spread", o.init_spread},
            {"genes", join(o.genes, ",")},
            {"tapered", o.tapered},
            {"fixed", fixed_to_text(o.fixed)},
            {"base", base},
            {"hash_mb", o.hash_mb},
            {"seed", o.seed}};
}

struct State {
    int generation = 0;
    std::uint64_t games = 0;
    double seconds = 0;
    int next_id = 0;
    std::uint64_t rng = 0;  // seed of the next generation's generator
    std::vector<Member> population;
    std::vector<GenerationStats> history;  // generation 0 (the start) and every finished one
};

nlohmann::ordered_json stats_json(const GenerationStats& s) {
    return {{"generation", s.generation},
            {"games", s.games},
            {"seconds", s.seconds},
            {"mean", s.mean},
            {"min", s.min},
            {"max", s.max}};
}

core::Status save_state(const std::string& path, const GaOptions& o,
                        const std::vector<GeneSpec>& genes, const State& st) {
    nlohmann::ordered_json j;
    j["format"] = "kibitz-ga-state";
    j["version"] = 1;
    j["fingerprint"] = fingerprint(o);
    j["generation"] = st.generation;
    j["games"] = st.games;
    j["seconds"] = st.seconds;
    j["next_id"] = st.next_id;
    j["rng"] = st.rng;
    std::vector<std::string> labels;
    for (const auto& g : genes) labels.push_back(g.label());
    j["genes"] = labels;
    j["population"] = nlohmann::ordered_json::array();
    for (const auto& m : st.population)
        j["population"].push_back({{"id", m.id}, {"born", m.born}, {"genes", m.genes}});
    j["history"] = nlohmann::ordered_json::array();
    for (const auto& s : st.history) j["history"].push_back(stats_json(s));
    return core::write_file(path, j.dump(1) + "\n");  // atomic: a stop never leaves half a state
}

core::Result<State> load_state(const std::string& path, const GaOptions& o,
                               const std::vector<GeneSpec>& genes) {
    const auto text = core::read_file(path, kMaxStateBytes, "GA state file");
    if (!text) return core::error(text.error());
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", "") != "kibitz-ga-state")
        return core::error(path + ": not a kibitz GA state file");
    const auto fp = nlohmann::json(fingerprint(o));
    if (!j.contains("fingerprint") || !j["fingerprint"].is_object())
        return core::error(path + ": no options fingerprint");
    for (const auto& [key, value] : fp.items()) {
        const auto& saved = j["fingerprint"];
        if (!saved.contains(key) || saved[key] != value)
            return core::error(path + " was written for a different " + key + ": " +
                               (saved.contains(key) ? saved[key].dump() : "none") + " vs " +
                               value.dump() + " (pass the same options, or choose another --out)");
    }
    State st;
    try {
        st.generation = j.at("generation").get<int>();
        st.games = j.at("games").get<std::uint64_t>();
        st.seconds = j.at("seconds").get<double>();
        st.next_id = j.at("next_id").get<int>();
        st.rng = j.at("rng").get<std::uint64_t>();
        for (const auto& m : j.at("population"))
            st.population.push_back(
                {m.at("id").get<int>(), m.at("born").get<int>(), m.at("genes").get<Chromosome>()});
        for (const auto& h : j.at("history")) {
            GenerationStats s;
            s.generation = h.at("generation").get<int>();
            s.games = h.at("games").get<std::uint64_t>();
            s.seconds = h.at("seconds").get<double>();
            s.mean = h.at("mean").get<std::vector<double>>();
            s.min = h.at("min").get<std::vector<int>>();
            s.max = h.at("max").get<std::vector<int>>();
            st.history.push_back(std::move(s));
        }
    } catch (const nlohmann::json::exception& e) {
        return core::error(path + ": " + e.what());
    }
    if (int(st.population.size()) != o.population)
        return core::error(path + ": the population does not have " + std::to_string(o.population) +
                           " members");
    for (const auto& m : st.population)
        if (m.genes.size() != genes.size())
            return core::error(path + ": member #" + std::to_string(m.id) + " does not have " +
                               std::to_string(genes.size()) + " genes");
    if (st.history.empty()) return core::error(path + ": no history");
    return st;
}

// ---- Outputs ----------------------------------------------------------------------------

std::string fixed_summary(const std::vector<FixedWeight>& fixed) {
    std::string s;
    for (const auto& f : fixed) {
        std::string name = is_material(f.name) ? f.name.substr(9) : f.name;
        s += (s.empty() ? "" : ", ") + name + " " + std::to_string(f.mg);
        if (f.eg != f.mg) s += "/" + std::to_string(f.eg);
    }
    return s;
}

int classic_value(std::string_view name) {
    static const std::pair<std::string_view, int> kClassic[] = {{"material.pawn", 100},
                                                                {"material.knight", 300},
                                                                {"material.bishop", 300},
                                                                {"material.rook", 500},
                                                                {"material.queen", 900}};
    for (const auto& [n, v] : kClassic)
        if (n == name) return v;
    return 0;
}

std::string format(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

// "45 s", "12 min 5 s", "2 h 3 min".
std::string duration(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    if (s < 60) return std::to_string(s) + " s";
    if (s < 3600) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
    return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
}

std::string log_csv(const std::vector<GeneSpec>& genes, const State& st) {
    std::string s = "generation,games,seconds";
    for (const auto& g : genes)
        s += "," + g.label() + "_mean," + g.label() + "_min," + g.label() + "_max";
    s += "\n";
    for (const auto& h : st.history) {
        if (h.generation == 0) continue;
        s += std::to_string(h.generation) + "," + std::to_string(h.games) + "," +
             format("%.1f", h.seconds);
        for (std::size_t i = 0; i < genes.size(); ++i)
            s += "," + format("%.1f", h.mean[i]) + "," + std::to_string(h.min[i]) + "," +
                 std::to_string(h.max[i]);
        s += "\n";
    }
    return s;
}

std::string population_csv(const std::vector<GeneSpec>& genes, const State& st) {
    std::string s = "id,born";
    for (const auto& g : genes) s += "," + g.label();
    s += "\n";
    for (const auto& m : st.population) {
        s += std::to_string(m.id) + "," + std::to_string(m.born);
        for (int v : m.genes) s += "," + std::to_string(v);
        s += "\n";
    }
    return s;
}

std::string plot_svg(const GaOptions& o, const std::vector<GeneSpec>& genes, const State& st) {
    core::LinePlot plot;
    // The title must fit the plot's width: the fixed weights go on the x axis label.
    plot.title = "Genetic algorithm: population mean per generation";
    plot.x_label = "generation";
    if (!o.fixed.empty()) plot.x_label += " (fixed: " + fixed_summary(o.fixed) + ")";
    plot.y_label = "centipawns";
    plot.integer_x = true;
    for (std::size_t i = 0; i < genes.size(); ++i) {
        core::Series series;
        series.name = genes[i].label();
        for (const auto& h : st.history) {
            series.x.push_back(h.generation);
            series.y.push_back(h.mean[i]);
        }
        plot.series.push_back(std::move(series));
    }
    return core::render_svg(plot);
}

std::string readme(const GaOptions& o, const std::vector<GeneSpec>& genes, const State& st) {
    const GenerationStats& last = st.history.back();
    const Chromosome mean = rounded(last.mean);
    std::string s = "# Genetic algorithm: piece values\n\n";
    s += "The seed thesis's genetic algorithm (tournament selection, single-point crossover, "
         "mutation) run by\n\n    " +
         o.command + "\n\n";
    s += "Population " + std::to_string(o.population) + ", " + std::to_string(st.generation) +
         " generations, " + std::to_string(st.games) + " games in " + duration(st.seconds) + "; ";
    s += o.depth ? "depth " + std::to_string(o.depth) : std::to_string(o.nodes) + " nodes";
    s += " per move; a match goes to " + std::to_string(o.wins) + " wins (at most " +
         std::to_string(o.max_games) + " games); mutation rate " + format("%.2f", o.mutation_rate) +
         ", range +-" + std::to_string(o.mutation_range) + "; seed " + std::to_string(o.seed) +
         ".\n\n";
    s += "## Final weights (population mean)\n\n";
    s += "| weight | value | / 100 (as the thesis reports) | classic |\n|---|---:|---:|---:|\n";
    const auto row = [&](const std::string& name, int value, bool fixed) {
        const int classic = classic_value(name);
        s += "| " + name + (fixed ? " (fixed)" : "") + " | " + std::to_string(value) + " | " +
             format("%.2f", value / 100.0) + " | " +
             (classic ? std::to_string(classic) : std::string("-")) + " |\n";
    };
    for (const auto& f : o.fixed)
        if (is_material(f.name) && f.mg == f.eg) row(f.name, f.mg, true);
    for (std::size_t i = 0; i < genes.size(); ++i) row(genes[i].label(), mean[i], false);
    for (const auto& f : o.fixed)
        if (!is_material(f.name) || f.mg != f.eg)
            s += "| " + f.name + " (fixed) | " + std::to_string(f.mg) + " / " +
                 std::to_string(f.eg) + " | | |\n";
    s += "\nThe other weights are those of " +
         (o.base_file.empty() ? std::string("the built-in defaults") : o.base_file) + ".\n\n";
    s += "![Population mean per generation](weights.svg)\n\n";
    s += "## Files\n\n"
         "- `final.json`: the weights of the population mean (`kibitz --weights final.json`)\n"
         "- `log.csv`: per generation the games and seconds so far and each gene's mean, min, "
         "max\n"
         "- `population.csv`: the last population\n"
         "- `state.json`: what `--resume` continues from\n";
    return s;
}

core::Status write_outputs(const GaOptions& o, const std::vector<GeneSpec>& genes,
                           const State& st) {
    const std::filesystem::path dir(o.out);
    if (auto s = save_state((dir / "state.json").string(), o, genes, st); !s) return s;
    if (auto s = core::write_file((dir / "log.csv").string(), log_csv(genes, st)); !s) return s;
    if (auto s = core::write_file((dir / "population.csv").string(), population_csv(genes, st)); !s)
        return s;
    if (auto s = core::write_file((dir / "weights.svg").string(), plot_svg(o, genes, st)); !s)
        return s;
    const eval::Weights w = apply(rounded(st.history.back().mean), genes, o.fixed, o.base);
    if (auto s = eval::save_weights((dir / "final.json").string(), w); !s) return s;
    return core::write_file((dir / "README.md").string(), readme(o, genes, st));
}

std::string default_command(const GaOptions& o) {
    std::string s = "kibitz tune ga --out " + o.out + " --population " +
                    std::to_string(o.population) + " --generations " +
                    std::to_string(o.generations);
    s += o.depth ? " --depth " + std::to_string(o.depth) : " --nodes " + std::to_string(o.nodes);
    s += " --genes " + join(o.genes, ",") + " --fixed " + fixed_to_text(o.fixed);
    if (o.tapered) s += " --tapered";
    if (!o.base_file.empty()) s += " --base " + o.base_file;
    return s + " --seed " + std::to_string(o.seed);
}

core::Status validate(const GaOptions& o) {
    if (o.population < 3) return core::error("--population must be at least 3");
    if (o.generations < 0) return core::error("--generations must not be negative");
    if (o.wins < 1) return core::error("--wins must be at least 1");
    if (o.max_games < 1) return core::error("--max-games must be at least 1");
    if (!o.nodes && o.depth <= 0) return core::error("tune ga needs --nodes or --depth");
    if (!(o.mutation_rate >= 0 && o.mutation_rate <= 1))
        return core::error("--mutation-rate must be between 0 and 1");
    if (o.mutation_range < 0) return core::error("--mutation-range must not be negative");
    if (o.init_min > o.init_max) return core::error("--init-min must not exceed --init-max");
    if (o.init_spread < 0) return core::error("--init-spread must not be negative");
    if (o.concurrency < 1) return core::error("--concurrency must be at least 1");
    if (o.hash_mb < 1) return core::error("--hash must be at least 1");
    if (o.out.empty()) return core::error("tune ga needs --out DIR");
    return core::Done{};
}

}  // namespace

core::Result<GaReport> run_ga(const GaOptions& options, std::ostream& log,
                              const std::atomic<bool>* stop) {
    // 1. Options, genes, the output directory, and the state to start from.
    if (auto s = validate(options); !s) return core::error(s.error());
    const auto made = make_genes(options);
    if (!made) return core::error(made.error());
    const std::vector<GeneSpec>& genes = *made;
    GaOptions o = options;
    if (o.command.empty()) o.command = default_command(o);
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    if (ec) return core::error(o.out + ": " + ec.message());
    const std::string state_path = (std::filesystem::path(o.out) / "state.json").string();

    std::string gene_names;
    for (const auto& g : genes) gene_names += (gene_names.empty() ? "" : " ") + g.label();
    if (gene_names.size() > 200) gene_names = gene_names.substr(0, 200) + " ...";
    State st;
    if (std::filesystem::exists(state_path)) {
        if (!o.resume)
            return core::error(state_path +
                               " exists: pass --resume to continue that run, or choose another "
                               "--out");
        auto loaded = load_state(state_path, o, genes);
        if (!loaded) return core::error(loaded.error());
        st = std::move(*loaded);
        log << "ga: resuming " << o.out << " after generation " << st.generation << " (" << st.games
            << " games, " << format("%.0f", st.seconds) << " s)\n";
    } else {
        core::SplitMix64 rng(derive_seed(o.seed, -1, -1));
        for (int i = 0; i < o.population; ++i)
            st.population.push_back({st.next_id++, 0, random_chromosome(genes, o, rng)});
        st.rng = derive_seed(o.seed, 1, -1);
        st.history.push_back(population_stats(st.population, genes.size()));
        if (auto s = write_outputs(o, genes, st); !s) return core::error(s.error());
    }
    log << "ga: " << genes.size() << " genes (" << gene_names << "), fixed "
        << fixed_to_text(o.fixed) << "; population " << o.population << ", " << o.generations
        << " generations, "
        << (o.depth ? "depth " + std::to_string(o.depth) : std::to_string(o.nodes) + " nodes")
        << " per move, " << o.concurrency << " matches at once\n"
        << std::flush;

    // 2. The generations: shuffle, pair up, play the matches, replace the losers.
    const core::Stopwatch timer;
    const double seconds_before = st.seconds;
    const int first_generation = st.generation;
    bool stopped = false;
    while (st.generation < o.generations) {
        if (stop && stop->load()) {
            stopped = true;
            break;
        }
        const int gen = st.generation + 1;
        core::SplitMix64 rng(st.rng);
        std::vector<int> order(std::size_t(o.population));
        for (int i = 0; i < o.population; ++i) order[std::size_t(i)] = i;
        for (std::size_t i = order.size() - 1; i > 0; --i)
            std::swap(order[i], order[std::size_t(rng.below(i + 1))]);
        const int matches = o.population / 2;
        std::vector<MatchResult> results(static_cast<std::size_t>(matches));
        for (int k = 0; k < matches; ++k) {
            results[std::size_t(k)].a = order[std::size_t(2 * k)];
            results[std::size_t(k)].b = order[std::size_t(2 * k + 1)];
        }

        std::mutex mutex;  // guards log, finished and games
        int finished = 0;
        std::uint64_t games = st.games;
        // Match k is over: counted and logged. Under mutex.
        const auto record = [&](const MatchResult& r) {
            ++finished;
            games += std::uint64_t(r.games);
            const Member& a = st.population[std::size_t(r.a)];
            const Member& b = st.population[std::size_t(r.b)];
            const Member& w = r.a_won ? a : b;
            const Member& l = r.a_won ? b : a;
            const int ww = r.a_won ? r.a_wins : r.b_wins, lw = r.a_won ? r.b_wins : r.a_wins;
            log << "ga: generation " << gen << "/" << o.generations << ", match " << finished << "/"
                << matches << ": #" << w.id << " " << genes_text(w.genes) << " beats #" << l.id
                << " " << genes_text(l.genes) << " " << ww << "-" << lw << " with " << r.draws
                << (r.draws == 1 ? " draw" : " draws") << "\n"
                << std::flush;
        };
        const auto weights_of = [&](int slot) {
            return apply(st.population[std::size_t(slot)].genes, genes, o.fixed, o.base);
        };
        if (dist::distributed()) {
            // Rank 0 of an MPI run: the other ranks play the matches. Each match's games depend
            // only on its seed and weights, so the run is the same for any number of ranks.
            int next = 0;
            dist::Farm farm;
            farm.next = [&]() -> std::optional<std::string> {
                if (next >= matches || (stop && stop->load())) return std::nullopt;
                const int k = next++;
                const MatchResult& r = results[std::size_t(k)];
                return ga_match_job(o, k, derive_seed(o.seed, gen, k), weights_of(r.a),
                                    weights_of(r.b));
            };
            farm.on_note = [](int, const std::string&) {};
            farm.on_result = [&](int rank, const std::string& text) {
                const auto [k, done] = ga_match_result(text, rank);
                MatchResult& r = results.at(std::size_t(k));
                r.a_wins = done.a_wins;
                r.b_wins = done.b_wins;
                r.draws = done.draws;
                r.games = done.games;
                r.a_won = done.a_won;
                r.done = true;
                record(r);
            };
            dist::run_farm(farm);
        } else {
            std::atomic<int> next{0};
            const auto worker = [&] {
                engine::ChessEngine ea, eb;
                ea.set_hash_mb(std::size_t(o.hash_mb));
                eb.set_hash_mb(std::size_t(o.hash_mb));
                for (int k = next.fetch_add(1); k < matches; k = next.fetch_add(1)) {
                    if (stop && stop->load()) break;
                    MatchResult& r = results[std::size_t(k)];
                    engine::ChessEvaluator eval_a, eval_b;
                    eval_a.set_weights(weights_of(r.a));
                    eval_b.set_weights(weights_of(r.b));
                    ea.set_evaluator(eval_a);
                    eb.set_evaluator(eval_b);
                    play_match(ea, eb, o, derive_seed(o.seed, gen, k), r, stop);
                    if (!r.done) break;
                    std::lock_guard lock(mutex);
                    record(r);
                }
            };
            std::vector<std::thread> threads;
            for (int i = 0; i < std::min(o.concurrency, matches); ++i) threads.emplace_back(worker);
            for (auto& t : threads) t.join();
        }
        if (!std::all_of(results.begin(), results.end(),
                         [](const MatchResult& r) { return r.done; })) {
            stopped = true;
            log << "ga: stopped; generation " << gen << " abandoned, the state stays at generation "
                << st.generation << "\n";
            break;
        }

        // Each loser leaves; in match order, a child of two distinct random survivors takes
        // its place (crossover, then mutation with probability mutation_rate).
        std::vector<bool> lost(std::size_t(o.population), false);
        for (const auto& r : results) lost[std::size_t(r.a_won ? r.b : r.a)] = true;
        std::vector<int> survivors;
        for (int i = 0; i < o.population; ++i)
            if (!lost[std::size_t(i)]) survivors.push_back(i);
        const std::vector<Member> parents = st.population;
        for (const auto& r : results) {
            const int loser = r.a_won ? r.b : r.a;
            const std::size_t n = survivors.size();
            const std::size_t i = std::size_t(rng.below(n));
            std::size_t j = std::size_t(rng.below(n - 1));
            if (j >= i) ++j;
            Chromosome child = crossover(parents[std::size_t(survivors[i])].genes,
                                         parents[std::size_t(survivors[j])].genes, rng);
            if (uniform01(rng) < o.mutation_rate) mutate(child, o.mutation_range, rng);
            st.population[std::size_t(loser)] = {st.next_id++, gen, std::move(child)};
        }

        // 3. The finished generation: state and outputs, and the progress line.
        st.generation = gen;
        st.games = games;
        st.seconds = seconds_before + double(timer.elapsed_ms()) / 1000.0;
        st.rng = derive_seed(o.seed, gen + 1, -1);
        GenerationStats stats = population_stats(st.population, genes.size());
        stats.generation = gen;
        stats.games = st.games;
        stats.seconds = st.seconds;
        st.history.push_back(stats);
        if (auto s = write_outputs(o, genes, st); !s) return core::error(s.error());
        const double run_secs = double(timer.elapsed_ms()) / 1000.0;
        const double eta = run_secs / double(gen - first_generation) * double(o.generations - gen);
        std::string means;
        for (std::size_t i = 0; i < genes.size() && i < 6; ++i)
            means += " " + genes[i].label() + " " + format("%.0f", stats.mean[i]);
        if (genes.size() > 6) means += " ...";
        log << "ga: generation " << gen << "/" << o.generations << " done, " << st.games
            << " games, " << duration(st.seconds) << "; mean" << means << "; ETA " << duration(eta)
            << "\n"
            << std::flush;
    }

    // 4. The report: the population mean of the last finished generation.
    GaReport report;
    report.generation = st.generation;
    report.games = st.games;
    report.seconds = st.seconds;
    report.genes = genes;
    report.population = st.population;
    report.mean = st.history.back().mean;
    report.weights = apply(rounded(report.mean), genes, o.fixed, o.base);
    report.stopped = stopped;
    return report;
}

dist::Handler ga_handler() {
    struct Engines {
        engine::ChessEngine a, b;
        int hash_mb = 0;
    };
    auto engines = std::make_shared<Engines>();
    return [engines](const std::string& text, const dist::Note&) {
        const auto j = nlohmann::json::parse(text);
        GaOptions o;
        o.wins = j.at("wins");
        o.max_games = j.at("max_games");
        o.nodes = j.at("nodes");
        o.depth = j.at("depth");
        o.random_plies = j.at("random_plies");
        o.hash_mb = j.at("hash_mb");
        if (engines->hash_mb != o.hash_mb) {
            engines->a.set_hash_mb(std::size_t(o.hash_mb));
            engines->b.set_hash_mb(std::size_t(o.hash_mb));
            engines->hash_mb = o.hash_mb;
        }
        engine::ChessEvaluator eval_a, eval_b;
        for (auto [side, eval] : {std::pair{"a", &eval_a}, std::pair{"b", &eval_b}}) {
            auto w = eval::weights_from_text(j.at(side).get<std::string>());
            if (!w)
                throw std::runtime_error("ga: weights of side " + std::string(side) + ": " +
                                         w.error());
            eval->set_weights(*w);
        }
        engines->a.set_evaluator(eval_a);
        engines->b.set_evaluator(eval_b);
        MatchResult r;
        play_match(engines->a, engines->b, o, j.at("seed"), r, nullptr);
        return nlohmann::json{{"match", j.at("match")}, {"a_wins", r.a_wins}, {"b_wins", r.b_wins},
                              {"draws", r.draws},       {"games", r.games},   {"a_won", r.a_won}}
            .dump();
    };
}

}  // namespace kibitz::tune
