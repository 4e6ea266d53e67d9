// What every game's commands share: the reply to a request, and the clock and the random ids
// of the web app.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/game.h"

namespace kibitz::server {

// A reply: a status and a JSON body, or a text body with its type (and a download name).
struct Reply {
    int status = 200;
    Json body;
    std::string text, content_type, filename;
};
// A JSON reply with this status.
Reply json_reply(Json body, int status = 200);
// {"error": message} with a 4xx status.
Reply error_reply(int status, std::string message);

// The 403 of a command on a game by a visitor whose token holds none of the seats it needs.
inline constexpr const char* kNotYourSeat =
    "This game's seat belongs to another player; open it with your own link.";
// The 404 of a game that is not (or no longer) on the server; `noun` is "game" or "Othello game".
std::string gone_sentence(const std::string& noun);

// One sentence for a person out of what failed and why: "<what>: <why>.", with any FEN in `why`
// read as "this position" and its full stop not doubled. E.g. ("The PGN could not be read",
// "line 3, column 4: move 2... Nf6 is illegal in <FEN>").
std::string plain_sentence(std::string_view what, std::string_view why);
// The sentence of a typed chess move that was refused, from the move's text and the reason the
// rules gave: "Ke2 is not a legal move in this position.", "'xyz' is not a move; …".
std::string move_refused(std::string_view text, std::string_view why);

// Milliseconds since the Unix epoch.
std::int64_t now_ms();
// A random lowercase hex string of `digits` digits from the system's entropy.
std::string random_hex(int digits);

}  // namespace kibitz::server
