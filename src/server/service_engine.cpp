// The web app's engine work: the engine's moves, draw offers, hints, analysis and review.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>
#include <optional>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san.h"
#include "explain/accuracy.h"
#include "explain/review.h"
#include "server/review_pgn.h"
#include "server/service.h"

namespace kibitz::server {

using chess::Color;
using chess::kBlack;
using chess::kWhite;

namespace {

// The PV in UCI and as a numbered SAN line.
std::pair<Json, std::string> pv_text(const chess::Position& root,
                                     const std::vector<chess::Move>& pv) {
    Json uci = Json::array();
    std::vector<chess::Move> legal;
    chess::Position p = root;
    for (const chess::Move m : pv) {
        if (!p.is_legal(m)) break;
        uci.push_back(chess::move_to_uci(p, m));
        legal.push_back(m);
        p.make(m);
    }
    return {uci, chess::line_to_san(root, legal)};
}

// The search limits of the engine's move at its level (docs/api.md: settings.level).
engine::GoParams engine_limits(const Game& g, std::int64_t untimed_ms, std::int64_t now) {
    engine::GoParams go;
    if (g.timed()) {
        for (const Color c : {kWhite, kBlack}) {
            go.time[c] = g.clock[c];
            go.inc[c] = g.settings.clock_increment;
        }
        const auto side = g.running();
        if (side)
            go.time[*side] = std::max<std::int64_t>(1, g.clock[*side] - (now - g.turn_started));
    }
    const Level& l = g.settings.level;
    switch (l.kind) {
        case Level::kElo:
            if (!g.timed()) go.movetime = untimed_ms;  // the rating's node budget decides first
            break;
        case Level::kFull:
            if (!g.timed()) go.movetime = untimed_ms;
            break;
        case Level::kMovetime:
            go.movetime = l.value;
            if (g.timed())
                go.movetime = std::min<std::int64_t>(l.value, go.time[g.turn()] / 10 + 1);
            break;
        case Level::kDepth: go.depth = l.value; break;
    }
    return go;
}

// A review's search time per position by default (ms): 81 positions of a 40-move game at
// 200 ms, plus the explanations of its labelled moves, stay under 20 s (docs/api.md).
constexpr int kReviewMovetime = 200;

// The best line of a reviewed position (review_pgn.h): the engine's PV when it starts with the
// best move, else the best move alone.
Json review_best_line(const chess::Position& root, const JobResult& r) {
    if (!r.lines.empty() && !r.lines.front().pv.empty() && r.lines.front().pv[0] == r.best)
        return best_line_json(root, r.lines.front().pv);
    return best_line_json(root, {r.best});
}

// White's winning chance 0..1 for a white-view evaluation (explain/accuracy.h).
double win_chance(const Eval& e) { return explain::win_chance(e.cp, e.mate); }

// White's evaluation of a reviewed position with a legal move, from its search.
Eval review_eval(const chess::Position& pos, const JobResult& r) {
    return white_eval(r.lines.empty() ? 0 : r.lines.front().score, pos.side_to_move());
}

// What the review knew of the move before the position it searches: the position before the
// move, the move, White's winning chance there and whether the move was the best one.
struct ReviewedMove {
    chess::Position before;
    chess::Move move;
    std::string san;
    double win_before = 0.5;
    bool best = false;
    std::string best_san;
    chess::Move best_move = chess::Move::none();  // the review's best move there
};

// The explanation of a labelled move (explain/review.h) as the review's "explanation" object;
// null when the move lost less than an inaccuracy. Runs on the engine's thread, not under
// the server's lock; bounded by the explainer's depth and node cap.
Json review_explanation(const ReviewedMove& m, const chess::Position& pos, const JobResult& r) {
    const double loss = explain::move_loss(m.win_before, win_chance(review_eval(pos, r)),
                                           m.before.side_to_move() == kWhite, m.best);
    if (explain::label_for_loss(loss) == explain::MoveLabel::kNone) return nullptr;
    thread_local explain::Explainer explainer(explain::review_options());
    return explain::review_json(explain::explain_labelled(explainer, m.before, m.move, m.best_move),
                                m.before);
}

// The explanation of a labelled move into stalemate (no search there): it draws.
Json stalemate_explanation(const ReviewedMove& m) {
    const auto number = [&](const std::string& san) {
        return std::to_string(m.before.fullmove_number()) +
               (m.before.side_to_move() == kWhite ? ". " : "... ") + san;
    };
    const std::string best = m.best_san.empty() ? "" : "Better is " + number(m.best_san) + ".";
    return {{"text", number(m.san) + " is stalemate: the game is drawn." +
                         (best.empty() ? "" : " " + best)},
            {"motifs", Json::array()},
            {"line", {chess::move_to_uci(m.before, m.move)}},
            {"line_san", {m.san}},
            {"terms", Json::array()},
            {"best_text", best}};
}

// White's winning chance in a position with no move (mate or stalemate) or from a search.
struct Assessed {
    Json eval = nullptr;  // white view, null when the game is over in the position
    double win = 0.5;
    std::string best, best_san;
};

// "+0.35", "-1.20", "#3", "#-2": a white-view evaluation as the page writes it.
std::string eval_words(const Eval& e) {
    char text[32];
    if (e.mate)
        std::snprintf(text, sizeof text, "#%d", e.mate);
    else
        std::snprintf(text, sizeof text, "%+.2f", e.cp / 100.0);
    return text;
}

// The `thinking` event of the move the engine plays (m) after search r: the line that begins
// with m when the search has one. At a limited level m may be a weaker line than the best on
// purpose; the event then says so in `note`, so that no line of another move stands for it.
Json played_line(const Game& g, chess::Move m, const JobResult& r) {
    const chess::Position& root = g.position();
    const Color side = root.side_to_move();
    const JobLine* line = nullptr;
    for (const JobLine& l : r.lines)
        if (!l.pv.empty() && l.pv[0] == m) line = &l;
    const JobLine* top = r.lines.empty() ? nullptr : &r.lines.front();
    auto [uci, san] = pv_text(root, line ? line->pv : std::vector<chess::Move>{m});
    Json event = {{"type", "thinking"},
                  {"ply", g.moves().size()},
                  {"played", chess::move_to_uci(root, m)},
                  {"depth", line ? line->depth : 0},
                  {"eval", line ? eval_json(white_eval(line->score, side)) : Json(nullptr)},
                  {"pv", uci},
                  {"pv_san", san},
                  {"nodes", r.nodes},
                  {"nps", r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, r.time_ms))},
                  {"time", r.time_ms},
                  {"note", nullptr}};
    if (top && !top->pv.empty() && top->pv[0] != m) {
        const std::string best = chess::move_to_san(root, top->pv[0]);
        const std::string best_eval = eval_words(white_eval(top->score, side));
        event["note"] =
            g.player_name(side) + " chose a weaker move on purpose" +
            (line ? " (" + eval_words(white_eval(line->score, side)) + ")" : std::string()) +
            "; its best was " + best + " (" + best_eval + ").";
    }
    return event;
}

}  // namespace

