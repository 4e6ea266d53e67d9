// A UCI session writing into a SyncBuf, for the tests that drive it line by line.
#pragma once

#include <ostream>
#include <string>

#include "sync_buf.h"
#include "uci/session.h"

namespace kibitz::test {

// How many times `what` occurs in `text`.
inline int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

// The session and its output; send() hands it one line.
struct UciHarness {
    SyncBuf buf;
    std::ostream out{&buf};
    uci::Session session{out};
    void send(const std::string& line) { session.handle(line); }
};

}  // namespace kibitz::test
