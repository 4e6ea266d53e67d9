#include "tune/othello_patterns.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "core/files.h"
#include "core/rng.h"
#include "core/timer.h"
#include "engine/othello_engine.h"
#include "othello/board.h"
#include "othello/solver.h"
#include "search/searcher.h"

namespace kibitz::tune {

namespace {

void put_record(std::string& out, const PatternSample& s) {
    for (int i = 0; i < 8; ++i) out.push_back(char(s.player >> (8 * i) & 0xFF));
    for (int i = 0; i < 8; ++i) out.push_back(char(s.opponent >> (8 * i) & 0xFF));
    out.push_back(char(std::int8_t(s.score)));
    out.push_back(char(s.first_of_game ? 1 : 0));
}

PatternSample get_record(const unsigned char* p) {
    PatternSample s;
    for (int i = 0; i < 8; ++i) s.player |= othello::Bitboard(p[i]) << (8 * i);
    for (int i = 0; i < 8; ++i) s.opponent |= othello::Bitboard(p[8 + i]) << (8 * i);
    s.score = std::int8_t(p[16]);
    s.first_of_game = p[17] & 1;
    return s;
}

std::string seconds_text(double s) {
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(s / 60) % 60);
    else if (s >= 60)
        std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    return buf;
}

// One self-play game from a random opening: the positions after the opening with their labels
// (the final score from each position's side to move). False when stopped before the end.
bool play_game(const PatternGenOptions& o, core::SplitMix64& rng,
               search::Searcher<engine::OthelloGame, engine::OthelloEvaluator,
                                engine::kOthelloFeatures>& searcher,
               search::TranspositionTable& tt, othello::Solver& solver,
               const std::atomic<bool>* stop, std::vector<PatternSample>& out) {
    out.clear();
    tt.clear();
    solver.clear();
    searcher.clear();
    std::vector<othello::Color> sides;
    othello::Board b = othello::Board::start();
    for (int ply = 0; !b.game_over(); ++ply) {
        if (stop && stop->load()) return false;
        othello::MoveList list;
        b.generate(list);
        // Every position is kept, those of the random opening too (else the first phases,
        // 60 to 51 empties, would have no data).
        PatternSample s;
        s.player = b.player();
        s.opponent = b.opponent();
        s.first_of_game = out.empty();
        out.push_back(s);
        sides.push_back(b.side_to_move());
        othello::Move m;
        if (ply < o.random_plies) {
            m = list[std::size_t(rng.below(list.size()))];
        } else {
            if (b.empty_count() <= o.solve_empties) {
                // 1. Perfect play at the end: the exact solver's best move.
                solver.reset_nodes();
                m = solver.solve_root(b).best;
                if (stop && stop->load()) return false;
            } else {
                // 2. Before it, a shallow search with the chosen evaluation.
                engine::OthelloGame g(b);
                search::Limits limits;
                limits.depth = o.depth;
                m = searcher.think(g, limits);
            }
        }
        b.make(m);
    }
    // The final score (empties to the winner) from black's view, then each mover's.
    const int black = b.side_to_move() == othello::kBlack ? b.final_score() : -b.final_score();
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].score = sides[i] == othello::kBlack ? black : -black;
    return true;
}

}  // namespace

core::Result<std::vector<PatternSample>> read_pattern_data(const std::string& path) {
    const auto read = core::read_file(path, kMaxPatternDataBytes, "pattern data file");
    if (!read) return core::error(read.error());
    const auto* bytes = reinterpret_cast<const unsigned char*>(read->data());
    const std::size_t size = read->size();
    std::vector<PatternSample> out;
    out.reserve(size / kPatternRecordBytes);
    for (std::size_t i = 0; i + kPatternRecordBytes <= size; i += kPatternRecordBytes) {
        const PatternSample s = get_record(bytes + i);
        if ((s.player & s.opponent) || s.score < -64 || s.score > 64)
            return core::error("pattern data file '" + path + "': record " +
                               std::to_string(i / kPatternRecordBytes) + " is not a position");
        out.push_back(s);
    }
    return out;
}

core::Status write_pattern_data(const std::string& path,
                                const std::vector<PatternSample>& samples) {
    std::string bytes;
    for (const PatternSample& s : samples) put_record(bytes, s);
    core::AppendFile out;
    if (auto s = out.open(path); !s) return s;
    if (auto s = out.write(bytes); !s) return s;
    return out.close();
}