void Service::start_engine_move(Entry& e) {
    Game& g = e.game;
    if (e.move_job || g.over() || !g.engine_plays(g.turn())) return;
    // 1. A book move (within the book's moves) is played at once, at every level: the
    //    streams hear of the person's move, then of the book's candidates, then of the reply.
    if (const auto m = book_.pick(g.position()); m && g.position().is_legal(*m)) {
        const chess::Position& root = g.position();
        publish_state(e);
        table_.publish(g.id, {{"type", "thinking"},
                              {"ply", g.moves().size()},
                              {"book", true},
                              {"move", chess::move_to_uci(root, *m)},
                              {"san", chess::move_to_san(root, *m)},
                              {"candidates", knowledge_of(root)["book"]}});
        play_engine_move(e, *m, nullptr);
        return;
    }
    // 2. Else a search in the pool (which consults the endgame tables by itself).
    auto job = std::make_shared<EngineJob>();
    job->priority = EngineJob::kMove;
    job->game_id = g.id;
    job->position = g.position();
    job->go = engine_limits(g, options_.untimed_ms, now_ms());
    job->overhead_ms = g.timed() ? 50 : 0;
    if (g.settings.level.kind == Level::kElo) job->elo = g.settings.level.value;
    const std::string id = g.id;
    const std::size_t ply = g.moves().size();
    const chess::Position root = g.position();
    job->on_info = [this, id, ply, root](const search::Iteration<chess::Move>& it,
                                         std::uint64_t nodes) {
        // A limited level searches several lines to choose from: the panel follows the best.
        if (it.multipv > 1) return;
        auto [uci, san] = pv_text(root, it.pv);
        const std::int64_t ms = std::max<std::int64_t>(1, it.time_ms);
        table_.publish(id, {{"type", "thinking"},
                            {"ply", ply},
                            {"depth", it.depth},
                            {"seldepth", it.seldepth},
                            {"eval", eval_json(white_eval(it.score, root.side_to_move()))},
                            {"pv", uci},
                            {"pv_san", san},
                            {"nodes", nodes},
                            {"nps", nodes * 1000 / std::uint64_t(ms)},
                            {"time", it.time_ms}});
    };
    std::weak_ptr<EngineJob> weak = job;
    job->on_done = [this, id, weak](const JobResult& r) {
        if (auto j = weak.lock()) engine_moved(id, j, r);
    };
    e.move_job = job;
    pool_.submit(job);
}

