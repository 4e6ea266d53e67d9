// The score type the web app's games share (game.h, game_tree.h): an evaluation from White's
// point of view, and the JSON type of the server.
#pragma once

#include <nlohmann/json.hpp>

namespace kibitz::server {

using Json = nlohmann::json;

// A score from White's point of view: centipawns, or moves to mate (negative: White is mated).
struct Eval {
    int cp = 0;
    int mate = 0;  // 0: not a mate score
};

// {"cp": 35} or {"mate": -3}.
inline Json eval_json(const Eval& e) {
    return e.mate ? Json{{"mate", e.mate}} : Json{{"cp", e.cp}};
}

}  // namespace kibitz::server
