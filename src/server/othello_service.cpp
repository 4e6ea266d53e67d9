// The web app's Othello commands and the worker thread that searches the engine's moves.
#include "server/othello_service.h"

#include <algorithm>
#include <atomic>
#include <functional>

#include "engine/othello_engine.h"

namespace kibitz::server {

using othello::Board;
using othello::Color;
using othello::kBlack;
using othello::kWhite;
using othello::Move;

// One engine move to search: the position and how strongly to play.
struct OthelloJob {
    std::string game_id;
    Board board;
    OthelloLevel level;
    std::int64_t ms = 1000;  // time cap
    std::atomic<bool> cancelled{false};
};

// One Othello engine on its own thread, searching queued jobs in turn (first come, first
// served), after the pattern of the chess EnginePool: a cancelled job is dropped from the
// queue or stopped, and its result is never reported.
class OthelloWorker {
public:
    using InfoFn =
        std::function<void(const std::shared_ptr<OthelloJob>&, const OthelloSearchInfo&)>;
    using DoneFn = std::function<void(const std::shared_ptr<OthelloJob>&, Move,
                                      const std::optional<OthelloSearchInfo>&)>;

    OthelloWorker(std::size_t hash_mb, InfoFn on_info, DoneFn on_done)
        : solver_(engine::make_othello_solver(hash_mb)),
          on_info_(std::move(on_info)),
          on_done_(std::move(on_done)) {
        engine_.set_hash_mb(hash_mb);
        thread_ = std::thread([this] { work(); });
    }
    ~OthelloWorker() {
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
            queue_.clear();
            if (running_) {
                running_->cancelled = true;
                engine_.stop();
            }
        }
        ready_.notify_all();
        thread_.join();
    }
    OthelloWorker(const OthelloWorker&) = delete;
    OthelloWorker& operator=(const OthelloWorker&) = delete;

    void submit(std::shared_ptr<OthelloJob> job) {
        {
            std::lock_guard lock(mutex_);
            if (quit_) return;
            queue_.push_back(std::move(job));
        }
        ready_.notify_one();
    }
    void cancel(const std::shared_ptr<OthelloJob>& job) {
        if (!job) return;
        std::lock_guard lock(mutex_);
        job->cancelled = true;
        queue_.erase(std::remove(queue_.begin(), queue_.end(), job), queue_.end());
        if (running_ == job) engine_.stop();
    }
    bool busy() const {
        std::lock_guard lock(mutex_);
        return running_ || !queue_.empty();
    }

private:
    void work() {
        for (;;) {
            std::shared_ptr<OthelloJob> job;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [this] { return quit_ || !queue_.empty(); });
                if (quit_) return;
                job = queue_.front();
                queue_.pop_front();
                running_ = job;
            }
            std::optional<OthelloSearchInfo> info;
            const Move best = search(*job, job, info);
            {
                std::lock_guard lock(mutex_);
                running_.reset();
            }
            if (!job->cancelled) on_done_(job, best, info);
        }
    }

    // Searches the job's position; `info` gets the last finished iteration.
    Move search(OthelloJob& job, const std::shared_ptr<OthelloJob>& shared,
                std::optional<OthelloSearchInfo>& info) {
        if (job.game_id != last_game_) {  // a new game: forget the old one's tables
            engine_.clear();
            solver_->clear();
            last_game_ = job.game_id;
        }
        if (job.level.eval != eval_) {
            engine_.set_evaluator(engine::OthelloEvaluator(job.level.eval));
            eval_ = job.level.eval;
        }
        const int empties = job.board.empty_count();
        const bool solving = job.level.solve_empties >= empties;
        engine::OthelloGame game(job.board);
        if (job.level.solve_empties > 0) game.set_solver(solver_, job.level.solve_empties);
        engine_.set_position(game);
        const Color side = job.board.side_to_move();
        engine_.on_info = [&](const search::Iteration<Move>& it) {
            if (it.pv.empty() || it.bound != search::kBoundExact) return;
            OthelloSearchInfo s;
            s.depth = it.depth;
            s.score = side == kBlack ? it.score : -it.score;
            // The searcher solves the position in one iteration one deeper than the empties.
            s.exact = solving && it.depth > empties;
            s.pv = it.pv;
            s.nodes = it.nodes;
            s.time_ms = it.time_ms;
            info = s;
            on_info_(shared, s);
            // A cancel that came before the search cleared the stop flag stops it here. With
            // half the time cap gone the next iteration would rarely finish: stop instead.
            if (job.cancelled || (!solving && it.time_ms >= job.ms / 2)) engine_.stop();
        };
        Move best;
        engine_.on_bestmove = [&](Move m, Move) { best = m; };
        engine::GoParams go;
        // Perfect play from the level's empties on: as deep as the end of the game. The time
        // cap stops an iteration in the middle (the last finished one decides).
        go.depth = solving ? search::kMaxPly - 1 : job.level.depth;
        go.movetime = job.ms;
        engine_.go(go, side == kBlack ? 0 : 1);
        // A cancel that came before go() cleared the stop flag must still stop the search.
        if (job.cancelled) engine_.stop();
        engine_.wait();
        engine_.on_info = nullptr;
        engine_.on_bestmove = nullptr;
        return best;
    }

    engine::OthelloEngine engine_;
    std::shared_ptr<othello::Solver> solver_;
    eval::OthelloEvalLevel eval_ = eval::OthelloEvalLevel::kPatterns;  // the engine's default
    std::string last_game_;
    InfoFn on_info_;
    DoneFn on_done_;

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::shared_ptr<OthelloJob>> queue_;
    std::shared_ptr<OthelloJob> running_;
    bool quit_ = false;
    std::thread thread_;
};

