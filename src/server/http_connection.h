// The connections of `kibitz play`: cpp-httplib's Server with a connection loop of our own that
// enforces HttpLimits (connections per client, the size and the deadline of each request,
// keep-alive) on sockets and on in-memory requests alike, so that the fuzz target and the tests
// put raw bytes through the very routes and handlers that the live server uses.
#pragma once

#include <httplib.h>

#include <string>
#include <string_view>

#include "server/http_limits.h"

namespace kibitz::server {

// Which limit cut the reading of a request short.
enum class RequestCut { kNone, kHead, kBody, kTime };

// What the connection loop knows of the request that this thread is handling; the handlers
// read and set it through current_exchange().
struct Exchange {
    std::string ip;                      // the client's address
    RequestCut cut = RequestCut::kNone;  // set by the reads of the request
    bool close = false;                  // set by a handler: the connection ends after the reply
    std::string head;  // the request line and headers as received (at most max_head bytes)
};

// The exchange of the request this thread is handling (nullptr outside one).
Exchange* current_exchange();

// One client connection's bytes both ways: a socket, or memory (http_connection.cpp).
class HttpConnection;

class HttpCore : public httplib::Server {
public:
    // `clients` counts the connections of each client; it must outlive the server.
    HttpCore(ClientTable& clients, const HttpLimits& limits);

    // Runs `bytes`, all that one client sent on one connection (one request or several), through
    // this server's handlers as if it came from `ip`; returns all that the server sent back.
    // An event stream ends after its first event. Never throws for any input.
    std::string serve_raw(std::string_view bytes, const std::string& ip);
    // After binding: the listening socket's backlog becomes limits.listen_backlog (httplib
    // listens with 5). False with errno when listen() fails.
    bool widen_backlog();

private:
    // Serves the requests of one connection until it closes, asks to close, is cut off by a
    // limit, reaches keep_alive_max_count requests, or the server stops.
    void serve(HttpConnection& connection, const std::string& ip);
    bool stopping() const;
    // Replaces httplib's loop for each accepted socket (a private virtual of httplib::Server).
    bool process_and_close_socket(socket_t sock) override;

    ClientTable& clients_;
    HttpLimits limits_;
};

}  // namespace kibitz::server