void Service::engine_moved(const std::string& id, const std::shared_ptr<EngineJob>& job,
                           const JobResult& r) {
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e || e->move_job != job) return;  // taken back, deleted or replaced meanwhile
    e->move_job.reset();
    Game& g = e->game;
    const std::int64_t now = now_ms();
    if (g.over() || g.check_flag(now)) {
        save(*e, g.moves().size());
        publish_state(*e);
        return;
    }
    const int score = r.lines.empty() ? 0 : r.lines.front().score;
    // With a draw to claim, the engine claims it unless it thinks it is better.
    if (const auto claim = g.claimable(); claim && score <= 0) {
        g.finish("1/2-1/2", *claim);
        save(*e, g.moves().size());
        publish_state(*e);
        return;
    }
    chess::Move best = r.best;
    if (!g.position().is_legal(best)) best = chess::legal_moves(g.position())[0];
    table_.publish(id, played_line(g, best, r));
    play_engine_move(*e, best, &r);
    publish_state(*e);
}

void Service::play_engine_move(Entry& e, chess::Move m, const JobResult* r) {
    Game& g = e.game;
    const Color side = g.turn();
    g.play(m, now_ms());
    std::optional<Eval> eval;
    int depth = 0;
    if (r) {
        for (const JobLine& line : r->lines)
            if (!line.pv.empty() && line.pv[0] == m) {
                eval = white_eval(line.score, side);
                depth = line.depth;
            }
        if (!eval && !r->lines.empty()) {
            eval = white_eval(r->lines.front().score, side);
            depth = r->lines.front().depth;
        }
    }
    g.note_last_move(eval, depth, !r);
    save(e, g.moves().size() - 1);
}

