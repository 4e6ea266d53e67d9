// cpp-httplib glue: security checks, static files, REST routes, Server-Sent Events. No handler
// here may throw out of httplib's reach: the error handler and the post-routing handler run
// outside its try block, where an exception would end the process.
#include "server/http_server.h"

#include <arpa/inet.h>
#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>

#include "core/strings.h"
#include "server/api.h"
#include "server/http_connection.h"
#include "server/utf8.h"

namespace kibitz::server {

namespace {

using Clock = std::chrono::steady_clock;

// A comment line this often: it keeps proxies from timing the stream out, and the write to a
// closed connection is how a stream learns that its page went away.
constexpr auto kHeartbeat = std::chrono::milliseconds(2500);
constexpr auto kStreamLife = std::chrono::hours(6);
// How often a waiting stream checks that its page is still there.
constexpr auto kHangupCheck = std::chrono::milliseconds(250);
// httplib's own limit on the request line (CPPHTTPLIB_REQUEST_URI_MAX_LENGTH, compiled into
// Debian's libcpp-httplib): 414 beyond.
constexpr std::size_t kMaxRequestLine = 8192;
// The body of an error reply when even building one failed.
constexpr const char* kFallbackError = R"({"error": "internal error"})";

// JSON text of a reply: bytes that are not UTF-8 (echoed from a request) become U+FFFD
// instead of an exception.
std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

void send(httplib::Response& res, const Reply& r) {
    res.status = r.status;
    if (!r.content_type.empty()) {
        if (!r.filename.empty())
            res.set_header("Content-Disposition", "attachment; filename=\"" + r.filename + "\"");
        res.set_content(r.text, r.content_type.c_str());
    } else {
        res.set_content(dump(r.body), "application/json");
    }
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send(res, error_reply(status, message));
}

// The last resort of the handlers that must not throw.
void send_fallback(httplib::Response& res, int status) noexcept {
    try {
        res.status = status;
        res.body = kFallbackError;
        res.set_header("Content-Type", "application/json");
    } catch (...) {
    }
}

// The connection ends after this reply (its request may not have been read to the end).
void close_after() {
    if (Exchange* e = current_exchange()) e->close = true;
}

bool valid_port(std::string_view p) {
    return !p.empty() && p.size() <= 5 &&
           std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Refusal {
    int status;
    std::string message;
};

// Why a request is refused before its route sees it, if it is: text that is not UTF-8 where
// the server reads or echoes it, a Host or Origin that is not this server, a NUL in the path,
// a body that is compressed, framed in a way the server does not read, or too large.
// What httplib's parser lets through or drops from the head as received: a NUL byte, a second
// Host or Content-Length, a Content-Length that is empty (httplib drops the header, and the
// body would be read as the next request).
std::optional<Refusal> head_refusal(std::string_view head) {
    if (head.find('\0') != std::string_view::npos)
        return Refusal{400, "the request's head has a NUL byte in it"};
    int hosts = 0, lengths = 0;
    for (std::size_t at = head.find('\n'); at != std::string_view::npos;) {
        const std::size_t end = head.find('\n', at + 1);
        std::string_view line = head.substr(
            at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1);
        at = end;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string name = core::to_lower(std::string(line.substr(0, colon)));
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
            value.remove_prefix(1);
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
            value.remove_suffix(1);
        if (name == "host" && ++hosts > 1)
            return Refusal{400, "the request has more than one Host header"};
        if (name == "content-length") {
            if (++lengths > 1)
                return Refusal{400, "the request has more than one Content-Length header"};
            if (value.empty()) return Refusal{400, "the Content-Length header is empty"};
        }
    }
    return std::nullopt;
}

std::optional<Refusal> refusal(const httplib::Request& req, const std::vector<std::string>& hosts) {
    if (const Exchange* e = current_exchange())
        if (auto bad = head_refusal(e->head)) return bad;
    if (auto bad = utf8_error(req.path))
        return Refusal{400, "the path is not valid UTF-8 (" + *bad + ")"};
    if (req.path.find('\0') != std::string::npos)
        return Refusal{400, "the path has a NUL byte (%00) in it"};
    for (const char* name : {"Host", "Origin", "X-Kibitz-Token"})
        if (auto bad = utf8_error(req.get_header_value(name)))
            return Refusal{
                400, std::string("the ") + name + " header is not valid UTF-8 (" + *bad + ")"};
    for (const auto& [key, value] : req.params)
        if (utf8_error(key) || utf8_error(value))
            return Refusal{400, "the query parameter '" + key + "' is not valid UTF-8"};
    const std::string host = req.get_header_value("Host");
    if (!host_allowed(host, hosts))
        return Refusal{421, "Host '" + host +
                                "' is not accepted: use the IP address, localhost, or start "
                                "kibitz play with --allow-host NAME"};
    const std::string origin = req.get_header_value("Origin");
    if (!origin.empty() && origin != "http://" + host)
        return Refusal{421, "Origin '" + origin + "' is not this server (http://" + host + ")"};
    const std::string encoding = req.get_header_value("Content-Encoding");
    if (!encoding.empty() && core::to_lower(encoding) != "identity")
        return Refusal{
            415, "request bodies must not be compressed (Content-Encoding: " + encoding + ")"};
    const std::string framing = req.get_header_value("Transfer-Encoding");
    // Chunked request bodies are refused: httplib's reader accepts a chunk longer than its
    // stated size, and no browser sends a chunked request.
    if (!framing.empty() && core::to_lower(framing) == "chunked")
        return Refusal{411,
                       "a request body must come with a Content-Length (chunked request "
                       "bodies are not read)"};
    if (!framing.empty())
        return Refusal{501, "Transfer-Encoding '" + framing + "' is not read here"};
    if (req.has_header("Content-Length")) {
        const std::string length = req.get_header_value("Content-Length");
        if (length.empty() ||
            !std::all_of(length.begin(), length.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return Refusal{400, "Content-Length '" + length + "' is not a number of bytes"};
        if (length.size() > 18 || std::stoull(length) > kMaxBody)
            return Refusal{413, "the request body is over " + std::to_string(kMaxBody) + " bytes"};
    }
    return std::nullopt;
}

// The message of an error reply that httplib made itself (no route answered).
std::string error_message(const httplib::Request& req, int status, const HttpLimits& limits) {
    const Exchange* e = current_exchange();
    const RequestCut cut = e ? e->cut : RequestCut::kNone;
    if (cut == RequestCut::kHead)
        return "the request line and headers are over " + std::to_string(limits.max_head) +
               " bytes";
    if (cut == RequestCut::kBody)
        return "the request body is over " + std::to_string(kMaxBody) + " bytes";
    if (cut == RequestCut::kTime)
        return "the request did not arrive within " +
               std::to_string(limits.request_deadline.count()) + " ms";
    switch (status) {
        case 400: return "the request is not valid HTTP (its request line, headers or body)";
        case 404: return "no such file or path: " + req.path;
        case 413: return "the request body is over " + std::to_string(kMaxBody) + " bytes";
        case 414: return "the request line is over " + std::to_string(kMaxRequestLine) + " bytes";
        case 416: return "the Range header is not one the server reads";
        default: return "HTTP error " + std::to_string(status);
    }
}

// The status for a request cut by a limit (httplib itself answers 400 or 413).
int cut_status(int status) {
    const Exchange* e = current_exchange();
    if (!e) return status;
    switch (e->cut) {
        case RequestCut::kHead: return 431;
        case RequestCut::kBody: return 413;
        case RequestCut::kTime: return 408;
        default: return status;
    }
}

// Holds one of a client's event streams in the ClientTable while it is open.
struct StreamSlot {
    StreamSlot(ClientTable& c, std::string address) : clients(c), ip(std::move(address)) {}
    ~StreamSlot() { clients.close_stream(ip); }
    StreamSlot(const StreamSlot&) = delete;
    StreamSlot& operator=(const StreamSlot&) = delete;

    ClientTable& clients;
    const std::string ip;
};

}  // namespace

bool host_allowed(const std::string& host_header, const std::vector<std::string>& allowed) {
    const std::string_view h = host_header;
    if (!h.empty() && h[0] == '[') {  // an IPv6 literal, maybe with a port
        const auto end = h.find(']');
        if (end == std::string_view::npos) return false;
        const std::string literal(h.substr(1, end - 1));
        in6_addr address{};
        if (inet_pton(AF_INET6, literal.c_str(), &address) != 1) return false;
        const std::string_view rest = h.substr(end + 1);
        return rest.empty() || (rest[0] == ':' && valid_port(rest.substr(1)));
    }
    std::string host(h);
    if (const auto colon = host.rfind(':'); colon != std::string::npos) {
        if (!valid_port(std::string_view(host).substr(colon + 1))) return false;
        host.resize(colon);
    }
    host = core::to_lower(host);
    if (host.empty()) return false;
    in_addr v4{};
    if (host == "localhost" || inet_pton(AF_INET, host.c_str(), &v4) == 1) return true;
    return std::find(allowed.begin(), allowed.end(), host) != allowed.end();
}

HttpServer::HttpServer(Service& service, HttpOptions options)
    : service_(service),
      options_(std::move(options)),
      clients_(options_.limits),
      http_(std::make_unique<HttpCore>(clients_, options_.limits)) {
    const HttpLimits& l = options_.limits;
    const auto workers = std::size_t(std::max(1, l.workers));
    http_->new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
    http_->set_payload_max_length(kMaxBody);
    // These set what httplib tells clients (Keep-Alive: timeout=5, max=100) and the sockets'
    // SO_RCVTIMEO/SO_SNDTIMEO; the connection loop (http_connection.cpp) enforces them.
    using std::chrono::duration_cast;
    using std::chrono::seconds;
    http_->set_keep_alive_max_count(l.keep_alive_max_count);
    http_->set_keep_alive_timeout(
        std::max<time_t>(1, duration_cast<seconds>(l.keep_alive_timeout).count()));
    http_->set_read_timeout(l.read_timeout);
    http_->set_write_timeout(l.write_timeout);
    // Small replies at once: with Nagle's algorithm a reply written in two parts waits for the
    // client's delayed ACK (40 ms).
    http_->set_tcp_nodelay(true);
    routes();
}

HttpServer::~HttpServer() = default;

void HttpServer::routes() {
    auto& http = *http_;
    // 1. Before any route: the client's activity is noted, and a request that is not valid
    //    UTF-8 where it matters, comes from another site or through a rebinding DNS name, or
    //    has a body the server will not read, is refused. A refusal ends the connection, as
    //    the request's body (if any) was not read.
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        try {
            clients_.touch(req.remote_addr);
            const auto why = refusal(req, options_.allowed_hosts);
            if (!why) return httplib::Server::HandlerResponse::Unhandled;
            send_error(res, why->status, why->message);
        } catch (...) {
            send_fallback(res, 500);
        }
        close_after();
        return httplib::Server::HandlerResponse::Handled;
    });
    // The expectation of a body that is too large is refused before the body is sent.
    http.set_expect_100_continue_handler([](const httplib::Request& req, httplib::Response& res) {
        const std::string length = req.get_header_value("Content-Length");
        if (length.size() > 18 ||
            (!length.empty() && std::strtoull(length.c_str(), nullptr, 10) > kMaxBody)) {
            res.status = 413;
            close_after();
            return 413;
        }
        return 100;
    });
    http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
        try {
            res.set_header("X-Content-Type-Options", "nosniff");
            res.set_header("Referrer-Policy", "no-referrer");
            res.set_header("Content-Security-Policy",
                           "default-src 'self'; img-src 'self' data:; style-src 'self' "
                           "'unsafe-inline'; media-src 'self' data:; frame-ancestors 'none'");
            if (const Exchange* e = current_exchange(); e && e->close) {
                res.headers.erase("Keep-Alive");
                res.headers.erase("Connection");
                res.set_header("Connection", "close");
            }
        } catch (...) {
        }
    });
    // 2. Replies that httplib made itself (no route, a request it could not read, one cut by a
    //    limit) get a JSON error that names the problem; all but a 404 end the connection.
    http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
        try {
            const bool cut = current_exchange() && current_exchange()->cut != RequestCut::kNone;
            if (!res.body.empty() && !cut) return;
            if (res.status != 404) close_after();
            const int status = cut_status(res.status);
            send_error(res, status, error_message(req, status, options_.limits));
        } catch (...) {
            send_fallback(res, res.status);
        }
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            try {
                std::string what = "internal error";
                try {
                    std::rethrow_exception(ep);
                } catch (const std::exception& e) {
                    what = e.what();
                } catch (...) {
                }
                send_error(res, 500, what);
            } catch (...) {
                send_fallback(res, 500);
            }
        });

    // 3. The event stream of one game, from each game's route table.
    for (const GameRoutes* game : service_.game_routes())
        http.Get(game->games + R"(/([0-9a-f]{16})/events)",
                 [this, game](const httplib::Request& req, httplib::Response& res) {
                     serve_events(*game, req.matches[1], req.remote_addr, res);
                 });

    // 4. The REST API.
    const auto api = [this](const httplib::Request& req, httplib::Response& res) {
        Request r;
        r.method = req.method;
        r.path = req.path;
        r.token = req.get_header_value("X-Kibitz-Token");
        r.seat = req.get_param_value("seat");
        r.ply = req.get_param_value("ply");
        r.node = req.get_param_value("node");
        r.body = req.body;
        r.peer = req.remote_addr;
        r.tokens = req.get_header_value("X-Kibitz-Tokens");
        r.all = req.get_param_value("all");
        r.rating = req.get_param_value("rating");
        r.exclude = req.get_param_value("exclude");
        r.fen = req.get_param_value("fen");
        send(res, handle(service_, r));
    };
    http.Get("/api/.*", api);
    http.Post("/api/.*", api);
    http.Delete("/api/.*", api);
    http.Put("/api/.*", api);

    // 5. The page and chessground.
    const std::filesystem::path cg = options_.chessground_dir;
    http.set_mount_point("/vendor/chessground/assets", (cg / "assets").string());
    http.set_mount_point("/vendor/chessground", (cg / "dist").string());
    http.set_mount_point("/", options_.web_dir);
}

