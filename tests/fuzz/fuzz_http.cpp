// libFuzzer target for the whole HTTP side of `kibitz play`: the input is everything one client
// sends on one connection (one raw HTTP request or several), run through the very server, routes
// and handlers the live server uses (HttpServer::serve_raw). In the input, "$A", "$H", "$E" and
// "$O" stand for the ids of an analysis board, a two-player game, an engine game and an Othello
// game, and "$a", "$w", "$b", "$e" and "$o" for their seat tokens (analysis, White and Black of
// the two-player game, the engine game's person, the Othello game's Black). Whatever the input,
// the server must not crash, every reply must be a well-formed HTTP reply, none a 500, and
// every JSON reply must parse (so be valid UTF-8), an error naming itself in "error".
#include <stdlib.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>

#include "fuzz_service.h"
#include "server/http_server.h"

namespace {

using namespace kibitz::server;

// The games and the server are made again after this many inputs: every game an input creates
// stays, and listing them all (and the clocks' scan of them) made each input slower, from
// 256 inputs a second to 35 in ten minutes.
constexpr int kInputsPerService = 500;

struct World {
    std::string web;  // a small web/ of its own, removed at exit
    std::unique_ptr<Service> service;
    std::unique_ptr<HttpServer> http;
    std::pair<std::string, std::string> marks[9];  // "$A" -> id, ...
    int inputs = 0;                                // since the service was made
};

World* the_world = nullptr;

void remove_web() {
    std::error_code ec;
    if (the_world) std::filesystem::remove_all(the_world->web, ec);
}

[[noreturn]] void fail(const char* why, const std::string& out) {
    std::fprintf(stderr, "fuzz_http: %s\n--- reply ---\n%s\n", why, out.substr(0, 2000).c_str());
    std::abort();
}

// `body` of a POST on one connection; its JSON reply.
Json post(HttpServer& http, const std::string& path, const std::string& body) {
    const std::string out =
        http.serve_raw("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                       std::to_string(body.size()) + "\r\n\r\n" + body);
    const auto end = out.find("\r\n\r\n");
    if (out.rfind("HTTP/1.1 201", 0) != 0 || end == std::string::npos) fail("setup failed", out);
    return Json::parse(out.substr(end + 4));
}

// A new service and server with the four games of the marks.
void make_service(World& w) {
    w.http.reset();
    w.service.reset();
    w.service = kibitz::fuzz::make_small_service();
    HttpOptions h;
    h.port = 0;
    h.web_dir = w.web + "/web";
    h.chessground_dir = w.web + "/cg";
    h.limits.workers = 2;
    w.http = std::make_unique<HttpServer>(*w.service, h);
    w.inputs = 0;

    const Json analysis = post(*w.http, "/api/games", R"({"mode": "analysis"})");
    const Json humans = post(*w.http, "/api/games", R"({"mode": "humans"})");
    const Json engine = post(*w.http, "/api/games",
                             R"({"mode": "engine", "level": {"kind": "depth", "depth": 1}})");
    const Json othello = post(*w.http, "/api/othello/games", R"({"mode": "humans"})");
    w.marks[0] = {"$A", analysis["game"]["id"]};
    w.marks[1] = {"$H", humans["game"]["id"]};
    w.marks[2] = {"$E", engine["game"]["id"]};
    w.marks[3] = {"$O", othello["game"]["id"]};
    w.marks[4] = {"$a", analysis["token"]};
    w.marks[5] = {"$w", humans["token"]};
    w.marks[6] = {"$b", humans["invite"]["token"]};
    w.marks[7] = {"$e", engine["token"]};
    w.marks[8] = {"$o", othello["token"]};
}

World& world() {
    if (the_world) {
        if (++the_world->inputs > kInputsPerService) make_service(*the_world);
        return *the_world;
    }
    auto* w = new World;
    char dir[] = "/tmp/fuzz_http.XXXXXX";
    if (!mkdtemp(dir)) std::abort();
    w->web = dir;
    std::filesystem::create_directories(w->web + "/web/js");
    std::filesystem::create_directories(w->web + "/cg/dist");
    std::filesystem::create_directories(w->web + "/cg/assets");
    std::ofstream(w->web + "/web/index.html") << "<!doctype html><html><body>kibitz</body></html>";
    std::ofstream(w->web + "/web/js/main.js") << "export const x = 1;\n";
    std::ofstream(w->web + "/cg/dist/chessground.js") << "export const Chessground = 0;\n";
    the_world = w;
    std::atexit(remove_web);
    make_service(*w);
    return *w;
}

// Checks every reply in `out` (the replies to `in`, in order); aborts on the first bad one.
void check(const std::string& in, const std::string& out) {
    // A HEAD reply has a Content-Length but no body: after one, the replies cannot be told
    // apart, so only the first is checked.
    const bool head = in.find("HEAD") != std::string::npos;
    std::size_t at = 0;
    while (at < out.size()) {
        if (out.compare(at, 9, "HTTP/1.1 ") != 0) fail("a reply without a status line", out);
        const auto end = out.find("\r\n\r\n", at);
        if (end == std::string::npos) fail("a reply's head is cut short", out);
        const int status = std::atoi(out.substr(at + 9, 3).c_str());
        if (status < 100 || status > 599) fail("a reply with a bad status", out);
        if (status == 500) fail("a 500 reply", out);
        const std::string head_text = out.substr(at, end - at);
        at = end + 4;
        if (status == 100) continue;
        if (head) return;
        if (head_text.find("Transfer-Encoding: chunked") != std::string::npos) {
            // An event stream: chunks until the last, or until the server stopped it.
            while (at < out.size()) {
                const auto line = out.find("\r\n", at);
                if (line == std::string::npos) fail("a chunk size is cut short", out);
                const std::size_t n = std::strtoul(out.c_str() + at, nullptr, 16);
                at = line + 2 + n + 2;
                if (n == 0) break;
            }
            continue;
        }
        const auto length_at = head_text.find("Content-Length: ");
        if (length_at == std::string::npos) fail("a reply without a length", out);
        const std::size_t n = std::strtoul(head_text.c_str() + length_at + 16, nullptr, 10);
        if (at + n > out.size()) fail("a reply's body is cut short", out);
        const std::string body = out.substr(at, n);
        at += n;
        if (head_text.find("Content-Type: application/json") == std::string::npos ||
            head_text.find("Content-Encoding") != std::string::npos)
            continue;
        const Json j = Json::parse(body, nullptr, false);
        if (!j.is_object()) fail("a JSON reply that does not parse", out);
        if (status >= 400 && !(j.contains("error") && j["error"].is_string()))
            fail("an error reply without an \"error\"", out);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    std::string in(reinterpret_cast<const char*>(data), size);
    for (const auto& [mark, value] : w.marks)
        for (std::size_t at = 0; (at = in.find(mark, at)) != std::string::npos; at += value.size())
            in.replace(at, mark.size(), value);
    const std::string out = w.http->serve_raw(in);
    check(in, out);
    return 0;
}
