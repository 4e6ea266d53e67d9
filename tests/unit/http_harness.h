// A `kibitz play` HTTP server on a free loopback port with limits a test chooses, and a raw
// TCP client that sends and reads bytes exactly as given (httplib::Client cannot send a slow,
// malformed or oversized request).
#pragma once

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "server/http_server.h"

namespace kibitz::test {

using namespace std::chrono_literals;

// A Service on an in-memory store with one small engine.
inline std::unique_ptr<server::Service> small_service() {
    auto store = server::Store::open(":memory:");
    EXPECT_TRUE(store.ok());
    server::Service::Options o;
    o.engines = 1;
    o.hash_mb = 4;
    o.untimed_ms = 200;
    return std::make_unique<server::Service>(std::move(*store), o);
}

// Options that serve the source tree's web/ and chessground, on any free port.
inline server::HttpOptions test_http_options() {
    server::HttpOptions h;
    h.port = 0;
    h.web_dir = KIBITZ_SOURCE_DIR "/web";
    h.chessground_dir = KIBITZ_SOURCE_DIR "/node_modules/chessground";
    h.limits.workers = 8;
    return h;
}

// The status of the first reply in `reply` ("HTTP/1.1 404 ..."), 0 when there is none.
inline int status_of(const std::string& reply) {
    if (reply.rfind("HTTP/1.1 ", 0) != 0 || reply.size() < 12) return 0;
    return std::atoi(reply.substr(9, 3).c_str());
}

// The body of the first reply (everything after its head).
inline std::string body_of(const std::string& reply) {
    const auto end = reply.find("\r\n\r\n");
    return end == std::string::npos ? "" : reply.substr(end + 4);
}

// True when `reply` holds a whole reply with a Content-Length.
inline bool whole_reply(const std::string& reply) {
    const auto end = reply.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    const auto at = reply.find("Content-Length: ");
    if (at == std::string::npos || at > end) return false;
    return reply.size() >= end + 4 + std::stoul(reply.substr(at + 16));
}

// One TCP connection to 127.0.0.1:port.
class RawClient {
public:
    explicit RawClient(int port) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(std::uint16_t(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) close();
    }
    ~RawClient() { close(); }
    RawClient(const RawClient&) = delete;
    RawClient& operator=(const RawClient&) = delete;

    bool connected() const { return fd_ >= 0; }
    // Sends all of `bytes`; false when the server no longer takes them.
    bool send(std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0) return false;
            bytes.remove_prefix(std::size_t(n));
        }
        return true;
    }
    // Reads into `received` until done(received), the server closes, or `limit` passes;
    // returns done(received).
    bool read_until(const std::function<bool(const std::string&)>& done,
                    std::chrono::milliseconds limit = 5s) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (!done(received)) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                end - std::chrono::steady_clock::now());
            if (left <= 0ms) return false;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, int(left.count())) <= 0) continue;
            char buffer[4096];
            const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) {
                closed_by_server = true;
                break;
            }
            received.append(buffer, std::size_t(n));
        }
        return done(received);
    }
    // Reads one whole reply (with a Content-Length).
    bool read_reply(std::chrono::milliseconds limit = 5s) { return read_until(whole_reply, limit); }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

    std::string received;
    bool closed_by_server = false;

private:
    int fd_ = -1;
};

// A server running on a thread; set `options` (limits) before start().
class HttpHarness : public ::testing::Test {
protected:
    void start() {
        service = small_service();
        http = std::make_unique<server::HttpServer>(*service, options);
        const auto bound = http->bind();
        ASSERT_TRUE(bound.ok()) << bound.error();
        port = *bound;
        thread = std::thread([this] { http->run(); });
    }
    void TearDown() override {
        if (http) http->stop();
        if (thread.joinable()) thread.join();
    }
    // A GET with the Host header of this server.
    std::string get(const std::string& target, const std::string& extra = "") const {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" +
               extra + "\r\n";
    }
    // Creates a two-player game; returns its id.
    std::string new_game(const std::string& path = "/api/games") {
        RawClient c(port);
        const std::string body = R"({"mode": "humans"})";
        c.send("POST " + path +
               " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
               "application/json\r\nContent-Length: " +
               std::to_string(body.size()) + "\r\n\r\n" + body);
        EXPECT_TRUE(c.read_reply()) << c.received;
        EXPECT_EQ(status_of(c.received), 201) << c.received;
        const auto at = c.received.find("\"id\":\"");
        return at == std::string::npos ? "" : c.received.substr(at + 6, 16);
    }

    server::HttpOptions options = test_http_options();
    std::unique_ptr<server::Service> service;
    std::unique_ptr<server::HttpServer> http;
    std::thread thread;
    int port = 0;
};

}  // namespace kibitz::test
