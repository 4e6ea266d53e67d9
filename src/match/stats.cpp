#include "match/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kibitz::match {

namespace {

// Two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;
// Zero frequencies are replaced by this count before the maximum-likelihood fit (fishtest's
// regularisation), so that every expected score in (0, 1) is reachable.
constexpr double kRegularisation = 1e-3;

// Standard normal cumulative distribution function.
double phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Expected score of a logistic Elo difference.
double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// Observed outcomes of one model: the score of each category (0..1) and how often it occurred.
struct Outcomes {
    std::vector<double> value;
    std::vector<double> count;
    double total() const {
        double n = 0;
        for (double c : count) n += c;
        return n;
    }
};

// Per-game outcomes (loss, draw, win) or, when any pair was counted, per-pair outcomes
// (0, 1/4, ... 1 of a pair's two points).
Outcomes outcomes_of(const Tally& t) {
    Outcomes o;
    bool paired = false;
    for (int c : t.pairs) paired = paired || c > 0;
    if (paired) {
        for (int k = 0; k < 5; ++k) {
            o.value.push_back(k / 4.0);
            o.count.push_back(t.pairs[k]);
        }
    } else {
        o.value = {0.0, 0.5, 1.0};
        o.count = {double(t.losses), double(t.draws), double(t.wins)};
    }
    return o;
}

// Mean and standard error of the mean of the outcomes (0, 0 when there are none).
struct MeanError {
    double mean = 0, stderr_mean = 0;
};
MeanError mean_error(const Outcomes& o) {
    const double n = o.total();
    if (n <= 0) return {};
    double mean = 0;
    for (std::size_t i = 0; i < o.value.size(); ++i) mean += o.count[i] * o.value[i];
    mean /= n;
    double var = 0;
    for (std::size_t i = 0; i < o.value.size(); ++i) {
        var += o.count[i] * (o.value[i] - mean) * (o.value[i] - mean);
    }
    var /= n;
    return {mean, std::sqrt(var / n)};
}

// The maximum-likelihood distribution over the categories, given observed frequencies freq
// (all > 0, summing to 1) and the constraint that its mean is s (strictly between the smallest
// and largest value). By Lagrange multipliers p_i = freq_i / (1 + x (v_i - s)) where x solves
// sum freq_i (v_i - s) / (1 + x (v_i - s)) = 0; the left side decreases in x, so bisection on
// the interval where all denominators are positive finds it (Van den Bergh, see stats.h).
std::vector<double> mle_with_mean(const std::vector<double>& value, const std::vector<double>& freq,
                                  double s) {
    double dmax = 0, dmin = 0;
    for (double v : value) {
        dmax = std::max(dmax, v - s);
        dmin = std::min(dmin, v - s);
    }
    double lo = -1.0 / dmax, hi = -1.0 / dmin;
    auto g = [&](double x) {
        double sum = 0;
        for (std::size_t i = 0; i < value.size(); ++i) {
            const double d = value[i] - s;
            sum += freq[i] * d / (1.0 + x * d);
        }
        return sum;
    };
    for (int iter = 0; iter < 200; ++iter) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (g(mid) > 0 ? lo : hi) = mid;
    }
    const double x = 0.5 * (lo + hi);
    std::vector<double> p(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) p[i] = freq[i] / (1.0 + x * (value[i] - s));
    return p;
}

std::string format(const char* fmt, auto... args) {
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, fmt, args...);
    return buffer;
}

}  // namespace

int Tally::games() const { return wins + losses + draws; }

double Tally::score() const {
    const int n = games();
    return n == 0 ? 0.5 : (wins + 0.5 * draws) / n;
}

double elo_from_score(double score) {
    const double s = std::clamp(score, 1e-4, 1.0 - 1e-4);
    return -400.0 * std::log10(1.0 / s - 1.0) + 0.0;  // + 0.0 turns -0 into 0
}

EloEstimate estimate_elo(const Tally& t) {
    EloEstimate e;
    const int n = t.games();
    if (n == 0) return e;
    const double score = t.score();
    e.elo = elo_from_score(score);
    e.draw_ratio = double(t.draws) / n;

    // 1. Standard error of the mean score per game (trinomial) or per pair (pentanomial).
    const Outcomes o = outcomes_of(t);
    const bool paired = o.value.size() == 5;
    const MeanError me = mean_error(o);

    // 2. The 95% interval of the score mapped through the Elo curve; half its width.
    const double low = elo_from_score(score - kZ95 * me.stderr_mean);
    const double high = elo_from_score(score + kZ95 * me.stderr_mean);
    e.error95 = (high - low) / 2.0;

    // 3. Likelihood of superiority.
    if (paired) {
        if (me.stderr_mean > 0)
            e.los = phi((me.mean - 0.5) / me.stderr_mean);
        else
            e.los = me.mean > 0.5 ? 1.0 : me.mean < 0.5 ? 0.0 : 0.5;
    } else if (t.wins + t.losses > 0) {
        e.los = phi(double(t.wins - t.losses) / std::sqrt(double(t.wins + t.losses)));
    }
    return e;
}

SprtState sprt(const Tally& t, const SprtParams& p) {
    SprtState st;
    st.lower = std::log(p.beta / (1.0 - p.alpha));
    st.upper = std::log((1.0 - p.beta) / p.alpha);

    // 1. Observed outcomes, regularised and turned into frequencies.
    Outcomes o = outcomes_of(t);
    if (o.total() <= 0) return st;
    for (double& c : o.count) c = c > 0 ? c : kRegularisation;
    const double n = o.total();
    std::vector<double> freq;
    for (double c : o.count) freq.push_back(c / n);

    // 2. The maximum-likelihood distributions under H0 and H1 and the log-likelihood ratio of
    //    the observed counts.
    const auto p0 = mle_with_mean(o.value, freq, score_from_elo(p.elo0));
    const auto p1 = mle_with_mean(o.value, freq, score_from_elo(p.elo1));
    double llr = 0;
    for (std::size_t i = 0; i < freq.size(); ++i) llr += o.count[i] * std::log(p1[i] / p0[i]);
    st.llr = llr;

    // 3. Verdict.
    if (st.llr >= st.upper)
        st.verdict = SprtState::Verdict::kAcceptH1;
    else if (st.llr <= st.lower)
        st.verdict = SprtState::Verdict::kAcceptH0;
    return st;
}

std::string result_block(const std::string& first, const std::string& second, const Tally& t,
                         const SprtParams* sprt_params) {
    const EloEstimate e = estimate_elo(t);
    std::string out =
        "Score of " + first + " vs " + second + ": " +
        format("%d - %d - %d  [%.3f] %d\n", t.wins, t.losses, t.draws, t.score(), t.games());
    out += format("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", e.elo,
                  e.error95, e.los * 100.0, e.draw_ratio * 100.0);
    if (sprt_params != nullptr) {
        const SprtState s = sprt(t, *sprt_params);
        out += format("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g", s.llr,
                      s.llr / s.upper * 100.0, s.lower, s.upper);
        if (s.verdict == SprtState::Verdict::kAcceptH1) out += " - H1 was accepted";
        if (s.verdict == SprtState::Verdict::kAcceptH0) out += " - H0 was accepted";
        out += "\n";
    }
    return out;
}

}  // namespace kibitz::match
