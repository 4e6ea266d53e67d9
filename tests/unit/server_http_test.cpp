// The web app's HTTP layer on loopback: Host/Origin checks, body limits, static files, SSE.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <thread>

#include "server/http_server.h"

namespace kibitz::server::server_http_test {
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

// This machine's first IPv4 address that is not loopback ("" when it has none).
std::string lan_address() {
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return "";
    std::string found;
    for (ifaddrs* a = list; a && found.empty(); a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
        char text[INET_ADDRSTRLEN];
        inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
        if (std::string(text).rfind("127.", 0) != 0) found = text;
    }
    freeifaddrs(list);
    return found;
}

class ServerHttpLoopback : public ::testing::Test {
protected:
    std::string host_ = "127.0.0.1";
    void SetUp() override {
        auto store = Store::open(":memory:");
        ASSERT_TRUE(store.ok());
        Service::Options o;
        o.engines = 1;
        o.hash_mb = 4;
        service_ = std::make_unique<Service>(std::move(*store), o);
        HttpOptions h;
        h.port = 0;
        h.host = host_;
        h.web_dir = KIBITZ_SOURCE_DIR "/web";
        h.chessground_dir = KIBITZ_SOURCE_DIR "/node_modules/chessground";
        h.limits.workers = 8;
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
    httplib::Client client(const std::string& address = "127.0.0.1") {
        return httplib::Client(address, port_);
    }

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

TEST_F(ServerHttpLoopback, AnOthelloGameHasAnEventStreamToo) {
    auto c = client();
    auto r = c.Post("/api/othello/games", R"({"mode": "humans"})", "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 201) << r->body;
    const std::string id = Json::parse(r->body)["game"]["id"];
    std::string received;
    auto stream = client();
    r = stream.Get("/api/othello/games/" + id + "/events", [&](const char* data, std::size_t n) {
        received.append(data, n);
        return received.find("\n\n") == std::string::npos;
    });
    ASSERT_EQ(received.rfind("data: ", 0), 0u) << received;
    const Json first = Json::parse(received.substr(6, received.find("\n\n") - 6));
    EXPECT_EQ(first["type"], "state");
    EXPECT_EQ(first["game"]["game"], "othello");
    EXPECT_EQ(first["game"]["id"], id);
    r = c.Get("/api/othello/games/0123456789abcdef/events");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404);
    EXPECT_NE(r->body.find("no Othello game"), std::string::npos) << r->body;
}

class ServerHttpNetwork : public ServerHttpLoopback {
protected:
    void SetUp() override {
        host_ = "0.0.0.0";
        ServerHttpLoopback::SetUp();
    }
};

TEST_F(ServerHttpNetwork, WithHostZeroAnotherMachineReachesItByAddress) {
    const std::string address = lan_address();
    if (address.empty()) GTEST_SKIP() << "this machine has no network address but loopback";
    auto c = client(address);
    auto r = c.Post("/api/games", R"({"mode": "humans"})", "application/json");
    ASSERT_TRUE(r) << "no answer at " << address;
    EXPECT_EQ(r->status, 201) << r->body;
    r = c.Get("/api/games");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
}

// A visitor from the network (the connection's address is not loopback) sees no one else's
// games and may not ask for all of them; the owner, on 127.0.0.1, may (issue 22).
TEST_F(ServerHttpNetwork, ANetworkVisitorSeesOnlyTheGamesItHoldsATokenOf) {
    const std::string address = lan_address();
    if (address.empty()) GTEST_SKIP() << "this machine has no network address but loopback";
    auto owner = client();
    auto made = owner.Post("/api/games", R"({"mode": "humans"})", "application/json");
    ASSERT_TRUE(made);
    ASSERT_EQ(made->status, 201) << made->body;
    const std::string token = Json::parse(made->body)["token"];
    auto visitor = client(address);
    auto r = visitor.Get("/api/games");
    ASSERT_TRUE(r) << "no answer at " << address;
    EXPECT_EQ(r->status, 200);
    EXPECT_TRUE(Json::parse(r->body)["games"].empty()) << r->body;
    r = visitor.Get("/api/games?all=1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 403) << r->body;
    EXPECT_FALSE(Json::parse(visitor.Get("/api/info")->body)["visitor"]["owner"].get<bool>());
    r = visitor.Get("/api/games", {{"X-Kibitz-Tokens", token}});
    ASSERT_TRUE(r);
    EXPECT_EQ(Json::parse(r->body)["games"].size(), 1u) << r->body;
    r = owner.Get("/api/games?all=1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(Json::parse(r->body)["games"].size(), 1u) << r->body;
    EXPECT_TRUE(Json::parse(owner.Get("/api/info")->body)["visitor"]["owner"].get<bool>());
}

}  // namespace
}  // namespace kibitz::server::server_http_test
