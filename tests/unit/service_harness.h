// The web app's service for unit tests: one small engine on a database (in memory unless a path
// is given), and its commands called through the same handlers as HTTP requests, with JSON bodies.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "server/api.h"

namespace kibitz::server::testing {

// A service on `db` with one 2 MB engine that thinks `untimed_ms` on an untimed move.
inline std::unique_ptr<Service> make_service(const std::string& db = ":memory:",
                                             std::int64_t untimed_ms = 200) {
    auto store = Store::open(db);
    EXPECT_TRUE(store.ok()) << (store ? "" : store.error());
    Service::Options o;
    o.engines = 1;
    o.hash_mb = 2;
    o.untimed_ms = untimed_ms;
    return std::make_unique<Service>(std::move(*store), o);
}

// The reply to `method path` with a JSON body (null: none) and a seat token.
inline Reply call(Service& s, std::string method, std::string path, const Json& body = nullptr,
                  std::string token = "") {
    Request r;
    r.method = std::move(method);
    r.path = std::move(path);
    r.body = body.is_null() ? "" : body.dump();
    r.token = std::move(token);
    return handle(s, r);
}

}  // namespace kibitz::server::testing
