// Match statistics: Elo difference with error bars and LOS, the generalised SPRT (GSPRT) that
// fishtest uses, and cutechess-cli's result block.
//
// Elo is logistic throughout: a score fraction s corresponds to -400 * log10(1/s - 1).
// Results are either trinomial (per game: win, draw, loss) or, when game pairs are counted,
// pentanomial (per pair of games with the same opening and colours swapped: 0..4 half-points);
// the pentanomial model accounts for the correlation inside a pair and gives narrower, more
// honest error bars. References: M. Van den Bergh, "On the MLE of a multinomial distribution
// with a linear constraint" (hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf) and
// "GSPRT" (Liu, stat.columbia.edu/~jcliu/paper/GSPRT_SQA3.pdf); cutechess-cli's EloDiff/Sprt
// for the printed format.
#pragma once

#include <array>
#include <string>

namespace kibitz::match {

// Results from the first player's point of view. pairs[k] counts game pairs (same opening,
// colours swapped) whose total score for the first player is k half-points: 0 = two losses ...
// 4 = two wins.
struct Tally {
    int wins = 0, losses = 0, draws = 0;
    std::array<int, 5> pairs{};
    // wins + losses + draws.
    int games() const;
    // (wins + draws/2) / games, 0.5 when no games.
    double score() const;
};

struct EloEstimate {
    // Elo difference and its 95% half-width (from the trinomial or, if any pairs, pentanomial
    // variance).
    double elo = 0, error95 = 0;
    double los = 0.5;       // likelihood of superiority, 0..1
    double draw_ratio = 0;  // draws / games
};

// Elo of t.score() with a 95% half-width: score +/- 1.959964 * stderr mapped through
// elo_from_score, half the width of that interval (as cutechess does). The standard error is
// per game (trinomial) or, when t.pairs has entries, per pair (pentanomial). LOS is
// Phi((W-L)/sqrt(W+L)) (trinomial) or Phi((pair mean - 0.5) / stderr) (pentanomial).
EloEstimate estimate_elo(const Tally& t);

struct SprtParams {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

struct SprtState {
    // The log-likelihood ratio and its bounds log(beta/(1-alpha)), log((1-beta)/alpha).
    double llr = 0, lower = 0, upper = 0;
    enum class Verdict { kContinue, kAcceptH1, kAcceptH0 } verdict = Verdict::kContinue;
};

// Generalised SPRT with logistic Elo, as fishtest computes it: the pentanomial model when
// t.pairs has any entries (then only the pairs count), the trinomial W/D/L model otherwise. The
// LLR is exact: the maximum-likelihood multinomial with expected score s(elo1) against the one
// with expected score s(elo0), both fitted to the observed frequencies (zero frequencies are
// regularised to 1e-3, as fishtest does). Accepts H1 when llr >= upper, H0 when llr <= lower.
SprtState sprt(const Tally& t, const SprtParams& p);

// cutechess-cli's result block, lines ending in '\n':
//   "Score of A vs B: W - L - D  [0.523] 120"
//   "Elo difference: 15.9 +/- 30.2, LOS: 84.6 %, DrawRatio: 40.0 %"
// and when sprt_params is not null:
//   "SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94" plus " - H1 was accepted" or
//   " - H0 was accepted" when decided. The percentage is llr / ubound.
std::string result_block(const std::string& first, const std::string& second, const Tally& t,
                         const SprtParams* sprt_params);

// Elo difference for a score fraction (logistic): -400*log10(1/score - 1). The score is clamped
// to [1e-4, 1 - 1e-4], so 0 and 1 give -1600 and +1600 instead of infinities.
double elo_from_score(double score);

}  // namespace kibitz::match
