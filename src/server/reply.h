// What every game's commands share: the reply to a request, and the clock and the random ids
// of the web app.
#pragma once

#include <cstdint>
#include <string>

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

// Milliseconds since the Unix epoch.
std::int64_t now_ms();
// A random lowercase hex string of `digits` digits from the system's entropy.
std::string random_hex(int digits);

}  // namespace kibitz::server