namespace {

// The 64-char text of a board, for error messages about bad ones.
core::Result<Board> board_field(const Json& body, const char* name) {
    if (!body[name].is_string())
        return core::error(std::string("'") + name + "' must be a board text (64 squares X/O/- " +
                           "from A1 to H8, then the side to move X or O)");
    return Board::from_text(body[name].get<std::string>());
}

// The message with every byte that is not part of a valid UTF-8 character replaced by '?': the
// rules' errors quote single bytes of the input, and JSON holds only valid UTF-8.
std::string valid_utf8(std::string s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80         ? 1
                              : (c >> 5) == 6  ? 2
                              : (c >> 4) == 14 ? 3
                              : (c >> 3) == 30 ? 4
                                               : 0;
        bool ok = n > 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k)
            ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (!ok) {
            s[i++] = '?';
            continue;
        }
        i += n;
    }
    return s;
}

// A 4xx reply whose message quotes the request's text.
Reply input_error(int status, const std::string& message) {
    return error_reply(status, valid_utf8(message));
}

}  // namespace

OthelloService::OthelloService(Store& store, Options options) : store_(store), options_(options) {
    worker_ = std::make_unique<OthelloWorker>(
        options_.hash_mb,
        [this](const std::shared_ptr<OthelloJob>& job, const OthelloSearchInfo& info) {
            engine_info(job, info);
        },
        [this](const std::shared_ptr<OthelloJob>& job, Move m,
               const std::optional<OthelloSearchInfo>& info) { engine_moved(job, m, info); });
    for (const OthelloRow& row : store_.load_othello()) {
        std::optional<core::Result<OthelloGame>> g;
        try {
            g = OthelloGame::from_row(row);
        } catch (const Json::exception& e) {  // a stored field of the wrong type
            g = core::error(std::string("bad stored data: ") + e.what());
        }
        if (!*g) {
            problems_.push_back("Othello game " + row.id + " not loaded: " + g->error());
            continue;
        }
        games_[row.id].game = std::move(g->value());
    }
    Lock lock(mutex_);
    for (auto& [id, e] : games_) {
        e.game.turn_started = now_ms();
        if (!e.game.engine_to_move()) continue;
        start_engine_move(e);
        try {
            save(e);  // a forced pass played at once
        } catch (const std::exception& ex) {
            problems_.push_back("Othello game " + id + " not saved: " + ex.what());
        }
    }
}

