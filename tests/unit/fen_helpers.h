// Test helper: a position from a FEN that the test expects to be valid.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "chess/position.h"

namespace kibitz::test {

// The position of fen (a Chess960 one when chess960); a parse error fails the calling test and
// gives the start position.
inline chess::Position from_fen(const std::string& fen, bool chess960 = false) {
    auto pos = chess::Position::from_fen(fen, chess960);
    EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
    return pos.ok() ? *pos : chess::Position();
}

}  // namespace kibitz::test