core::Result<PatternGenReport> generate_pattern_data(const PatternGenOptions& o, std::ostream& log,
                                                     const std::atomic<bool>* stop) {
    PatternGenReport report;
    // 1. Resume: drop a torn last record (an interrupted write), count what the file holds.
    std::error_code ec;
    if (std::filesystem::exists(o.out, ec)) {
        const auto size = std::filesystem::file_size(o.out, ec);
        if (ec) return core::error("cannot read pattern data file '" + o.out + "'");
        if (size % kPatternRecordBytes)
            std::filesystem::resize_file(o.out, size - size % kPatternRecordBytes, ec);
        auto old = read_pattern_data(o.out);
        if (!old) return core::error(old.error());
        report.positions_before = old->size();
        for (const PatternSample& s : *old) report.games_before += s.first_of_game;
        if (report.games_before)
            log << "pattern-fit: resuming " << o.out << " with " << report.games_before
                << " games, " << report.positions_before << " positions\n";
    }
    if (report.games_before >= std::uint64_t(o.games)) return report;
    const std::uint64_t to_play = std::uint64_t(o.games) - report.games_before;

    // 2. Workers: each plays whole games with its own search and solver; a finished game is
    //    appended at once, so an interrupted run loses at most the games in progress.
    std::mutex mutex;  // guards the file, the counters, the failure and the progress line
    std::string failure;
    std::atomic<std::uint64_t> next_game{0};
    const core::Stopwatch timer;
    auto last_report = std::chrono::steady_clock::now();
    // Seeds depend on how much the file already holds, so a resumed run plays new games.
    const std::uint64_t base_seed =
        o.seed * 0x9E3779B97F4A7C15ULL ^ (report.positions_before * 0xBF58476D1CE4E5B9ULL + 1);
    const auto worker = [&] {
        search::TranspositionTable tt(8);
        std::atomic<bool> no_stop{false};
        search::Searcher<engine::OthelloGame, engine::OthelloEvaluator, engine::kOthelloFeatures>
            searcher(tt, no_stop, engine::OthelloEvaluator(o.eval));
        othello::Solver solver(16);
        solver.set_stop(stop);
        std::vector<PatternSample> game;
        for (;;) {
            const std::uint64_t n = next_game.fetch_add(1);
            if (n >= to_play || (stop && stop->load())) break;
            core::SplitMix64 rng(base_seed + n);
            if (!play_game(o, rng, searcher, tt, solver, stop, game)) break;
            const std::lock_guard lock(mutex);
            if (!failure.empty()) break;
            if (const auto s = write_pattern_data(o.out, game); !s) {
                failure = s.error();
                break;
            }
            ++report.games;
            report.positions += game.size();
            const auto now = std::chrono::steady_clock::now();
            if (now - last_report >= std::chrono::seconds(1) || report.games == to_play) {
                last_report = now;
                const double elapsed = double(timer.elapsed_ms()) / 1000;
                const double eta = elapsed * double(to_play - report.games) / double(report.games);
                log << "pattern-fit: " << report.games_before + report.games << "/" << o.games
                    << " games, " << report.positions_before + report.positions
                    << " positions, elapsed " << seconds_text(elapsed) << ", ETA "
                    << seconds_text(eta) << std::endl;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, o.threads); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    report.seconds = double(timer.elapsed_ms()) / 1000;
    if (!failure.empty()) return core::error(failure);
    return report;
}

namespace {

// One phase's regression problem: per position the canonical index of every pattern instance
// (a 0/1 feature each; an index may repeat), the scalar features and the label in discs.
struct Problem {
    std::size_t instances = 0;
    std::vector<std::uint32_t> index;  // positions * instances
    std::vector<float> scalar;         // positions * kPatternScalars
    std::vector<float> label;
    std::vector<std::uint8_t> own;  // 1: the position is in the phase itself (not its margin)
    std::size_t size() const { return label.size(); }

    void add(const PatternSample& s, bool in_phase, eval::PatternFeatures& f) {
        const eval::PatternInfo& info = eval::pattern_info();
        eval::pattern_features(s.player, s.opponent, f);
        instances = f.raw.size();
        for (const std::uint32_t r : f.raw) index.push_back(info.canonical[r]);
        for (const int x : f.scalars) scalar.push_back(float(x));
        label.push_back(float(s.score));
        own.push_back(in_phase);
    }
    // The prediction of position i with unknowns x (patterns, then scalars at `first_scalar`).
    double predict(std::size_t i, const std::vector<double>& x, std::size_t first_scalar) const {
        double v = 0;
        const std::uint32_t* idx = index.data() + i * instances;
        for (std::size_t k = 0; k < instances; ++k) v += x[idx[k]];
        const float* sc = scalar.data() + i * eval::kPatternScalars;
        for (int k = 0; k < eval::kPatternScalars; ++k)
            v += sc[k] * x[first_scalar + std::size_t(k)];
        return v;
    }
    // g += A^T r.
    void add_transposed(const std::vector<double>& r, std::vector<double>& g,
                        std::size_t first_scalar) const {
        for (std::size_t i = 0; i < size(); ++i) {
            const std::uint32_t* idx = index.data() + i * instances;
            for (std::size_t k = 0; k < instances; ++k) g[idx[k]] += r[i];
            const float* sc = scalar.data() + i * eval::kPatternScalars;
            for (int k = 0; k < eval::kPatternScalars; ++k)
                g[first_scalar + std::size_t(k)] += sc[k] * r[i];
        }
    }
    // Mean absolute error over the positions of the phase itself; count of them in n.
    double mae(const std::vector<double>& x, std::size_t first_scalar, std::uint64_t& n) const {
        double sum = 0;
        n = 0;
        for (std::size_t i = 0; i < size(); ++i) {
            if (!own[i]) continue;
            sum += std::abs(predict(i, x, first_scalar) - label[i]);
            ++n;
        }
        return n ? sum / double(n) : 0;
    }
};

// Ridge regression by preconditioned conjugate gradients on the normal equations
// (A^T A + L) x = A^T y, L = diag(l2 for pattern weights, a tiny one for the scalars), with the
// diagonal of the left side as the preconditioner (Jacobi): a weight seen in many positions
// and one seen in few then move at the same pace.
std::vector<double> solve_ridge(const Problem& pr, std::size_t first_scalar,
                                const PatternFitOptions& o, const std::atomic<bool>* stop) {
    const std::size_t m = first_scalar + eval::kPatternScalars;
    std::vector<double> penalty(m, o.l2);
    for (std::size_t k = first_scalar; k < m; ++k) penalty[k] = 1e-3;
    std::vector<double> diag = penalty;
    for (std::size_t i = 0; i < pr.size(); ++i) {
        const std::uint32_t* idx = pr.index.data() + i * pr.instances;
        for (std::size_t k = 0; k < pr.instances; ++k) diag[idx[k]] += 1;  // 1^2 per occurrence
        const float* sc = pr.scalar.data() + i * eval::kPatternScalars;
        for (int k = 0; k < eval::kPatternScalars; ++k)
            diag[first_scalar + std::size_t(k)] += double(sc[k]) * sc[k];
    }
    // Repeated indices in one position make the true diagonal a little larger; the
    // preconditioner only needs to be close.
    std::vector<double> x(m, 0.0), r(m, 0.0), z(m), p(m), q(m), ap(pr.size());
    pr.add_transposed(std::vector<double>(pr.label.begin(), pr.label.end()), r, first_scalar);
    auto dot = [&](const std::vector<double>& a, const std::vector<double>& b) {
        double s = 0;
        for (std::size_t k = 0; k < m; ++k) s += a[k] * b[k];
        return s;
    };
    for (std::size_t k = 0; k < m; ++k) z[k] = r[k] / diag[k];
    p = z;
    double rz = dot(r, z);
    for (int it = 0; it < o.iterations && rz > 0; ++it) {
        if (stop && stop->load()) break;
        // q = (A^T A + L) p
        for (std::size_t i = 0; i < pr.size(); ++i) ap[i] = pr.predict(i, p, first_scalar);
        for (std::size_t k = 0; k < m; ++k) q[k] = penalty[k] * p[k];
        pr.add_transposed(ap, q, first_scalar);
        const double alpha = rz / dot(p, q);
        for (std::size_t k = 0; k < m; ++k) {
            x[k] += alpha * p[k];
            r[k] -= alpha * q[k];
            z[k] = r[k] / diag[k];
        }
        const double rz_next = dot(r, z);
        const double beta = rz_next / rz;
        rz = rz_next;
        for (std::size_t k = 0; k < m; ++k) p[k] = z[k] + beta * p[k];
    }
    return x;
}

}  // namespace

PatternFitReport fit_patterns(const std::vector<PatternSample>& all, const PatternFitOptions& o,
                              eval::PatternWeights& weights, std::ostream& log,
                              const std::atomic<bool>* stop) {
    PatternFitReport report;
    const std::size_t n =
        o.max_positions ? std::min<std::size_t>(all.size(), o.max_positions) : all.size();
    report.positions = n;
    // 1. Each position's game, for the held-out split (whole games, so that no test position
    //    has a sibling from its own game in the training set).
    std::vector<std::uint32_t> game(n);
    std::uint32_t g = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (all[i].first_of_game && i > 0) ++g;
        game[i] = g;
    }
    report.games = n ? g + 1 : 0;
    auto held_out = [&](std::size_t i) {
        return o.holdout > 0 && game[i] % std::uint32_t(o.holdout) == std::uint32_t(o.holdout - 1);
    };
    report.phases.resize(eval::kPatternPhases);
    const std::size_t first_scalar = std::size_t(eval::pattern_info().canonical_count);

    // 2. The phases are independent problems: two threads take them in turn.
    std::mutex mutex;
    std::atomic<int> next{0};
    double train_sum = 0, test_sum = 0;
    std::uint64_t train_n = 0, test_n = 0;
    const core::Stopwatch timer;
    const auto worker = [&] {
        eval::PatternFeatures f;
        for (int ph; (ph = next.fetch_add(1)) < eval::kPatternPhases;) {
            if (stop && stop->load()) break;
            const int lo = eval::pattern_phase_min_empties(ph);
            const int hi = eval::pattern_phase_max_empties(ph);
            Problem train, test;
            for (std::size_t i = 0; i < n; ++i) {
                const int e = std::popcount(~(all[i].player | all[i].opponent));
                const bool in_phase = e >= lo && e <= hi;
                if (held_out(i)) {
                    if (in_phase) test.add(all[i], true, f);
                } else if (e >= lo - o.margin && e <= hi + o.margin) {
                    train.add(all[i], in_phase, f);
                }
            }
            PatternFitPhase& r = report.phases[std::size_t(ph)];
            r.empties_min = lo;
            r.empties_max = hi;
            // Only the configurations that occur are unknowns (the others stay 0): numbered
            // compactly, the solver's vectors are a fraction of the table.
            std::vector<std::uint32_t> compact(first_scalar, ~0u), used;
            for (std::uint32_t& k : train.index) {
                if (compact[k] == ~0u) {
                    compact[k] = std::uint32_t(used.size());
                    used.push_back(k);
                }
                k = compact[k];
            }
            std::vector<double> xc(used.size() + eval::kPatternScalars, 0.0);
            r.start_mae = train.mae(xc, used.size(), r.train);
            if (train.size() > 0) xc = solve_ridge(train, used.size(), o, stop);
            r.train_mae = train.mae(xc, used.size(), r.train);
            std::vector<double> x(first_scalar + eval::kPatternScalars, 0.0);
            for (std::size_t k = 0; k < used.size(); ++k) x[used[k]] = xc[k];
            for (int k = 0; k < eval::kPatternScalars; ++k)
                x[first_scalar + std::size_t(k)] = xc[used.size() + std::size_t(k)];
            r.test_mae = test.mae(x, first_scalar, r.test);
            std::int16_t* w = weights.phase(ph);
            for (std::size_t k = 0; k < x.size(); ++k)
                w[k] = std::int16_t(std::clamp(std::lround(100 * x[k]), -32000L, 32000L));
            const std::lock_guard lock(mutex);
            train_sum += r.train_mae * double(r.train);
            test_sum += r.test_mae * double(r.test);
            train_n += r.train;
            test_n += r.test;
            char line[200];
            std::snprintf(line, sizeof line,
                          "pattern-fit: phase %2d (%2d-%2d empties): %8llu train, %7llu test, "
                          "error %.2f -> train %.2f, test %.2f discs (%.0f s)",
                          ph, hi, lo, (unsigned long long)r.train, (unsigned long long)r.test,
                          r.start_mae, r.train_mae, r.test_mae, double(timer.elapsed_ms()) / 1000);
            log << line << std::endl;
        }
    };
    std::thread helper(worker);
    worker();
    helper.join();
    report.train_mae = train_n ? train_sum / double(train_n) : 0;
    report.test_mae = test_n ? test_sum / double(test_n) : 0;
    return report;
}

std::string pattern_weights_to_cpp(const eval::PatternWeights& weights, const std::string& header) {
    std::string out;
    std::size_t start = 0;
    while (start < header.size()) {
        std::size_t end = header.find('\n', start);
        if (end == std::string::npos) end = header.size();
        out += "// " + header.substr(start, end - start) + "\n";
        start = end + 1;
    }
    out += "constexpr char kPatternWeightsText[] =\n";
    const std::string text = eval::encode_pattern_weights(weights);
    for (std::size_t i = 0; i < text.size(); i += 96) out += "    \"" + text.substr(i, 96) + "\"\n";
    out += "    \"\";\n";
    return out;
}

}  // namespace kibitz::tune
