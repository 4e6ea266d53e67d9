// Test helpers shared by the tests that drive engines over a protocol (UCI, xboard): the fake
// engines' scripts, a depth limit, and a substring check.
#pragma once

#include <string>

#include "match/player.h"

namespace kibitz::test {

// The path of tests/data/fake_engines/<name>.sh.
inline std::string fake_engine(const std::string& name) {
    return std::string(KIBITZ_SOURCE_DIR) + "/tests/data/fake_engines/" + name + ".sh";
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

inline match::GoLimits depth_limit(int d) {
    match::GoLimits limits;
    limits.depth = d;
    return limits;
}

}  // namespace kibitz::test