Reply Service::draw(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object() || !body.contains("action") || !body["action"].is_string())
        return error_reply(400, "the body must be {\"action\": offer|accept|decline|claim}");
    const std::string action = body["action"].get<std::string>();
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    const int seats = seats_of(token, g.token);
    if (!seats) return error_reply(403, kNotYourSeat);
    if (g.mode == Mode::kAnalysis)
        return error_reply(409, "An analysis board has no draw to offer or claim.");
    if (g.over()) return error_reply(409, over_sentence(g));
    const Color me = holds(seats, kWhite) ? kWhite : kBlack;
    auto finish_drawn = [&](const std::string& why) {
        stop_jobs(*e, false);
        g.finish("1/2-1/2", why);
        save(*e, g.moves().size());
        publish_state(*e);
    };
    if (action == "claim") {
        const auto claim = g.claimable();
        if (!claim) return error_reply(409, "No draw can be claimed in this position.");
        if (g.mode == Mode::kHumans && g.turn() != me)
            return error_reply(409, "Only the player to move can claim a draw.");
        finish_drawn(*claim);
        return json_reply(state(*e));
    }
    if (g.mode == Mode::kHumans) {
        if (action == "offer") {
            if (g.draw_offer == ~me) {
                finish_drawn("agreement");
                return json_reply(state(*e));
            }
            g.draw_offer = me;
            save(*e, g.moves().size());
            table_.publish(id, {{"type", "draw"}, {"action", "offer"}, {"by", color_name(me)}});
            publish_state(*e);
            return json_reply(state(*e));
        }
        if (action == "accept" || action == "decline") {
            if (g.draw_offer != ~me)
                return error_reply(409, "Your opponent has not offered a draw.");
            if (action == "accept") {
                finish_drawn("agreement");
            } else {
                g.draw_offer.reset();
                save(*e, g.moves().size());
                table_.publish(id,
                               {{"type", "draw"}, {"action", "decline"}, {"by", color_name(me)}});
                publish_state(*e);
            }
            return json_reply(state(*e));
        }
        return error_reply(400, "'action' must be offer, accept, decline or claim");
    }
    if (action != "offer")
        return error_reply(400, "against the engine, 'action' is offer or claim");
    // Engine mode: a short search of the current position decides.
    auto job = std::make_shared<EngineJob>();
    job->priority = EngineJob::kMove;
    job->game_id = id;
    job->position = g.position();
    job->go.movetime = 300;
    auto promise = std::make_shared<std::promise<JobResult>>();
    auto answer = promise->get_future();
    job->on_done = [promise](const JobResult& r) { promise->set_value(r); };
    const Color engine_side = ~g.settings.human;
    const Color to_move = g.turn();
    const std::size_t ply = g.moves().size();
    pool_.submit(job);
    lock.unlock();
    if (answer.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
        pool_.cancel(job);
        return error_reply(503,
                           "The engine is too busy to consider a draw now; try again in a moment.");
    }
    const JobResult r = answer.get();
    const int score = r.lines.empty() ? 0 : r.lines.front().score;
    const int engine_view = to_move == engine_side ? score : -score;
    lock.lock();
    e = table_.find(id);
    if (!e) return table_.missing(id);
    if (e->game.over() || e->game.moves().size() != ply)
        return error_reply(409, "The game changed while the engine considered your draw offer.");
    // Fair: the engine does not think it is better by more than a quarter of a pawn.
    const bool accepted = engine_view <= 25;
    if (accepted) finish_drawn("agreement");
    Json reply = {{"accepted", accepted},
                  {"eval", eval_json(white_eval(score, to_move))},
                  {"game", state(*e)}};
    return json_reply(std::move(reply));
}

Reply Service::hint(const std::string& id, const std::string& token) {
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    if (token.empty() || token != g.token[g.settings.human] || g.mode != Mode::kEngine)
        return error_reply(403, "Only the person playing Kibitz in this game can ask for a hint.");
    if (g.over()) return error_reply(409, over_sentence(g));
    if (g.engine_plays(g.turn()))
        return error_reply(409, "It is Kibitz's turn; a hint is for your own move.");
    pool_.cancel(e->hint_job);
    auto job = std::make_shared<EngineJob>();
    job->priority = EngineJob::kHint;
    job->game_id = id;
    job->position = g.position();
    job->go.movetime = 1000;
    const std::size_t ply = g.moves().size();
    const chess::Position root = g.position();
    job->on_done = [this, id, ply, root](const JobResult& r) {
        if (!root.is_legal(r.best)) return;
        const int score = r.lines.empty() ? 0 : r.lines.front().score;
        table_.publish(id, {{"type", "hint"},
                            {"ply", ply},
                            {"move", chess::move_to_uci(root, r.best)},
                            {"san", chess::move_to_san(root, r.best)},
                            {"eval", eval_json(white_eval(score, root.side_to_move()))}});
    };
    e->hint_job = job;
    pool_.submit(job);
    return json_reply({{"started", true}}, 202);
}

