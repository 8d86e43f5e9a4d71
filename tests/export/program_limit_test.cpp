// The least-recently-used order that bounds a package's per-call programs in memory (ktp_program_limit.hpp), on its
// own: which keys a device state must release as programs are added and used again. The backends' use of it (and
// $KTP_MAX_PROGRAMS) is tested end to end on PoCL in export_package_test.cpp.
#include <gtest/gtest.h>

#include "core/export/package/src/ktp_program_limit.hpp"

namespace {

using Key = ktp::SizedPrograms::Key;

TEST(PackageProgramLimit, ReleasesTheLeastRecentlyUsedBeyondTheLimit) {
    ktp::SizedPrograms lru;
    const Key a{3, "-DBATCHED_M=1"}, b{3, "-DBATCHED_M=2"}, c{3, "-DBATCHED_M=3"}, d{4, "-DBATCHED_M=1"};
    EXPECT_TRUE(lru.add(a, 2).empty());
    EXPECT_TRUE(lru.add(b, 2).empty());
    EXPECT_EQ(lru.size(), 2u);
    lru.touch(a); // b is now the least recently used
    EXPECT_EQ(lru.add(c, 2), std::vector<Key>{b});
    EXPECT_EQ(lru.size(), 2u);
    // The same options of another program are another key; adding a key held already only makes it the most recent.
    EXPECT_EQ(lru.add(d, 2), std::vector<Key>{a});
    EXPECT_TRUE(lru.add(c, 2).empty());
    EXPECT_EQ(lru.add(a, 2), std::vector<Key>{d});
    // A lower limit releases several at once, oldest first, never the key just added.
    lru.add(b, 3);
    EXPECT_EQ(lru.size(), 3u);
    EXPECT_EQ(lru.add(d, 1), (std::vector<Key>{c, a, b}));
    EXPECT_EQ(lru.size(), 1u);
    EXPECT_TRUE(lru.add(d, 0).empty()); // the program in use stays even under a limit below one
    lru.touch(Key{9, "unknown"});       // not held: nothing happens
    EXPECT_EQ(lru.size(), 1u);
}

} // namespace
