// The server's game-agnostic core with small stand-ins for a game: the seat rule (seats.h), the
// engine job queue (job_queue.h), the route tables (routes.h) and the game table
// (game_table.h).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include "chess/types.h"
#include "othello/board.h"
#include "server/game_table.h"
#include "server/job_queue.h"
#include "server/routes.h"
#include "server/seats.h"

namespace kibitz::server::server_core_test {
namespace {

using namespace std::chrono_literals;

bool wait_for(const std::function<bool()>& done) {
    for (int i = 0; i < 1000; ++i) {
        if (done()) return true;
        std::this_thread::sleep_for(5ms);
    }
    return done();
}

TEST(ServerCore, OneSeatRuleForBothGamesByColourValue) {
    const std::string tokens[2] = {"first", "second"};
    EXPECT_EQ(seats_of("first", tokens), 1);
    EXPECT_EQ(seats_of("second", tokens), 2);
    EXPECT_EQ(seats_of("other", tokens), kNoSeat);
    EXPECT_EQ(seats_of("", tokens), kNoSeat);
    const std::string shared[2] = {"both", "both"};
    EXPECT_EQ(seats_of("both", shared), kBothSeats);
    const std::string empty[2] = {"", ""};
    EXPECT_EQ(seats_of("", empty), kNoSeat);  // no token opens a seat with no token
    // The first mover's seat is seat 0 in both games.
    EXPECT_TRUE(holds(1, chess::kWhite));
    EXPECT_FALSE(holds(1, chess::kBlack));
    EXPECT_TRUE(holds(1, othello::kBlack));
    EXPECT_FALSE(holds(1, othello::kWhite));
    EXPECT_TRUE(holds(kBothSeats, othello::kWhite));
    const std::array<std::string_view, 2> names = {"black", "white"};
    EXPECT_TRUE(holds_named(1, "black", names));
    EXPECT_FALSE(holds_named(1, "white", names));
    EXPECT_FALSE(holds_named(1, "both", names));
    EXPECT_TRUE(holds_named(kBothSeats, "both", names));
    EXPECT_FALSE(holds_named(kBothSeats, "red", names));
}

// A job that the test lets end, and a runner that reports which jobs started and ended.
struct TestJob : Job {
    TestJob(int n, int p, bool released) : name(n), release(released) { priority = p; }
    int name;
    std::atomic<bool> release;
};

struct Log {
    std::mutex mutex;
    std::vector<int> started, reported;
    std::vector<int> get(std::vector<int>& v) {
        std::lock_guard lock(mutex);
        return v;
    }
};

class TestRunner final : public JobRunner {
public:
    explicit TestRunner(Log& log) : log_(log) {}
    std::function<void()> run(const std::shared_ptr<Job>& shared) override {
        auto job = std::static_pointer_cast<TestJob>(shared);
        {
            std::lock_guard lock(log_.mutex);
            log_.started.push_back(job->name);
        }
        std::unique_lock lock(mutex_);
        cv_.wait(lock,
                 [&] { return stopped_ || job->release || job->cancelled || job->preempted; });
        stopped_ = false;
        return [this, job] {
            std::lock_guard lock(log_.mutex);
            log_.reported.push_back(job->name);
        };
    }
    void stop() override {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        cv_.notify_all();
    }
    // Wakes run() to see a job's release.
    void poke() {
        std::lock_guard lock(mutex_);
        cv_.notify_all();
    }

private:
    Log& log_;
    std::mutex mutex_;
    std::condition_variable cv_;
    bool stopped_ = false;
};

// One runner, returned with the queue so that tests can poke it. Tests take them with
// std::tie, not a structured binding: clang 14 cannot capture a binding in a lambda.
std::pair<std::unique_ptr<JobQueue>, TestRunner*> one_runner(Log& log, int preemptible) {
    auto runner = std::make_unique<TestRunner>(log);
    TestRunner* r = runner.get();
    std::vector<std::unique_ptr<JobRunner>> runners;
    runners.push_back(std::move(runner));
    return {std::make_unique<JobQueue>(std::move(runners), preemptible), r};
}

TEST(ServerCore, JobsRunByPriorityThenInOrderOfArrival) {
    Log log;
    std::unique_ptr<JobQueue> queue;
    TestRunner* runner = nullptr;
    std::tie(queue, runner) = one_runner(log, JobQueue::kNoPreemption);
    auto blocker = std::make_shared<TestJob>(0, 0, false);
    queue->submit(blocker);
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 1; }));
    EXPECT_TRUE(queue->busy());
    EXPECT_EQ(queue->running(), 1);
    queue->submit(std::make_shared<TestJob>(1, 2, true));
    queue->submit(std::make_shared<TestJob>(2, 1, true));
    queue->submit(std::make_shared<TestJob>(3, 2, true));
    queue->submit(std::make_shared<TestJob>(4, 0, true));
    EXPECT_EQ(queue->queued(), 4);
    blocker->release = true;
    runner->poke();
    ASSERT_TRUE(wait_for([&] { return log.get(log.reported).size() == 5; }));
    EXPECT_EQ(log.get(log.started), (std::vector<int>{0, 4, 2, 1, 3}));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{0, 4, 2, 1, 3}));
    ASSERT_TRUE(wait_for([&] { return !queue->busy(); }));
}

