#!/usr/bin/env bash
# Builds ghostpipe_VERSION_ARCH.deb (`make deb`) with dpkg-deb from the release binary: the files
# `make install-strip PREFIX=/usr` puts in place (the binary stripped, the man page, completions for
# bash, zsh and fish), the man page compressed, a copyright file with the Unicode data licence, a
# changelog, and a control file. The binary is static: the package depends on nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# BINARY: another build's binary (a test of the packaging with a debug build); default the release one.
binary=${BINARY:-.build/release/ghostpipe}
upstream=$("$binary" --version | awk '{print $NF}')
version="$upstream-1"
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
make --no-print-directory install-strip binary="$binary" PREFIX=/usr DESTDIR="$root" >/dev/null
gzip -9n "$root/usr/share/man/man1/ghostpipe.1"
doc=$root/usr/share/doc/ghostpipe
install -d -m 755 "$doc"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: ghostpipe"
    echo
    echo "Files: *"
    echo "Copyright: ghostpipe contributors"
    echo "License: Apache-2.0"
    echo " On Debian systems, the full text of the Apache License, Version 2.0, is in"
    echo " /usr/share/common-licenses/Apache-2.0."
    echo
    echo "Files: Sources/GhostpipeCore/Text/*.generated.swift"
    echo "Copyright: 1991-2025 Unicode, Inc."
    echo "License: Unicode-3.0"
    echo " The width and grapheme tables built into the binary are generated from the Unicode"
    echo " Character Database, under this licence:"
    echo " ."
    sed -e 's/^$/./' -e 's/^/ /' Tests/Data/unicode/LICENSE-Unicode-V3.txt
} > "$doc/copyright"
chmod 644 "$doc/copyright"
printf '%s\n' "ghostpipe ($version) unstable; urgency=medium" "" \
    "  * Packaged from the ghostpipe source tree (make deb)." "" \
    " -- ghostpipe maintainers <ghostpipe@users.noreply.github.com>  $(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
    | gzip -9n > "$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"
# lintian: the binary is static on purpose (it starts as fast as cat, and runs on any x86-64 Linux);
# the one warning left, initial-upload-closes-no-bugs, is about uploads to Debian's archive (an ITP
# bug to close), not a package built from the source tree.
overrides=$root/usr/share/lintian/overrides
install -d -m 755 "$overrides"
printf '%s\n' "# Static on purpose: start-up time, and no shared library to find at run time." \
    "ghostpipe: statically-linked-binary [usr/bin/ghostpipe]" > "$overrides/ghostpipe"
chmod 644 "$overrides/ghostpipe"
install -d -m 755 "$root/DEBIAN"
size=$(du -k -s --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: ghostpipe
Version: $version
Architecture: $arch
Maintainer: ghostpipe maintainers <ghostpipe@users.noreply.github.com>
Installed-Size: $size
Section: utils
Priority: optional
Homepage: https://github.com/ghostpipe/ghostpipe
Description: reveal text and subtitles on a terminal in time
 ghostpipe is a streaming terminal filter: it shows text as if typed at a
 chosen pace, and plays subtitle files (SubRip, WebVTT, ASS, SAMI, LRC) at
 their times, with effects, drawing only what changes. Pipes get the bytes
 as they were.
CONTROL
find "$root" -type d -exec chmod 755 {} +
out="ghostpipe_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
