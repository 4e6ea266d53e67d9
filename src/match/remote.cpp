// Games on other MPI ranks: the JSON of a job, a note and a result, and the worker's slot.
#include "match/remote.h"

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "chess/pgn.h"

namespace kibitz::match {

namespace {

using nlohmann::json;

json tc_json(const TimeControl& tc) {
    json j = {{"clock", tc.clock},
              {"moves", tc.moves},
              {"base_ms", tc.base_ms},
              {"increment_ms", tc.increment_ms},
              {"margin_ms", tc.margin_ms}};
    if (tc.movetime_ms) j["movetime_ms"] = *tc.movetime_ms;
    if (tc.depth) j["depth"] = *tc.depth;
    if (tc.nodes) j["nodes"] = *tc.nodes;
    return j;
}

TimeControl tc_from(const json& j) {
    TimeControl tc;
    tc.clock = j.at("clock");
    tc.moves = j.at("moves");
    tc.base_ms = j.at("base_ms");
    tc.increment_ms = j.at("increment_ms");
    tc.margin_ms = j.at("margin_ms");
    if (j.contains("movetime_ms")) tc.movetime_ms = j["movetime_ms"].get<std::int64_t>();
    if (j.contains("depth")) tc.depth = j["depth"].get<int>();
    if (j.contains("nodes")) tc.nodes = j["nodes"].get<std::uint64_t>();
    return tc;
}

json engine_json(const EngineConfig& e) {
    json options = json::array();
    for (const auto& [name, value] : e.options) options.push_back({name, value});
    return {{"name", e.name},
            {"command", e.command},
            {"options", options},
            {"tc", tc_json(e.tc)},
            {"protocol", e.protocol}};
}

EngineConfig engine_from(const json& j) {
    EngineConfig e;
    e.name = j.at("name");
    e.command = j.at("command");
    for (const auto& o : j.at("options")) e.options.emplace_back(o.at(0), o.at(1));
    e.tc = tc_from(j.at("tc"));
    e.protocol = j.at("protocol");
    return e;
}

// Runs parse on the JSON of text; a parse or type error becomes an error naming `what`.
template <class T, class F>
core::Result<T> parse(const std::string& text, const char* what, F&& from) {
    try {
        return from(json::parse(text));
    } catch (const std::exception& e) {
        return core::error(std::string("malformed ") + what + " from a worker rank: " + e.what());
    }
}

}  // namespace

std::string to_json(const GameJob& job) {
    const GameSetup& s = job.setup;
    json opening = json::array();
    for (const chess::Move m : s.opening) opening.push_back(m.raw());
    return json{
        {"number", job.number},
        {"white_index", job.white_index},
        {"black_index", job.black_index},
        {"white", engine_json(job.white)},
        {"black", engine_json(job.black)},
        {"start", s.start.fen()},
        {"chess960", s.start.chess960()},
        {"opening", opening},
        {"white_tc", tc_json(s.white_tc)},
        {"black_tc", tc_json(s.black_tc)},
        {"draw", {s.draw.enabled, s.draw.movenumber, s.draw.movecount, s.draw.score_cp}},
        {"resign", {s.resign.enabled, s.resign.movecount, s.resign.score_cp, s.resign.twosided}},
        {"maxmoves", s.maxmoves},
        {"untimed_timeout_ms", s.untimed_timeout_ms},
        {"event", s.event},
        {"round", s.round},
        {"date", s.date}}
        .dump();
}

core::Result<GameJob> game_job_from_json(const std::string& text) {
    return parse<GameJob>(text, "game job", [](const json& j) -> core::Result<GameJob> {
        GameJob job;
        job.number = j.at("number");
        job.white_index = j.at("white_index");
        job.black_index = j.at("black_index");
        job.white = engine_from(j.at("white"));
        job.black = engine_from(j.at("black"));
        GameSetup& s = job.setup;
        auto start = chess::Position::from_fen(j.at("start").get<std::string>(), j.at("chess960"));
        if (!start) return core::error("game job: " + start.error());
        s.start = *start;
        for (const auto& m : j.at("opening"))
            s.opening.push_back(chess::Move::from_raw(m.get<std::uint16_t>()));
        s.white_tc = tc_from(j.at("white_tc"));
        s.black_tc = tc_from(j.at("black_tc"));
        const json& d = j.at("draw");
        s.draw = {d.at(0), d.at(1), d.at(2), d.at(3)};
        const json& r = j.at("resign");
        s.resign = {r.at(0), r.at(1), r.at(2), r.at(3)};
        s.maxmoves = j.at("maxmoves");
        s.untimed_timeout_ms = j.at("untimed_timeout_ms");
        s.event = j.at("event");
        s.round = j.at("round");
        s.date = j.at("date");
        return job;
    });
}

std::string to_json(const GameNote& note) {
    return json{{"number", note.number}, {"white", note.white_name}, {"black", note.black_name}}
        .dump();
}

core::Result<GameNote> game_note_from_json(const std::string& text) {
    return parse<GameNote>(text, "game note", [](const json& j) -> core::Result<GameNote> {
        return GameNote{j.at("number"), j.at("white"), j.at("black")};
    });
}

std::string to_json(const GameDone& done) {
    return json{{"number", done.number},
                {"outcome", static_cast<int>(done.outcome)},
                {"reason", done.reason},
                {"pgn", done.pgn},
                {"white_failed", done.white_failed},
                {"black_failed", done.black_failed},
                {"error", done.error}}
        .dump();
}

core::Result<GameDone> game_done_from_json(const std::string& text) {
    return parse<GameDone>(text, "game result", [](const json& j) -> core::Result<GameDone> {
        GameDone done;
        done.number = j.at("number");
        const int outcome = j.at("outcome");
        if (outcome < 0 || outcome > static_cast<int>(chess::Outcome::kDraw))
            return core::error("game result: outcome " + std::to_string(outcome));
        done.outcome = static_cast<chess::Outcome>(outcome);
        done.reason = j.at("reason");
        done.pgn = j.at("pgn");
        done.white_failed = j.at("white_failed");
        done.black_failed = j.at("black_failed");
        done.error = j.at("error");
        return done;
    });
}

Status start_engine(std::unique_ptr<Player>& engine, const EngineConfig& config) {
    if (engine && engine->running()) return Done{};
    engine = make_player(config.protocol);
    if (!engine) return core::error("unknown protocol '" + config.protocol + "'");
    if (auto r = engine->start(config.command); !r) return r;
    for (const auto& [name, value] : config.options)
        if (auto r = engine->set_option(name, value); !r) return r;
    return engine->is_ready();
}

dist::Handler game_handler() {
    // The slot's engines by their index and settings, with when each was last used.
    struct Running {
        std::unique_ptr<Player> player;
        long last_used = 0;
    };
    auto engines = std::make_shared<std::map<std::string, Running>>();
    auto clock = std::make_shared<long>(0);
    return [engines, clock](const std::string& text, const dist::Note& note) {
        auto job = game_job_from_json(text);
        if (!job) throw std::runtime_error(job.error());
        GameDone done;
        done.number = job->number;
        const auto key = [](int index, const EngineConfig& c) {
            return std::to_string(index) + " " + engine_json(c).dump();
        };
        Running& white = (*engines)[key(job->white_index, job->white)];
        Running& black = (*engines)[key(job->black_index, job->black)];
        white.last_used = black.last_used = ++*clock;
        while (engines->size() > 8) {  // the least recently used engine stops
            auto oldest = engines->begin();
            for (auto it = engines->begin(); it != engines->end(); ++it)
                if (it->second.last_used < oldest->second.last_used) oldest = it;
            if (oldest->second.player) (void)oldest->second.player->quit();
            engines->erase(oldest);
        }
        auto started = start_engine(white.player, job->white);
        if (started) started = start_engine(black.player, job->black);
        if (!started) {
            done.error = started.error() + " (" + dist::where() + ")";
            return to_json(done);
        }
        GameSetup& setup = job->setup;
        setup.white_name = job->white.name.empty() ? white.player->name() : job->white.name;
        setup.black_name = job->black.name.empty() ? black.player->name() : job->black.name;
        note(to_json(GameNote{job->number, setup.white_name, setup.black_name}));

        GameResult r = play_game(*white.player, *black.player, setup);
        if (r.white_failed) (void)white.player->quit(std::chrono::milliseconds(200));
        if (r.black_failed) (void)black.player->quit(std::chrono::milliseconds(200));
        r.pgn.set_tag("Host", dist::host());
        r.pgn.set_tag("Rank", std::to_string(dist::rank()));
        done.outcome = r.outcome;
        done.reason = r.reason;
        done.pgn = chess::write_pgn(r.pgn);
        done.white_failed = r.white_failed;
        done.black_failed = r.black_failed;
        return to_json(done);
    };
}

}  // namespace kibitz::match
