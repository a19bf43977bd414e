# Limelight quick start: `make run` (the demo in a window) and `make test` (the whole suite, headless).
# Both first make sure the system packages are installed (see scripts/ensure-packages.sh).

# Build and run: SDL2 (window, input), Xlib (its error handler: see SDLHost's X11Errors), SDL2_image (reading JPEG, BMP, WebP, QOI), giflib (reading GIF),
# libspng and zlib (reading and writing PNGs), ISA-L's igzip (compressing the PNGs written), libdeflate (PNG checksums),
# xxHash (golden digests); for text fontconfig (finding faces), FreeType (glyphs, colour bitmaps),
# HarfBuzz (shaping), FriBidi (bidirectional order), ICU (line breaks); speech-dispatcher's client
# library (announcements, spoken when its service runs); gettext's libgettextpo (reading translators'
# PO files); and the fonts: DejaVu for the sample app's
# Latin, VL Gothic for its Japanese, Noto for every other script, Han in its Chinese and Korean forms,
# and colour emoji.
RUN_PACKAGES  = libsdl2-dev libx11-dev libsdl2-image-dev libgif-dev libspng-dev zlib1g-dev libisal-dev libdeflate-dev libxxhash-dev libfontconfig-dev \
                libfreetype-dev libharfbuzz-dev libfribidi-dev libicu-dev libspeechd-dev libgettextpo-dev libsystemd-dev \
                fonts-dejavu-core fonts-vlgothic fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
# Tests add a virtual X server, a clicker, a screenshot tool and python-xlib (scripts/xdnd-drop.py drops
# a file on a window as a file manager does) for the real-window tests, Chromium
# (headless) to open `limelight test`'s HTML report as a browser does, Python to measure the peak
# memory of a child process, and ffmpeg, which `render --video` encodes with (and the tests decode
# with); ffmpeg is optional at run time: without it `--video` says which package to install. HarfBuzz's
# `hb-shape` and FriBidi's `fribidi` are the references the text tests compare shaping and order with;
# the speech-dispatcher service (with its dummy output module) hears the window's announcements;
# gettext's `msgfmt --check`, translate-toolkit and polib are the translators' tools the exported
# PO and XLIFF files are read back with; at-spi2-core (the accessibility bus and registry), dbus and
# pyatspi are the screen reader's side of the accessibility tests, and Orca is the screen reader itself;
# Python's jsonschema checks every shipped tour and screens file against Limelight's JSON Schemas;
# liblimelight is installed into a prefix in the build folder (patchelf) and its examples built against it,
# the Dear ImGui tool with Debian's libimgui-dev.
TEST_PACKAGES = $(RUN_PACKAGES) xvfb xauth xdotool imagemagick chromium python3 python3-xlib ffmpeg libharfbuzz-bin libfribidi-bin \
                speech-dispatcher gettext translate-toolkit python3-polib at-spi2-core python3-pyatspi dbus orca python3-jsonschema \
                python3-gi gir1.2-gtk-3.0 python3-pip \
                $(LIBRARY_PACKAGES) libimgui-dev
# Installing liblimelight sets its RUNPATH with patchelf.
LIBRARY_PACKAGES = patchelf
# The leak check runs the app, and the C examples against liblimelight (installed with patchelf, the
# Dear ImGui tool with Debian's libimgui-dev), under valgrind's memcheck.
LEAK_PACKAGES = $(RUN_PACKAGES) valgrind $(LIBRARY_PACKAGES) libimgui-dev

SWIFT ?= swift
ARGS ?=

.PHONY: run test deps test-deps library-deps build release bench assets goldens clean install uninstall

deps:
	@command -v $(SWIFT) >/dev/null || { echo "limelight: swift not found on PATH (Swift 6 toolchain needed)" >&2; exit 1; }
	@sh scripts/ensure-packages.sh $(RUN_PACKAGES)

test-deps: deps
	@sh scripts/ensure-packages.sh $(TEST_PACKAGES)
	@python3 -c 'import duckdb' 2>/dev/null || python3 -m pip install --quiet duckdb 2>/dev/null || python3 -m pip install --quiet --break-system-packages duckdb

