// The variant list and the dispatch from a name to its compiled instantiation.
#include "lab/variants.h"

#include <algorithm>

#include "lab/variant_list.h"

namespace kibitz::lab {

namespace {

struct Entry {
    VariantInfo info;
    VariantSearch (*search)(const chess::Position&, const search::Limits&, std::size_t);
    int (*uci)(const std::string&, std::istream&, std::ostream&);
};

#define KIBITZ_VARIANT_ENTRY(id, name, description) \
    Entry{{name, description}, &search_##id, &uci_##id},

const std::vector<Entry>& entries() {
    static const std::vector<Entry> list = {KIBITZ_VARIANTS(KIBITZ_VARIANT_ENTRY)};
    return list;
}

const Entry* find(const std::string& name) {
    for (const auto& e : entries())
        if (e.info.name == name) return &e;
    return nullptr;
}

}  // namespace

const std::vector<VariantInfo>& engine_variants() {
    static const std::vector<VariantInfo> list = [] {
        std::vector<VariantInfo> out;
        for (const auto& e : entries()) out.push_back(e.info);
        return out;
    }();
    return list;
}

bool is_engine_variant(const std::string& name) { return find(name) != nullptr; }

VariantSearch search_with_variant(const std::string& variant, const chess::Position& pos,
                                  const search::Limits& limits, std::size_t hash_mb) {
    const Entry* e = find(variant);
    return e ? e->search(pos, limits, hash_mb) : VariantSearch{};
}

int run_uci_variant(const std::string& variant, std::istream& in, std::ostream& out) {
    const Entry* e = find(variant);
    return e ? e->uci(variant, in, out) : 2;
}

}  // namespace kibitz::lab
