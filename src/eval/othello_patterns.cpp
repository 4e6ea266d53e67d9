#include "eval/othello_patterns.h"

#include <algorithm>
#include <bit>

#include "core/files.h"
#include "eval/othello_eval.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace kibitz::eval {

using othello::Bitboard;

namespace {

// The bits of b under mask, packed to the low end in square order: pext where the build has
// BMI2 (as chess/attacks.h), a loop over the mask's squares otherwise.
inline std::uint32_t extract(Bitboard b, Bitboard mask) {
#if defined(__BMI2__)
    return std::uint32_t(_pext_u64(b, mask));
#else
    std::uint32_t r = 0;
    for (int k = 0; mask; mask &= mask - 1, ++k)
        r |= std::uint32_t(b >> std::countr_zero(mask) & 1) << k;
    return r;
#endif
}

constexpr int kMaxPatternSize = 10;

// A binary number read as base 3: bit k -> 3^k (the own discs; twice it for the opponent's).
struct Base3 {
    std::array<std::uint16_t, 1 << kMaxPatternSize> of{};
    constexpr Base3() {
        for (int b = 0; b < (1 << kMaxPatternSize); ++b) {
            int v = 0, p = 1;
            for (int k = 0; k < kMaxPatternSize; ++k, p *= 3)
                if (b >> k & 1) v += p;
            of[std::size_t(b)] = std::uint16_t(v);
        }
    }
};
constexpr Base3 kBase3{};

int power3(int n) {
    int p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

// The eight images of a board, symmetry s at index s.
inline void images(Bitboard b, Bitboard out[8]) {
    out[0] = b;
    out[1] = othello::mirror_horizontal(b);
    out[2] = othello::flip_vertical(b);
    out[3] = othello::flip_vertical(out[1]);
    for (int s = 0; s < 4; ++s) out[4 + s] = othello::flip_diagonal(out[s]);
}

// The squares of the board that symmetry s maps onto mask.
Bitboard preimage(Bitboard mask, int s) {
    Bitboard out = 0;
    for (int sq = 0; sq < 64; ++sq)
        if (mask >> othello::symmetry_square(sq, s) & 1) out |= othello::square_bit(sq);
    return out;
}

// The hot loop's view of one instance.
struct Instance {
    Bitboard mask;
    std::uint32_t offset;
    std::uint8_t symmetry;
};
struct Instances {
    std::vector<Instance> list;
};

const Instances& instances() {
    static const Instances all = [] {
        Instances x;
        const PatternInfo& info = pattern_info();
        for (int i = 0; i < info.instances; ++i) {
            const int p = info.pattern_of[std::size_t(i)];
            x.list.push_back({kPatternShapes[std::size_t(p)].mask,
                              std::uint32_t(info.raw_offset[std::size_t(p)]),
                              std::uint8_t(info.symmetry_of[std::size_t(i)])});
        }
        return x;
    }();
    return all;
}

void scalar_features(Bitboard player, Bitboard opponent, std::array<int, kPatternScalars>& out) {
    const Bitboard empties = ~(player | opponent);
    out[0] = 1;
    out[1] = std::popcount(empties) & 1;
    out[2] = std::popcount(othello::legal_squares(player, opponent)) -
             std::popcount(othello::legal_squares(opponent, player));
    out[3] = std::popcount(empty_neighbours(opponent, empties)) -
             std::popcount(empty_neighbours(player, empties));
}

}  // namespace

const PatternInfo& pattern_info() {
    static const PatternInfo info = [] {
        PatternInfo x;
        for (int p = 0; p < kPatternCount; ++p) {
            const Bitboard mask = kPatternShapes[std::size_t(p)].mask;
            const int n = std::popcount(mask);
            x.size.push_back(n);
            x.raw_offset.push_back(x.raw_count);
            x.canonical_offset.push_back(x.canonical_count);
            // 1. The instances: the distinct preimages of the shape under the symmetries.
            std::vector<Bitboard> seen;
            std::vector<std::vector<int>> self;  // permutations of the shape onto itself
            for (int s = 0; s < 8; ++s) {
                const Bitboard squares = preimage(mask, s);
                if (squares == mask && s != 0) {
                    // Square k of the shape goes to square perm[k] of it.
                    std::vector<int> perm;
                    for (Bitboard m = mask; m; m &= m - 1) {
                        const Bitboard to =
                            othello::square_bit(othello::symmetry_square(std::countr_zero(m), s));
                        perm.push_back(std::popcount(mask & (to - 1)));
                    }
                    self.push_back(perm);
                }
                if (std::find(seen.begin(), seen.end(), squares) != seen.end()) continue;
                seen.push_back(squares);
                x.pattern_of.push_back(p);
                x.symmetry_of.push_back(s);
                ++x.instances;
            }
            // 2. The canonical configurations: the smallest of each orbit under the shape's
            //    self-symmetries, numbered in order.
            const int count = power3(n);
            std::vector<int> digits(static_cast<std::size_t>(n)),
                moved(static_cast<std::size_t>(n));
            std::vector<std::uint32_t> id(static_cast<std::size_t>(count));
            for (int c = 0; c < count; ++c) {
                for (int k = 0, v = c; k < n; ++k, v /= 3) digits[std::size_t(k)] = v % 3;
                int smallest = c;
                for (const auto& perm : self) {
                    for (int k = 0; k < n; ++k)
                        moved[std::size_t(perm[std::size_t(k)])] = digits[std::size_t(k)];
                    int v = 0;
                    for (int k = n - 1; k >= 0; --k) v = 3 * v + moved[std::size_t(k)];
                    smallest = std::min(smallest, v);
                }
                id[std::size_t(c)] =
                    smallest == c ? std::uint32_t(x.canonical_count++) : id[std::size_t(smallest)];
            }
            x.canonical.insert(x.canonical.end(), id.begin(), id.end());
            x.raw_count += count;
        }
        return x;
    }();
    return info;
}

void pattern_features(Bitboard player, Bitboard opponent, PatternFeatures& out) {
    Bitboard p[8], o[8];
    images(player, p);
    images(opponent, o);
    const auto& list = instances().list;
    out.raw.resize(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Instance& in = list[i];
        out.raw[i] = in.offset + kBase3.of[extract(p[in.symmetry], in.mask)] +
                     2u * kBase3.of[extract(o[in.symmetry], in.mask)];
    }
    scalar_features(player, opponent, out.scalars);
}

void pattern_features_reference(Bitboard player, Bitboard opponent, PatternFeatures& out) {
    const PatternInfo& info = pattern_info();
    out.raw.assign(std::size_t(info.instances), 0);
    for (int i = 0; i < info.instances; ++i) {
        const int p = info.pattern_of[std::size_t(i)];
        const int s = info.symmetry_of[std::size_t(i)];
        const Bitboard mask = kPatternShapes[std::size_t(p)].mask;
        // Square k of the shape (in square order) is the board square that s maps onto it.
        int index = 0, weight = 1;
        for (Bitboard m = mask; m; m &= m - 1, weight *= 3) {
            const int target = std::countr_zero(m);
            int sq = 0;
            while (othello::symmetry_square(sq, s) != target) ++sq;
            const int v = (player >> sq & 1) ? 1 : (opponent >> sq & 1) ? 2 : 0;
            index += weight * v;
        }
        out.raw[std::size_t(i)] = std::uint32_t(info.raw_offset[std::size_t(p)] + index);
    }
    scalar_features(player, opponent, out.scalars);
}

PatternWeights::PatternWeights() : values(std::size_t(kPatternPhases) * per_phase(), 0) {}

// The code: a weight v is zigzagged (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...) and written in
// base-32 digits, lowest first, as characters of kDigits (a digit with 32 added means another
// follows); a run of n >= 3 zeros is kRun then n in the same code. The text starts with
// "phases:weights-per-phase:".
namespace {
constexpr std::string_view kDigits =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kRun = '*';

void put_number(std::string& out, std::uint32_t u) {
    while (u >= 32) {
        out.push_back(kDigits[32 + (u & 31)]);
        u >>= 5;
    }
    out.push_back(kDigits[u]);
}
}  // namespace

std::string encode_pattern_weights(const PatternWeights& w) {
    std::string out =
        std::to_string(kPatternPhases) + ":" + std::to_string(PatternWeights::per_phase()) + ":";
    const auto& v = w.values;
    for (std::size_t i = 0; i < v.size();) {
        std::size_t run = 0;
        while (i + run < v.size() && v[i + run] == 0) ++run;
        if (run >= 3) {
            out.push_back(kRun);
            put_number(out, std::uint32_t(run));
            i += run;
            continue;
        }
        const int x = v[i++];
        put_number(out, std::uint32_t(x >= 0 ? 2 * x : -2 * x - 1));
    }
    return out;
}

core::Result<PatternWeights> decode_pattern_weights(std::string_view text) {
    const std::string expected =
        std::to_string(kPatternPhases) + ":" + std::to_string(PatternWeights::per_phase()) + ":";
    if (text.substr(0, expected.size()) != expected)
        return core::error("pattern weights are for '" +
                           std::string(text.substr(0, text.find(':', text.find(':') + 1) + 1)) +
                           "' (phases:weights), this build needs '" + expected + "'");
    PatternWeights w;
    std::size_t pos = expected.size(), at = 0;
    auto number = [&](std::uint32_t& u) {
        u = 0;
        for (int shift = 0; pos < text.size() && shift < 32; shift += 5) {
            const std::size_t d = kDigits.find(text[pos++]);
            if (d == std::string_view::npos) return false;
            u |= std::uint32_t(d & 31) << shift;
            if (d < 32) return true;
        }
        return false;
    };
    while (pos < text.size()) {
        const bool run = text[pos] == kRun;
        if (run) ++pos;
        std::uint32_t u = 0;
        if (!number(u))
            return core::error("pattern weights: bad code at character " + std::to_string(pos));
        const std::size_t n = run ? u : 1;
        if (at + n > w.values.size()) return core::error("pattern weights: too many values");
        if (!run) {
            const std::int32_t v = (u & 1) ? -std::int32_t(u >> 1) - 1 : std::int32_t(u >> 1);
            if (v < -32768 || v > 32767) return core::error("pattern weights: value out of range");
            w.values[at] = std::int16_t(v);
        }
        at += n;
    }
    if (at != w.values.size())
        return core::error("pattern weights: " + std::to_string(at) + " values, expected " +
                           std::to_string(w.values.size()));
    return w;
}

core::Result<PatternWeights> read_pattern_weights(const std::string& path) {
    const auto bytes = core::read_file(path, std::uint64_t(64) << 20, "pattern weights file");
    if (!bytes) return core::error(bytes.error());
    // The code is what the double quotes hold, outside comment lines.
    std::string code;
    std::size_t start = 0;
    while (start < bytes->size()) {
        std::size_t end = bytes->find('\n', start);
        if (end == std::string::npos) end = bytes->size();
        const std::string_view line = std::string_view(*bytes).substr(start, end - start);
        start = end + 1;
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line.substr(first, 2) == "//") continue;
        for (std::size_t q = line.find('"'); q != std::string_view::npos;) {
            const std::size_t close = line.find('"', q + 1);
            if (close == std::string_view::npos)
                return core::error("'" + path + "': a quote is not closed on a line");
            code += line.substr(q + 1, close - q - 1);
            q = line.find('"', close + 1);
        }
    }
    if (code.empty())
        return core::error("'" + path + "' holds no pattern weights (no quoted code)");
    auto w = decode_pattern_weights(code);
    if (!w) return core::error("'" + path + "': " + w.error());
    return w;
}

