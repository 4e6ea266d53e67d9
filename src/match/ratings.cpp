// Maximum-likelihood Elo ratings with sandwich error bars; see ratings.h.
#include "match/ratings.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace kibitz::match {

namespace {

using Matrix = std::vector<std::vector<double>>;

constexpr double kZ95 = 1.959963984540054;
// d E / d(ra - rb) = kSlope * E * (1 - E) for the logistic Elo curve.
const double kSlope = std::log(10.0) / 400.0;
// Virtual drawn games between every two rated players (see ratings.h).
constexpr double kPriorGames = 0.01;
// Newton steps are capped so that a player far from the rest (a perfect score) is approached
// in a few safe steps instead of one overshooting step.
constexpr double kMaxStep = 400.0;

double expected(double diff) { return 1.0 / (1.0 + std::pow(10.0, -diff / 400.0)); }

Matrix zeros(int n) { return Matrix(n, std::vector<double>(n, 0.0)); }

// The inverse of a symmetric positive definite matrix by Gauss-Jordan elimination with
// partial pivoting (small n: one row and column per player).
Matrix inverse(Matrix a) {
    const int n = static_cast<int>(a.size());
    Matrix inv = zeros(n);
    for (int i = 0; i < n; ++i) inv[i][i] = 1.0;
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double d = a[col][col];
        for (int c = 0; c < n; ++c) {
            a[col][c] /= d;
            inv[col][c] /= d;
        }
        for (int r = 0; r < n; ++r) {
            if (r == col || a[r][col] == 0.0) continue;
            const double f = a[r][col];
            for (int c = 0; c < n; ++c) {
                a[r][c] -= f * a[col][c];
                inv[r][c] -= f * inv[col][c];
            }
        }
    }
    return inv;
}

Matrix multiply(const Matrix& x, const Matrix& y) {
    const int n = static_cast<int>(x.size());
    Matrix z = zeros(n);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k)
            for (int j = 0; j < n; ++j) z[i][j] += x[i][k] * y[k][j];
    return z;
}

// m without row and column `skip`.
Matrix reduced(const Matrix& m, int skip) {
    Matrix out;
    for (int i = 0; i < static_cast<int>(m.size()); ++i) {
        if (i == skip) continue;
        out.emplace_back();
        for (int j = 0; j < static_cast<int>(m.size()); ++j)
            if (j != skip) out.back().push_back(m[i][j]);
    }
    return out;
}

// Games and points (whole points, the first index's) between every two of the m rated players,
// the prior's virtual draws included.
struct Totals {
    Matrix games, points;
};

// The Fisher information of the model at ratings r (in Elo): a weighted graph Laplacian.
Matrix information(const Totals& t, const std::vector<double>& r) {
    const int m = static_cast<int>(r.size());
    Matrix h = zeros(m);
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b) {
            if (a == b) continue;
            const double e = expected(r[a] - r[b]);
            const double w = t.games[a][b] * kSlope * kSlope * e * (1 - e);
            h[a][a] += w;
            h[a][b] -= w;
        }
    return h;
}

}  // namespace