Reply Service::analysis(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    if (!seats_of(token, g.token)) return error_reply(403, kNotYourSeat);
    for (const char* flag : {"on", "threat"})
        if (body.contains(flag) && !body[flag].is_boolean())
            return error_reply(400, std::string("'") + flag + "' must be true or false");
    pool_.cancel(e->analysis_job);
    e->analysis_job.reset();
    const bool on = body.value("on", true);
    if (!on) return json_reply({{"analysing", false}});
    if (g.mode != Mode::kAnalysis && !g.over())
        return error_reply(409, "The engine's analysis is shown once the game is over.");
    int multipv = 1;
    if (body.contains("multipv")) {
        if (!body["multipv"].is_number_integer() || body["multipv"] < 1 || body["multipv"] > 5)
            return error_reply(400, "'multipv' must be from 1 to 5");
        multipv = body["multipv"].get<int>();
    }
    NodeId at = kNoNode;
    if (auto refused = pick_node(g, body, at)) return std::move(*refused);
    const std::size_t ply = g.tree().path(at).size() - 1;  // half-moves from the start
    const bool threat = body.value("threat", false);
    chess::Position root = g.tree().position(at);
    // What the book and the tables know of the position shown (in the threat view too).
    const Json known = knowledge_of(root);
    if (threat) {
        if (root.in_check())
            return error_reply(409,
                               "There is no threat to show while the side to move is in check.");
        root.make_null();
    }
    if (chess::count_legal_moves(root) == 0)
        return error_reply(409, "There is nothing to analyse: no legal move in this position.");
    auto job = std::make_shared<EngineJob>();
    job->priority = EngineJob::kAnalysis;
    job->game_id = id;
    job->position = root;
    job->go.infinite = true;
    job->multipv = multipv;
    struct Progress {
        std::vector<Json> lines;
        std::chrono::steady_clock::time_point last{};
    };
    auto progress = std::make_shared<Progress>();
    const std::string fen = root.fen();
    job->on_info = [this, id, ply, at, threat, root, fen, multipv, progress, known](
                       const search::Iteration<chess::Move>& it, std::uint64_t nodes) {
        const auto index = std::size_t(std::clamp(it.multipv, 1, 5));
        if (progress->lines.size() < index) progress->lines.resize(index);
        auto [uci, san] = pv_text(root, it.pv);
        progress->lines[index - 1] = {
            {"multipv", index},
            {"depth", it.depth},
            {"eval", eval_json(white_eval(it.score, root.side_to_move()))},
            {"pv", uci},
            {"pv_san", san}};
        const auto now = std::chrono::steady_clock::now();
        if (int(index) < multipv && now - progress->last < std::chrono::milliseconds(200)) return;
        progress->last = now;
        Json lines = Json::array();
        for (const Json& l : progress->lines)
            if (!l.is_null()) lines.push_back(l);
        const std::int64_t ms = std::max<std::int64_t>(1, it.time_ms);
        table_.publish(id, {{"type", "analysis"},
                            {"ply", ply},
                            {"node", at},
                            {"fen", fen},
                            {"threat", threat},
                            {"lines", std::move(lines)},
                            {"book", known["book"]},
                            {"tablebase", known["tablebase"]},
                            {"depth", it.depth},
                            {"nodes", nodes},
                            {"nps", nodes * 1000 / std::uint64_t(ms)},
                            {"time", it.time_ms}});
    };
    e->analysis_job = job;
    pool_.submit(job);
    return json_reply({{"analysing", true},
                       {"ply", ply},
                       {"node", at},
                       {"multipv", multipv},
                       {"threat", threat}});
}

Reply Service::review(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e) return table_.missing(id);
    Game& g = e->game;
    if (!seats_of(token, g.token)) return error_reply(403, kNotYourSeat);
    if (g.mode != Mode::kAnalysis && !g.over())
        return error_reply(409, "A game can be reviewed once it is over.");
    int movetime = kReviewMovetime;
    if (body.contains("movetime")) {
        if (!body["movetime"].is_number_integer() || body["movetime"] < 50 ||
            body["movetime"] > 5000)
            return error_reply(400, "'movetime' must be from 50 to 5000 ms");
        movetime = body["movetime"].get<int>();
    }
    if (g.moves().empty()) return error_reply(409, "There are no moves to review.");
    pool_.cancel(e->review_job);
    e->review_job.reset();
    g.review = {{"movetime", movetime},
                {"done", 0},
                {"total", g.moves().size() + 1},
                {"positions", Json::array()},
                {"plies", Json::array()}};
    save(*e, g.moves().size());
    start_review_step(*e);
    table_.publish(id, {{"type", "review"}, {"review", g.review}});
    return json_reply({{"review", g.review}}, 202);
}

