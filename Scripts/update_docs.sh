#!/usr/bin/env bash
# Writes the man page's OPTIONS section and README's Options block again from the option table
# (Sources/GhostpipeCore/CommandLine/OptionTable.swift). The Documentation tests check they agree;
# with GHOSTPIPE_UPDATE_DOCS=1 they write what they expect instead.
set -euo pipefail
cd "$(dirname "$0")/.."
GHOSTPIPE_UPDATE_DOCS=1 swift test --disable-xctest --quiet --filter "GhostpipeCoreTests.Documentation/(theManPagesOptionsAreTheTable|theReadmeShowsTheHelp)"
git --no-pager diff --stat -- man/ghostpipe.1 README.md
