// A fresh directory under /tmp for one test, removed with everything in it at the end.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace kibitz::test {

struct TempDir {
    // prefix names the test in the directory's name: /tmp/<prefix>XXXXXX.
    explicit TempDir(const std::string& prefix) {
        std::string name = "/tmp/" + prefix + "XXXXXX";
        path = mkdtemp(name.data()) ? name : "";
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return path + "/" + name; }

    std::string path;
};

}  // namespace kibitz::test
