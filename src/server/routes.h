// One route table per game: the REST paths of docs/api.md that a game answers and its event
// stream, read by the API router (api.cpp) and the HTTP server (http_server.cpp) alike, so that
// a game plugs in by supplying its table and nothing of the routing is written twice.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/events.h"
#include "server/reply.h"

namespace kibitz::server {

struct Request {
    std::string method;  // "GET", "POST", "DELETE"
    std::string path;    // "/api/games/ID/move", without the query
    std::string token;   // X-Kibitz-Token
    std::string seat;    // ?seat= of GET /api/games/ID
    std::string ply;     // ?ply= of GET /api/games/ID/legal and /knowledge
    std::string body;
    std::string peer{};     // the client's address ("127.0.0.1", "::1"); "" when unknown
    std::string tokens{};   // X-Kibitz-Tokens of GET games: the seat tokens the page holds
    std::string all{};      // ?all= of GET games ("1": every game, for the server's owner)
    std::string node{};     // ?node= of GET /api/games/ID/legal and /knowledge (a move's id)
    std::string rating{};   // ?rating= of GET /api/puzzles/next
    std::string exclude{};  // ?exclude= of GET /api/puzzles/next (puzzle ids, comma-separated)
    std::string fen{};      // ?fen= of GET /api/eval
};

// True for a loopback address (127.0.0.0/8, ::1, ::ffff:127.x.x.x): a request from the
// computer the server runs on, that is from its owner.
bool loopback_peer(std::string_view ip);

// Most seat tokens one X-Kibitz-Tokens header may carry (a page sends its newest).
inline constexpr std::size_t kMaxListTokens = 256;

// Which games a list shows: those a presented token opens, or every one (`all`).
struct ListScope {
    std::vector<std::string> tokens;
    bool all = false;
    // True when the list shows the game whose seat tokens are `seat_tokens`.
    bool shows(const std::string (&seat_tokens)[2]) const;
};

// The scope of a GET of a games list: its tokens (comma-separated, at most kMaxListTokens,
// each 1 to 64 hex digits) and ?all=1 for the owner only. A refusal is the reply: 400 for a
// bad header or parameter, 403 for all=1 from another computer.
std::optional<Reply> read_list_scope(const Request& r, ListScope& scope);

// A command: the request, the game's id ("" off a game's path) and the body as JSON.
using Handler = std::function<Reply(const Request&, const std::string& id, const Json& body)>;

struct Route {
    std::string method;  // "GET", "POST", "DELETE"
    std::string path;    // relative to where the table puts it ("" for that place itself)
    Handler handler;
};

struct GameRoutes {
    std::string root;               // every path under it is this game's ("/api/othello")
    std::string games;              // the games' collection ("/api/othello/games")
    std::string noun;               // "Othello game": "no Othello game 'x'"
    std::vector<Route> paths;       // whole paths ("/api/othello/info")
    std::vector<Route> collection;  // on `games` itself ("")
    std::vector<Route> game;        // on games/ID, by the rest of the path ("", "/move")
    // The event stream of GET games/ID/events: nullptr with status 404 (unknown game) or 429.
    std::function<std::shared_ptr<Stream>(const std::string& id, int& status)> open_stream;
    // The stream ended (its page went away or the server stops).
    std::function<void(const std::string& id, const std::shared_ptr<Stream>&)> close_stream;
    EventHub* hub = nullptr;  // the game's streams, closed all at once when the server stops
};

// True for a game id: 16 lowercase hex digits.
bool valid_game_id(std::string_view id);

// The reply of the game's table to a request, or nullopt when the path is not under its root.
// Unknown paths are 404, known paths with another method 405, and events other than a GET
// stream 400.
std::optional<Reply> route(const GameRoutes& table, const Request& r, const Json& body);

}  // namespace kibitz::server
