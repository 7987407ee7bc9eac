# ghostpipe, built, tested and installed like any Unix tool (GNU make conventions):
#
#   make                      the release binary, .build/release/ghostpipe (swift build -c release)
#   make test                 the tests (Scripts/test.sh); `make check` is the same
#   sudo make install         the binary, the man page and completions for bash, zsh and fish
#   sudo make uninstall       removes them again
#   make install-strip        install, with the binary's debugging symbols stripped (about half the size)
#   make deb                  ghostpipe_VERSION_ARCH.deb with dpkg-deb (Scripts/make_deb.sh): sudo dpkg -i it
#
# PREFIX (default /usr/local) says where; DESTDIR stages the files elsewhere (for packages):
#   make install PREFIX=/usr DESTDIR=/tmp/stage
# Finer: BINDIR, MANDIR, BASHCOMPDIR, ZSHCOMPDIR, FISHCOMPDIR. The completion scripts are written by
# the binary itself (`ghostpipe --completions SHELL`), from its option table, into .build/completions.

PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR  ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

SWIFT           ?= swift
INSTALL         ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA    ?= $(INSTALL) -m 644

binary      := .build/release/ghostpipe
sources     := Package.swift $(shell find Sources -name '*.swift' -o -name '*.[ch]')
completions := .build/completions/ghostpipe.bash .build/completions/_ghostpipe .build/completions/ghostpipe.fish

.PHONY: all test check install install-strip uninstall clean deb

all: $(binary) $(completions)

# Rebuilt when a source is newer, so that `make install` after `make` builds nothing (as root, in your tree).
$(binary): $(sources)
	$(SWIFT) build -c release
	@touch $@

.build/completions/ghostpipe.bash: $(binary)
	@mkdir -p $(@D)
	$(binary) --completions bash > $@.new && mv $@.new $@
.build/completions/_ghostpipe: $(binary)
	@mkdir -p $(@D)
	$(binary) --completions zsh > $@.new && mv $@.new $@
.build/completions/ghostpipe.fish: $(binary)
	@mkdir -p $(@D)
	$(binary) --completions fish > $@.new && mv $@.new $@

test check:
	Scripts/test.sh

install: all
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	$(INSTALL_PROGRAM) $(binary) "$(DESTDIR)$(BINDIR)/ghostpipe"
	$(INSTALL_DATA) man/ghostpipe.1 "$(DESTDIR)$(MANDIR)/man1/ghostpipe.1"
	$(INSTALL_DATA) .build/completions/ghostpipe.bash "$(DESTDIR)$(BASHCOMPDIR)/ghostpipe"
	$(INSTALL_DATA) .build/completions/_ghostpipe "$(DESTDIR)$(ZSHCOMPDIR)/_ghostpipe"
	$(INSTALL_DATA) .build/completions/ghostpipe.fish "$(DESTDIR)$(FISHCOMPDIR)/ghostpipe.fish"

install-strip:
	$(MAKE) INSTALL_PROGRAM='$(INSTALL_PROGRAM) -s' install

deb: all
	Scripts/make_deb.sh

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/ghostpipe" "$(DESTDIR)$(MANDIR)/man1/ghostpipe.1" \
		"$(DESTDIR)$(BASHCOMPDIR)/ghostpipe" "$(DESTDIR)$(ZSHCOMPDIR)/_ghostpipe" \
		"$(DESTDIR)$(FISHCOMPDIR)/ghostpipe.fish"

clean:
	$(SWIFT) package clean