TEST(ServerCore, ACancelledJobIsNeverReported) {
    Log log;
    std::unique_ptr<JobQueue> queue;
    TestRunner* runner = nullptr;
    std::tie(queue, runner) = one_runner(log, JobQueue::kNoPreemption);
    auto running = std::make_shared<TestJob>(1, 0, false);
    auto waiting = std::make_shared<TestJob>(2, 0, true);
    queue->submit(running);
    queue->submit(waiting);
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 1; }));
    queue->cancel(waiting);  // dropped from the queue
    EXPECT_EQ(queue->queued(), 0);
    queue->cancel(running);  // stopped
    queue->cancel(nullptr);
    ASSERT_TRUE(wait_for([&] { return !queue->busy(); }));
    queue->submit(std::make_shared<TestJob>(3, 0, true));
    ASSERT_TRUE(wait_for([&] { return log.get(log.reported).size() == 1; }));
    EXPECT_EQ(log.get(log.started), (std::vector<int>{1, 3}));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{3}));
}

TEST(ServerCore, APreemptibleJobGivesWayAndGoesOnLater) {
    Log log;
    std::unique_ptr<JobQueue> queue;
    TestRunner* runner = nullptr;
    std::tie(queue, runner) = one_runner(log, 3);
    auto analysis = std::make_shared<TestJob>(1, 3, false);
    queue->submit(analysis);
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 1; }));
    auto other = std::make_shared<TestJob>(2, 3, false);
    queue->submit(other);  // as preemptible: waits
    std::this_thread::sleep_for(30ms);
    EXPECT_EQ(log.get(log.started).size(), 1u);
    queue->submit(std::make_shared<TestJob>(3, 0, true));  // more urgent: takes the runner
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 3; }));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{3}));
    // The analysis went back behind the other preemptible job, and goes on after it.
    EXPECT_EQ(log.get(log.started), (std::vector<int>{1, 3, 2}));
    other->release = true;
    runner->poke();
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 4; }));
    EXPECT_EQ(log.get(log.started), (std::vector<int>{1, 3, 2, 1}));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{3, 2}));
    analysis->release = true;
    runner->poke();
    ASSERT_TRUE(wait_for([&] { return log.get(log.reported).size() == 3; }));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{3, 2, 1}));
}

TEST(ServerCore, WithoutPreemptionAJobRunsToItsEnd) {
    Log log;
    std::unique_ptr<JobQueue> queue;
    TestRunner* runner = nullptr;
    std::tie(queue, runner) = one_runner(log, JobQueue::kNoPreemption);
    auto first = std::make_shared<TestJob>(1, 3, false);
    queue->submit(first);
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 1; }));
    queue->submit(std::make_shared<TestJob>(2, 0, true));
    std::this_thread::sleep_for(30ms);
    EXPECT_EQ(log.get(log.started), (std::vector<int>{1}));
    first->release = true;
    runner->poke();
    ASSERT_TRUE(wait_for([&] { return log.get(log.reported).size() == 2; }));
    EXPECT_EQ(log.get(log.reported), (std::vector<int>{1, 2}));
}

TEST(ServerCore, ShutdownStopsTheRunningJobAndIgnoresLaterOnes) {
    Log log;
    std::unique_ptr<JobQueue> queue;
    TestRunner* runner = nullptr;
    std::tie(queue, runner) = one_runner(log, JobQueue::kNoPreemption);
    queue->submit(std::make_shared<TestJob>(1, 0, false));
    queue->submit(std::make_shared<TestJob>(2, 0, true));
    ASSERT_TRUE(wait_for([&] { return log.get(log.started).size() == 1; }));
    queue->shutdown();
    queue->submit(std::make_shared<TestJob>(3, 0, true));
    EXPECT_FALSE(queue->busy());
    EXPECT_EQ(log.get(log.started), (std::vector<int>{1}));
    EXPECT_TRUE(log.get(log.reported).empty());
}

