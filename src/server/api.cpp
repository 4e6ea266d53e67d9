// The REST routes of docs/api.md.
#include "server/api.h"

#include <algorithm>

#include "server/othello_service.h"
#include "server/utf8.h"

namespace kibitz::server {

namespace {

constexpr std::string_view kGames = "/api/games/";

bool valid_id(std::string_view id) {
    return id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// The body as JSON ({} when empty); the error names where the JSON broke.
core::Result<Json> parse_body(const std::string& body) {
    if (body.empty()) return Json::object();
    if (auto bad = utf8_error(body))
        return core::error("the request body is not valid UTF-8 (" + *bad + ")");
    // nlohmann-json ends its input at a NUL byte: what follows would be ignored unread.
    if (const auto nul = body.find('\0'); nul != std::string::npos)
        return core::error("the request body has a NUL byte at offset " + std::to_string(nul));
    try {
        return Json::parse(body);
    } catch (const Json::exception& e) {  // parse_error, or out_of_range for a huge number
        return core::error(std::string("bad JSON in the request body: ") + e.what());
    }
}

// The Othello routes (docs/api.md, "Othello"): /api/othello/...
Reply othello_route(OthelloService& o, const Request& r, const Json& j) {
    constexpr std::string_view kOthelloGames = "/api/othello/games";
    const std::string& m = r.method;
    auto wrong_method = [&] { return error_reply(405, m + " is not allowed on " + r.path); };
    if (r.path == "/api/othello/info") return m == "GET" ? o.info() : wrong_method();
    if (r.path == kOthelloGames || r.path == "/api/othello/games/") {
        if (m == "GET") return o.list();
        if (m == "POST") return o.create(j);
        return wrong_method();
    }
    if (r.path.rfind(std::string(kOthelloGames) + "/", 0) != 0)
        return error_reply(404, "no such API path: " + r.path);
    std::string rest = r.path.substr(kOthelloGames.size() + 1);
    const std::string id = rest.substr(0, rest.find('/'));
    if (!valid_id(id))
        return error_reply(404, "no Othello game '" + id + "' (ids are 16 hex digits)");
    rest = rest.substr(id.size());
    if (rest.empty() || rest == "/") {
        if (m == "GET") return o.get(id, r.token, r.seat);
        if (m == "DELETE") return o.remove(id, r.token);
        return wrong_method();
    }
    if (rest == "/export") return m == "GET" ? o.export_text(id) : wrong_method();
    if (m != "POST")
        return rest == "/events" ? error_reply(400, "events are a GET stream") : wrong_method();
    if (rest == "/move") return o.move(id, r.token, j);
    if (rest == "/takeback") return o.takeback(id, r.token);
    return error_reply(404, "no such API path: " + r.path);
}

}  // namespace

std::string game_id_of(const std::string& path) {
    if (path.rfind(kGames, 0) != 0) return "";
    std::string rest = path.substr(kGames.size());
    return rest.substr(0, rest.find('/'));
}

Reply handle(Service& service, const Request& r) {
    // Text that replies may echo must be UTF-8 (JSON cannot carry anything else).
    const std::pair<const char*, const std::string*> texts[] = {
        {"the path", &r.path},
        {"the X-Kibitz-Token header", &r.token},
        {"the 'seat' parameter", &r.seat},
        {"the 'ply' parameter", &r.ply}};
    for (const auto& [what, text] : texts)
        if (auto bad = utf8_error(*text))
            return error_reply(400, std::string(what) + " is not valid UTF-8 (" + *bad + ")");
    if (r.body.size() > kMaxBody)
        return error_reply(413, "the request body is over " + std::to_string(kMaxBody) + " bytes");
    const auto body = parse_body(r.body);
    if (!body) return error_reply(400, body.error());
    const Json& j = *body;
    const std::string& m = r.method;
    auto wrong_method = [&] { return error_reply(405, m + " is not allowed on " + r.path); };

    if (r.path == "/api/info") return m == "GET" ? service.info() : wrong_method();
    if (r.path == "/api/othello" || r.path.rfind("/api/othello/", 0) == 0)
        return othello_route(service.othello(), r, j);
    if (r.path == "/api/games" || r.path == "/api/games/") {
        if (m == "GET") return service.list();
        if (m == "POST") return service.create(j);
        return wrong_method();
    }
    const std::string id = game_id_of(r.path);
    if (id.empty() && r.path.rfind(kGames, 0) != 0)
        return error_reply(404, "no such API path: " + r.path);
    if (!valid_id(id)) return error_reply(404, "no game '" + id + "' (ids are 16 hex digits)");
    const std::string rest = r.path.substr(kGames.size() + id.size());
    if (rest.empty() || rest == "/") {
        if (m == "GET") return service.get(id, r.token, r.seat);
        if (m == "DELETE") return service.remove(id, r.token);
        return wrong_method();
    }
    if (rest == "/pgn") return m == "GET" ? service.pgn(id) : wrong_method();
    if (rest == "/legal") return m == "GET" ? service.legal(id, r.ply) : wrong_method();
    if (rest == "/knowledge") return m == "GET" ? service.knowledge(id, r.ply) : wrong_method();
    if (m != "POST")
        return rest == "/events" ? error_reply(400, "events are a GET stream") : wrong_method();
    if (rest == "/move") return service.move(id, r.token, j);
    if (rest == "/takeback") return service.takeback(id, r.token);
    if (rest == "/resign") return service.resign(id, r.token);
    if (rest == "/draw") return service.draw(id, r.token, j);
    if (rest == "/hint") return service.hint(id, r.token);
    if (rest == "/analysis") return service.analysis(id, r.token, j);
    if (rest == "/review") return service.review(id, r.token, j);
    return error_reply(404, "no such API path: " + r.path);
}

}  // namespace kibitz::server
