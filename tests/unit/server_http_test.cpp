// The web app's HTTP layer on loopback: Host/Origin checks, body limits, static files, SSE.
#include <gtest/gtest.h>
#include <httplib.h>

#include <thread>

#include "server/http_server.h"

namespace kibitz::server {
namespace {

TEST(ServerHttp, HostsThatARebindingAttackCannotForgeAreAllowed) {
    EXPECT_TRUE(host_allowed("127.0.0.1:8080", {}));
    EXPECT_TRUE(host_allowed("localhost:8080", {}));
    EXPECT_TRUE(host_allowed("LOCALHOST", {}));
    EXPECT_TRUE(host_allowed("192.168.1.20:8080", {}));
    EXPECT_TRUE(host_allowed("[::1]:8080", {}));
    EXPECT_TRUE(host_allowed("chessbox:8080", {"chessbox"}));
    EXPECT_FALSE(host_allowed("evil.example:8080", {}));
    EXPECT_FALSE(host_allowed("127.0.0.1.evil.example", {}));
    EXPECT_FALSE(host_allowed("1.2.3:80", {}));
    EXPECT_FALSE(host_allowed("", {}));
    EXPECT_FALSE(host_allowed("[::1", {}));
}

class ServerHttpLoopback : public ::testing::Test {
protected:
    void SetUp() override {
        auto store = Store::open(":memory:");
        ASSERT_TRUE(store.ok());
        Service::Options o;
        o.engines = 1;
        o.hash_mb = 4;
        service_ = std::make_unique<Service>(std::move(*store), o);
        HttpOptions h;
        h.port = 0;
        h.web_dir = KIBITZ_SOURCE_DIR "/web";
        h.chessground_dir = KIBITZ_SOURCE_DIR "/node_modules/chessground";
        h.threads = 8;
        http_ = std::make_unique<HttpServer>(*service_, h);
        const auto port = http_->bind();
        ASSERT_TRUE(port.ok()) << port.error();
        port_ = *port;
        thread_ = std::thread([this] { http_->run(); });
    }
    void TearDown() override {
        if (http_) http_->stop();
        if (thread_.joinable()) thread_.join();
    }
    httplib::Client client() { return httplib::Client("127.0.0.1", port_); }

    std::unique_ptr<Service> service_;
    std::unique_ptr<HttpServer> http_;
    std::thread thread_;
    int port_ = 0;
};

TEST_F(ServerHttpLoopback, RefusesForeignHostsOriginsAndHugeBodies) {
    auto c = client();
    auto r = c.Get("/api/info");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    r = c.Get("/api/info", {{"Host", "attacker.example"}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 421);
    EXPECT_NE(r->body.find("attacker.example"), std::string::npos);
    r = c.Post("/api/games", {{"Origin", "http://attacker.example"}}, "{}", "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 421);
    r = c.Post("/api/games", std::string(100000, ' '), "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 413);
    EXPECT_NE(r->body.find("error"), std::string::npos);
    r = c.Get("/no/such/file.js");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404);
}

TEST_F(ServerHttpLoopback, ServesThePageChessgroundAndAnEventStream) {
    auto c = client();
    auto r = c.Get("/");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_NE(r->body.find("<html"), std::string::npos);
    r = c.Get("/vendor/chessground/chessground.js");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    r = c.Post("/api/games", R"({"mode": "humans"})", "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 201) << r->body;
    const Json created = Json::parse(r->body);
    const std::string id = created["game"]["id"];
    std::string received;
    auto stream = client();
    r = stream.Get("/api/games/" + id + "/events", [&](const char* data, std::size_t n) {
        received.append(data, n);
        return received.find("\n\n") == std::string::npos;  // stop after the first event
    });
    ASSERT_EQ(received.rfind("data: ", 0), 0u) << received;
    const Json first = Json::parse(received.substr(6, received.find("\n\n") - 6));
    EXPECT_EQ(first["type"], "state");
    EXPECT_EQ(first["game"]["id"], id);
    r = c.Get("/api/games/0123456789abcdef/events");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404);
}

}  // namespace
}  // namespace kibitz::server