// A route table whose handlers say which route answered.
GameRoutes toy_routes() {
    const auto says = [](std::string name) {
        return [name](const Request&, const std::string& id, const Json& body) {
            return json_reply({{"route", name}, {"id", id}, {"body", body}});
        };
    };
    GameRoutes t;
    t.root = "/api/toy";
    t.games = "/api/toy/games";
    t.noun = "toy game";
    t.paths = {{"GET", "/api/toy/info", says("info")}};
    t.collection = {{"GET", "", says("list")}, {"POST", "", says("create")}};
    t.game = {{"GET", "", says("get")}, {"POST", "/move", says("move")}};
    return t;
}

Reply ask(const GameRoutes& t, std::string method, std::string path, Json body = {}) {
    Request r;
    r.method = std::move(method);
    r.path = std::move(path);
    const auto reply = route(t, r, body);
    return reply ? *reply : error_reply(599, "not under the root");
}

TEST(ServerCore, ARouteTableAnswersItsPathsAndNamesTheWrongOnes) {
    const GameRoutes t = toy_routes();
    const std::string id = "0123456789abcdef";
    EXPECT_EQ(ask(t, "GET", "/api/toy/info").body["route"], "info");
    EXPECT_EQ(ask(t, "POST", "/api/toy/info").status, 405);
    EXPECT_EQ(ask(t, "GET", "/api/toy/games").body["route"], "list");
    EXPECT_EQ(ask(t, "GET", "/api/toy/games/").body["route"], "list");
    const Reply created = ask(t, "POST", "/api/toy/games", {{"x", 1}});
    EXPECT_EQ(created.body["route"], "create");
    EXPECT_EQ(created.body["body"]["x"], 1);
    const Reply put = ask(t, "PUT", "/api/toy/games");
    EXPECT_EQ(put.status, 405);
    EXPECT_EQ(put.body["error"], "PUT is not allowed on /api/toy/games");
    EXPECT_EQ(ask(t, "GET", "/api/toy/games/" + id).body["id"], id);
    EXPECT_EQ(ask(t, "GET", "/api/toy/games/" + id + "/").body["route"], "get");
    EXPECT_EQ(ask(t, "POST", "/api/toy/games/" + id + "/move").body["route"], "move");
    EXPECT_EQ(ask(t, "GET", "/api/toy/games/" + id + "/move").status, 405);
    EXPECT_EQ(ask(t, "DELETE", "/api/toy/games/" + id).status, 405);
    EXPECT_EQ(ask(t, "GET", "/api/toy/games/" + id + "/nothing").status, 405);
    EXPECT_EQ(ask(t, "POST", "/api/toy/games/" + id + "/nothing").status, 404);
    const Reply events = ask(t, "GET", "/api/toy/games/" + id + "/events");
    EXPECT_EQ(events.status, 400);
    EXPECT_EQ(events.body["error"], "events are a GET stream");
    const Reply bad_id = ask(t, "GET", "/api/toy/games/0123");
    EXPECT_EQ(bad_id.status, 404);
    EXPECT_EQ(bad_id.body["error"], "This toy game no longer exists.");
    const Reply off = ask(t, "GET", "/api/toy/nothing");
    EXPECT_EQ(off.status, 404);
    EXPECT_EQ(off.body["error"], "no such API path: /api/toy/nothing");
    EXPECT_EQ(ask(t, "GET", "/api/toy").status, 404);
    // Paths outside the root belong to another table.
    EXPECT_EQ(ask(t, "GET", "/api/toys").status, 599);
    EXPECT_EQ(ask(t, "GET", "/api/games").status, 599);
}

// A game with nothing but what a game table needs, and a store that keeps it in memory.
struct ToyGame {
    std::string id;
    std::int64_t updated = 0;
    std::string token[2];
    Json summary() const { return {{"id", id}, {"updated", updated}}; }
};
struct ToyEntry {
    ToyGame game;
};

class ToyStore final : public GameStore<ToyGame> {
public:
    void save(const ToyGame& g, std::size_t) override { rows[g.id] = g; }
    void remove(const std::string& id) override { rows.erase(id); }
    std::vector<ToyGame> load_all(std::vector<std::string>& problems) override {
        std::vector<ToyGame> games;
        for (const auto& [id, g] : rows) {
            if (g.token[0].empty()) {
                problems.push_back("toy game " + id + " not loaded: no token");
                continue;
            }
            games.push_back(g);
        }
        return games;
    }
    std::map<std::string, ToyGame> rows;
};

