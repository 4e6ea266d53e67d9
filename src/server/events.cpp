// Server-Sent Events streams and their hub.
#include "server/events.h"

#include <algorithm>

namespace kibitz::server {

namespace {

// An event's JSON text; bytes that are not UTF-8 (from a client's text) become U+FFFD.
std::string event_text(const Json& event) {
    return event.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

void Stream::push(const std::string& json) {
    {
        std::lock_guard lock(mutex_);
        if (closed_) return;
        last_event_ = std::chrono::steady_clock::now();
        if (queue_.size() >= kMaxQueued) {
            closed_ = true;
            queue_.clear();
        } else {
            queue_.push_back("data: " + json + "\n\n");
        }
    }
    cv_.notify_all();
}

std::optional<std::string> Stream::next(std::chrono::milliseconds heartbeat) {
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, heartbeat, [this] { return closed_ || !queue_.empty(); });
    // What was queued before a close still goes out (the "deleted" event, say); an overflow
    // close has dropped the queue.
    if (queue_.empty()) {
        if (closed_) return std::nullopt;
        return std::string(": ping\n\n");
    }
    std::string out;
    while (!queue_.empty()) {
        out += queue_.front();
        queue_.pop_front();
    }
    return out;
}

bool Stream::ready(std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, limit, [this] { return closed_ || !queue_.empty(); });
}

void Stream::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    cv_.notify_all();
}

bool Stream::closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
}

std::chrono::steady_clock::time_point Stream::last_event() const {
    std::lock_guard lock(mutex_);
    return last_event_;
}

std::shared_ptr<Stream> EventHub::subscribe(const std::string& game_id) {
    std::lock_guard lock(mutex_);
    if (count_ >= max_streams_) return nullptr;
    auto s = std::make_shared<Stream>();
    streams_[game_id].push_back(s);
    ++count_;
    return s;
}

std::shared_ptr<Stream> EventHub::subscribe(const std::string& game_id, const Json& first,
                                            int& status) {
    auto s = subscribe(game_id);
    status = s ? 200 : 429;
    if (s) s->push(event_text(first));
    return s;
}

int EventHub::unsubscribe(const std::string& game_id, const std::shared_ptr<Stream>& s) {
    std::lock_guard lock(mutex_);
    auto it = streams_.find(game_id);
    if (it == streams_.end()) return 0;
    auto& list = it->second;
    const auto before = list.size();
    list.erase(std::remove(list.begin(), list.end(), s), list.end());
    count_ -= before - list.size();
    const int left = int(list.size());
    if (list.empty()) streams_.erase(it);
    return left;
}

void EventHub::publish(const std::string& game_id, const Json& event) {
    const std::string text = event_text(event);
    std::lock_guard lock(mutex_);
    auto it = streams_.find(game_id);
    if (it == streams_.end()) return;
    for (const auto& s : it->second) s->push(text);
}

void EventHub::close(const std::string& game_id) {
    std::lock_guard lock(mutex_);
    auto it = streams_.find(game_id);
    if (it == streams_.end()) return;
    for (const auto& s : it->second) s->close();
}

void EventHub::close_all() {
    std::lock_guard lock(mutex_);
    for (auto& [id, list] : streams_)
        for (const auto& s : list) s->close();
}

int EventHub::streams(const std::string& game_id) const {
    std::lock_guard lock(mutex_);
    auto it = streams_.find(game_id);
    return it == streams_.end() ? 0 : int(it->second.size());
}

int EventHub::total() const {
    std::lock_guard lock(mutex_);
    return int(count_);
}

}  // namespace kibitz::server