OthelloService::~OthelloService() {
    // The worker's last callbacks still use the games: stop it before the members go.
    worker_.reset();
    hub_.close_all();
}

OthelloService::Entry* OthelloService::find(const std::string& id) {
    auto it = games_.find(id);
    return it == games_.end() ? nullptr : &it->second;
}

const OthelloService::Entry* OthelloService::find(const std::string& id) const {
    auto it = games_.find(id);
    return it == games_.end() ? nullptr : &it->second;
}

void OthelloService::save(Entry& e) {
    // Strictly increasing, so that a page can tell the newer of two readings of a game.
    e.game.updated = std::max(now_ms(), e.game.updated + 1);
    store_.save_othello(e.game.to_row());
}

Json OthelloService::state(const Entry& e) const {
    return e.game.to_json(e.job != nullptr, e.live);
}

void OthelloService::publish_state(const Entry& e) {
    hub_.publish(e.game.id, {{"type", "state"}, {"game", state(e)}});
}

Reply OthelloService::commit(Entry& e, int status) {
    start_engine_move(e);
    save(e);
    Json game = state(e);
    hub_.publish(e.game.id, {{"type", "state"}, {"game", game}});
    return json_reply(std::move(game), status);
}

void OthelloService::start_engine_move(Entry& e) {
    OthelloGame& g = e.game;
    if (e.job || !g.engine_to_move()) return;
    // A forced pass needs no search.
    if (g.board().must_pass()) {
        g.play(Move::pass(), now_ms());
        return;
    }
    auto job = std::make_shared<OthelloJob>();
    job->game_id = g.id;
    job->board = g.board();
    job->level = othello_level(g.settings.level);
    job->ms = std::max<std::int64_t>(50, std::int64_t(double(job->level.ms) * options_.time_scale));
    e.job = job;
    e.live.reset();
    worker_->submit(std::move(job));
}

void OthelloService::cancel_job(Entry& e) {
    worker_->cancel(e.job);
    e.job.reset();
    e.live.reset();
}

void OthelloService::engine_info(const std::shared_ptr<OthelloJob>& job,
                                 const OthelloSearchInfo& info) {
    Lock lock(mutex_);
    Entry* e = find(job->game_id);
    if (!e || e->job != job) return;
    e->live = info;
    publish_state(*e);
}

void OthelloService::engine_moved(const std::shared_ptr<OthelloJob>& job, Move m,
                                  const std::optional<OthelloSearchInfo>& info) {
    Lock lock(mutex_);
    Entry* e = find(job->game_id);
    if (!e || e->job != job) return;  // taken back or deleted meanwhile
    e->job.reset();
    e->live.reset();
    OthelloGame& g = e->game;
    othello::MoveList list;
    g.board().generate(list);
    if (!(g.board() == job->board) || list.empty()) {  // cannot happen: the job is the game's
        publish_state(*e);
        return;
    }
    if (!g.board().is_legal(m)) m = list[0];  // no iteration finished: the first legal move
    g.play(m, now_ms()).search = info;
    start_engine_move(*e);
    try {
        save(*e);
    } catch (const std::exception&) {
        // Kept in memory; the next change saves the whole game again.
    }
    publish_state(*e);
}

Reply OthelloService::info() const {
    return json_reply({{"levels", othello_levels_json()},
                       {"default_level", kOthelloDefaultLevel},
                       {"scoring", "empty squares go to the winner"}});
}