TEST(ServerCore, AGameTableFindsListsChecksSeatsStreamsAndDeletes) {
    ToyStore store;
    store.rows["aaaaaaaaaaaaaaaa"] = {"aaaaaaaaaaaaaaaa", 5, {"a0", "a1"}};
    store.rows["bbbbbbbbbbbbbbbb"] = {"bbbbbbbbbbbbbbbb", 9, {"b", "b"}};
    store.rows["cccccccccccccccc"] = {"cccccccccccccccc", 7, {"", ""}};
    GameTable<ToyEntry> table({"toy game", {"red", "blue"}}, store, [](const ToyEntry& e) {
        return Json{{"state", e.game.id}};
    });
    std::vector<std::string> problems;
    table.load(problems);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0], "toy game cccccccccccccccc not loaded: no token");

    Json list = table.list().body["games"];
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0]["id"], "bbbbbbbbbbbbbbbb");  // the most recently changed first
    EXPECT_EQ(table.get("aaaaaaaaaaaaaaaa", "", "").body["state"], "aaaaaaaaaaaaaaaa");
    EXPECT_EQ(table.get("aaaaaaaaaaaaaaaa", "a1", "blue").status, 200);
    EXPECT_EQ(table.get("aaaaaaaaaaaaaaaa", "a1", "red").status, 403);
    EXPECT_EQ(table.get("aaaaaaaaaaaaaaaa", "a1", "both").status, 403);
    EXPECT_EQ(table.get("bbbbbbbbbbbbbbbb", "b", "both").status, 200);
    const Reply missing = table.get("dddddddddddddddd", "", "");
    EXPECT_EQ(missing.status, 404);
    EXPECT_EQ(missing.body["error"], "This toy game no longer exists.");

    {  // a save is stamped strictly later than the game's last change
        auto lock = table.lock();
        ToyEntry* e = table.find("bbbbbbbbbbbbbbbb");
        ASSERT_NE(e, nullptr);
        e->game.updated = now_ms() + 60000;
        const std::int64_t before = e->game.updated;
        table.save(*e, 0);
        EXPECT_EQ(e->game.updated, before + 1);
        EXPECT_EQ(store.rows["bbbbbbbbbbbbbbbb"].updated, before + 1);
    }

    int status = 0;
    EXPECT_EQ(table.open_stream("dddddddddddddddd", status), nullptr);
    EXPECT_EQ(status, 404);
    auto stream = table.open_stream("aaaaaaaaaaaaaaaa", status);
    ASSERT_NE(stream, nullptr);
    EXPECT_EQ(status, 200);
    auto first = stream->next(0ms);
    ASSERT_TRUE(first);
    EXPECT_NE(first->find(R"("state":"aaaaaaaaaaaaaaaa")"), std::string::npos) << *first;

    std::vector<std::string> stopped;  // the games whose engine work was stopped
    const auto stop = [&](ToyEntry& e) { stopped.push_back(e.game.id); };
    EXPECT_EQ(table.remove("aaaaaaaaaaaaaaaa", "", stop).status, 403);
    EXPECT_EQ(table.remove("aaaaaaaaaaaaaaaa", "b", stop).status, 403);
    EXPECT_EQ(table.remove("dddddddddddddddd", "a0", stop).status, 404);
    EXPECT_TRUE(stopped.empty());
    EXPECT_EQ(table.remove("aaaaaaaaaaaaaaaa", "a1", stop).body["deleted"], "aaaaaaaaaaaaaaaa");
    EXPECT_EQ(stopped, std::vector<std::string>{"aaaaaaaaaaaaaaaa"});
    EXPECT_EQ(store.rows.count("aaaaaaaaaaaaaaaa"), 0u);
    EXPECT_EQ(table.get("aaaaaaaaaaaaaaaa", "", "").status, 404);
    auto last = stream->next(0ms);
    ASSERT_TRUE(last);
    EXPECT_NE(last->find(R"("type":"deleted")"), std::string::npos) << *last;
    EXPECT_FALSE(stream->next(0ms));  // and the stream ends
    EXPECT_EQ(table.close_stream("aaaaaaaaaaaaaaaa", stream), 0);
    EXPECT_EQ(table.list().body["games"].size(), 1u);
}

}  // namespace
}  // namespace kibitz::server::server_core_test
