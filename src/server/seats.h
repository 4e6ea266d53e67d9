// One seat and token rule for every game of the web app. A game has two seats, numbered by
// the value of their colour (chess: White 0, Black 1; Othello: Black 0, White 1: the first
// mover's seat first). Each seat has a secret token; a token opens every seat whose token it is,
// both when the two seats share one (an analysis board, two people at one Othello board).
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace kibitz::server {

// A set of seats: bit 1 << n for seat n.
using SeatSet = int;
inline constexpr SeatSet kNoSeat = 0;
inline constexpr SeatSet kBothSeats = 3;

// The seats that `token` opens among a game's two seat tokens; none for an empty token.
inline SeatSet seats_of(const std::string& token, const std::string (&tokens)[2]) {
    if (token.empty()) return kNoSeat;
    return (token == tokens[0] ? 1 : 0) | (token == tokens[1] ? 2 : 0);
}

// True when `seats` hold the seat of colour c (an enum of the game's rules: 0 or 1).
template <class Color>
constexpr bool holds(SeatSet seats, Color c) {
    return (seats & (1 << int(c))) != 0;
}

// True when `seats` hold the seat named by a `?seat=` parameter: one of the game's two colour
// names (in seat order) or "both"; false for any other name.
inline bool holds_named(SeatSet seats, std::string_view name,
                        const std::array<std::string_view, 2>& names) {
    if (name == names[0]) return holds(seats, 0);
    if (name == names[1]) return holds(seats, 1);
    return name == "both" && seats == kBothSeats;
}

}  // namespace kibitz::server
