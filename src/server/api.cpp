// The REST routes of docs/api.md: checks common to every request, then each game's route table.
#include "server/api.h"

#include "server/utf8.h"

namespace kibitz::server {

namespace {

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

}  // namespace

Reply handle(Service& service, const Request& r) {
    // Text that replies may echo must be UTF-8 (JSON cannot carry anything else).
    const std::pair<const char*, const std::string*> texts[] = {
        {"the path", &r.path},
        {"the X-Kibitz-Token header", &r.token},
        {"the 'seat' parameter", &r.seat},
        {"the 'ply' parameter", &r.ply},
        {"the 'node' parameter", &r.node},
        {"the 'rating' parameter", &r.rating},
        {"the 'exclude' parameter", &r.exclude},
        {"the 'fen' parameter", &r.fen}};
    for (const auto& [what, text] : texts)
        if (auto bad = utf8_error(*text))
            return error_reply(400, std::string(what) + " is not valid UTF-8 (" + *bad + ")");
    if (r.body.size() > kMaxBody)
        return error_reply(413, "the request body is over " + std::to_string(kMaxBody) + " bytes");
    const auto body = parse_body(r.body);
    if (!body) return error_reply(400, body.error());
    if (auto reply = service.puzzles().route(r)) return std::move(*reply);
    if (auto reply = service.explainer().route(r, *body)) return std::move(*reply);
    for (const GameRoutes* table : service.game_routes())
        if (auto reply = route(*table, r, *body)) return std::move(*reply);
    return error_reply(404, "no such API path: " + r.path);
}

}  // namespace kibitz::server