Reply OthelloService::create(const Json& body) {
    if (!body.is_object()) return error_reply(400, "the body must be a JSON object");
    OthelloGame g;
    if (body.contains("mode")) {
        const Json& m = body["mode"];
        if (m == "engine")
            g.mode = OthelloMode::kEngine;
        else if (m == "humans")
            g.mode = OthelloMode::kHumans;
        else
            return error_reply(400, "'mode' must be \"engine\" or \"humans\", not " + m.dump());
    }
    if (body.contains("color")) {
        const Json& c = body["color"];
        if (c == "black")
            g.settings.human = kBlack;
        else if (c == "white")
            g.settings.human = kWhite;
        else if (c == "random")
            g.settings.human = random_hex(1)[0] < '8' ? kBlack : kWhite;
        else
            return error_reply(
                400, "'color' must be \"black\", \"white\" or \"random\", not " + c.dump());
    }
    if (body.contains("level")) {
        const Json& l = body["level"];
        if (!l.is_number_integer() || l.get<std::int64_t>() < 1 ||
            l.get<std::int64_t>() > kOthelloLevels)
            return error_reply(400, "'level' must be a whole number from 1 to " +
                                        std::to_string(kOthelloLevels) + ", not " + l.dump());
        g.settings.level = l.get<int>();
    }
    std::optional<Board> start;
    if (body.contains("start") && !body["start"].is_null()) {
        auto b = board_field(body, "start");
        if (!b)
            return input_error(body["start"].is_string() ? 422 : 400, "bad start: " + b.error());
        start = *b;
    }
    OthelloText parsed;
    if (start) parsed.start = *start;
    if (body.contains("text") && !body["text"].is_null()) {
        if (!body["text"].is_string())
            return error_reply(400, "'text' must be a string: the game's moves, like \"f5d6c3\"");
        auto p = parse_othello_text(body["text"].get<std::string>(), start);
        if (!p) return input_error(422, "cannot import the game: " + p.error());
        parsed = std::move(*p);
    }
    g.start(parsed.start);
    const std::int64_t now = now_ms();
    for (const Move m : parsed.moves) g.play(m, 0);  // no thinking time known
    g.id = random_hex(16);
    g.token[kBlack] = random_hex(32);
    g.token[kWhite] = g.mode == OthelloMode::kHumans ? g.token[kBlack] : random_hex(32);
    g.created = now;
    g.turn_started = now;

    Lock lock(mutex_);
    const std::string id = g.id;
    Entry& e = games_[id];
    e.game = std::move(g);
    Reply r = commit(e, 201);
    const Color seat = e.game.settings.human;
    r.body = {{"game", std::move(r.body)},
              {"seat", e.game.mode == OthelloMode::kHumans ? "both" : othello_color_name(seat)},
              {"token", e.game.token[seat]}};
    return r;
}

Reply OthelloService::list() const {
    Lock lock(mutex_);
    std::vector<const OthelloGame*> sorted;
    for (const auto& [id, e] : games_) sorted.push_back(&e.game);
    std::sort(sorted.begin(), sorted.end(),
              [](const OthelloGame* a, const OthelloGame* b) { return a->updated > b->updated; });
    Json games = Json::array();
    for (const OthelloGame* g : sorted) games.push_back(g->summary());
    return json_reply({{"games", std::move(games)}});
}

Reply OthelloService::get(const std::string& id, const std::string& token,
                          const std::string& seat) const {
    Lock lock(mutex_);
    const Entry* e = find(id);
    if (!e) return error_reply(404, "no Othello game " + id);
    if (!seat.empty()) {
        const int seats = e->game.seats_of(token);
        const bool ok = seat == "black"   ? OthelloGame::holds(seats, kBlack)
                        : seat == "white" ? OthelloGame::holds(seats, kWhite)
                        : seat == "both"  ? seats == 3
                                          : false;
        if (!ok) return error_reply(403, "the token does not hold seat '" + seat + "'");
    }
    return json_reply(state(*e));
}

