// Hostile input for the web app (issue 21): bytes that are not UTF-8 in a path, a body or a
// header, forged Host headers, a NUL in a path, malformed requests; none may end the server or
// get a 500, and each refusal names what was wrong. Also the raw-request function that the
// fuzz target uses.
#include <gtest/gtest.h>

#include "http_harness.h"
#include "server/api.h"
#include "server/events.h"
#include "server/utf8.h"

namespace kibitz::server::server_hostile_test {
namespace {

using test::body_of;
using test::RawClient;
using test::status_of;
using namespace std::chrono_literals;

TEST(ServerUtf8, InvalidBytesAreNamedWithTheirOffset) {
    EXPECT_FALSE(utf8_error(""));
    EXPECT_FALSE(utf8_error("plain ascii"));
    EXPECT_FALSE(utf8_error("caf\xC3\xA9 \xE2\x99\x9E \xF0\x9F\x98\x80"));  // é ♞ 😀
    EXPECT_EQ(utf8_error("ab\xFF"), "byte 0xFF at offset 2");
    EXPECT_EQ(utf8_error("\xC0\xAF"), "byte 0xC0 at offset 0");          // overlong '/'
    EXPECT_EQ(utf8_error("\xED\xA0\x80"), "byte 0xA0 at offset 1");      // a UTF-16 surrogate
    EXPECT_EQ(utf8_error("\xF4\x90\x80\x80"), "byte 0x90 at offset 1");  // above U+10FFFF
    EXPECT_EQ(utf8_error("x\xE2\x99"), "byte 0xE2 at offset 1 (cut short)");
}

TEST(ServerHttp, ABracketedHostMustBeAnIpv6AddressAndAPortDigits) {
    EXPECT_TRUE(host_allowed("[::1]", {}));
    EXPECT_TRUE(host_allowed("[::1]:8080", {}));
    EXPECT_TRUE(host_allowed("[fe80::1:2]:80", {}));
    EXPECT_FALSE(host_allowed("[anything]", {}));
    EXPECT_FALSE(host_allowed("[evil.example]:8080", {}));
    EXPECT_FALSE(host_allowed("[::1]evil", {}));
    EXPECT_FALSE(host_allowed("[::1]:", {}));
    EXPECT_FALSE(host_allowed("localhost:80x", {}));
    EXPECT_FALSE(host_allowed("999.1.1.1", {}));
}

TEST(ServerApi, TextThatIsNotUtf8IsRefusedWith400NamingWhere) {
    auto service = test::small_service();
    Request r;
    r.method = "GET";
    r.path = "/api/games/\xff";
    Reply reply = handle(*service, r);
    EXPECT_EQ(reply.status, 400);
    EXPECT_EQ(reply.body["error"], "the path is not valid UTF-8 (byte 0xFF at offset 11)");
    r.method = "POST";
    r.path = "/api/games";
    r.body = "{\"mode\": \"\xff\"}";
    reply = handle(*service, r);
    EXPECT_EQ(reply.status, 400);
    EXPECT_EQ(reply.body["error"], "the request body is not valid UTF-8 (byte 0xFF at offset 10)");
    EXPECT_NO_THROW(reply.body.dump());
}

TEST(ServerEvents, AnEventWithBytesThatAreNotUtf8IsSentWithReplacements) {
    EventHub hub;
    auto s = hub.subscribe("g");
    ASSERT_TRUE(s);
    EXPECT_NO_THROW(hub.publish("g", {{"type", "note"}, {"text", "a\xff"}}));
    const auto sent = s->next(std::chrono::milliseconds(10));
    ASSERT_TRUE(sent);
    EXPECT_NE(sent->find("a\xEF\xBF\xBD"), std::string::npos) << *sent;  // U+FFFD
}

class ServerHostile : public test::HttpHarness {
protected:
    void SetUp() override { start(); }
    // Sends `request` on a new connection; returns the whole reply.
    std::string ask(const std::string& request) {
        RawClient c(port);
        c.send(request);
        EXPECT_TRUE(c.read_reply()) << "no whole reply to " << request << ": " << c.received;
        return c.received;
    }
};

TEST_F(ServerHostile, AGetOfAPathThatIsNotUtf8DoesNotEndTheServer) {
    const std::string reply = ask(get("/%ff"));
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(body_of(reply).find("the path is not valid UTF-8 (byte 0xFF"), std::string::npos)
        << reply;
    EXPECT_EQ(status_of(ask(get("/api/info"))), 200);
}

TEST_F(ServerHostile, BytesThatAreNotUtf8GetA400NeverA500) {
    std::string reply = ask(get("/api/games/%ff"));
    EXPECT_EQ(status_of(reply), 400) << reply;
    const std::string body = "{\"mode\": \"\xff\"}";
    reply = ask("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                std::to_string(body.size()) + "\r\n\r\n" + body);
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("the request body is not valid UTF-8"), std::string::npos) << reply;
    reply = ask("GET /api/info HTTP/1.1\r\nHost: \xff\r\n\r\n");
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("the Host header is not valid UTF-8"), std::string::npos) << reply;
    reply = ask("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://%fe\r\n\r\n");
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("the Origin header is not valid UTF-8"), std::string::npos) << reply;
    reply = ask(get("/api/games?seat=%ff"));
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("'seat'"), std::string::npos) << reply;
    EXPECT_EQ(status_of(ask(get("/api/info"))), 200);
}

