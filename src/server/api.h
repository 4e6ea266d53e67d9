// Routes the REST requests of docs/api.md to the service: method and path in, reply out.
// The HTTP server and the tests both call it.
#pragma once

#include <string>

#include "server/service.h"

namespace kibitz::server {

// Largest request body accepted (413 beyond).
inline constexpr std::size_t kMaxBody = 64 * 1024;

struct Request {
    std::string method;  // "GET", "POST", "DELETE"
    std::string path;    // "/api/games/ID/move", without the query
    std::string token;   // X-Kibitz-Token
    std::string seat;    // ?seat= of GET /api/games/ID
    std::string ply;     // ?ply= of GET /api/games/ID/legal and /knowledge
    std::string body;
};

// The reply to one API request (every /api/ path but the event stream).
Reply handle(Service& service, const Request& request);

// The game id of an /api/games/ID... path ("" when the path has none).
std::string game_id_of(const std::string& path);

}  // namespace kibitz::server
