// How well each side played a reviewed game, in the numbers lichess shows under its analysis:
// accuracy %, average centipawn loss and the counts of inaccuracies, mistakes and blunders.
//
// The formulas are lichess's published ones (https://lichess.org/page/accuracy, and the game
// accuracy as its maintainers describe it in lichess-org/lila issue 15164), written here from
// that description:
//  1. Every position's evaluation (White's view) is capped to ±1000 centipawns; a mate counts
//     as the cap, in the direction of the side that mates.
//  2. Win% = 50 + 50 · (2 / (1 + exp(−0.00368208 · cp)) − 1), from White's view; the mover's
//     view is 100 − Win% for Black.
//  3. A move's accuracy = 103.1668 · exp(−0.04354 · (Win%before − Win%after)) − 3.1669 from
//     the mover's view, clamped to 0..100.
//  4. A side's game accuracy is the mean of two means of its moves' accuracies: one weighted
//     by the volatility around each move (the standard deviation of the Win% values in a
//     window of positions ending just after the move, the window size = moves / 10 clamped to
//     2..8, the weight clamped to 0.5..12), and the harmonic mean, which punishes a few very bad
//     moves more than an arithmetic mean does.
//  5. A move's centipawn loss is the mover's drop in capped centipawns, at least 0 and at most
//     1000; the average centipawn loss is their mean over the side's moves.
// Header-only, so that the server and the command line use it without linking this module.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace kibitz::explain {

inline constexpr int kAccuracyCpCap = 1000;  // step 1: evaluations beyond this count as this

// The verdict on one move, as the review labels it (by the mover's loss of winning chances).
enum class MoveLabel { kNone, kInaccuracy, kMistake, kBlunder };

// The review's labels (the server's review and `kibitz analyse` share them): a move is judged
// by the mover's loss of winning chances, White's chance being 1 / (1 + 10^(-cp/400)) for a
// White-view evaluation (a mate is 1 or 0), as the web app has always shown it.
inline constexpr double kInaccuracyLoss = 0.10, kMistakeLoss = 0.20, kBlunderLoss = 0.30;

// White's winning chance 0..1 for a White-view evaluation: centipawns, or moves to mate when
// `mate` is not 0 (positive when White mates).
inline double win_chance(int cp, int mate) {
    if (mate != 0) return mate > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + std::pow(10.0, -cp / 400.0));
}

// The mover's loss of winning chances (0..1) by a move that took White's chance from `before`
// to `after`; 0 when the move played was the best move.
inline double move_loss(double before, double after, bool white_moved, bool played_best) {
    if (played_best) return 0.0;
    return std::max(0.0, white_moved ? before - after : after - before);
}

// The label of a move by its loss of winning chances.
inline MoveLabel label_for_loss(double loss) {
    return loss >= kBlunderLoss      ? MoveLabel::kBlunder
           : loss >= kMistakeLoss    ? MoveLabel::kMistake
           : loss >= kInaccuracyLoss ? MoveLabel::kInaccuracy
                                     : MoveLabel::kNone;
}

// "inaccuracy", "mistake", "blunder"; nullptr for no label.
inline const char* label_name(MoveLabel l) {
    return l == MoveLabel::kBlunder      ? "blunder"
           : l == MoveLabel::kMistake    ? "mistake"
           : l == MoveLabel::kInaccuracy ? "inaccuracy"
                                         : nullptr;
}

// The label of a name that label_name gives; kNone for anything else.
inline MoveLabel label_from_name(std::string_view name) {
    return name == "blunder"      ? MoveLabel::kBlunder
           : name == "mistake"    ? MoveLabel::kMistake
           : name == "inaccuracy" ? MoveLabel::kInaccuracy
                                  : MoveLabel::kNone;
}

// The PGN NAG of a label: $6 (?!), $2 (?), $4 (??); 0 for no label.
inline int label_nag(MoveLabel l) {
    return l == MoveLabel::kBlunder      ? 4
           : l == MoveLabel::kMistake    ? 2
           : l == MoveLabel::kInaccuracy ? 6
                                         : 0;
}

// One side's numbers; accuracy and acpl are empty when the side made no move.
struct PlayerSummary {
    std::optional<double> accuracy;  // 0..100
    std::optional<double> acpl;      // 0..1000
    int moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
};

struct GameSummary {
    PlayerSummary white, black;
};

