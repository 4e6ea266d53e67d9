// Slider attacks: the lookups (PEXT or magic, whichever this build compiled) against the ray
// walk, and the stored magic numbers against the search that found them.
#include "chess/attacks.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "chess/magics.h"

using namespace kibitz::chess;

namespace {

// The table as C++ source, to paste into src/chess/attacks.cpp.
std::string as_source(const char* name, const std::array<Bitboard, 64>& magics) {
    std::string out = std::string("const Bitboard ") + name + "[64] = {\n";
    char number[32];
    for (int sq = 0; sq < 64; ++sq) {
        std::snprintf(number, sizeof number, "0x%016llXULL,", (unsigned long long)magics[sq]);
        out += (sq % 4 == 0 ? "    " : " ") + std::string(number) + (sq % 4 == 3 ? "\n" : "");
    }
    return out + "};\n";
}

}  // namespace

TEST(Attacks, LookupsMatchTheRayWalkForEverySubsetOfEveryMask) {
    for (bool rook : {true, false}) {
        for (int sq = 0; sq < 64; ++sq) {
            const Square s = Square(sq);
            const Bitboard mask = detail::relevant_mask(s, rook);
            // Squares outside the mask must not matter: add them all.
            const Bitboard outside = ~mask;
            Bitboard b = 0;
            do {
                const Bitboard slow = rook ? slow_rook_attacks(s, b) : slow_bishop_attacks(s, b);
                const Bitboard fast = rook ? rook_attacks(s, b) : bishop_attacks(s, b);
                const Bitboard fast_full =
                    rook ? rook_attacks(s, b | outside) : bishop_attacks(s, b | outside);
                ASSERT_EQ(fast, slow) << (rook ? "rook " : "bishop ") << sq << " occ " << b;
                ASSERT_EQ(fast_full, slow) << (rook ? "rook " : "bishop ") << sq << " occ " << b;
                b = (b - mask) & mask;
            } while (b);
        }
    }
}

TEST(Magic, EveryStoredMagicIndexesWithoutDestructiveCollision) {
    for (int sq = 0; sq < 64; ++sq) {
        EXPECT_TRUE(detail::magic_is_valid(Square(sq), true, detail::kRookMagics[sq])) << sq;
        EXPECT_TRUE(detail::magic_is_valid(Square(sq), false, detail::kBishopMagics[sq])) << sq;
    }
    // And the check rejects a magic that is not one.
    EXPECT_FALSE(detail::magic_is_valid(Square(0), true, 1));
}

// Regenerates the tables: on a difference, the message holds the source to paste.
TEST(Magic, StoredMagicsAreWhatTheSearchFinds) {
    const std::array<Bitboard, 64> rook = detail::find_magics(true);
    const std::array<Bitboard, 64> bishop = detail::find_magics(false);
    std::array<Bitboard, 64> stored_rook, stored_bishop;
    for (int sq = 0; sq < 64; ++sq) {
        stored_rook[sq] = detail::kRookMagics[sq];
        stored_bishop[sq] = detail::kBishopMagics[sq];
    }
    EXPECT_EQ(stored_rook, rook) << as_source("kRookMagics", rook);
    EXPECT_EQ(stored_bishop, bishop) << as_source("kBishopMagics", bishop);
}

TEST(Attacks, SliderMethodNamesWhatThisBuildCompiled) {
    EXPECT_EQ(std::string(slider_method()), KIBITZ_USE_PEXT ? "pext" : "magic");
}
