// A string buffer that a session's background thread (a search, a bench) may write while the
// test reads it.
#pragma once

#include <mutex>
#include <sstream>
#include <string>

namespace kibitz::test {

class SyncBuf : public std::stringbuf {
public:
    std::string text() {
        std::lock_guard lock(mutex_);
        return str();
    }

protected:
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        return std::stringbuf::xsputn(s, n);
    }
    int_type overflow(int_type c) override {
        std::lock_guard lock(mutex_);
        return std::stringbuf::overflow(c);
    }

private:
    std::recursive_mutex mutex_;  // xsputn calls overflow with the lock held
};

}  // namespace kibitz::test
