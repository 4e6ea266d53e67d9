// The web app's service for unit tests: one small engine on a database (in memory unless a path
// is given), its commands called through the same handlers as HTTP requests (with a JSON body,
// or a body sent as it is), games lists as the owner or a visitor asks for them, and waiting for
// the engine.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>

#include "server/api.h"

namespace kibitz::server::testing {

// A service on `db` with one 2 MB engine that thinks `o.untimed_ms` on an untimed move; `o`
// gives the rest (the book, the tables).
inline std::unique_ptr<Service> make_service(const std::string& db, Service::Options o) {
    auto store = Store::open(db);
    EXPECT_TRUE(store.ok()) << (store ? "" : store.error());
    o.engines = 1;
    o.hash_mb = 2;
    return std::make_unique<Service>(std::move(*store), o);
}

// A service on `db` with one 2 MB engine that thinks `untimed_ms` on an untimed move.
inline std::unique_ptr<Service> make_service(const std::string& db = ":memory:",
                                             std::int64_t untimed_ms = 200) {
    Service::Options o;
    o.untimed_ms = untimed_ms;
    return make_service(db, o);
}

// The reply to `method path` with a body as it is (for a body that is not JSON, or no body:
// "") and a seat token.
inline Reply call_text(Service& s, std::string method, std::string path, std::string body,
                       std::string token = "") {
    Request r;
    r.method = std::move(method);
    r.path = std::move(path);
    r.body = std::move(body);
    r.token = std::move(token);
    return handle(s, r);
}

// The reply to `method path` with a JSON body (null: none) and a seat token.
inline Reply call(Service& s, std::string method, std::string path, const Json& body = nullptr,
                  std::string token = "") {
    return call_text(s, std::move(method), std::move(path), body.is_null() ? "" : body.dump(),
                     std::move(token));
}

// A body given as text: a std::string or a string literal (a braced list is a Json).
using CString = const char*;
template <class T>
concept BodyText =
    std::is_same_v<std::remove_cvref_t<T>, std::string> || std::is_same_v<std::decay_t<T>, CString>;

// The same with a body given as text, sent as it is.
template <BodyText Text>
Reply call(Service& s, std::string method, std::string path, Text&& body, std::string token = "") {
    return call_text(s, std::move(method), std::move(path), std::string(body), std::move(token));
}

// GET of a games list from `peer` presenting `tokens` (X-Kibitz-Tokens), `all` as ?all=.
inline Reply list(Service& s, const std::string& path, const std::string& tokens,
                  const std::string& peer = "127.0.0.1", const std::string& all = "") {
    Request r;
    r.method = "GET";
    r.path = path;
    r.peer = peer;
    r.tokens = tokens;
    r.all = all;
    return handle(s, r);
}

// GET of a games list by the server's owner (?all=1 from loopback): every game.
inline Reply list_all(Service& s, const std::string& path) {
    return list(s, path, "", "127.0.0.1", "1");
}

// Polls until pred holds (true) or the time is up (false).
inline bool wait_for(const std::function<bool()>& pred,
                     std::chrono::milliseconds limit = std::chrono::seconds(30)) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (pred()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return pred();
}

}  // namespace kibitz::server::testing