std::vector<Rating> fit_ratings(int players, const std::vector<ScoredGame>& games, Anchor anchor) {
    std::vector<Rating> out(players);

    // 1. The rated players (those with games) get indices 0 .. m-1.
    std::vector<int> index(players, -1);
    for (const auto& g : games) out[g.first].rated = out[g.second].rated = true;
    int m = 0;
    for (int p = 0; p < players; ++p)
        if (out[p].rated) index[p] = m++;
    if (m < 2) return out;

    // 2. Totals between every two rated players, with the prior.
    Totals t{zeros(m), zeros(m)};
    for (const auto& g : games) {
        const int a = index[g.first], b = index[g.second];
        t.games[a][b] += 1;
        t.games[b][a] += 1;
        t.points[a][b] += g.points / 2.0;
        t.points[b][a] += 1 - g.points / 2.0;
    }
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b)
            if (a != b) {
                t.games[a][b] += kPriorGames;
                t.points[a][b] += kPriorGames / 2;
            }

    // 3. Newton's method with the reference player's rating fixed at 0: the gradient of the
    //    log-likelihood is kSlope * (points - games * E) per opponent, its negative Hessian is
    //    the Fisher information.
    const int ref = anchor == Anchor::kFirst && out[0].rated ? index[0] : 0;
    std::vector<double> r(m, 0.0);
    for (int iter = 0; iter < 200; ++iter) {
        std::vector<double> grad;
        for (int a = 0; a < m; ++a) {
            if (a == ref) continue;
            double sum = 0;
            for (int b = 0; b < m; ++b)
                if (b != a) sum += t.points[a][b] - t.games[a][b] * expected(r[a] - r[b]);
            grad.push_back(kSlope * sum);
        }
        const Matrix h_inv = inverse(reduced(information(t, r), ref));
        std::vector<double> step(m - 1, 0.0);
        double largest = 0;
        for (int i = 0; i < m - 1; ++i) {
            for (int j = 0; j < m - 1; ++j) step[i] += h_inv[i][j] * grad[j];
            largest = std::max(largest, std::abs(step[i]));
        }
        const double scale = largest > kMaxStep ? kMaxStep / largest : 1.0;
        for (int a = 0, i = 0; a < m; ++a)
            if (a != ref) r[a] += scale * step[i++];
        if (largest < 1e-9) break;
    }

    // 4. The sandwich: J sums the outer products of the score residuals, per game or per pair
    //    (single games get keys below -1); the prior's virtual games add their model variance.
    Totals prior{zeros(m), zeros(m)};
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b)
            if (a != b) prior.games[a][b] = kPriorGames;
    Matrix j = information(prior, r);
    std::map<long, std::vector<double>> residuals;
    for (std::size_t k = 0; k < games.size(); ++k) {
        const ScoredGame& g = games[k];
        const int a = index[g.first], b = index[g.second];
        const double residual = g.points / 2.0 - expected(r[a] - r[b]);
        auto& u = residuals[g.pair >= 0 ? long(g.pair) : -2 - long(k)];
        u.resize(m, 0.0);
        u[a] += kSlope * residual;
        u[b] -= kSlope * residual;
    }
    for (const auto& [key, u] : residuals)
        for (int x = 0; x < m; ++x)
            for (int y = 0; y < m; ++y) j[x][y] += u[x] * u[y];
    const Matrix h_inv = inverse(reduced(information(t, r), ref));
    const Matrix cov_reduced = multiply(multiply(h_inv, reduced(j, ref)), h_inv);
    Matrix cov = zeros(m);
    for (int a = 0, i = 0; a < m; ++a) {
        if (a == ref) continue;
        for (int b = 0, k = 0; b < m; ++b)
            if (b != ref) cov[a][b] = cov_reduced[i][k++];
        ++i;
    }

    // 5. Move the origin to the anchor: the average, r' = (I - 11'/m) r, with covariance
    //    (I - 11'/m) cov (I - 11'/m).
    if (anchor == Anchor::kAverage || !out[0].rated) {
        double mean = 0;
        for (double x : r) mean += x / m;
        for (double& x : r) x -= mean;
        std::vector<double> row_mean(m, 0.0), col_mean(m, 0.0);
        double all_mean = 0;
        for (int a = 0; a < m; ++a)
            for (int b = 0; b < m; ++b) {
                row_mean[a] += cov[a][b] / m;
                col_mean[b] += cov[a][b] / m;
                all_mean += cov[a][b] / m / m;
            }
        for (int a = 0; a < m; ++a)
            for (int b = 0; b < m; ++b) cov[a][b] += all_mean - row_mean[a] - col_mean[b];
    }
    for (int p = 0; p < players; ++p) {
        if (!out[p].rated) continue;
        const int a = index[p];
        out[p].elo = r[a] + 0.0;  // + 0.0 turns -0 into 0
        out[p].error95 = kZ95 * std::sqrt(std::max(0.0, cov[a][a]));
    }
    return out;
}

}  // namespace kibitz::match