void Service::start_review_step(Entry& e) {
    Game& g = e.game;
    const auto done = g.review.value("done", std::size_t(0));
    const chess::Position root = g.position_at(done);
    auto job = std::make_shared<EngineJob>();
    job->priority = EngineJob::kReview;
    job->game_id = g.id;
    job->position = root;
    job->go.movetime = g.review.value("movetime", kReviewMovetime);
    const std::string id = g.id;
    std::weak_ptr<EngineJob> weak = job;
    // The move that led here, for its explanation once this position's search judged it.
    std::optional<ReviewedMove> led;
    if (done > 0) {
        const Json& prior = g.review["positions"][done - 1];
        ReviewedMove m{g.position_at(done - 1),
                       g.moves()[done - 1].move,
                       g.moves()[done - 1].san,
                       prior.value("win", 0.5),
                       prior["best"] == g.moves()[done - 1].uci,
                       prior["best_san"].is_string() ? prior["best_san"].get<std::string>() : ""};
        if (prior["best"].is_string())
            if (const auto best = chess::move_from_uci(m.before, prior["best"].get<std::string>()))
                m.best_move = *best;
        led = std::move(m);
    }
    job->on_done = [this, id, weak, led](const JobResult& r) {
        auto j = weak.lock();
        if (!j) return;
        review_step_done(id, j, r, led ? review_explanation(*led, j->position, r) : Json());
    };
    if (chess::count_legal_moves(root) == 0) {  // mate or stalemate: nothing to search
        const bool labelled = led && !root.in_check() &&
                              explain::label_for_loss(explain::move_loss(
                                  led->win_before, 0.5, led->before.side_to_move() == kWhite,
                                  led->best)) != explain::MoveLabel::kNone;
        record_review(e, root, JobResult{}, labelled ? stalemate_explanation(*led) : Json());
        return;
    }
    e.review_job = job;
    pool_.submit(job);
}

void Service::review_step_done(const std::string& id, const std::shared_ptr<EngineJob>& job,
                               const JobResult& r, Json explanation) {
    Lock lock = table_.lock();
    Entry* e = table_.find(id);
    if (!e || e->review_job != job) return;
    e->review_job.reset();
    record_review(*e, job->position, r, std::move(explanation));
}

void Service::record_review(Entry& entry, const chess::Position& pos, const JobResult& r,
                            Json explanation) {
    Entry* e = &entry;
    const std::string id = e->game.id;
    Game& g = e->game;
    Json& review = g.review;
    const auto done = review.value("done", std::size_t(0));
    Json assessed;
    if (chess::count_legal_moves(pos) == 0) {
        assessed = game_over_assessment(pos);
    } else {
        const Eval eval = review_eval(pos, r);
        const bool legal = pos.is_legal(r.best);
        assessed = {{"eval", eval_json(eval)},
                    {"win", win_chance(eval)},
                    {"best", legal ? Json(chess::move_to_uci(pos, r.best)) : Json(nullptr)},
                    {"best_san", legal ? Json(chess::move_to_san(pos, r.best)) : Json(nullptr)}};
        assessed.update(review_best_line(pos, r));
    }
    review["positions"].push_back(assessed);
    // The move that led here is judged by the mover's loss of winning chances.
    if (done > 0) {
        const Json& before = review["positions"][done - 1];
        const GameMove& played = g.moves()[done - 1];
        const Color mover = ~pos.side_to_move();
        const double best_win = before["win"].get<double>(),
                     now_win = assessed["win"].get<double>();
        const double loss =
            explain::move_loss(best_win, now_win, mover == kWhite, before["best"] == played.uci);
        const char* label = explain::label_name(explain::label_for_loss(loss));
        review["plies"].push_back({{"ply", done},
                                   {"eval", assessed["eval"]},
                                   {"win", assessed["win"]},
                                   {"best", before["best"]},
                                   {"best_san", before["best_san"]},
                                   {"best_line", before.value("best_line", Json::array())},
                                   {"best_line_uci", before.value("best_line_uci", Json::array())},
                                   {"loss", std::round(loss * 1000) / 1000},
                                   {"label", label ? Json(label) : Json(nullptr)},
                                   {"explanation", label ? std::move(explanation) : Json()}});
    }
    review["done"] = done + 1;
    if (done + 1 == review.value("total", std::size_t(0)))
        review["players"] = review_players(review, g.position_at(0).side_to_move() == kWhite);
    save(*e, g.moves().size());
    table_.publish(id, {{"type", "review"}, {"review", review}});
    if (done + 1 < review.value("total", std::size_t(0)))
        start_review_step(*e);
    else
        publish_state(*e);
}

}  // namespace kibitz::server
