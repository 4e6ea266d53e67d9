// Routing one request through a game's route table.
#include "server/routes.h"

#include <algorithm>

#include "server/seats.h"

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

bool loopback_peer(std::string_view ip) {
    if (ip.rfind("::ffff:", 0) == 0) ip.remove_prefix(7);
    return ip == "::1" || (ip.rfind("127.", 0) == 0 && ip.size() <= 15);
}

bool ListScope::shows(const std::string (&seat_tokens)[2]) const {
    if (all) return true;
    return std::any_of(tokens.begin(), tokens.end(),
                       [&](const std::string& t) { return seats_of(t, seat_tokens) != kNoSeat; });
}

std::optional<Reply> read_list_scope(const Request& r, ListScope& scope) {
    scope = {};
    if (!r.all.empty() && r.all != "0" && r.all != "1")
        return error_reply(400, "'all' must be 1 (every game) or 0");
    if (r.all == "1") {
        if (!loopback_peer(r.peer))
            return error_reply(403,
                               "Only the server's owner, on the computer it runs on, can "
                               "list every game on it.");
        scope.all = true;
    }
    std::string_view rest = r.tokens;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view t = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
        while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
        if (t.empty()) continue;
        if (scope.tokens.size() == kMaxListTokens)
            return error_reply(400, "X-Kibitz-Tokens carries more than " +
                                        std::to_string(kMaxListTokens) + " tokens");
        const bool hex = std::all_of(t.begin(), t.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        });
        if (t.size() > 64 || !hex)
            return error_reply(400,
                               "X-Kibitz-Tokens must be seat tokens (hex digits) separated "
                               "by commas");
        scope.tokens.emplace_back(t);
    }
    return std::nullopt;
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
        return error_reply(404, gone_sentence(t.noun));  // not an id: never a game
    rest = rest.substr(id.size());
    if (auto reply = dispatch(t.game, rest == "/" ? "" : rest, r, id, body)) return reply;
    if (r.method == "POST") return no_path();
    if (rest == "/events") return error_reply(400, "events are a GET stream");
    return error_reply(405, r.method + " is not allowed on " + r.path);
}

}  // namespace kibitz::server
