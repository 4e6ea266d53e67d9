// Replies, the clock and random ids of the web app.
#include "server/reply.h"

#include <chrono>
#include <mutex>
#include <random>
#include <regex>

#include "core/strings.h"

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

std::string gone_sentence(const std::string& noun) { return "This " + noun + " no longer exists."; }

std::string plain_sentence(std::string_view what, std::string_view why) {
    // A FEN's board, and its other fields where they follow.
    static const std::regex fen(
        "[1-8pnbrqkPNBRQK]{1,8}(/[1-8pnbrqkPNBRQK]{1,8}){7}"
        "( [wb]( [-KQkqA-Ha-h]+( [-a-h1-8]+( [0-9]+ [0-9]+)?)?)?)?");
    std::string reason = std::regex_replace(std::string(core::trim(why)), fen, "this position");
    while (!reason.empty() && (reason.back() == '.' || reason.back() == ' ')) reason.pop_back();
    if (reason.empty()) return std::string(what) + ".";
    return std::string(what) + ": " + reason + ".";
}

std::string move_refused(std::string_view text, std::string_view why) {
    const std::string move = core::clip(core::trim(text));
    const auto says = [&](std::string_view part) { return why.find(part) != why.npos; };
    if (move.empty()) return "No move was given; write one like e4, Nf3 or e2e4.";
    // A reason that is a sentence already (a move id that is not in the game).
    if (!why.empty() && why.front() >= 'A' && why.front() <= 'Z' && why.back() == '.')
        return std::string(why);
    if (says("ambiguous"))
        return move + " could be more than one move here; add the piece's file or rank, like Nbd2.";
    if (says("needs a promotion piece"))
        return move + " needs the piece to promote to, like " + move + "=Q.";
    if (says("not a move in SAN") || says("not UCI notation") || says("is empty"))
        return "'" + move + "' is not a move; write one like e4, Nf3 or e2e4.";
    return move + " is not a legal move in this position.";
}

Reply error_reply(int status, std::string message) {
    Reply r;
    r.status = status;
    r.body = {{"error", std::move(message)}};
    return r;
}

}  // namespace kibitz::server
