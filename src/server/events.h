// Server-Sent Events: one stream per browser tab, subscribed to one game's events.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/game.h"

namespace kibitz::server {

// The events waiting for one connection. A reader too slow to keep up (more than kMaxQueued
// events behind) is closed; its page reconnects and starts again from a fresh state.
class Stream {
public:
    static constexpr std::size_t kMaxQueued = 512;

    // Queues the JSON text of one event.
    void push(const std::string& json);
    // The next bytes to send: queued events, or a ": ping" comment after `heartbeat` of
    // silence; nullopt once closed and sent out.
    std::optional<std::string> next(std::chrono::milliseconds heartbeat);
    // Waits up to `limit` for an event or the close; true when either came.
    bool ready(std::chrono::milliseconds limit);
    void close();
    bool closed() const;
    // When the last event was queued (or the stream made): heartbeats do not count, so that
    // the server can close a stream that has been idle too long.
    std::chrono::steady_clock::time_point last_event() const;

private:
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::string> queue_;
    bool closed_ = false;
    std::chrono::steady_clock::time_point last_event_ = std::chrono::steady_clock::now();
};

class EventHub {
public:
    explicit EventHub(std::size_t max_streams = 256) : max_streams_(max_streams) {}

    // A new stream for a game's events, or nullptr when max_streams are open.
    std::shared_ptr<Stream> subscribe(const std::string& game_id);
    // subscribe() with `first` queued on the new stream; status 200, or 429 and nullptr.
    std::shared_ptr<Stream> subscribe(const std::string& game_id, const Json& first, int& status);
    // Forgets a stream; returns how many streams the game still has.
    int unsubscribe(const std::string& game_id, const std::shared_ptr<Stream>& s);
    // Sends an event to every stream of the game (text that is not UTF-8 becomes U+FFFD).
    void publish(const std::string& game_id, const Json& event);
    // Closes every stream of a game (deleted) or of all games (shutdown).
    void close(const std::string& game_id);
    void close_all();
    int streams(const std::string& game_id) const;
    int total() const;

private:
    mutable std::mutex mutex_;
    std::map<std::string, std::vector<std::shared_ptr<Stream>>> streams_;
    std::size_t count_ = 0;
    std::size_t max_streams_;
};

}  // namespace kibitz::server