library-deps: deps
	@sh scripts/ensure-packages.sh $(LIBRARY_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product limelight

run: release
	$$($(SWIFT) build -c release --show-bin-path)/limelight $(ARGS)

# The whole suite. SDL never opens a real display here: tests that need one start Xvfb themselves.
# Then the app in examples/Settings, a package of its own on Limelight's public products: its suite
# (the test kit, and its own command line through every command) keeps the public API honest.
# A build with a warning fails first (a clean build, as CI's, shows every one; an incremental
# build shows those of the files it compiles).
test: test-deps
	@sh scripts/build-without-warnings.sh . $(SWIFT)
	SDL_VIDEODRIVER=dummy $(SWIFT) test
	@sh scripts/build-without-warnings.sh examples/Settings $(SWIFT)
	cd examples/Settings && SDL_VIDEODRIVER=dummy $(SWIFT) test

# Installs the release binary as $(PREFIX)/bin/limelight and the card illustrations and sample
# tours under $(PREFIX)/share/limelight, where the binary looks for them, so `limelight test` runs
# from any folder (a CI image: `make install`); and liblimelight, the C library: lib/liblimelight.so
# with the Swift runtime libraries it needs beside it (its RUNPATH is $ORIGIN), include/limelight.h
# and lib/pkgconfig/limelight.pc (scripts/install-library.sh). DESTDIR stages the install for packaging.
PREFIX ?= /usr/local
install: release library-deps
	$(SWIFT) build -c release --product LimelightC
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/limelight
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/limelight $(DESTDIR)$(PREFIX)/bin/limelight
	rm -rf $(DESTDIR)$(PREFIX)/share/limelight/images $(DESTDIR)$(PREFIX)/share/limelight/tours $(DESTDIR)$(PREFIX)/share/limelight/strings
	cp -R assets/images assets/tours assets/strings $(DESTDIR)$(PREFIX)/share/limelight/
	sh scripts/install-library.sh $$($(SWIFT) build -c release --show-bin-path) $(DESTDIR)$(PREFIX) $(PREFIX)
	@echo "installed $(DESTDIR)$(PREFIX)/bin/limelight and $(DESTDIR)$(PREFIX)/share/limelight/"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/limelight
	if [ -f $(DESTDIR)$(PREFIX)/share/limelight/library-files ]; then \
	    sed 's|^|$(DESTDIR)$(PREFIX)/|' $(DESTDIR)$(PREFIX)/share/limelight/library-files | xargs rm -f; fi
	rm -rf $(DESTDIR)$(PREFIX)/share/limelight
	@echo "removed $(DESTDIR)$(PREFIX)/bin/limelight, liblimelight and $(DESTDIR)$(PREFIX)/share/limelight/"

# Release-build figures for BENCHMARKS.md.
bench: deps
	$(SWIFT) run -c release limelight-bench

# `limelight capture` of a GTK window of 500 elements and of a web page of about 1,000 nodes, each
# alternated with the screenshot alone (ImageMagick's import; Chromium's --screenshot), in a private
# accessible desktop (scripts/bench/captures.py; RUNS pairs, default 7).
.PHONY: bench-captures
bench-captures: test-deps
	$(SWIFT) build -c release --product limelight
	rm -rf .build/bench-captures
	LIMELIGHT=$$($(SWIFT) build -c release --show-bin-path)/limelight sh scripts/accessibility-session.sh .build/bench-captures \
	    $(CURDIR)/scripts/bench/captures.py /usr/bin/python3 $(CURDIR)/scripts/bench/gtk-grid.py 500
	@cat .build/bench-captures/client.log

# The C paint example's whole frame at 1920x1080 with a tour step shown against the same frame
# without Limelight, alternated frame by frame in one process (examples/c-sdl/bench.c; BENCH_PAIRS
# pairs, about 10 s), against liblimelight built as `make install` builds it and installed into
# .build/bench-c-prefix.
BENCH_PAIRS ?= 2000
BENCH_PREFIX = $(CURDIR)/.build/bench-c-prefix
.PHONY: bench-c
bench-c: library-deps
	$(SWIFT) build -c release --product LimelightC
	rm -rf $(BENCH_PREFIX)
	sh scripts/install-library.sh $$($(SWIFT) build -c release --show-bin-path) $(BENCH_PREFIX) >/dev/null
	cc -O2 -Wall -Werror examples/c-sdl/bench.c $$(PKG_CONFIG_PATH=$(BENCH_PREFIX)/lib/pkgconfig pkg-config --cflags --libs limelight sdl2) \
	    -o $(BENCH_PREFIX)/bench-c-sdl
	SDL_VIDEODRIVER=dummy $(BENCH_PREFIX)/bench-c-sdl examples/c-sdl/tour.json $(BENCH_PAIRS)

# Regenerates the card illustrations in assets/images.
assets: deps
	$(SWIFT) run limelight-assets assets/images

# Re-records every golden image (look at the diffs before committing them).
goldens: test-deps
	SDL_VIDEODRIVER=dummy LIMELIGHT_RECORD_GOLDENS=1 $(SWIFT) test

clean:
	rm -rf .build

# libFuzzer, under AddressSanitizer, on the SVG path parser, the image decoders (every format read),
# the tour loader and the accessibility bridge's answers to calls (fuzz/run.sh), FUZZ_SECONDS each;
# fails when one finds a crash, a slow input or an image bomb (kept under .build/fuzz/artifacts/).
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh

# The long soak: 100,000 seeded random events on the sample app in a release build, checked after
# every event; prints peak resident memory after 1,000 events and at the end (SOAK_EVENTS to change).
SOAK_EVENTS ?= 100000
# Orca reading the sample app's home tour in a private accessible desktop, its words printed as
# it says them (scripts/orca-session.sh: speech-dispatcher's dummy output, no sound card needed).
.PHONY: orca
orca: test-deps build
	sh scripts/orca-session.sh .build/orca-session

.PHONY: soak
soak: deps
	$(SWIFT) run -c release limelight-soak --events $(SOAK_EVENTS) --peaks 1

# The suite under AddressSanitizer (out-of-bounds, use-after-free), with LeakSanitizer's check at
# exit, in its own build folder so the ordinary debug build is kept. sanitizers/lsan.supp names the
# third-party allocations that outlive the run; the project's own code is never suppressed. The
# toolchain's llvm-symbolizer is named outright, so a command a test runs with another PATH still
# names functions, which the suppressions of functions need.
SYMBOLIZER ?= $(dir $(shell command -v $(SWIFT)))llvm-symbolizer
.PHONY: test-asan
test-asan: test-deps
	SDL_VIDEODRIVER=dummy LIMELIGHT_SANITIZER=address ASAN_OPTIONS=detect_leaks=1:external_symbolizer_path=$(SYMBOLIZER) \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/sanitizers/lsan.supp:print_suppressions=0 \
	    $(SWIFT) test --sanitize=address --scratch-path .build/asan

# The suite under ThreadSanitizer, in its own build folder; any data race it reports fails the run
# (the test runner exits non-zero). It reports none here, so nothing is suppressed.
.PHONY: test-tsan
test-tsan: test-deps
	SDL_VIDEODRIVER=dummy LIMELIGHT_SANITIZER=thread $(SWIFT) test --sanitize=thread --scratch-path .build/tsan

# valgrind's leak check on a short headless replay (valgrind/replay.txt: the FAB tip, every overlay,
# both tabs) of the release build: the one `make run` starts, with line numbers in its stacks, and
# about 10 s under memcheck here (the debug build takes 40 s). Fails on any definitely lost block or
# memory error, and when the replay does not end where the script leads (so it still drives the
# app). valgrind/limelight.supp hides only the Swift runtime's metadata caches; the shots and the
# final state are kept in LEAKS_OUT.
# The build is apart (.build/leaks-build) and writes DWARF 4: Debian's valgrind 3.19 cannot read the
# DWARF 5 the toolchain writes by default ("unhandled dwarf2 abbrev form code 0x25").
LEAKS_OUT = .build/leaks
LEAKS_BUILD = .build/leaks-build
.PHONY: leaks leak-deps leaks-examples
leak-deps: deps
	@sh scripts/ensure-packages.sh $(LEAK_PACKAGES)

leaks: leak-deps leaks-examples
	$(SWIFT) build -c release --product limelight --scratch-path $(LEAKS_BUILD) -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
	rm -rf $(LEAKS_OUT) && mkdir -p $(LEAKS_OUT)
	SDL_VIDEODRIVER=dummy valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 \
	    --suppressions=valgrind/limelight.supp \
	    $$($(SWIFT) build -c release --scratch-path $(LEAKS_BUILD) --show-bin-path)/limelight replay --script valgrind/replay.txt \
	    --out $(LEAKS_OUT) >$(LEAKS_OUT)/state.json
	@python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); sys.exit(0 if [s[k] for k in ("cards", "overlay", "tab")] == [5, None, "home"] and (s["tour"] or {}).get("state") == "finished" else 1)' \
	    $(LEAKS_OUT)/state.json || \
	    { echo "leaks: the replay ended in another state: $$(cat $(LEAKS_OUT)/state.json) (see valgrind/replay.txt)" >&2; exit 1; }

