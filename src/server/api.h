// Routes the REST requests of docs/api.md to the games' route tables (routes.h): method and
// path in, reply out. The HTTP server and the tests both call it.
#pragma once

#include <string>

#include "server/routes.h"
#include "server/service.h"

namespace kibitz::server {

// Largest request body accepted (413 beyond).
inline constexpr std::size_t kMaxBody = 64 * 1024;

// The reply to one API request (every /api/ path but the event stream).
Reply handle(Service& service, const Request& request);

}  // namespace kibitz::server