Reply OthelloService::remove(const std::string& id, const std::string& token) {
    Lock lock(mutex_);
    Entry* e = find(id);
    if (!e) return error_reply(404, "no Othello game " + id);
    if (!e->game.seats_of(token)) return error_reply(403, "a token of this game is needed");
    cancel_job(*e);
    store_.remove_othello(id);
    games_.erase(id);
    hub_.publish(id, {{"type", "deleted"}, {"id", id}});
    hub_.close(id);
    return json_reply({{"deleted", id}});
}

Reply OthelloService::move(const std::string& id, const std::string& token, const Json& body) {
    if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
        return error_reply(400, "the body must be {\"move\": \"f5\"} (a square a1-h8, or pass)");
    Lock lock(mutex_);
    Entry* e = find(id);
    if (!e) return error_reply(404, "no Othello game " + id);
    OthelloGame& g = e->game;
    const int seats = g.seats_of(token);
    if (!seats) return error_reply(403, "a seat token of this game is needed to move");
    if (g.over()) return error_reply(409, "the game is over: " + g.result_text());
    const std::string side(othello_color_name(g.turn()));
    if (!OthelloGame::holds(seats, g.turn()))
        return error_reply(409, "it is " + side + "'s turn" +
                                    (g.engine_plays(g.turn()) ? " (Kibitz is thinking)" : "") +
                                    ", and this token is not " + side + "'s");
    const std::string text = body["move"].get<std::string>();
    auto m = othello::parse_move(g.board(), text);
    if (!m) {
        std::string legal;
        othello::MoveList list;
        g.board().generate(list);
        for (const Move l : list) legal += (legal.empty() ? "" : ", ") + othello_move_text(l);
        std::string why = m.error();
        if (why.rfind("pass: the side to move", 0) == 0)
            why = "pass: " + side + " has a legal move";
        return input_error(
            422, "illegal move for " + side + ": " + why + "; the legal moves are " + legal);
    }
    g.play(*m, now_ms());
    return commit(*e);
}

Reply OthelloService::takeback(const std::string& id, const std::string& token) {
    Lock lock(mutex_);
    Entry* e = find(id);
    if (!e) return error_reply(404, "no Othello game " + id);
    OthelloGame& g = e->game;
    if (!g.seats_of(token)) return error_reply(403, "a seat token of this game is needed");
    const auto& moves = g.moves();
    std::size_t keep = moves.size();
    if (g.mode == OthelloMode::kEngine) {
        // Back to before the person's last real move (dropping the engine's replies and any
        // forced passes after it), so that it is the person's turn with a choice again.
        for (std::size_t i = moves.size(); i-- > 0;)
            if (moves[i].color == g.settings.human && !moves[i].move.is_pass()) {
                keep = i;
                break;
            }
        if (keep == moves.size()) return error_reply(409, "you have no move to take back");
    } else {
        if (moves.empty()) return error_reply(409, "there is no move to take back");
        keep = moves.size() - 1;
        // Not to a position where the only move is a pass: one move further back.
        while (keep > 0 && g.board_at(keep).must_pass()) --keep;
    }
    cancel_job(*e);
    g.truncate(keep);
    g.turn_started = now_ms();
    return commit(*e);
}

Reply OthelloService::export_text(const std::string& id) const {
    Lock lock(mutex_);
    const Entry* e = find(id);
    if (!e) return error_reply(404, "no Othello game " + id);
    Reply r;
    r.text = e->game.export_text();
    r.content_type = "text/plain; charset=utf-8";
    r.filename = "kibitz-othello-" + id + ".txt";
    return r;
}

std::shared_ptr<Stream> OthelloService::open_stream(const std::string& id, int& status) {
    Lock lock(mutex_);
    const Entry* e = find(id);
    if (!e) {
        status = 404;
        return nullptr;
    }
    return hub_.subscribe(id, {{"type", "state"}, {"game", state(*e)}}, status);
}

void OthelloService::close_stream(const std::string& id, const std::shared_ptr<Stream>& s) {
    hub_.unsubscribe(id, s);
}

bool OthelloService::busy() const { return worker_->busy(); }

}  // namespace kibitz::server