# valgrind's check of the C examples (`make leaks` runs it first, about 10 s here): liblimelight from
# the same release build (LimelightC, DWARF 4) installed into a prefix as `make install` installs it
# (scripts/install-library.sh), examples/c-sdl and examples/imgui built against it with pkg-config
# and -g, and each run headless on its walkthrough.txt (a few dozen frames on the script's own clock)
# under memcheck. Fails on any definitely lost block or memory error of the example or the library,
# and when the tour did not finish (so the script still drives it). valgrind/examples.supp hides
# only what a system library loses by itself, named by its entry point, which the deeper stacks
# (--num-callers) reach; the output of each run is kept in LEAKS_EXAMPLES_OUT.
LEAKS_EXAMPLES_OUT = .build/leaks-examples
LEAKS_PREFIX = $(CURDIR)/$(LEAKS_BUILD)/limelight-c-prefix
LEAKS_VALGRIND = SDL_VIDEODRIVER=dummy valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 \
    --num-callers=40 --suppressions=$(CURDIR)/valgrind/limelight.supp --suppressions=$(CURDIR)/valgrind/examples.supp
leaks-examples: leak-deps
	$(SWIFT) build -c release --product LimelightC --scratch-path $(LEAKS_BUILD) -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
	rm -rf $(LEAKS_PREFIX) $(LEAKS_EXAMPLES_OUT) && mkdir -p $(LEAKS_EXAMPLES_OUT)/c-sdl $(LEAKS_EXAMPLES_OUT)/imgui
	sh scripts/install-library.sh $$($(SWIFT) build -c release --scratch-path $(LEAKS_BUILD) --show-bin-path) $(LEAKS_PREFIX) >/dev/null
	cc -g -gdwarf-4 -Wall -Werror examples/c-sdl/app.c $$(PKG_CONFIG_PATH=$(LEAKS_PREFIX)/lib/pkgconfig pkg-config --cflags --libs limelight sdl2) \
	    -o $(LEAKS_PREFIX)/paint
	c++ -g -gdwarf-4 -Wall examples/imgui/app.cpp $$(PKG_CONFIG_PATH=$(LEAKS_PREFIX)/lib/pkgconfig pkg-config --cflags --libs limelight imgui sdl2) \
	    -o $(LEAKS_PREFIX)/tool
	cd $(LEAKS_EXAMPLES_OUT)/c-sdl && $(LEAKS_VALGRIND) $(LEAKS_PREFIX)/paint $(CURDIR)/examples/c-sdl/tour.json \
	    $(CURDIR)/examples/c-sdl/walkthrough.txt >events.txt
	cd $(LEAKS_EXAMPLES_OUT)/imgui && $(LEAKS_VALGRIND) $(LEAKS_PREFIX)/tool $(CURDIR)/examples/imgui/tour.json \
	    $(CURDIR)/examples/imgui/walkthrough.txt >events.txt
	@for example in c-sdl imgui; do grep -q '"event":"finished"' $(LEAKS_EXAMPLES_OUT)/$$example/events.txt || \
	    { echo "leaks-examples: $$example's tour did not finish (see $(LEAKS_EXAMPLES_OUT)/$$example/events.txt)" >&2; exit 1; }; done
