// Replies, the clock and random ids of the web app.
#include "server/reply.h"

#include <chrono>
#include <mutex>
#include <random>

namespace kibitz::server {

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string random_hex(int digits) {
    static std::mutex mutex;
    static std::random_device device;
    std::lock_guard lock(mutex);
    static const char* hex = "0123456789abcdef";
    std::string s;
    while (int(s.size()) < digits) {
        std::uint32_t r = device();
        for (int i = 0; i < 8 && int(s.size()) < digits; ++i, r >>= 4) s += hex[r & 15];
    }
    return s;
}

Reply json_reply(Json body, int status) {
    Reply r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

Reply error_reply(int status, std::string message) {
    Reply r;
    r.status = status;
    r.body = {{"error", std::move(message)}};
    return r;
}

}  // namespace kibitz::server
