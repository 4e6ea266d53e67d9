// The limits of docs/api.md ("Limits") on a live loopback server: event streams per client and
// in all, with commands still answered while every stream is open; idle streams closed; a
// request's deadline and the sizes of its head and body; connections per client.
#include <gtest/gtest.h>

#include <vector>

#include "http_harness.h"

namespace kibitz::server::server_limits_test {
namespace {

using test::RawClient;
using test::status_of;
using test::whole_reply;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr auto npos = std::string::npos;

// Sends a stream request on `c` and reads until its first event or a whole refusal.
bool open_stream(RawClient& c, const std::string& request) {
    c.send(request);
    return c.read_until([](const std::string& r) {
        return r.find("data: ") != npos || (status_of(r) != 200 && whole_reply(r));
    });
}

class ServerLimits : public test::HttpHarness {
protected:
    std::string events(const std::string& id, bool othello = false) const {
        return get((othello ? "/api/othello/games/" : "/api/games/") + id + "/events");
    }
    // A GET /api/info on a new connection: its status (0 when no whole reply within `limit`).
    int info(std::chrono::milliseconds limit = 2s) {
        RawClient c(port);
        c.send(get("/api/info"));
        return c.read_reply(limit) ? status_of(c.received) : 0;
    }
};

TEST_F(ServerLimits, StreamsArePerClientLimitedAndCommandsAreStillAnswered) {
    options.limits.max_streams = 10;
    options.limits.max_streams_per_client = 2;
    start();
    const std::string id = new_game();
    std::vector<std::unique_ptr<RawClient>> open;
    for (int i = 0; i < 2; ++i) {
        open.push_back(std::make_unique<RawClient>(port));
        ASSERT_TRUE(open_stream(*open.back(), events(id))) << open.back()->received;
        EXPECT_EQ(status_of(open.back()->received), 200);
    }
    RawClient third(port);
    ASSERT_TRUE(open_stream(third, events(id))) << third.received;
    EXPECT_EQ(status_of(third.received), 429) << third.received;
    EXPECT_NE(third.received.find("too many event streams from 127.0.0.1: at most 2"), npos)
        << third.received;
    // A refused stream's connection is closed (a page retrying would otherwise hold it).
    third.read_until([](const std::string&) { return false; }, 1s);
    EXPECT_TRUE(third.closed_by_server);
    EXPECT_EQ(info(), 200);
}

TEST_F(ServerLimits, StreamsOfBothGamesAreLimitedInAllWellBelowTheWorkers) {
    options.limits.workers = 6;
    options.limits.max_streams = 3;
    options.limits.max_streams_per_client = 3;
    start();
    const std::string chess = new_game(), othello = new_game("/api/othello/games");
    std::vector<std::unique_ptr<RawClient>> open;
    for (int i = 0; i < 3; ++i) {
        open.push_back(std::make_unique<RawClient>(port));
        ASSERT_TRUE(open_stream(*open.back(), i < 2 ? events(chess) : events(othello, true)));
        EXPECT_EQ(status_of(open.back()->received), 200) << open.back()->received;
    }
    RawClient fourth(port);
    ASSERT_TRUE(open_stream(fourth, events(othello, true))) << fourth.received;
    EXPECT_EQ(status_of(fourth.received), 429) << fourth.received;
    EXPECT_NE(fourth.received.find("too many event streams are open: at most 3"), npos)
        << fourth.received;
    // Every stream is open, and commands are answered.
    for (int i = 0; i < 3; ++i) EXPECT_EQ(info(), 200);
    // A stream that closes makes room for another.
    open.pop_back();
    bool reopened = false;
    for (int i = 0; i < 30 && !reopened; ++i) {
        std::this_thread::sleep_for(100ms);
        RawClient again(port);
        reopened = open_stream(again, events(othello, true)) && status_of(again.received) == 200;
    }
    EXPECT_TRUE(reopened);
}

TEST_F(ServerLimits, AStreamIsClosedWhenNeitherItsGameNorItsClientDidAnything) {
    options.limits.stream_idle = 600ms;
    start();
    const std::string id = new_game();
    RawClient stream(port);
    ASSERT_TRUE(open_stream(stream, events(id))) << stream.received;
    const auto ended = [](const std::string& r) { return r.find("\r\n0\r\n\r\n") != npos; };
    // Requests of the client keep it open...
    auto last_request = Clock::now();
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(info(), 200);
        last_request = Clock::now();
        EXPECT_FALSE(stream.read_until(ended, 200ms)) << "closed while its client was active";
    }
    // ...heartbeats do not: it closes about 600 ms after the last request (which the server saw
    // before info() returned; 500 ms leaves room for a loaded machine's scheduling).
    EXPECT_TRUE(stream.read_until(ended, 5s)) << stream.received;
    EXPECT_GE(Clock::now() - last_request, 500ms);
    EXPECT_LT(Clock::now() - last_request, 3s);
}

TEST_F(ServerLimits, ARequestThatTricklesInIsCutOffAtItsDeadline) {
    options.limits.request_deadline = 500ms;
    start();
    RawClient c(port);
    const auto begun = Clock::now();
    c.send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    bool answered = false;
    for (int i = 0; i < 40 && !answered; ++i) {  // a byte every 100 ms, for up to 4 s
        c.send("a");
        answered = c.read_until(whole_reply, 100ms);
    }
    ASSERT_TRUE(answered) << c.received;
    EXPECT_EQ(status_of(c.received), 408) << c.received;
    EXPECT_NE(c.received.find("the request did not arrive within 500 ms"), npos) << c.received;
    EXPECT_LT(Clock::now() - begun, 2s);
}

TEST_F(ServerLimits, HeadersOverTheHeadLimitAreRefusedWith431) {
    start();
    std::string filler;
    for (int i = 0; i < 40; ++i)
        filler += "X-Filler-" + std::to_string(i) + ": " + std::string(1000, 'a') + "\r\n";
    RawClient c(port);
    c.send(get("/api/info", filler));
    ASSERT_TRUE(c.read_reply()) << c.received;
    EXPECT_EQ(status_of(c.received), 431) << c.received;
    EXPECT_NE(c.received.find("the request line and headers are over 16384 bytes"), npos)
        << c.received;
    EXPECT_EQ(info(), 200);
}

TEST_F(ServerLimits, AChunkedBodyIsRefusedUnread) {
    start();
    RawClient c(port);
    c.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    const std::string chunk = "1000\r\n" + std::string(4096, ' ') + "\r\n";
    for (int i = 0; i < 64 && c.send(chunk); ++i) {
    }
    ASSERT_TRUE(c.read_reply(3s)) << c.received;
    EXPECT_EQ(status_of(c.received), 411) << c.received;
    EXPECT_NE(c.received.find("chunked request bodies are not read"), npos) << c.received;
}

TEST_F(ServerLimits, ABurstOfConnectionsIsAcceptedWithoutWaitingForRetries) {
    start();
    // With httplib's backlog of 5, about one connection in seven of such a burst had its SYN
    // dropped and connected a second later, when the client tried again.
    std::vector<std::unique_ptr<RawClient>> burst;
    const auto begun = Clock::now();
    for (int i = 0; i < 200; ++i) burst.push_back(std::make_unique<RawClient>(port));
    EXPECT_LT(Clock::now() - begun, 900ms);
    for (const auto& c : burst) EXPECT_TRUE(c->connected());
}

TEST_F(ServerLimits, AClientOverItsConnectionLimitIsAnswered429AtOnce) {
    options.limits.max_connections_per_client = 3;
    start();
    std::vector<std::unique_ptr<RawClient>> idle;
    for (int i = 0; i < 3; ++i) idle.push_back(std::make_unique<RawClient>(port));
    std::this_thread::sleep_for(300ms);  // each is with a worker, waiting for its request
    RawClient fourth(port);
    fourth.send(get("/api/info"));
    ASSERT_TRUE(fourth.read_reply(2s)) << fourth.received;
    EXPECT_EQ(status_of(fourth.received), 429) << fourth.received;
    EXPECT_NE(fourth.received.find("too many connections from 127.0.0.1: at most 3"), npos)
        << fourth.received;
    idle.clear();
    bool served = false;
    for (int i = 0; i < 20 && !served; ++i) {
        std::this_thread::sleep_for(100ms);
        served = info() == 200;
    }
    EXPECT_TRUE(served);
}

}  // namespace
}  // namespace kibitz::server::server_limits_test
