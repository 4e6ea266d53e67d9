// The value byte of one position in a table, and scores for comparing values.
//
// Byte: 0 = draw; 1..127 = the side to move mates in that many moves (plies 2n - 1);
// 128..255 = the side to move is mated in (byte - 128) moves (plies 2n). All 256 values are
// needed: the longest 5-man mate (KPPKP) is 127 moves. Illegal positions and unused indices
// have no value of their own: the generator knows them by its counter byte, and the file
// repeats the previous byte there (it compresses best). Score: win in d plies = 1000 - d,
// loss in d plies = d - 1000, draw = 0; a larger score is better for the side to move.
#pragma once

#include <cstdint>

namespace kibitz::tb {

inline constexpr std::uint8_t kDrawByte = 0;
// The longest distances the byte can hold.
inline constexpr int kMaxWinPlies = 253;
inline constexpr int kMaxLossPlies = 254;

constexpr bool is_win_byte(std::uint8_t b) { return b >= 1 && b <= 127; }
constexpr bool is_loss_byte(std::uint8_t b) { return b >= 128; }
// plies must be odd (win) or even (loss) and within the limits above.
constexpr std::uint8_t win_byte(int plies) { return std::uint8_t((plies + 1) / 2); }
constexpr std::uint8_t loss_byte(int plies) { return std::uint8_t(128 + plies / 2); }
// The distance in plies of a win or loss byte.
constexpr int plies_of(std::uint8_t b) { return is_win_byte(b) ? 2 * b - 1 : 2 * (b - 128); }
// The byte of a distance in plies: odd = win, even = loss.
constexpr std::uint8_t byte_of_plies(int plies) {
    return plies % 2 ? win_byte(plies) : loss_byte(plies);
}

inline constexpr int kMateScore = 1000;
inline constexpr int kNoScore = -10000;  // below every real score

constexpr int score_of_byte(std::uint8_t b) {
    return is_win_byte(b)    ? kMateScore - plies_of(b)
           : is_loss_byte(b) ? plies_of(b) - kMateScore
                             : 0;
}
// The byte of a score (which must be within the byte's limits).
constexpr std::uint8_t byte_of_score(int s) {
    return s > 0 ? win_byte(kMateScore - s) : s < 0 ? loss_byte(s + kMateScore) : kDrawByte;
}
constexpr bool is_win_score(int s) { return s > 0; }
constexpr bool is_loss_score(int s) { return s < 0 && s > kNoScore; }
// Plies of a win or loss score.
constexpr int score_plies(int s) { return s > 0 ? kMateScore - s : s + kMateScore; }
// The score of a move for the side that makes it, from the score of the position it leads to
// (for the opponent): a win in d becomes a loss in d + 1 and vice versa.
constexpr int parent_score(int child) {
    return child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0;
}

}  // namespace kibitz::tb