TEST_F(ServerHostile, AnyBracketedHostIsNoLongerTakenForAnIpv6Address) {
    const std::string reply = ask("GET /api/info HTTP/1.1\r\nHost: [evil.example]\r\n\r\n");
    EXPECT_EQ(status_of(reply), 421) << reply;
    EXPECT_EQ(status_of(ask("GET /api/info HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")), 200);
}

TEST_F(ServerHostile, ANulInThePathIsRefused) {
    const std::string reply = ask(get("/index.html%00.txt"));
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("NUL"), std::string::npos) << reply;
    EXPECT_EQ(status_of(ask(get("/index.html"))), 200);
}

TEST_F(ServerHostile, ARequestThatIsNotHttpGetsAJsonErrorAndTheConnectionCloses) {
    RawClient c(port);
    c.send("HELLO\r\n\r\n" + get("/api/info"));
    c.read_until([](const std::string&) { return false; }, 2s);  // until the server closes
    EXPECT_EQ(status_of(c.received), 400) << c.received;
    EXPECT_NE(c.received.find("not valid HTTP"), std::string::npos) << c.received;
    EXPECT_TRUE(c.closed_by_server);
    // The request after the garbage was not read as one.
    EXPECT_EQ(c.received.find("HTTP/1.1", 1), std::string::npos) << c.received;
}

TEST_F(ServerHostile, ACompressedRequestBodyIsRefusedUnread) {
    const std::string reply =
        ask("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\n"
            "Content-Length: 4\r\n\r\nabcd");
    EXPECT_EQ(status_of(reply), 415) << reply;
    EXPECT_NE(reply.find("Content-Encoding: gzip"), std::string::npos) << reply;
}

