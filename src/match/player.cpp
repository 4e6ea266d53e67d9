// make_player: the one place that knows every protocol.
#include "match/player.h"

#include "match/uci_engine.h"
#include "match/xboard_engine.h"

namespace kibitz::match {

std::unique_ptr<Player> make_player(std::string_view protocol) {
    if (protocol == "uci") return std::make_unique<UciEngine>();
    if (protocol == "xboard") return std::make_unique<XboardEngine>();
    return nullptr;
}

}  // namespace kibitz::match
