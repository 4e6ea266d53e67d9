// Result<T>: a value or an error message that names what was wrong (no exceptions).
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace kibitz::core {

struct Error {
    std::string message;
};

// Makes an Error from a message.
inline Error error(std::string message) { return Error{std::move(message)}; }

template <class T>
class Result {
public:
    Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit on purpose
    Result(Error e) : data_(std::move(e)) {}      // NOLINT: implicit on purpose

    bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    // The value; only when ok().
    T& value() {
        assert(ok());
        return std::get<0>(data_);
    }
    const T& value() const {
        assert(ok());
        return std::get<0>(data_);
    }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    // The error message; only when !ok().
    const std::string& error() const {
        assert(!ok());
        return std::get<1>(data_).message;
    }

private:
    std::variant<T, Error> data_;
};

// The value of a Result that carries none: success.
struct Done {};
using Status = Result<Done>;

}  // namespace kibitz::core
