// UTF-8 checks for text that comes from clients: whatever the server echoes back in a JSON reply
// must be valid UTF-8, and a request whose path, header or body is not gets 400.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kibitz::server {

// Where `text` stops being valid UTF-8 ("byte 0xFF at offset 3"), or nullopt when it is valid
// (RFC 3629: no overlong forms, no UTF-16 surrogates, nothing above U+10FFFF).
std::optional<std::string> utf8_error(std::string_view text);

}  // namespace kibitz::server
