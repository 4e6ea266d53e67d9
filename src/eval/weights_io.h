// Weights as files: the JSON form that `kibitz tune` writes and `--weights FILE` / the UCI option
// WeightsFile read, and the C++ form of the built-in defaults (src/eval/default_weights.inc).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "eval/weights.h"

namespace kibitz::eval {

// The largest weights file Kibitz reads: 16 MiB (docs/tuning.md). A full set of weights in
// JSON is about 40 KB.
inline constexpr std::uint64_t kMaxWeightsBytes = std::uint64_t(16) << 20;

// {"format": "kibitz-weights", "version": 1, "weights": {"material.pawn": [80, 100], ...}}:
// every weight by its for_each_param name as [middlegame, endgame], in that order.
std::string weights_to_json(const Weights& w);

// Reads the JSON form. Weights not named keep their default values. Malformed JSON, another
// format, unknown names and values that are not two integers are errors naming the entry.
core::Result<Weights> weights_from_json(std::string_view text);

// Reads a weights file of at most kMaxWeightsBytes: JSON (first non-blank character '{') or the
// text form of weights_from_text. The error names the file.
core::Result<Weights> load_weights(const std::string& path);

// Writes w as JSON to path, replacing it atomically (core::write_file). The error names the
// file and the reason.
core::Status save_weights(const std::string& path, const Weights& w);

// The C++ form: one "{mg, eg},  // name" line per weight in for_each_param order, the body of
// the array that default_weights() is built from (src/eval/default_weights.inc).
std::string weights_to_cpp(const Weights& w, std::string_view origin);

}  // namespace kibitz::eval
