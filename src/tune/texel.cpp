// Texel tuning over traced positions.
#include "tune/texel.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <thread>

#include "core/files.h"
#include "core/strings.h"
#include "core/svg.h"
#include "core/timer.h"
#include "eval/chess_eval.h"
#include "eval/weights_io.h"
#include "tune/data.h"

namespace kibitz::tune {

namespace {

constexpr double kLog10Over400 = 2.302585092994046 / 400;  // ln(10) / 400
constexpr int kTwo = 2;                                    // mg and eg per Pair
constexpr int kCheckpointEvery = 10;                       // epochs between checkpoints

double sigmoid(double k, double eval) { return 1 / (1 + std::exp(-k * kLog10Over400 * eval)); }

// Held out for validation: a fixed pseudo-random share of the positions, in blocks of 256
// consecutive ones, so that held-out positions mostly come from games that were not fitted
// (the positions of one game are neighbours in a datagen file and much alike).
bool held_out(std::size_t i, double validation) {
    return double(((i >> 8) * 2654435761u) % 1000) < validation * 1000;
}

double target(const TracedPosition& p, double k, double lambda) {
    if (lambda >= 1 || std::isnan(p.score)) return p.result;
    return lambda * p.result + (1 - lambda) * sigmoid(k, p.score);
}

// Runs body(begin, end, thread) over [0, n) split across threads.
template <class Body>
void parallel_for(std::size_t n, int threads, Body&& body) {
    threads = std::max(1, threads);
    std::vector<std::thread> pool;
    const std::size_t chunk = (n + std::size_t(threads) - 1) / std::size_t(threads);
    for (int t = 0; t < threads; ++t) {
        const std::size_t begin = std::min(n, chunk * std::size_t(t));
        const std::size_t end = std::min(n, begin + chunk);
        pool.emplace_back([&body, begin, end, t] { body(begin, end, t); });
    }
    for (auto& th : pool) th.join();
}

// The weights as a flat array of doubles (mg, eg per param) and back, rounded.
std::vector<double> to_params(const eval::Weights& w) {
    std::vector<double> p(std::size_t(eval::kParamCount) * kTwo);
    for (int i = 0; i < eval::kParamCount; ++i) {
        p[std::size_t(2 * i)] = eval::param_at(w, i).mg;
        p[std::size_t(2 * i + 1)] = eval::param_at(w, i).eg;
    }
    return p;
}
eval::Weights to_weights(const std::vector<double>& p) {
    eval::Weights w;
    for (int i = 0; i < eval::kParamCount; ++i)
        eval::param_at(w, i) = {int(std::lround(p[std::size_t(2 * i)])),
                                int(std::lround(p[std::size_t(2 * i + 1)]))};
    return w;
}

// The checkpoint: everything Adam needs to go on, and a fingerprint of the data.
struct TexelState {
    std::uint64_t positions = 0;
    double k = 0;
    int epoch = 0;
    std::vector<double> params, m, v;
    std::vector<std::array<double, 3>> curve;  // epoch, train error, validation error
};

constexpr char kStateMagic[8] = {'K', 'Z', 'T', 'X', 'L', '0', '0', '1'};

core::Status save_state(const std::string& path, const TexelState& s) {
    // Atomic: an interrupted save leaves the previous checkpoint whole.
    std::string bytes;
    {
        const auto put = [&](const void* p, std::size_t n) {
            bytes.append(static_cast<const char*>(p), n);
        };
        const std::uint64_t n_params = s.params.size(), n_curve = s.curve.size();
        put(kStateMagic, 8);
        put(&s.positions, 8);
        put(&s.k, 8);
        put(&s.epoch, sizeof s.epoch);
        put(&n_params, 8);
        put(s.params.data(), 8 * n_params);
        put(s.m.data(), 8 * n_params);
        put(s.v.data(), 8 * n_params);
        put(&n_curve, 8);
        put(s.curve.data(), sizeof(s.curve[0]) * n_curve);
    }
    return core::write_file(path, bytes);
}

core::Result<TexelState> load_state(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return core::error("cannot open '" + path + "'");
    TexelState s;
    char magic[8];
    std::uint64_t n_params = 0, n_curve = 0;
    const auto get = [&](void* p, std::size_t n) {
        in.read(static_cast<char*>(p), std::streamsize(n));
    };
    get(magic, 8);
    if (!in || std::memcmp(magic, kStateMagic, 8) != 0)
        return core::error("'" + path + "' is not a Texel checkpoint");
    get(&s.positions, 8);
    get(&s.k, 8);
    get(&s.epoch, sizeof s.epoch);
    get(&n_params, 8);
    if (!in || n_params != std::uint64_t(eval::kParamCount) * kTwo)
        return core::error("'" + path + "' was written for other evaluation weights");
    s.params.resize(n_params);
    s.m.resize(n_params);
    s.v.resize(n_params);
    get(s.params.data(), 8 * n_params);
    get(s.m.data(), 8 * n_params);
    get(s.v.data(), 8 * n_params);
    get(&n_curve, 8);
    if (!in || n_curve > 10000000) return core::error("'" + path + "' is cut short");
    s.curve.resize(n_curve);
    get(s.curve.data(), sizeof(s.curve[0]) * n_curve);
    if (!in) return core::error("'" + path + "' is cut short");
    return s;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

core::Status write_outputs(const TexelOptions& o, const TexelState& s, const TexelReport* report) {
    const eval::Weights w = to_weights(s.params);
    if (auto st = eval::save_weights(o.out + "/weights.json", w); !st) return st;
    std::string csv = "epoch,train_mse,validation_mse\n";
    core::LinePlot plot;
    plot.title = "Texel tuning: mean squared error of the win probability";
    plot.x_label = "epoch (Adam step over all training positions)";
    plot.y_label = "mean squared error";
    plot.fit_y = true;
    plot.dots = s.curve.size() <= 60;
    plot.series = {{"training positions", {}, {}}, {"held-out positions", {}, {}}};
    for (const auto& [epoch, train, val] : s.curve) {
        csv += std::to_string(int(epoch)) + "," + fixed(train, 7) + "," + fixed(val, 7) + "\n";
        plot.series[0].x.push_back(epoch);
        plot.series[0].y.push_back(train);
        plot.series[1].x.push_back(epoch);
        plot.series[1].y.push_back(val);
    }
    if (auto st = core::write_file(o.out + "/curve.csv", csv); !st) return st;
    if (auto st = core::write_file(o.out + "/curve.svg", core::render_svg(plot)); !st) return st;
    if (!report) return core::Done{};

    const auto& r = *report;
    std::string md = "# Texel tuning\n\n";
    md += "Command: `" + o.command + "`\n\n";
    md += "| | |\n|---|---|\n";
    md += "| positions | " + std::to_string(r.positions) + " (" + fixed(100 * o.validation, 0) +
          "% held out) |\n";
    md += "| files | " + [&] {
        std::string f;
        for (const auto& file : o.files) f += (f.empty() ? "`" : ", `") + file + "`";
        return f;
    }() + " |\n";
    md += "| K | " + fixed(r.k, 4) + " |\n";
    md += "| lambda (share of the game result in the target) | " + fixed(o.lambda, 2) + " |\n";
    char l2[32];
    std::snprintf(l2, sizeof l2, "%g", o.l2);
    md += std::string("| ridge penalty per cp² away from the start | ") + l2 + " |\n";
    md += "| epochs | " + std::to_string(r.epochs) + ", Adam step " + fixed(o.learning_rate, 2) +
          " cp |\n";
    md += "| time | " + fixed(r.seconds, 0) + " s |\n";
    md += "| error before → after, training | " + fixed(r.train_before, 6) + " → " +
          fixed(r.train_after, 6) + " |\n";
    md += "| error before → after, held out | " + fixed(r.validation_before, 6) + " → " +
          fixed(r.validation_after, 6) + " |\n";
    md += "| error before → after, held out, against the game results alone | " +
          fixed(r.results_before, 6) + " → " + fixed(r.results_after, 6) + " |\n\n";
    md +=
        "The errors are those of the integer weights (rounded), evaluated exactly as the "
        "engine does.\n\n![error curve](curve.svg)\n\n## Material\n\n"
        "| piece | start mg | start eg | tuned mg | tuned eg |\n|---|---|---|---|---|\n";
    const char* names[5] = {"pawn", "knight", "bishop", "rook", "queen"};
    for (int i = 0; i < 5; ++i)
        md += std::string("| ") + names[i] + " | " + std::to_string(o.start.material[i].mg) +
              " | " + std::to_string(o.start.material[i].eg) + " | " +
              std::to_string(w.material[i].mg) + " | " + std::to_string(w.material[i].eg) + " |\n";
    // The largest changes.
    struct Change {
        std::string name;
        eval::Pair from, to;
        int size;
    };
    std::vector<Change> changes;
    int i = 0;
    eval::for_each_param(o.start, [&](std::string_view name, const eval::Pair& p) {
        const eval::Pair& q = eval::param_at(w, i++);
        const int size = std::abs(q.mg - p.mg) + std::abs(q.eg - p.eg);
        if (size) changes.push_back({std::string(name), p, q, size});
    });
    std::stable_sort(changes.begin(), changes.end(),
                     [](const Change& a, const Change& b) { return a.size > b.size; });
    md += "\n## The 30 largest changes (of " + std::to_string(changes.size()) +
          " weights changed)\n\n| weight | start | tuned |\n|---|---|---|\n";
    for (std::size_t c = 0; c < std::min<std::size_t>(30, changes.size()); ++c)
        md += "| `" + changes[c].name + "` | " + std::to_string(changes[c].from.mg) + ", " +
              std::to_string(changes[c].from.eg) + " | " + std::to_string(changes[c].to.mg) + ", " +
              std::to_string(changes[c].to.eg) + " |\n";
    return core::write_file(o.out + "/README.md", md);
}

}  // namespace

core::Result<TexelData> load_texel_data(const TexelOptions& o, std::ostream& log,
                                        const std::atomic<bool>* stop) {
    TexelData data;
    eval::EvalTrace trace;
    std::uint64_t checked = 0;
    std::string mismatch;
    auto last = std::chrono::steady_clock::now();
    for (const auto& file : o.files) {
        const auto status = read_labelled(
            file,
            [&](const chess::Position& pos, Result result, std::optional<int> score) {
                if (stop && stop->load()) return;
                const int value = eval::evaluate(pos, o.start, trace);
                TracedPosition p;
                p.first = std::uint32_t(data.features.size());
                for (int i = 0; i < eval::kParamCount; ++i)
                    if (trace.counts[std::size_t(i)])
                        data.features.push_back(
                            {std::uint16_t(i), std::int16_t(trace.counts[std::size_t(i)])});
                p.count = std::uint16_t(data.features.size() - p.first);
                p.phase = std::uint8_t(trace.phase);
                p.scale = std::uint8_t(trace.scale);
                p.result = float(result);
                p.score = score ? float(*score) : std::numeric_limits<float>::quiet_NaN();
                data.positions.push_back(p);
                // The trace must reproduce the evaluation, or the fit would be of another one.
                if (checked < 10000 && mismatch.empty()) {
                    ++checked;
                    const int white = pos.side_to_move() == chess::kWhite ? value : -value;
                    if (traced_eval(data, p, o.start) != white)
                        mismatch = "the trace of " + pos.fen() + " gives " +
                                   std::to_string(traced_eval(data, p, o.start)) +
                                   ", the evaluation " + std::to_string(white);
                }
                const auto now = std::chrono::steady_clock::now();
                if (now - last >= std::chrono::seconds(5)) {
                    last = now;
                    log << "texel: traced " << data.positions.size() << " positions\n"
                        << std::flush;
                }
            },
            o.max_positions);
        if (!status) return core::error(status.error());
    }
    if (!mismatch.empty()) return core::error(mismatch);
    if (data.positions.empty()) return core::error("no labelled positions in the files");
    return data;
}

int traced_eval(const TexelData& data, const TracedPosition& p, const eval::Weights& w) {
    int mg = 0, eg = 0;
    for (std::uint32_t f = p.first; f < p.first + p.count; ++f) {
        const auto& feat = data.features[f];
        mg += feat.count * eval::param_at(w, feat.index).mg;
        eg += feat.count * eval::param_at(w, feat.index).eg;
    }
    return eval::final_score(mg, eg, p.phase, p.scale, chess::kWhite);
}

double texel_error(const TexelData& data, const eval::Weights& w, double k, double lambda,
                   bool train, double validation, int threads) {
    std::vector<double> sum(std::size_t(std::max(1, threads)), 0.0);
    std::vector<std::uint64_t> n(sum.size(), 0);
    parallel_for(data.positions.size(), threads, [&](std::size_t b, std::size_t e, int t) {
        for (std::size_t i = b; i < e; ++i) {
            if (held_out(i, validation) == train) continue;
            const auto& p = data.positions[i];
            const double d = sigmoid(k, traced_eval(data, p, w)) - target(p, k, lambda);
            sum[std::size_t(t)] += d * d;
            ++n[std::size_t(t)];
        }
    });
    double total = 0;
    std::uint64_t count = 0;
    for (std::size_t t = 0; t < sum.size(); ++t) total += sum[t], count += n[t];
    return count ? total / double(count) : 0;
}

double fit_k(const TexelData& data, const eval::Weights& w, int threads) {
    // Golden-section search on [0.05, 4]; the error is unimodal in K in practice.
    double lo = 0.05, hi = 4.0;
    const double g = (std::sqrt(5.0) - 1) / 2;
    const auto err = [&](double k) { return texel_error(data, w, k, 1.0, true, 0, threads); };
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = err(a), fb = err(b);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - g * (hi - lo);
            fa = err(a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + g * (hi - lo);
            fb = err(b);
        }
    }
    return (lo + hi) / 2;
}

core::Result<TexelReport> run_texel(const TexelOptions& o, std::ostream& log,
                                    const std::atomic<bool>* stop) {
    if (o.files.empty()) return core::error("no data files given");
    if (o.out.empty()) return core::error("no output directory given");
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    if (ec) return core::error("cannot create '" + o.out + "': " + ec.message());
    const std::string state_path = o.out + "/state.bin";
    if (!o.resume && std::filesystem::exists(state_path))
        return core::error("'" + state_path +
                           "' exists: pass --resume to continue that run, or choose another --out");

    const core::Stopwatch clock;
    auto data = load_texel_data(o, log, stop);
    if (!data) return core::error(data.error());
    if (stop && stop->load()) return core::error("stopped while reading the data");
    const std::size_t n = data->positions.size();
    log << "texel: " << n << " positions, " << data->features.size() << " feature counts\n";

    TexelState s;
    if (o.resume && std::filesystem::exists(state_path)) {
        auto loaded = load_state(state_path);
        if (!loaded) return core::error(loaded.error());
        if (loaded->positions != n)
            return core::error("'" + state_path + "' was fitted to " +
                               std::to_string(loaded->positions) + " positions, these files hold " +
                               std::to_string(n));
        s = std::move(*loaded);
        log << "texel: resuming at epoch " << s.epoch << " with K = " << s.k << "\n";
    } else {
        s.positions = n;
        s.k = o.k > 0 ? o.k : fit_k(*data, o.start, o.threads);
        s.params = to_params(o.start);
        s.m.assign(s.params.size(), 0);
        s.v.assign(s.params.size(), 0);
        log << "texel: K = " << fixed(s.k, 4) << "\n";
    }

    TexelReport r;
    r.k = s.k;
    r.positions = n;
    r.train_before = texel_error(*data, o.start, s.k, o.lambda, true, o.validation, o.threads);
    r.validation_before =
        texel_error(*data, o.start, s.k, o.lambda, false, o.validation, o.threads);
    log << "texel: error before: training " << fixed(r.train_before, 6) << ", held out "
        << fixed(r.validation_before, 6) << "\n";

    // Frozen weights: every Pair whose name starts with one of the prefixes.
    std::vector<char> frozen(s.params.size(), 0);
    {
        int i = 0;
        eval::for_each_param(o.start, [&](std::string_view name, const eval::Pair&) {
            for (const auto& prefix : o.freeze)
                if (core::starts_with(name, prefix))
                    frozen[std::size_t(2 * i)] = frozen[std::size_t(2 * i + 1)] = 1;
            ++i;
        });
    }

    // Adam over full batches of the training positions.
    const double kk = s.k * kLog10Over400;
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-10;
    const int threads = std::max(1, o.threads);
    const std::vector<double> origin = to_params(o.start);
    std::vector<std::vector<double>> grads(std::size_t(threads),
                                           std::vector<double>(s.params.size()));
    const auto slots = std::size_t(threads);
    std::vector<double> train_sum(slots), val_sum(slots);
    std::vector<std::uint64_t> train_n(slots), val_n(slots);
    const core::Stopwatch run_clock;
    const int first_epoch = s.epoch;
    auto last_line = std::chrono::steady_clock::now();
    while (s.epoch < o.epochs && !(stop && stop->load())) {
        parallel_for(n, threads, [&](std::size_t b, std::size_t e, int t) {
            auto& g = grads[std::size_t(t)];
            std::fill(g.begin(), g.end(), 0.0);
            double ts = 0, vs = 0;
            std::uint64_t tn = 0, vn = 0;
            for (std::size_t i = b; i < e; ++i) {
                const auto& p = data->positions[i];
                double mg = 0, eg = 0;
                for (std::uint32_t f = p.first; f < p.first + p.count; ++f) {
                    const auto& feat = data->features[f];
                    mg += feat.count * s.params[2u * feat.index];
                    eg += feat.count * s.params[2u * feat.index + 1];
                }
                const double wm = p.phase / 24.0 * p.scale / 64.0;
                const double we = (24 - p.phase) / 24.0 * p.scale / 64.0;
                const double sig = 1 / (1 + std::exp(-kk * (mg * wm + eg * we)));
                const double d = sig - target(p, s.k, o.lambda);
                if (held_out(i, o.validation)) {
                    vs += d * d, ++vn;
                    continue;
                }
                ts += d * d, ++tn;
                const double common = 2 * d * sig * (1 - sig) * kk;
                for (std::uint32_t f = p.first; f < p.first + p.count; ++f) {
                    const auto& feat = data->features[f];
                    g[2u * feat.index] += common * wm * feat.count;
                    g[2u * feat.index + 1] += common * we * feat.count;
                }
            }
            train_sum[std::size_t(t)] = ts, val_sum[std::size_t(t)] = vs;
            train_n[std::size_t(t)] = tn, val_n[std::size_t(t)] = vn;
        });
        double ts = 0, vs = 0;
        std::uint64_t tn = 0, vn = 0;
        for (int t = 0; t < threads; ++t)
            ts += train_sum[std::size_t(t)], vs += val_sum[std::size_t(t)],
                tn += train_n[std::size_t(t)], vn += val_n[std::size_t(t)];
        ++s.epoch;
        const double b1 = 1 - std::pow(beta1, s.epoch), b2 = 1 - std::pow(beta2, s.epoch);
        for (std::size_t j = 0; j < s.params.size(); ++j) {
            if (frozen[j]) continue;
            double g = 0;
            for (int t = 0; t < threads; ++t) g += grads[std::size_t(t)][j];
            g /= double(std::max<std::uint64_t>(tn, 1));
            g += 2 * o.l2 * (s.params[j] - origin[j]);
            s.m[j] = beta1 * s.m[j] + (1 - beta1) * g;
            s.v[j] = beta2 * s.v[j] + (1 - beta2) * g * g;
            s.params[j] -= o.learning_rate * (s.m[j] / b1) / (std::sqrt(s.v[j] / b2) + eps);
        }
        // The errors of the weights before this step (measured in the same pass).
        s.curve.push_back({double(s.epoch - 1), ts / double(std::max<std::uint64_t>(tn, 1)),
                           vs / double(std::max<std::uint64_t>(vn, 1))});
        if (s.epoch % kCheckpointEvery == 0 || s.epoch == o.epochs) {
            if (auto st = save_state(state_path, s); !st) return core::error(st.error());
            if (auto st = write_outputs(o, s, nullptr); !st) return core::error(st.error());
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last_line >= std::chrono::seconds(2) || s.epoch == o.epochs) {
            last_line = now;
            const double per = run_clock.elapsed_ms() / 1000.0 / (s.epoch - first_epoch);
            log << "texel: epoch " << s.epoch << "/" << o.epochs << ", error: training "
                << fixed(s.curve.back()[1], 6) << ", held out " << fixed(s.curve.back()[2], 6)
                << ", " << fixed(per, 2) << " s/epoch, ETA " << fixed(per * (o.epochs - s.epoch), 0)
                << " s\n"
                << std::flush;
        }
    }
    r.stopped = s.epoch < o.epochs;
    if (auto st = save_state(state_path, s); !st) return core::error(st.error());
    r.epochs = s.epoch;
    r.weights = to_weights(s.params);
    r.train_after = texel_error(*data, r.weights, s.k, o.lambda, true, o.validation, o.threads);
    r.validation_after =
        texel_error(*data, r.weights, s.k, o.lambda, false, o.validation, o.threads);
    r.results_before = texel_error(*data, o.start, s.k, 1.0, false, o.validation, o.threads);
    r.results_after = texel_error(*data, r.weights, s.k, 1.0, false, o.validation, o.threads);
    // The curve's last point: the rounded weights after the last step.
    if (s.curve.empty() || s.curve.back()[0] < s.epoch)
        s.curve.push_back({double(s.epoch), r.train_after, r.validation_after});
    r.seconds = clock.elapsed_ms() / 1000.0;
    log << "texel: error after: training " << fixed(r.train_after, 6) << ", held out "
        << fixed(r.validation_after, 6) << "; held out against the results alone "
        << fixed(r.results_before, 6) << " -> " << fixed(r.results_after, 6) << "\n";
    if (auto st = write_outputs(o, s, &r); !st) return core::error(st.error());
    return r;
}

}  // namespace kibitz::tune
