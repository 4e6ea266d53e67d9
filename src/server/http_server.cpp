// cpp-httplib glue: security checks, static files, REST routes, Server-Sent Events.
#include "server/http_server.h"

#include <httplib.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>

#include "server/api.h"
#include "server/othello_service.h"

namespace kibitz::server {

namespace {

// A comment line this often: it keeps proxies from timing the stream out, and the write to a
// closed connection is how a stream learns that its page went away.
constexpr auto kHeartbeat = std::chrono::milliseconds(2500);
constexpr auto kStreamLife = std::chrono::hours(6);

bool is_ipv4(std::string_view h) {
    int dots = 0, digits = 0;
    for (const char c : h) {
        if (c == '.') {
            if (digits == 0) return false;
            ++dots, digits = 0;
        } else if (c >= '0' && c <= '9' && ++digits <= 3) {
        } else {
            return false;
        }
    }
    return dots == 3 && digits > 0;
}

void send(httplib::Response& res, const Reply& r) {
    res.status = r.status;
    if (!r.content_type.empty()) {
        if (!r.filename.empty())
            res.set_header("Content-Disposition", "attachment; filename=\"" + r.filename + "\"");
        res.set_content(r.text, r.content_type.c_str());
    } else {
        res.set_content(r.body.dump(), "application/json");
    }
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send(res, error_reply(status, message));
}

// Sends `stream`'s events as text/event-stream until the page goes away, the server stops or
// kStreamLife passes; `closed` runs at the end. A null stream is refused with `status` (404:
// `unknown` is the message; else too many streams).
void serve_events(httplib::Response& res, std::shared_ptr<Stream> stream, int status,
                  const std::string& unknown,
                  std::function<void(const std::shared_ptr<Stream>&)> closed) {
    if (!stream) {
        send_error(res, status, status == 404 ? unknown : "too many event streams are open");
        return;
    }
    res.set_header("Cache-Control", "no-cache");
    const auto opened = std::chrono::steady_clock::now();
    res.set_chunked_content_provider(
        "text/event-stream",
        [stream, opened](std::size_t, httplib::DataSink& sink) {
            if (std::chrono::steady_clock::now() - opened > kStreamLife) {
                sink.done();
                return true;
            }
            const auto data = stream->next(kHeartbeat);
            if (!data) {
                sink.done();
                return true;
            }
            return sink.write(data->data(), data->size());
        },
        [stream, closed = std::move(closed)](bool) {
            stream->close();
            closed(stream);
        });
}

}  // namespace

bool host_allowed(const std::string& host_header, const std::vector<std::string>& allowed) {
    std::string host = host_header;
    if (!host.empty() && host[0] == '[') {  // IPv6 literal, maybe with a port
        const auto end = host.find(']');
        return end != std::string::npos && (end + 1 == host.size() || host[end + 1] == ':');
    }
    if (const auto colon = host.rfind(':'); colon != std::string::npos) host.resize(colon);
    for (auto& c : host) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (host.empty()) return false;
    if (host == "localhost" || is_ipv4(host)) return true;
    return std::find(allowed.begin(), allowed.end(), host) != allowed.end();
}

HttpServer::HttpServer(Service& service, HttpOptions options)
    : service_(service), options_(std::move(options)), http_(std::make_unique<httplib::Server>()) {
    const int threads = options_.threads;
    http_->new_task_queue = [threads] { return new httplib::ThreadPool(std::size_t(threads)); };
    http_->set_payload_max_length(kMaxBody);
    http_->set_keep_alive_max_count(1000);
    // Small replies at once: with Nagle's algorithm a reply written in two parts waits for the
    // client's delayed ACK (40 ms).
    http_->set_tcp_nodelay(true);
    routes();
}

HttpServer::~HttpServer() = default;

void HttpServer::routes() {
    auto& http = *http_;
    // 1. Host and Origin first: a page from another site, or reached through a rebinding DNS
    //    name, gets nothing.
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        const std::string host = req.get_header_value("Host");
        if (!host_allowed(host, options_.allowed_hosts)) {
            send_error(res, 421,
                       "Host '" + host +
                           "' is not accepted: use the IP address, localhost, or "
                           "start kibitz play with --allow-host NAME");
            return httplib::Server::HandlerResponse::Handled;
        }
        const std::string origin = req.get_header_value("Origin");
        if (!origin.empty() && origin != "http://" + host) {
            send_error(res, 421,
                       "Origin '" + origin + "' is not this server (http://" + host + ")");
            return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
    });
    http.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Referrer-Policy", "no-referrer");
        res.set_header("Content-Security-Policy",
                       "default-src 'self'; img-src 'self' data:; style-src 'self' "
                       "'unsafe-inline'; media-src 'self' data:; frame-ancestors 'none'");
    });
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        const std::string why = res.status == 404   ? "no such file or path: " + req.path
                                : res.status == 413 ? "the request body is over 64 KiB"
                                                    : "HTTP error";
        send_error(res, res.status, why);
    });
    http.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "internal error";
            try {
                std::rethrow_exception(ep);
            } catch (const std::exception& e) {
                what = e.what();
            } catch (...) {
            }
            send_error(res, 500, what);
        });

    // 2. The event stream of one game, chess or Othello.
    http.Get(R"(/api/games/([0-9a-f]{16})/events)",
             [this](const httplib::Request& req, httplib::Response& res) {
                 const std::string id = req.matches[1];
                 int status = 0;
                 auto stream = service_.open_stream(id, status);
                 serve_events(res, std::move(stream), status, "no game " + id,
                              [this, id](const std::shared_ptr<Stream>& s) {
                                  service_.close_stream(id, s);
                              });
             });
    http.Get(R"(/api/othello/games/([0-9a-f]{16})/events)",
             [this](const httplib::Request& req, httplib::Response& res) {
                 const std::string id = req.matches[1];
                 int status = 0;
                 OthelloService& othello = service_.othello();
                 auto stream = othello.open_stream(id, status);
                 serve_events(res, std::move(stream), status, "no Othello game " + id,
                              [&othello, id](const std::shared_ptr<Stream>& s) {
                                  othello.close_stream(id, s);
                              });
             });

    // 3. The REST API.
    const auto api = [this](const httplib::Request& req, httplib::Response& res) {
        Request r;
        r.method = req.method;
        r.path = req.path;
        r.token = req.get_header_value("X-Kibitz-Token");
        r.seat = req.get_param_value("seat");
        r.ply = req.get_param_value("ply");
        r.body = req.body;
        send(res, handle(service_, r));
    };
    http.Get("/api/.*", api);
    http.Post("/api/.*", api);
    http.Delete("/api/.*", api);
    http.Put("/api/.*", api);

    // 4. The page and chessground.
    const std::filesystem::path cg = options_.chessground_dir;
    http.set_mount_point("/vendor/chessground/assets", (cg / "assets").string());
    http.set_mount_point("/vendor/chessground", (cg / "dist").string());
    http.set_mount_point("/", options_.web_dir);
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
    return port;
}

void HttpServer::run() { http_->listen_after_bind(); }

void HttpServer::stop() {
    service_.hub().close_all();
    service_.othello().hub().close_all();
    http_->stop();
}

}  // namespace kibitz::server
