// The HTTP side of `kibitz play`: cpp-httplib serving web/, chessground, the REST API and the
// event streams, with the Host/Origin checks that defeat DNS rebinding.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/service.h"

namespace httplib {
class Server;
}

namespace kibitz::server {

struct HttpOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                         // 0: any free port
    std::string web_dir;                     // web/
    std::string chessground_dir;             // node_modules/chessground
    std::vector<std::string> allowed_hosts;  // Host names accepted besides IPs and localhost
    int threads = 320;                       // one per open stream or connection
};

// True when a Host header names this server in a way a rebinding attack cannot: an IP
// address, localhost, or an allowed name (any port).
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

private:
    void routes();
    Service& service_;
    HttpOptions options_;
    std::unique_ptr<httplib::Server> http_;
};

}  // namespace kibitz::server
