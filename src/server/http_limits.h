// The limits that keep one client, or one hostile request, from taking `kibitz play` down or
// from starving everyone else (docs/api.md, "Limits"): the size and time of a request, the
// event streams and connections of each client and of all together.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace kibitz::server {

// Every limit of the HTTP server; the defaults are those of `kibitz play`.
struct HttpLimits {
    // Worker threads. Each open connection holds one while it is served: a request being read
    // or answered, a keep-alive connection waiting for its next request, an event stream.
    int workers = 320;
    // Event streams open at once, in all and from one client (remote address): half the
    // workers at most, so that commands are still answered with every stream open.
    int max_streams = 160;
    int max_streams_per_client = 64;
    // Connections of one client at once, its streams included; the next one is answered 429 at
    // once, without reading its request, so that one client cannot hold every worker.
    int max_connections_per_client = 128;
    // A stream closes when its game has had no event and its client has sent no request for
    // this long (heartbeats do not count); a page that is still open reconnects by itself.
    std::chrono::milliseconds stream_idle = std::chrono::minutes(30);
    // The request line and the headers together, in bytes (431 beyond).
    std::size_t max_head = 16 * 1024;
    // Time to receive a whole request, head and body, from its first byte (408 beyond).
    std::chrono::milliseconds request_deadline = std::chrono::seconds(10);
    // Longest silence while a request is read; longest wait for a reply's write to proceed.
    std::chrono::milliseconds read_timeout = std::chrono::seconds(5);
    std::chrono::milliseconds write_timeout = std::chrono::seconds(5);
    // An idle keep-alive connection closes after keep_alive_timeout; one connection serves at
    // most keep_alive_max_count requests.
    std::chrono::milliseconds keep_alive_timeout = std::chrono::seconds(5);
    std::size_t keep_alive_max_count = 100;
    // Connections the kernel holds until the server accepts them (Linux caps it at
    // net.core.somaxconn). cpp-httplib 0.11.4 listens with 5: a burst of connections then had
    // their SYNs dropped, and each waited a second for the retry.
    int listen_backlog = 1024;
};

// The connections and event streams each client (remote address) has open, and when it last
// sent a request. A client is forgotten when it has neither. Thread-safe.
class ClientTable {
public:
    using Clock = std::chrono::steady_clock;

    explicit ClientTable(const HttpLimits& limits) : limits_(limits) {}

    // Counts a connection of `ip`; false, and nothing counted, when `ip` has
    // max_connections_per_client open already.
    bool connect(const std::string& ip);
    void disconnect(const std::string& ip);
    // Counts an event stream of `ip`; nullopt when granted, else which limit refused it.
    std::optional<std::string> open_stream(const std::string& ip);
    void close_stream(const std::string& ip);
    // A request of `ip` arrived now.
    void touch(const std::string& ip);
    // When `ip` last sent a request (Clock's epoch when it is not connected).
    Clock::time_point last_request(const std::string& ip) const;
    int streams() const;
    int connections(const std::string& ip) const;

private:
    struct Client {
        int connections = 0, streams = 0;
        Clock::time_point last_request{};
    };
    void forget_if_gone(std::map<std::string, Client>::iterator it);

    HttpLimits limits_;
    mutable std::mutex mutex_;
    std::map<std::string, Client> clients_;
    int streams_ = 0;
};

}  // namespace kibitz::server
