// libFuzzer target for the web app's REST API (docs/api.md). The input is a request: its first
// line is the method, the second the path, where "$A", "$H" and "$E" stand for the ids of an
// analysis board, a two-player game and an engine game; the third line picks the token ('a',
// 'w', 'b', 'e' or none); the rest is the body. Whatever it is, the reply must be a status
// from 200 to 499 with a JSON body (an error names itself in "error"), and the stored games must
// still read back from the database afterwards.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "fuzz_service.h"
#include "server/api.h"

namespace {

using namespace kibitz::server;

struct World {
    std::unique_ptr<Service> service;
    std::string id[3], token[4];  // analysis, humans, engine; a, w, b, e
};

World& world() {
    static World* w = [] {
        auto* w = new World;
        w->service = kibitz::fuzz::make_small_service();
        const char* bodies[3] = {R"({"mode": "analysis"})", R"({"mode": "humans"})",
                                 R"({"mode": "engine", "level": {"kind": "depth", "depth": 1}})"};
        for (int i = 0; i < 3; ++i) {
            Request r{"POST", "/api/games", "", "", "", bodies[i]};
            const Reply reply = handle(*w->service, r);
            if (reply.status != 201) std::abort();
            w->id[i] = reply.body["game"]["id"];
            if (i == 0) w->token[0] = reply.body["token"];
            if (i == 1) {
                w->token[1] = reply.body["token"];
                w->token[2] = reply.body["invite"]["token"];
            }
            if (i == 2) w->token[3] = reply.body["token"];
        }
        return w;
    }();
    return *w;
}

std::string line(std::string_view& in) {
    const auto end = in.find('\n');
    std::string out(in.substr(0, end));
    in = end == std::string_view::npos ? std::string_view() : in.substr(end + 1);
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    std::string_view in(reinterpret_cast<const char*>(data), size);
    Request r;
    r.method = line(in);
    r.path = line(in);
    for (const auto& [mark, i] : {std::pair{"$A", 0}, std::pair{"$H", 1}, std::pair{"$E", 2}})
        for (std::size_t at; (at = r.path.find(mark)) != std::string::npos;)
            r.path.replace(at, 2, w.id[i]);
    const std::string pick = line(in);
    const std::string picks = "awbe";
    if (pick.size() == 1 && picks.find(pick[0]) != std::string::npos)
        r.token = w.token[picks.find(pick[0])];
    r.body = std::string(in);
    const Reply reply = handle(*w.service, r);
    const bool json_ok = !reply.content_type.empty() || reply.body.is_object();
    const bool error_ok = reply.status < 400 || reply.body.contains("error");
    if (reply.status < 200 || reply.status > 499 || !json_ok || !error_ok) {
        std::fprintf(stderr, "fuzz_api: bad reply %d %s to %s %s\n", reply.status,
                     reply.body.dump().c_str(), r.method.c_str(), r.path.c_str());
        std::abort();
    }
    return 0;
}
