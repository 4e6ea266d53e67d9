// One refereed game between two UCI engines; see game.h.
#include "match/game.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>

#include "chess/notation.h"
#include "chess/san.h"
#include "core/strings.h"

namespace kibitz::match {

namespace {

using std::chrono::milliseconds;

// Seconds as text ("60", "0.6", "1:30") to milliseconds; nullopt when not a number >= 0.
std::optional<std::int64_t> parse_seconds(std::string_view text) {
    double minutes = 0;
    if (const auto colon = text.find(':'); colon != std::string_view::npos) {
        const auto m = core::parse_int<int>(text.substr(0, colon));
        if (!m || *m < 0) return std::nullopt;
        minutes = *m;
        text = text.substr(colon + 1);
    }
    if (text.empty()) return std::nullopt;
    const std::string s(text);
    char* end = nullptr;
    const double seconds = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !(seconds >= 0) || seconds > 1e9) return std::nullopt;
    return static_cast<std::int64_t>(std::llround((minutes * 60 + seconds) * 1000));
}

const char* side_name(chess::Color c) { return c == chess::kWhite ? "White" : "Black"; }

chess::Outcome win_for(chess::Color c) {
    return c == chess::kWhite ? chess::Outcome::kWhiteWins : chess::Outcome::kBlackWins;
}

// A score from the mover's view in centipawns, mates as +-(100000 - moves).
std::optional<int> score_of(const SearchInfo& info) {
    if (info.score_mate)
        return *info.score_mate > 0 ? 100000 - *info.score_mate : -100000 - *info.score_mate;
    return info.score_cp;
}

// The comment after an engine's move, as cutechess-cli writes it: its score from its own view in
// pawns (or M<moves> for a mate), the depth and the time it took: "+0.31/14 0.523s".
std::string move_comment(const SearchInfo& info, std::int64_t elapsed_ms) {
    std::string s;
    if (info.score_mate) {
        const int m = *info.score_mate;
        s = (m > 0 ? "+M" : "-M") + std::to_string(std::abs(m));
    } else if (info.score_cp) {
        const int cp = *info.score_cp;
        const int a = std::abs(cp);
        s = (cp < 0 ? "-" : "+") + std::to_string(a / 100) + "." + (a % 100 < 10 ? "0" : "") +
            std::to_string(a % 100);
    }
    if (!s.empty()) s += "/" + std::to_string(info.depth) + " ";
    return s + core::decimal_seconds(elapsed_ms) + "s";
}

// True when the last n entries of scores exist and all satisfy pred.
template <class Pred>
bool last_n(const std::vector<std::optional<int>>& scores, int n, Pred pred) {
    if (n <= 0 || static_cast<int>(scores.size()) < n) return false;
    return std::all_of(scores.end() - n, scores.end(),
                       [&](const std::optional<int>& s) { return s && pred(*s); });
}

// The move quoted in Player::go's error "... bestmove 'e2e5' ...", or "" when none.
std::string quoted_move(const std::string& error) {
    static constexpr std::string_view kMarker = "bestmove '";
    const auto at = error.find(kMarker);
    if (at == std::string::npos) return "";
    const auto from = at + kMarker.size();
    const auto to = error.find('\'', from);
    return to == std::string::npos ? "" : error.substr(from, to - from);
}

}  // namespace

std::string TimeControl::pgn_tag() const {
    if (clock) {
        std::string s = moves > 0 ? std::to_string(moves) + "/" : "";
        s += core::decimal_seconds(base_ms);
        if (increment_ms > 0) s += "+" + core::decimal_seconds(increment_ms);
        return s;
    }
    if (movetime_ms) return core::decimal_seconds(*movetime_ms) + "/move";
    return "-";
}

core::Result<TimeControl> parse_tc(std::string_view text, TimeControl tc) {
    const auto bad = [&] {
        return core::error("tc '" + std::string(text) +
                           "' is not [moves/]seconds[+increment] (e.g. 40/60+0.6, 10+0.1) or inf");
    };
    if (text == "inf" || text == "infinite") {
        tc.clock = false;
        return tc;
    }
    std::string_view rest = text;
    int moves = 0;
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        const auto m = core::parse_int<int>(rest.substr(0, slash));
        if (!m || *m <= 0) return bad();
        moves = *m;
        rest = rest.substr(slash + 1);
    }
    std::int64_t increment = 0;
    if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
        const auto inc = parse_seconds(rest.substr(plus + 1));
        if (!inc) return bad();
        increment = *inc;
        rest = rest.substr(0, plus);
    }
    const auto base = parse_seconds(rest);
    if (!base || (*base == 0 && increment == 0)) return bad();
    tc.clock = true;
    tc.moves = moves;
    tc.base_ms = *base;
    tc.increment_ms = increment;
    return tc;
}