TEST_F(ServerHostile, APostWithoutContentLengthHasNoBodyAndIsAnsweredAtOnce) {
    RawClient c(port);
    const auto start = std::chrono::steady_clock::now();
    c.send("POST /api/othello/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    ASSERT_TRUE(c.read_reply(3s)) << c.received;
    EXPECT_EQ(status_of(c.received), 201) << c.received;
    EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

// What httplib's parser let through (found by tests/hostile): a NUL in a header, a second Host,
// an empty Content-Length (the body was then read as the next request), a chunk longer than its
// size, JSON followed by a NUL and more text (nlohmann-json stops at the NUL).
TEST_F(ServerHostile, HeadsAndBodiesThatHttplibWouldAcceptAreRefused) {
    const char nul_host[] = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\0evil.example\r\n\r\n";
    std::string reply = ask(std::string(nul_host, sizeof nul_host - 1));
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("NUL byte"), std::string::npos) << reply;
    reply = ask("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n");
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("more than one Host header"), std::string::npos) << reply;
    reply = ask("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \r\n\r\n{}");
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("the Content-Length header is empty"), std::string::npos) << reply;
    reply =
        ask("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            "2\r\n{}xx\r\n0\r\n\r\n");
    EXPECT_EQ(status_of(reply), 411) << reply;
    const char nul_body[] = "{\"mode\":\"humans\"}\0{\"x\":";
    const std::string body(nul_body, sizeof nul_body - 1);
    reply = ask("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                std::to_string(body.size()) + "\r\n\r\n" + body);
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_NE(reply.find("NUL byte at offset 17"), std::string::npos) << reply;
    EXPECT_EQ(status_of(ask(get("/api/info"))), 200);
}

// serve_raw: the same server, in memory.
class ServerRaw : public ::testing::Test {
protected:
    void SetUp() override {
        service = test::small_service();
        http = std::make_unique<HttpServer>(*service, test::test_http_options());
    }
    std::unique_ptr<Service> service;
    std::unique_ptr<HttpServer> http;
};

TEST_F(ServerRaw, PipelinedRequestsAreAnsweredInTurn) {
    const std::string out = http->serve_raw(
        "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        "GET /api/nothing HTTP/1.1\r\nHost: localhost\r\n\r\n");
    EXPECT_EQ(status_of(out), 200) << out;
    const auto second = out.find("HTTP/1.1 404");
    ASSERT_NE(second, std::string::npos) << out;
    EXPECT_NE(out.find("no such API path: /api/nothing", second), std::string::npos) << out;
}

TEST_F(ServerRaw, AnEventStreamEndsAfterItsFirstEvent) {
    const std::string created = http->serve_raw(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 18\r\n\r\n"
        "{\"mode\": \"humans\"}");
    ASSERT_EQ(status_of(created), 201) << created;
    const std::string id = Json::parse(body_of(created))["game"]["id"];
    const std::string out =
        http->serve_raw("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_EQ(status_of(out), 200) << out;
    EXPECT_NE(out.find("text/event-stream"), std::string::npos) << out;
    EXPECT_NE(out.find("data: {\"game\":"), std::string::npos) << out;
    EXPECT_EQ(service->hub().total(), 0);  // the stream was closed again
}

TEST_F(ServerRaw, TheErrorsOfTheHostileDefectsComeBackWithoutThrowing) {
    for (const std::string request :
         {"GET /%ff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          "GET /api/games/%ff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
          "GET / HTTP/1.1\r\nHost: \xff\r\n\r\n", "GET / HTTP/1.1\r\nHost: [x]\r\n\r\n",
          "GET /index.html%00.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"}) {
        const std::string out = http->serve_raw(request);
        const int status = status_of(out);
        EXPECT_TRUE(status == 400 || status == 421) << out;
        EXPECT_TRUE(Json::accept(body_of(out))) << out;
    }
}

TEST_F(ServerRaw, ChunkedAndOtherTransferCodingsAreRefusedUnread) {
    const std::string head = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: ";
    std::string out = http->serve_raw(head + "Chunked\r\n\r\n8\r\n{\"mode\":\r\n" +
                                      "a\r\n \"humans\"}\r\n0\r\n\r\n");
    EXPECT_EQ(status_of(out), 411) << out;
    EXPECT_NE(out.find("must come with a Content-Length"), std::string::npos) << out;
    out = http->serve_raw(head + "gzip\r\n\r\n");
    EXPECT_EQ(status_of(out), 501) << out;
    EXPECT_NE(out.find("Transfer-Encoding 'gzip' is not read here"), std::string::npos) << out;
}

TEST_F(ServerRaw, RangesAreIgnoredSoThatNoReplyIsMultiplied) {
    std::string ranges = "bytes=0-";
    for (int i = 0; i < 500; ++i) ranges += ",0-";
    const std::string out = http->serve_raw(
        "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: " + ranges + "\r\n\r\n");
    EXPECT_EQ(status_of(out), 200) << out.substr(0, 300);
    EXPECT_LT(out.size(), 64u * 1024) << "the page was sent more than once";
}

}  // namespace
}  // namespace kibitz::server::server_hostile_test
