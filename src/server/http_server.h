// The HTTP side of `kibitz play`: cpp-httplib serving web/, chessground, the REST API and the
// event streams, with the Host/Origin checks that defeat DNS rebinding and the limits of
// http_limits.h that keep one client from taking the server down or starving the others.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/http_limits.h"
#include "server/service.h"

namespace httplib {
struct Response;
}

namespace kibitz::server {

class HttpCore;

struct HttpOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                         // 0: any free port
    std::string web_dir;                     // web/
    std::string chessground_dir;             // node_modules/chessground
    std::vector<std::string> allowed_hosts;  // Host names accepted besides IPs and localhost
    HttpLimits limits;                       // workers, streams, sizes, times (docs/api.md)
};

// True when a Host header names this server in a way a rebinding attack cannot: an IP
// address (IPv6 in brackets), localhost, or an allowed name, each with an optional port.
bool host_allowed(const std::string& host_header, const std::vector<std::string>& allowed);

class HttpServer {
public:
    HttpServer(Service& service, HttpOptions options);
    ~HttpServer();
    // Binds the socket; the error says which address could not be bound and why.
    core::Result<int> bind();
    // Serves until stop(); call after bind().
    void run();
    // Ends run() (from any thread) and closes every stream.
    void stop();
    // Runs the raw bytes that one client sent on one connection (one request or several)
    // through the same routes and handlers as run(), as if from `ip`; returns the raw bytes of
    // the replies. An event stream ends after its first event. For the fuzz target and tests.
    std::string serve_raw(std::string_view bytes, const std::string& ip = "127.0.0.1");

private:
    void routes();
    // The event stream of game `id` of the game whose routes are `game`, for the client `ip`.
    void serve_events(const GameRoutes& game, const std::string& id, const std::string& ip,
                      httplib::Response& res);
    Service& service_;
    HttpOptions options_;
    ClientTable clients_;
    std::unique_ptr<HttpCore> http_;
};

}  // namespace kibitz::server
