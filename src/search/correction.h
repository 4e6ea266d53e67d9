// Correction history: what the search learned about the static evaluation's errors, by pawn
// structure and by material. After a node's search, the difference between its result and
// its static evaluation (where the bound says which way it lies) moves a running average in
// two tables, one indexed by a hash of the pawns and one by a hash of the material, each with
// the side to move; the evaluation used for pruning at later nodes adds the mean of the two.
// A structure the evaluation misjudges (a blocked centre it calls open, a pawn race it cannot
// see) is then judged by what the search found in positions with the same pawns.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "search/score.h"

namespace kibitz::search {

class CorrectionHistory {
public:
    // Entries are in 1/kGrain of a score unit; a weight is out of kWeightScale.
    static constexpr int kSize = 16384;
    static constexpr int kGrain = 256;
    static constexpr int kWeightScale = 256;

    void clear() {
        pawn_.fill(0);
        material_.fill(0);
    }

    // The correction in score units for the position with these keys.
    int correction(std::uint64_t pawn_key, std::uint64_t material_key) const {
        return (pawn_[slot(pawn_key)] + material_[slot(material_key)]) / (2 * kGrain);
    }

    // The search found error = result - raw evaluation; weight (out of kWeightScale) is how
    // far each entry moves towards it, limit (score units) the largest an entry may hold.
    void update(std::uint64_t pawn_key, std::uint64_t material_key, int error, int weight,
                int limit) {
        const int target = std::clamp(error, -limit, limit) * kGrain;
        const int bound = limit * kGrain;
        for (std::int32_t* e : {&pawn_[slot(pawn_key)], &material_[slot(material_key)]}) {
            const int moved = *e + (target - *e) * weight / kWeightScale;
            *e = std::clamp(moved, -bound, bound);
        }
    }

private:
    static std::size_t slot(std::uint64_t key) { return std::size_t(key % kSize); }

    std::array<std::int32_t, kSize> pawn_{}, material_{};
};

}  // namespace kibitz::search
