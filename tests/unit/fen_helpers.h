// Test helper: a position from a FEN that the test expects to be valid.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "chess/position.h"

namespace kibitz::test {

// The position of fen; a parse error fails the calling test and gives the start position.
inline chess::Position from_fen(const std::string& fen) {
    auto pos = chess::Position::from_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
    return pos.ok() ? *pos : chess::Position();
}

}  // namespace kibitz::test
