// The connection loop of `kibitz play`, in place of cpp-httplib's (0.11.4), which reads a
// request line or a header line of any length into memory, has no limit on the number of
// headers, on a chunked body or on the time a trickling client takes, and keeps a connection
// whose request it could not read. Here, for each connection:
//   1. a client over max_connections_per_client is answered 429 at once, its request unread;
//   2. each request is read through a RequestStream: its head (request line and headers) and
//      its body on the wire are bounded in bytes, and the whole of it by a deadline; past a
//      limit the reads end, httplib answers, and the handlers name the limit (Exchange::cut);
//   3. a request that was cut, or refused before its body was read, ends the connection;
//   4. keep-alive: the next request must begin within keep_alive_timeout, at most
//      keep_alive_max_count requests a connection;
//   5. nothing thrown while serving reaches the worker thread (where it would end the process).
#include "server/http_connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <functional>
#include <limits>

#include "server/api.h"
#include "server/service.h"

namespace kibitz::server {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A connection: httplib's Stream, plus the waits between requests.
class HttpConnection : public httplib::Stream {
public:
    // Waits up to `idle` for the first byte of another request; false when none came, the peer
    // closed or `stopping` says the server stops.
    virtual bool await_request(milliseconds idle, const std::function<bool()>& stopping) = 0;
    // Reads give up at `deadline` from now on.
    virtual void set_deadline(Clock::time_point deadline) = 0;
    // Before the connection is closed: lets the client read the last reply (a close with
    // unread bytes would reset the connection, and the reply might be lost).
    virtual void finish() {}
};

namespace {

thread_local Exchange* t_exchange = nullptr;

// The value svr_sock_ holds while serve_raw runs on a server that is not listening: httplib
// streams a chunked reply only while svr_sock_ is not INVALID_SOCKET. Never a real descriptor,
// and never closed: stop() closes svr_sock_ only while listening.
constexpr socket_t kRawPlaceholder = std::numeric_limits<int>::max();

// How long to wait, in poll()'s milliseconds, for `d` (at least 0).
int poll_ms(Clock::duration d) {
    const auto ms = std::chrono::ceil<milliseconds>(d).count();
    return int(std::clamp<long long>(ms, 0, std::numeric_limits<int>::max()));
}

// poll() on one descriptor: its revents, 0 on timeout, -1 on error.
int poll_one(int fd, short events, Clock::duration timeout) {
    pollfd p{fd, events, 0};
    int r;
    do {
        r = ::poll(&p, 1, poll_ms(timeout));
    } while (r < 0 && errno == EINTR);
    return r <= 0 ? r : p.revents;
}

void address_of(const sockaddr_storage& a, std::string& ip, int& port) {
    char text[INET6_ADDRSTRLEN] = "";
    if (a.ss_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(&a);
        inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
        port = ntohs(in->sin_port);
    } else if (a.ss_family == AF_INET6) {
        const auto* in = reinterpret_cast<const sockaddr_in6*>(&a);
        inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof text);
        port = ntohs(in->sin6_port);
    }
    ip = text;
}

// A TCP connection, read through a buffer; every wait is bounded by HttpLimits.
class SocketConnection final : public HttpConnection {
public:
    SocketConnection(int fd, const HttpLimits& limits) : fd_(fd), limits_(limits) {}

