// The games' stores: Othello's rows read and written through its rules.
#include "server/game_store.h"

namespace kibitz::server {

void OthelloStore::save(const OthelloGame& game, std::size_t) {
    store_.save_othello(game.to_row());
}

std::vector<OthelloGame> OthelloStore::load_all(std::vector<std::string>& problems) {
    std::vector<OthelloGame> games;
    for (const OthelloRow& row : store_.load_othello()) {
        std::optional<core::Result<OthelloGame>> g;
        try {
            g = OthelloGame::from_row(row);
        } catch (const Json::exception& e) {  // a stored field of the wrong type
            g = core::error(std::string("bad stored data: ") + e.what());
        }
        if (!*g) {
            problems.push_back("Othello game " + row.id + " not loaded: " + g->error());
            continue;
        }
        games.push_back(std::move(g->value()));
    }
    return games;
}

}  // namespace kibitz::server
