// Routing one request through a game's route table.
#include "server/routes.h"

#include <algorithm>

namespace kibitz::server {

namespace {

bool under(const std::string& path, const std::string& prefix) {
    return path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
           path[prefix.size()] == '/';
}

// The route of `routes` at `path` for the request's method; 405 when the path is there under
// another method; nullopt when it is not there.
std::optional<Reply> dispatch(const std::vector<Route>& routes, const std::string& path,
                              const Request& r, const std::string& id, const Json& body) {
    bool known = false;
    for (const Route& route : routes) {
        if (route.path != path) continue;
        if (route.method == r.method) return route.handler(r, id, body);
        known = true;
    }
    if (known) return error_reply(405, r.method + " is not allowed on " + r.path);
    return std::nullopt;
}

}  // namespace

bool valid_game_id(std::string_view id) {
    return id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::optional<Reply> route(const GameRoutes& t, const Request& r, const Json& body) {
    if (r.path != t.root && !under(r.path, t.root)) return std::nullopt;
    const auto no_path = [&] { return error_reply(404, "no such API path: " + r.path); };
    if (auto reply = dispatch(t.paths, r.path, r, "", body)) return reply;
    if (r.path == t.games || r.path == t.games + "/") {
        if (auto reply = dispatch(t.collection, "", r, "", body)) return reply;
        return error_reply(405, r.method + " is not allowed on " + r.path);
    }
    if (!under(r.path, t.games)) return no_path();
    std::string rest = r.path.substr(t.games.size() + 1);
    const std::string id = rest.substr(0, rest.find('/'));
    if (!valid_game_id(id))
        return error_reply(404, "no " + t.noun + " '" + id + "' (ids are 16 hex digits)");
    rest = rest.substr(id.size());
    if (auto reply = dispatch(t.game, rest == "/" ? "" : rest, r, id, body)) return reply;
    if (r.method == "POST") return no_path();
    if (rest == "/events") return error_reply(400, "events are a GET stream");
    return error_reply(405, r.method + " is not allowed on " + r.path);
}

}  // namespace kibitz::server