    bool is_readable() const override {
        return off_ < len_ || poll_one(fd_, POLLIN, read_wait()) > 0;
    }
    // Writable, and the client has not gone (an event stream learns that its page closed).
    bool is_writable() const override {
        const int r = poll_one(fd_, POLLOUT | POLLRDHUP, limits_.write_timeout);
        return r > 0 && (r & POLLOUT) && !(r & (POLLRDHUP | POLLHUP | POLLERR));
    }
    ssize_t read(char* ptr, size_t size) override {
        if (off_ == len_) {
            if (poll_one(fd_, POLLIN, read_wait()) <= 0) return -1;
            ssize_t n;
            do {
                n = ::recv(fd_, buffer_.data(), buffer_.size(), 0);
            } while (n < 0 && errno == EINTR);
            if (n <= 0) return n;
            off_ = 0;
            len_ = std::size_t(n);
        }
        const std::size_t n = std::min(size, len_ - off_);
        std::memcpy(ptr, buffer_.data() + off_, n);
        off_ += n;
        return ssize_t(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        const int r = poll_one(fd_, POLLOUT, limits_.write_timeout);
        if (r <= 0 || !(r & POLLOUT)) return -1;
        ssize_t n;
        do {
            n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
        } while (n < 0 && errno == EINTR);
        return n;
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        sockaddr_storage a{};
        socklen_t len = sizeof a;
        if (::getpeername(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0) address_of(a, ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        sockaddr_storage a{};
        socklen_t len = sizeof a;
        if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0) address_of(a, ip, port);
    }
    socket_t socket() const override { return fd_; }

    bool await_request(milliseconds idle, const std::function<bool()>& stopping) override {
        if (off_ < len_) return true;
        // In slices, so that a server that stops does not wait for every idle connection.
        constexpr auto kSlice = milliseconds(100);
        const auto end = Clock::now() + idle;
        while (!stopping()) {
            const auto left = end - Clock::now();
            if (left <= Clock::duration::zero()) return false;
            const int r = poll_one(fd_, POLLIN, std::min<Clock::duration>(left, kSlice));
            if (r < 0) return false;
            if (r > 0) return true;
        }
        return false;
    }
    void set_deadline(Clock::time_point deadline) override { deadline_ = deadline; }
    void finish() override {
        // Up to kDrainBytes more of the request, for up to kDrainTime, then the caller closes.
        constexpr std::size_t kDrainBytes = 256 * 1024;
        constexpr auto kDrainTime = milliseconds(100);
        ::shutdown(fd_, SHUT_WR);
        const auto end = Clock::now() + kDrainTime;
        std::size_t drained = 0;
        while (drained < kDrainBytes && poll_one(fd_, POLLIN, end - Clock::now()) > 0) {
            const ssize_t n = ::recv(fd_, buffer_.data(), buffer_.size(), 0);
            if (n <= 0) break;
            drained += std::size_t(n);
        }
    }

private:
    Clock::duration read_wait() const {
        return std::min<Clock::duration>(limits_.read_timeout, deadline_ - Clock::now());
    }

    int fd_;
    HttpLimits limits_;
    Clock::time_point deadline_ = Clock::time_point::max();
    std::array<char, 4096> buffer_{};
    std::size_t off_ = 0, len_ = 0;
};

// A connection in memory: the client's bytes in, the server's bytes out. It stays writable for
// a reply's head and one chunk, so that an event stream ends after its first event.
class MemoryConnection final : public HttpConnection {
public:
    MemoryConnection(std::string_view in, std::string ip) : in_(in), ip_(std::move(ip)) {}

    bool is_readable() const override { return at_ < in_.size(); }
    bool is_writable() const override { return writes_ < 2; }
    ssize_t read(char* ptr, size_t size) override {
        const std::size_t n = std::min(size, in_.size() - at_);
        std::memcpy(ptr, in_.data() + at_, n);
        at_ += n;
        return ssize_t(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        out_.append(ptr, size);
        ++writes_;
        return ssize_t(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        ip = ip_;
        port = 1;
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        ip = "127.0.0.1";
        port = 8080;
    }
    socket_t socket() const override { return INVALID_SOCKET; }
    bool await_request(milliseconds, const std::function<bool()>&) override {
        writes_ = 0;
        return at_ < in_.size();
    }
    void set_deadline(Clock::time_point) override {}

    std::string take_output() { return std::move(out_); }

private:
    std::string_view in_;
    std::size_t at_ = 0;
    std::string ip_;
    std::string out_;
    int writes_ = 0;
};

// One request's reads on a connection, within HttpLimits: the head (request line and headers,
// up to the blank line) up to max_head bytes, the body up to 2 kMaxBody bytes on the wire (a
// chunked body's framing included), all of it by the connection's deadline. Past a limit the
// reads end as if the client had stopped sending, httplib answers 400 or 413, and
// exchange.cut says why (the error handler then names the limit).
class RequestStream final : public httplib::Stream {
public:
    RequestStream(HttpConnection& c, const HttpLimits& limits, Exchange& e)
        : c_(c), limits_(limits), exchange_(e), deadline_(Clock::now() + limits.request_deadline) {
        c_.set_deadline(deadline_);
    }

    bool is_readable() const override {
        return exchange_.cut == RequestCut::kNone && c_.is_readable();
    }
    bool is_writable() const override { return c_.is_writable(); }
    ssize_t read(char* ptr, size_t size) override {
        if (exchange_.cut != RequestCut::kNone) return 0;
        if (Clock::now() >= deadline_) return cut(RequestCut::kTime);
        const std::size_t budget = head_done_ ? 2 * kMaxBody : limits_.max_head;
        const std::size_t used = head_done_ ? body_ : head_;
        if (used >= budget) return cut(head_done_ ? RequestCut::kBody : RequestCut::kHead);
        const ssize_t n = c_.read(ptr, std::min(size, budget - used));
        if (n < 0 && Clock::now() >= deadline_) return cut(RequestCut::kTime);
        if (n <= 0) return n;
        for (ssize_t i = 0; i < n; ++i) {
            if (head_done_) {
                body_ += std::size_t(n - i);
                break;
            }
            ++head_;
            exchange_.head.push_back(ptr[i]);
            // The head ends with an empty line: "\n\r\n" (httplib skips lines without a CR).
            const char b = ptr[i];
            head_done_ = b == '\n' && last_[1] == '\r' && last_[0] == '\n';
            last_[0] = last_[1];
            last_[1] = b;
        }
        return n;
    }
    ssize_t write(const char* ptr, size_t size) override { return c_.write(ptr, size); }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        c_.get_remote_ip_and_port(ip, port);
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        c_.get_local_ip_and_port(ip, port);
    }
    socket_t socket() const override { return c_.socket(); }

private:
    ssize_t cut(RequestCut why) {
        exchange_.cut = why;
        exchange_.close = true;
        return 0;
    }

    HttpConnection& c_;
    const HttpLimits& limits_;
    Exchange& exchange_;
    Clock::time_point deadline_;
    std::size_t head_ = 0, body_ = 0;
    bool head_done_ = false;
    char last_[2] = {0, 0};
};

// Sets t_exchange for one request.
struct ExchangeScope {
    explicit ExchangeScope(Exchange& e) { t_exchange = &e; }
    ~ExchangeScope() { t_exchange = nullptr; }
    ExchangeScope(const ExchangeScope&) = delete;
    ExchangeScope& operator=(const ExchangeScope&) = delete;
};

// httplib's setup_request, before the routes see a request: no byte ranges (every reply is
// whole; several ranges of one file would multiply it in memory), and a request that can have
// a body but gives neither Content-Length nor Transfer-Encoding has none (httplib would read
// until the client closes).
void prepare(httplib::Request& req) {
    req.ranges.clear();
    req.headers.erase("Range");
    const bool may_have_body = req.method == "POST" || req.method == "PUT" ||
                               req.method == "PATCH" || req.method == "DELETE" ||
                               req.method == "PRI";
    if (may_have_body && !req.has_header("Content-Length") && !req.has_header("Transfer-Encoding"))
        req.set_header("Content-Length", "0");
}

// The reply to a connection over max_connections_per_client, sent before reading anything.
std::string too_many_connections(const std::string& ip, int limit) {
    const std::string body =
        Json{{"error", "too many connections from " + ip + ": at most " + std::to_string(limit) +
                           " at once from one address"}}
            .dump(-1, ' ', false, Json::error_handler_t::replace);
    return "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
           "Content-Length: " +
           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

}  // namespace

Exchange* current_exchange() { return t_exchange; }

HttpCore::HttpCore(ClientTable& clients, const HttpLimits& limits)
    : clients_(clients), limits_(limits) {}

bool HttpCore::stopping() const { return svr_sock_ == INVALID_SOCKET; }

bool HttpCore::widen_backlog() {
    // listen() again on a listening socket only changes its backlog (Linux).
    return svr_sock_ == INVALID_SOCKET || ::listen(svr_sock_, limits_.listen_backlog) == 0;
}

void HttpCore::serve(HttpConnection& c, const std::string& ip) {
    // 1. The client's connections.
    if (!clients_.connect(ip)) {
        const std::string reply = too_many_connections(ip, limits_.max_connections_per_client);
        c.write(reply.data(), reply.size());
        c.finish();
        return;
    }
    struct Leave {
        ClientTable& clients;
        const std::string& ip;
        ~Leave() { clients.disconnect(ip); }
    } leave{clients_, ip};
    // 2-4. The requests, one after another.
    bool closing = false;
    for (std::size_t left = limits_.keep_alive_max_count; left > 0 && !closing; --left) {
        if (!c.await_request(limits_.keep_alive_timeout, [this] { return stopping(); })) break;
        Exchange exchange;
        exchange.ip = ip;
        RequestStream request(c, limits_, exchange);
        ExchangeScope scope(exchange);
        bool closed = false;
        bool ok = false;
        try {
            ok = process_request(request, left == 1, closed, prepare);
        } catch (...) {
            // 5. A reply may be half-written: the connection ends.
        }
        closing = !ok || closed || exchange.close;
        if (exchange.close) c.finish();
    }
}

bool HttpCore::process_and_close_socket(socket_t sock) {
    try {
        SocketConnection c(sock, limits_);
        std::string ip;
        int port = 0;
        c.get_remote_ip_and_port(ip, port);
        serve(c, ip);
    } catch (...) {
        // Nothing a client sends may end the process (an exception here would).
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return true;
}

std::string HttpCore::serve_raw(std::string_view bytes, const std::string& ip) {
    socket_t none = INVALID_SOCKET;
    const bool placeholder = svr_sock_.compare_exchange_strong(none, kRawPlaceholder);
    MemoryConnection c(bytes, ip);
    try {
        serve(c, ip);
    } catch (...) {
    }
    if (placeholder) {
        socket_t mine = kRawPlaceholder;
        svr_sock_.compare_exchange_strong(mine, INVALID_SOCKET);
    }
    return c.take_output();
}

}  // namespace kibitz::server