core::Result<bool> apply_limit(std::string_view key, std::string_view value, TimeControl& tc) {
    const auto bad = [&](const char* what) {
        return core::error(std::string(key) + "=" + std::string(value) + ": " + what);
    };
    if (key == "tc") {
        auto parsed = parse_tc(value, tc);
        if (!parsed) return core::Error{parsed.error()};
        tc = *parsed;
    } else if (key == "st") {
        const auto ms = parse_seconds(value);
        if (!ms || *ms <= 0) return bad("not a positive number of seconds");
        tc.movetime_ms = *ms;
    } else if (key == "depth") {
        const auto d = core::parse_int<int>(value);
        if (!d || *d <= 0) return bad("not a positive depth");
        tc.depth = *d;
    } else if (key == "nodes") {
        const auto n = core::parse_int<std::uint64_t>(value);
        if (!n || *n == 0) return bad("not a positive node count");
        tc.nodes = *n;
    } else if (key == "timemargin") {
        const auto m = core::parse_int<std::int64_t>(value);
        if (!m || *m < 0) return bad("not a number of milliseconds >= 0");
        tc.margin_ms = *m;
    } else {
        return false;
    }
    return true;
}

std::string pgn_date_today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

GameResult play_game(Player& white, Player& black, const GameSetup& setup) {
    GameResult result;
    chess::Position pos = setup.start;
    std::vector<chess::Move> moves;
    Player* engines[2] = {&white, &black};
    const TimeControl* tcs[2] = {&setup.white_tc, &setup.black_tc};
    const std::string* names[2] = {&setup.white_name, &setup.black_name};
    std::int64_t clock_ms[2] = {setup.white_tc.base_ms, setup.black_tc.base_ms};
    int moves_made[2] = {0, 0};
    std::vector<std::optional<int>> scores[2];  // each engine's scores, its own view

    const auto decide = [&](chess::Outcome outcome, std::string reason, std::string termination) {
        result.outcome = outcome;
        result.reason = std::move(reason);
        result.termination = std::move(termination);
    };
    const auto fail = [&](chess::Color c, const std::string& error) {
        (c == chess::kWhite ? result.white_failed : result.black_failed) = true;
        decide(win_for(~c), std::string(side_name(c)) + " disconnects: " + error, "abandoned");
    };
    const auto record = [&](chess::Move m) {
        chess::PgnMove pm;
        pm.move = m;
        pm.san = chess::move_to_san(pos, m);
        result.pgn.moves.push_back(std::move(pm));
        moves.push_back(m);
        pos.make(m);
    };

    // 1. Both engines get ready for a new game.
    for (const chess::Color c : {chess::kWhite, chess::kBlack}) {
        if (result.outcome != chess::Outcome::kOngoing) break;
        auto r = engines[c]->new_game();
        if (r) r = engines[c]->is_ready();
        if (!r) fail(c, r.error());
    }

    // 2. The opening moves, checked but not asked for.
    for (const chess::Move m : setup.opening) {
        if (result.outcome != chess::Outcome::kOngoing) break;
        if (!pos.is_legal(m)) {
            decide(chess::Outcome::kDraw, "opening move illegal in " + pos.fen(), "unterminated");
            break;
        }
        record(m);
    }

    // 3. Moves until the rules, a failure or an adjudication end the game.
    while (result.outcome == chess::Outcome::kOngoing) {
        // 3a. The rules of chess decide first.
        if (const auto status = chess::game_status(pos);
            status.outcome != chess::Outcome::kOngoing) {
            std::string reason;
            switch (status.reason) {
                case chess::Reason::kCheckmate:
                    reason = std::string(side_name(~pos.side_to_move())) + " mates";
                    break;
                case chess::Reason::kStalemate: reason = "Draw by stalemate"; break;
                case chess::Reason::kThreefold: reason = "Draw by 3-fold repetition"; break;
                case chess::Reason::kFiftyMoves: reason = "Draw by fifty moves rule"; break;
                default: reason = "Draw by insufficient mating material"; break;
            }
            decide(status.outcome, reason, "normal");
            break;
        }
        if (setup.maxmoves > 0 && static_cast<int>(moves.size()) >= 2 * setup.maxmoves) {
            decide(chess::Outcome::kDraw,
                   "adjudication: draw after " + std::to_string(setup.maxmoves) + " moves",
                   "adjudication");
            break;
        }

        // 3b. Ask the side to move, with a deadline its time control allows.
        const chess::Color us = pos.side_to_move();
        const TimeControl& tc = *tcs[us];
        Player& engine = *engines[us];
        GoLimits limits;
        std::int64_t timeout_ms = setup.untimed_timeout_ms;
        if (tc.clock || tcs[~us]->clock) {
            limits.wtime = std::max<std::int64_t>(clock_ms[chess::kWhite], 1);
            limits.btime = std::max<std::int64_t>(clock_ms[chess::kBlack], 1);
            limits.winc = setup.white_tc.increment_ms;
            limits.binc = setup.black_tc.increment_ms;
            if (tc.moves > 0) limits.movestogo = tc.moves - moves_made[us] % tc.moves;
        }
        if (tc.clock) timeout_ms = std::max<std::int64_t>(clock_ms[us] + tc.margin_ms, 1);
        if (tc.movetime_ms) {
            limits.movetime = *tc.movetime_ms;
            timeout_ms = std::min(timeout_ms, *tc.movetime_ms + tc.margin_ms);
        }
        limits.depth = tc.depth;
        limits.nodes = tc.nodes;
        const bool timed = tc.clock || tc.movetime_ms;

        if (auto r = engine.position(setup.start, moves); !r) {
            fail(us, r.error());
            break;
        }
        auto answer = engine.go(limits, milliseconds(timeout_ms));
        if (!answer) {
            const std::string& error = answer.error();
            const std::string move = quoted_move(error);
            if (error.find("timed out") != std::string::npos) {
                if (timed) {
                    decide(win_for(~us), std::string(side_name(us)) + " loses on time",
                           "time forfeit");
                } else {
                    (us == chess::kWhite ? result.white_failed : result.black_failed) = true;
                    decide(win_for(~us), std::string(side_name(us)) + "'s connection stalls",
                           "abandoned");
                }
            } else if (error.find(" resigns") != std::string::npos) {
                // An xboard engine's `resign`: a normal end, not a failure of the engine.
                decide(win_for(~us), std::string(side_name(us)) + " resigns", "normal");
            } else if (!move.empty() && engine.running()) {
                decide(win_for(~us), "illegal move " + move + " by " + *names[us],
                       "rules infraction");
            } else {
                fail(us, error);
            }
            break;
        }
        if (answer->bestmove == chess::Move::none()) {  // "(none)" with no legal move: cannot be
            decide(win_for(~us), "illegal move (none) by " + *names[us], "rules infraction");
            break;
        }

        // 3c. Charge the time from go to bestmove.
        const std::int64_t used = answer->elapsed_ms;
        // An engine that had to be stopped has overstepped its deadline, however it is rounded.
        bool flagged =
            (timed && answer->stopped) || (tc.movetime_ms && used > *tc.movetime_ms + tc.margin_ms);
        if (tc.clock) {
            clock_ms[us] -= used;
            if (clock_ms[us] < -tc.margin_ms) flagged = true;
            clock_ms[us] += tc.increment_ms;
            if (tc.moves > 0 && (moves_made[us] + 1) % tc.moves == 0) clock_ms[us] += tc.base_ms;
        }
        ++moves_made[us];
        if (flagged) {
            decide(win_for(~us), std::string(side_name(us)) + " loses on time", "time forfeit");
            break;
        }
        scores[us].push_back(score_of(answer->info));
        record(answer->bestmove);
        result.pgn.moves.back().comment_after = move_comment(answer->info, used);

        // 3d. Adjudication by the engines' scores (the mover's resignation, then a draw).
        if (setup.resign.enabled) {
            const int limit = setup.resign.score_cp;
            const bool lost =
                last_n(scores[us], setup.resign.movecount, [&](int s) { return s <= -limit; });
            const bool agreed =
                !setup.resign.twosided ||
                last_n(scores[~us], setup.resign.movecount, [&](int s) { return s >= limit; });
            if (lost && agreed) {
                decide(win_for(~us), "adjudication: " + std::string(side_name(us)) + " resigns",
                       "adjudication");
                break;
            }
        }
        if (setup.draw.enabled && pos.fullmove_number() > setup.draw.movenumber) {
            const auto small = [&](int s) { return std::abs(s) <= setup.draw.score_cp; };
            if (last_n(scores[0], setup.draw.movecount, small) &&
                last_n(scores[1], setup.draw.movecount, small)) {
                decide(chess::Outcome::kDraw, "adjudication: draw by scores", "adjudication");
                break;
            }
        }
    }

    // 4. The PGN record.
    chess::PgnGame& pgn = result.pgn;
    pgn.set_tag("Event", setup.event);
    pgn.set_tag("Site", "?");
    pgn.set_tag("Date", setup.date.empty() ? pgn_date_today() : setup.date);
    pgn.set_tag("Round", setup.round);
    pgn.set_tag("White", setup.white_name);
    pgn.set_tag("Black", setup.black_name);
    pgn.result = std::string(chess::result_string(result.outcome));
    pgn.set_tag("Result", pgn.result);
    if (setup.start.fen() != chess::kStartFen) pgn.start_fen = setup.start.fen();
    if (setup.start.chess960()) pgn.set_tag("Variant", "Chess960");
    const std::string white_tc = setup.white_tc.pgn_tag(), black_tc = setup.black_tc.pgn_tag();
    if (white_tc == black_tc) {
        pgn.set_tag("TimeControl", white_tc);
    } else {
        pgn.set_tag("WhiteTimeControl", white_tc);
        pgn.set_tag("BlackTimeControl", black_tc);
    }
    pgn.set_tag("Termination", result.termination);
    pgn.set_tag("PlyCount", std::to_string(pgn.moves.size()));
    if (pgn.moves.empty()) {
        pgn.comment = result.reason;
    } else {
        std::string& last = pgn.moves.back().comment_after;
        last = last.empty() ? result.reason : last + ", " + result.reason;
    }
    return result;
}

}  // namespace kibitz::match
