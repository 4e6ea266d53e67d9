// Per-client bookkeeping of connections, event streams and requests.
#include "server/http_limits.h"

namespace kibitz::server {

bool ClientTable::connect(const std::string& ip) {
    std::lock_guard lock(mutex_);
    Client& c = clients_[ip];
    if (c.connections >= limits_.max_connections_per_client) {
        forget_if_gone(clients_.find(ip));
        return false;
    }
    ++c.connections;
    return true;
}

void ClientTable::disconnect(const std::string& ip) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(ip);
    if (it == clients_.end()) return;
    --it->second.connections;
    forget_if_gone(it);
}

std::optional<std::string> ClientTable::open_stream(const std::string& ip) {
    std::lock_guard lock(mutex_);
    if (streams_ >= limits_.max_streams)
        return "too many event streams are open: at most " + std::to_string(limits_.max_streams) +
               " at once";
    Client& c = clients_[ip];
    if (c.streams >= limits_.max_streams_per_client) {
        forget_if_gone(clients_.find(ip));
        return "too many event streams from " + ip + ": at most " +
               std::to_string(limits_.max_streams_per_client) + " at once from one address";
    }
    ++c.streams;
    ++streams_;
    return std::nullopt;
}

void ClientTable::close_stream(const std::string& ip) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(ip);
    if (it == clients_.end()) return;
    --it->second.streams;
    --streams_;
    forget_if_gone(it);
}

void ClientTable::touch(const std::string& ip) {
    std::lock_guard lock(mutex_);
    if (auto it = clients_.find(ip); it != clients_.end()) it->second.last_request = Clock::now();
}

ClientTable::Clock::time_point ClientTable::last_request(const std::string& ip) const {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(ip);
    return it == clients_.end() ? Clock::time_point{} : it->second.last_request;
}

int ClientTable::streams() const {
    std::lock_guard lock(mutex_);
    return streams_;
}

int ClientTable::connections(const std::string& ip) const {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(ip);
    return it == clients_.end() ? 0 : it->second.connections;
}

void ClientTable::forget_if_gone(std::map<std::string, Client>::iterator it) {
    if (it != clients_.end() && it->second.connections <= 0 && it->second.streams <= 0)
        clients_.erase(it);
}

}  // namespace kibitz::server
