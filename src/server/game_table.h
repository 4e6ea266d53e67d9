// The games of one kind in memory, written once for every game: find, list, seat check,
// delete, event streams and the game's state to them, saving through the game's store.
//
// A game plugs in with an Entry type that holds its game as `game` (with `id`, `updated`,
// `token[2]` by seat and `summary()`) and whatever engine work it has running, a Kind (its name
// in messages and its seat names), its GameStore, and a function that makes the state that a
// page reads. Its service keeps only the rules' commands and engine results.
//
// Locking: one mutex per table. The whole commands (list, get, remove, open_stream) take it
// themselves; every other member is called with it held (lock()).
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/events.h"
#include "server/game_store.h"
#include "server/reply.h"
#include "server/seats.h"

namespace kibitz::server {

// What a game table says of its games.
struct GameKind {
    std::string noun;                         // "game", "Othello game": "no game ID"
    std::array<std::string_view, 2> seats{};  // the seats' names in seat order
};

template <class Entry>
class GameTable {
public:
    using G = decltype(Entry::game);
    using Lock = std::unique_lock<std::mutex>;
    using StateFn = std::function<Json(const Entry&)>;

    // The store must outlive the table; `state` is called with the lock held.
    GameTable(GameKind kind, GameStore<G>& store, StateFn state)
        : kind_(std::move(kind)), store_(store), state_(std::move(state)) {}
    GameTable(const GameTable&) = delete;
    GameTable& operator=(const GameTable&) = delete;

    const GameKind& kind() const { return kind_; }
    EventHub& hub() { return hub_; }

    // Adds the stored games (before the first command); games that cannot be read are named in
    // `problems` and left out.
    void load(std::vector<std::string>& problems) {
        Lock lock(mutex_);
        for (G& g : store_.load_all(problems)) {
            const std::string id = g.id;
            games_[id].game = std::move(g);
        }
    }

    // --- Whole commands; each takes the lock.

    // {"games": [summaries]} of the games that `shown` keeps (all without it), the most
    // recently changed first.
    Reply list(const std::function<bool(const G&)>& shown = nullptr) const {
        Lock lock(mutex_);
        std::vector<const G*> sorted;
        for (const auto& [id, e] : games_)
            if (!shown || shown(e.game)) sorted.push_back(&e.game);
        std::sort(sorted.begin(), sorted.end(),
                  [](const G* a, const G* b) { return a->updated > b->updated; });
        Json games = Json::array();
        for (const G* g : sorted) games.push_back(g->summary());
        return json_reply({{"games", std::move(games)}});
    }

    // The game's state; with a `seat` ("" for none, a seat's name or "both") also 403 unless
    // the token holds it.
    Reply get(const std::string& id, const std::string& token, const std::string& seat) const {
        Lock lock(mutex_);
        const Entry* e = find(id);
        if (!e) return missing(id);
        if (!seat.empty() && !holds_named(seats_of(token, e->game.token), seat, kind_.seats))
            return error_reply(403, kNotYourSeat);
        return json_reply(state(*e));
    }

    // Deletes the game for a holder of one of its tokens: `stop` ends its engine work, then the
    // store forgets it and its streams hear "deleted" and end.
    Reply remove(const std::string& id, const std::string& token,
                 const std::function<void(Entry&)>& stop) {
        Lock lock(mutex_);
        Entry* e = find(id);
        if (!e) return missing(id);
        if (!seats_of(token, e->game.token))
            return error_reply(403, "This game belongs to other players; only they can delete it.");
        stop(*e);
        store_.remove(id);
        games_.erase(id);
        hub_.publish(id, {{"type", "deleted"}, {"id", id}});
        hub_.close(id);
        return json_reply({{"deleted", id}});
    }

    // A stream of the game's events, starting with its state; nullptr when the game is unknown
    // (status 404) or too many streams are open (429).
    std::shared_ptr<Stream> open_stream(const std::string& id, int& status) {
        Lock lock(mutex_);
        const Entry* e = find(id);
        if (!e) {
            status = 404;
            return nullptr;
        }
        return hub_.subscribe(id, {{"type", "state"}, {"game", state(*e)}}, status);
    }

    // Forgets an ended stream (locked or not); returns how many streams the game still has.
    int close_stream(const std::string& id, const std::shared_ptr<Stream>& s) {
        return hub_.unsubscribe(id, s);
    }

    // --- With the lock held.

    Lock lock() const { return Lock(mutex_); }

    Entry* find(const std::string& id) {
        auto it = games_.find(id);
        return it == games_.end() ? nullptr : &it->second;
    }
    const Entry* find(const std::string& id) const {
        auto it = games_.find(id);
        return it == games_.end() ? nullptr : &it->second;
    }
    // 404 "This <noun> no longer exists." (the id is the one asked for).
    Reply missing(const std::string& /*id*/) const {
        return error_reply(404, gone_sentence(kind_.noun));
    }
    // A new game under its id (not saved yet).
    Entry& add(G game) {
        const std::string id = game.id;
        Entry& e = games_[id];
        e.game = std::move(game);
        return e;
    }
    // Calls f(entry) for every game, in id order.
    template <class F>
    void for_each(F&& f) {
        for (auto& [id, e] : games_) f(e);
    }

    // Saves the game (its first `unchanged` moves are stored already), stamped with a time
    // strictly after its last one, so that a page can tell the newer of two readings of it.
    // Throws std::runtime_error when the store fails.
    void save(Entry& e, std::size_t unchanged) {
        e.game.updated = std::max(now_ms(), e.game.updated + 1);
        store_.save(e.game, unchanged);
    }
    Json state(const Entry& e) const { return state_(e); }
    // Sends an event to the game's streams.
    void publish(const std::string& id, const Json& event) { hub_.publish(id, event); }
    // Sends {"type": "state", "game": state} to the game's streams.
    void publish_state(const Entry& e) {
        hub_.publish(e.game.id, {{"type", "state"}, {"game", state(e)}});
    }

private:
    const GameKind kind_;
    GameStore<G>& store_;
    StateFn state_;
    EventHub hub_;
    mutable std::mutex mutex_;
    std::map<std::string, Entry> games_;
};

}  // namespace kibitz::server