// Sends the game's events as text/event-stream until the page goes away, the server stops,
// the stream is idle for limits.stream_idle (no event of its game, no request of its client)
// or kStreamLife passes. Refused with 429 over the client's or the server's stream limit, with
// 404 for an unknown game.
void HttpServer::serve_events(const GameRoutes& game, const std::string& id, const std::string& ip,
                              httplib::Response& res) {
    // A refused stream ends its connection too: a page retrying would otherwise hold it.
    if (auto refused = clients_.open_stream(ip)) {
        send_error(res, 429, *refused);
        close_after();
        return;
    }
    auto slot = std::make_shared<StreamSlot>(clients_, ip);
    int status = 0;
    std::shared_ptr<Stream> stream = game.open_stream(id, status);
    if (!stream) {
        close_after();
        send_error(
            res, status,
            status != 404 ? "too many event streams are open" : "no " + game.noun + " " + id);
        return;
    }
    res.set_header("Cache-Control", "no-cache");
    const auto opened = Clock::now();
    const auto idle = options_.limits.stream_idle;
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, stream, slot, opened, idle](std::size_t, httplib::DataSink& sink) {
            if (!sink.is_writable()) return false;  // the page went away
            const auto now = Clock::now();
            const auto active =
                std::max({opened, stream->last_event(), clients_.last_request(slot->ip)});
            if (now - opened > kStreamLife || now - active >= idle) {
                sink.done();
                return true;
            }
            // Until an event, the heartbeat or the idle limit, checking that the page is
            // still there every kHangupCheck (its stream's place is then free at once).
            const auto until = std::min(now + kHeartbeat, active + idle);
            while (Clock::now() < until) {
                const auto left =
                    std::chrono::ceil<std::chrono::milliseconds>(until - Clock::now());
                if (stream->ready(std::min<std::chrono::milliseconds>(left, kHangupCheck))) break;
                if (!sink.is_writable()) return false;
            }
            const auto data = stream->next(std::chrono::milliseconds(0));
            if (!data) {
                sink.done();
                return true;
            }
            return sink.write(data->data(), data->size());
        },
        [stream, &game, id](bool) {
            stream->close();
            game.close_stream(id, stream);
        });
}