// Step 1: a White-view evaluation (centipawns, or moves to mate when `mate` is not 0: positive
// when White mates) as capped centipawns in −1000..1000.
inline int capped_cp(int cp, int mate) {
    if (mate != 0) return mate > 0 ? kAccuracyCpCap : -kAccuracyCpCap;
    return std::clamp(cp, -kAccuracyCpCap, kAccuracyCpCap);
}

// Step 2: White's Win% (0..100) for capped centipawns from White's view.
inline double win_percent(int cp) {
    return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * cp)) - 1.0);
}

// Step 3: the accuracy (0..100) of a move that took the mover's Win% from `before` to `after`.
inline double move_accuracy(double before, double after) {
    const double a = 103.1668 * std::exp(-0.04354 * (before - after)) - 3.1669;
    return std::clamp(a, 0.0, 100.0);
}

// The population standard deviation of xs[first, last); 0 for an empty range.
inline double standard_deviation(const std::vector<double>& xs, std::size_t first,
                                 std::size_t last) {
    if (last <= first) return 0.0;
    double mean = 0;
    for (std::size_t i = first; i < last; ++i) mean += xs[i];
    mean /= double(last - first);
    double sum = 0;
    for (std::size_t i = first; i < last; ++i) sum += (xs[i] - mean) * (xs[i] - mean);
    return std::sqrt(sum / double(last - first));
}

// Step 4's weight of move `j` (0-based) among `moves`, from White's Win% of every position
// (win.size() == moves + 1): the first moves share the game's first window, later ones the
// window that ends with the position after them.
inline double volatility_weight(const std::vector<double>& win, std::size_t j) {
    const std::size_t moves = win.size() - 1;
    const std::size_t size = std::clamp<std::size_t>(moves / 10, 2, 8);
    const std::size_t last = std::max(size, j + 2);
    return std::clamp(standard_deviation(win, last - size, last), 0.5, 12.0);
}

// The harmonic mean of positive-or-zero values; 0 when one of them is 0 (its limit).
inline double harmonic_mean(const std::vector<double>& xs) {
    double sum = 0;
    for (const double x : xs) {
        if (x <= 0) return 0.0;
        sum += 1.0 / x;
    }
    return xs.empty() ? 0.0 : double(xs.size()) / sum;
}

// Steps 1–5 for a game: `cps` holds the capped White-view centipawns of every position from
// the start (cps.size() == moves + 1), `white_first` says who made the first move, `labels`
// holds each move's label (missing ones count as none). Both sides' numbers.
inline GameSummary summarise_game(const std::vector<int>& cps, bool white_first,
                                  const std::vector<MoveLabel>& labels = {}) {
    GameSummary out;
    if (cps.size() < 2) return out;
    std::vector<double> win;
    for (const int cp : cps) win.push_back(win_percent(cp));
    struct Side {
        std::vector<double> accuracies;
        double weighted = 0, weights = 0, loss = 0;
    } sides[2];  // 0: White, 1: Black
    for (std::size_t j = 0; j + 1 < cps.size(); ++j) {
        const bool white = (j % 2 == 0) == white_first;
        Side& s = sides[white ? 0 : 1];
        const double before = white ? win[j] : 100.0 - win[j];
        const double after = white ? win[j + 1] : 100.0 - win[j + 1];
        const double accuracy = move_accuracy(before, after);
        const double weight = volatility_weight(win, j);
        s.accuracies.push_back(accuracy);
        s.weighted += accuracy * weight;
        s.weights += weight;
        const int drop = white ? cps[j] - cps[j + 1] : cps[j + 1] - cps[j];
        s.loss += std::clamp(drop, 0, kAccuracyCpCap);
        PlayerSummary& p = white ? out.white : out.black;
        const MoveLabel label = j < labels.size() ? labels[j] : MoveLabel::kNone;
        p.inaccuracies += label == MoveLabel::kInaccuracy;
        p.mistakes += label == MoveLabel::kMistake;
        p.blunders += label == MoveLabel::kBlunder;
    }
    for (int i = 0; i < 2; ++i) {
        const Side& s = sides[i];
        PlayerSummary& p = i == 0 ? out.white : out.black;
        p.moves = int(s.accuracies.size());
        if (s.accuracies.empty()) continue;
        p.accuracy = (s.weighted / s.weights + harmonic_mean(s.accuracies)) / 2.0;
        p.acpl = s.loss / double(s.accuracies.size());
    }
    return out;
}

}  // namespace kibitz::explain