namespace {
#include "eval/othello_pattern_weights.inc"

struct Defaults {
    PatternWeights weights;
    core::Status status = core::Done{};
    Defaults() {
        auto w = decode_pattern_weights(kPatternWeightsText);
        if (w) {
            weights = std::move(*w);
        } else {
            status = core::error(w.error());
        }
    }
};
const Defaults& defaults() {
    static const Defaults d;
    return d;
}
}  // namespace

const PatternWeights& default_pattern_weights() { return defaults().weights; }
const core::Status& default_pattern_weights_status() { return defaults().status; }

PatternEvaluator::PatternEvaluator(const PatternWeights& w) {
    const PatternInfo& info = pattern_info();
    stride_ = std::size_t(info.raw_count + kPatternScalars);
    table_.assign(stride_ * kPatternPhases, 0);
    for (int ph = 0; ph < kPatternPhases; ++ph) {
        const std::int16_t* from = w.phase(ph);
        std::int16_t* to = table_.data() + std::size_t(ph) * stride_;
        for (int r = 0; r < info.raw_count; ++r) to[r] = from[info.canonical[std::size_t(r)]];
        for (int k = 0; k < kPatternScalars; ++k)
            to[info.raw_count + k] = from[info.canonical_count + k];
    }
}

int PatternEvaluator::operator()(Bitboard player, Bitboard opponent) const {
    Bitboard p[8], o[8];
    images(player, p);
    images(opponent, o);
    const int empties = std::popcount(~(player | opponent));
    const std::int16_t* t = table_.data() + std::size_t(pattern_phase(empties)) * stride_;
    int score = 0;
    for (const Instance& in : instances().list)
        score += t[in.offset + kBase3.of[extract(p[in.symmetry], in.mask)] +
                   2u * kBase3.of[extract(o[in.symmetry], in.mask)]];
    std::array<int, kPatternScalars> scalars;
    scalar_features(player, opponent, scalars);
    const std::int16_t* s = t + (stride_ - kPatternScalars);
    for (int k = 0; k < kPatternScalars; ++k) score += scalars[std::size_t(k)] * s[k];
    return std::clamp(score, -6400, 6400);
}

int evaluate_othello_patterns(Bitboard player, Bitboard opponent) {
    static const PatternEvaluator evaluator(default_pattern_weights());
    return evaluator(player, opponent);
}

}  // namespace kibitz::eval
