// The service the server's fuzz targets run against: an in-memory database, one engine with a
// 1 MB table and quick untimed searches.
#pragma once

#include <cstdlib>
#include <memory>
#include <utility>

#include "server/service.h"

namespace kibitz::fuzz {

// A new service; aborts (a fuzzing setup error, not a finding) when the database cannot open.
inline std::unique_ptr<server::Service> make_small_service() {
    auto store = server::Store::open(":memory:");
    if (!store) std::abort();
    server::Service::Options o;
    o.engines = 1;
    o.hash_mb = 1;
    o.untimed_ms = 20;
    return std::make_unique<server::Service>(std::move(*store), o);
}

}  // namespace kibitz::fuzz