core::Result<int> HttpServer::bind() {
    const std::string where = options_.host + ":" + std::to_string(options_.port);
    if (!std::filesystem::is_directory(options_.web_dir))
        return core::error("the web app's folder " + options_.web_dir + " is missing");
    if (!std::filesystem::is_regular_file(options_.chessground_dir + "/dist/chessground.js"))
        return core::error("chessground is missing from " + options_.chessground_dir +
                           " (run `npm ci` in the source folder; scripts/setup does)");
    int port = options_.port;
    if (port == 0) {
        port = http_->bind_to_any_port(options_.host);
        if (port < 0) return core::error("cannot listen on " + where + ": " + std::strerror(errno));
    } else if (!http_->bind_to_port(options_.host, port)) {
        return core::error("cannot listen on " + where + ": " + std::strerror(errno) +
                           " (is another server using the port? try --port " +
                           std::to_string(port + 1) + ")");
    }
    if (!http_->widen_backlog())
        return core::error("cannot listen on " + where + " with a backlog of " +
                           std::to_string(options_.limits.listen_backlog) + ": " +
                           std::strerror(errno));
    return port;
}

void HttpServer::run() { http_->listen_after_bind(); }

void HttpServer::stop() {
    for (const GameRoutes* game : service_.game_routes()) game->hub->close_all();
    http_->stop();
}

std::string HttpServer::serve_raw(std::string_view bytes, const std::string& ip) {
    return http_->serve_raw(bytes, ip);
}

}  // namespace kibitz::server
