#!/usr/bin/env bash
# The tests, as README says: `swift test` underneath, its output cut to what matters: a line per suite,
# every skip with its reason, every failure in full (with the compiler's messages), and the final count.
# What is left out is only progress: build steps and each test's "started" and "passed" lines.
#
#   Scripts/test.sh                      # everything
#   Scripts/test.sh --filter Pacing      # any `swift test` options
#   GHOSTPIPE_TEST_VERBOSE=1 Scripts/test.sh   # swift test's own output, unfiltered
#
# Swift Testing runs the tests; XCTest would add an empty report ("Executed 0 tests"), so it is off
# unless a test file imports XCTest.
set -uo pipefail
cd "$(dirname "$0")/.."

arguments=()
grep -rqs --include='*.swift' '^import XCTest' Tests || arguments+=(--disable-xctest)
arguments+=("$@")

if [[ -n ${GHOSTPIPE_TEST_VERBOSE:-} ]]; then
    exec swift test "${arguments[@]}"
fi

swift test "${arguments[@]}" 2>&1 | awk '
    { plain = $0; gsub(/\033\[[0-9;]*m/, "", plain) }
    plain ~ /^\[[0-9]+\/[0-9]+\] / { next }                     # build steps
    plain ~ /^(Building for|Planning build)/ { next }
    plain ~ /^✔ Test run with|^✘ Test run with/ { last = $0; next }       # the count, said last
    skipping && plain ~ /^(✔|✘|◇|➜|↳) / { skipping = 0 }        # a new event ends it, whatever it was
    skipping { if (plain ~ /started\.$/) skipping = 0; next }   # the rest of a "started" line
    plain ~ /^◇ / { if (plain !~ /started\.$/) skipping = 1; next }   # started (its arguments may hold newlines)
    plain ~ /^✔ Test .* passed/ { next }                         # each test that passed
    plain ~ /^↳ (Testing Library Version|Target Platform):/ { next }
    plain ~ /^➜ Test .* skipped/ {                               # counted by reason, said at the end
        reason = plain; if (!sub(/^.* skipped: */, "", reason)) reason = "(no reason given)"
        if (!(reason in skipped)) order[++reasons] = reason
        skipped[reason]++; next
    }
    { print; fflush() }
    END {
        for (k = 1; k <= reasons; k++) printf "➜ %d test%s skipped: %s\n", skipped[order[k]], skipped[order[k]] == 1 ? "" : "s", order[k]
        if (last != "") print last
    }
'
exit "${PIPESTATUS[0]}"
