# sqlsoak: build, run, test.  `make run` and `make test` install missing
# Debian packages first (.ci/deps).
VERSION  = 0.1.0
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wwrite-strings -Wvla
CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DSQLSOAK_VERSION='"$(VERSION)"' \
            -DSQLSOAK_PLOTS_DIR='"$(CURDIR)/plots"' -MMD -MP $(XCPPFLAGS)
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(if $(CI),-Werror)
LDLIBS  = -ldl -lxxhash -ljansson -lm
B        = build

SOURCES  = $(wildcard src/*.c)
OBJ      = $(SOURCES:src/%.c=$(B)/obj/%.o)
LIBOBJ   = $(filter-out $(B)/obj/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: all run test unit e2e deps clean asan valgrind bench plots sqlite-lib cross test-cross
all: $(B)/sqlsoak

$(B)/obj/%.o: src/%.c | $(B)/obj
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(B)/sqlsoak: $(OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
$(B)/tests/%: tests/unit/%.c $(LIBOBJ) | $(B)/tests
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -Isrc $< $(LIBOBJ) $(LDLIBS) -lcmocka -o $@
$(B)/obj $(B)/tests:
	mkdir -p $@

deps:
	@sh .ci/deps

run: deps
	@$(MAKE) --no-print-directory all
	./$(B)/sqlsoak run --preset quick

test: deps
	@$(MAKE) --no-print-directory all unit e2e

# Every binary runs; the target fails at the end if any failed.
unit: $(UNIT_BIN)
	@failed=0; for t in $(UNIT_BIN); do echo "== $$t"; $(VALGRIND) $(EXEC) ./$$t || failed=1; done; \
	    exit $$failed

e2e: $(B)/sqlsoak
	SQLSOAK=$(CURDIR)/$(B)/sqlsoak bats tests/e2e

# The unit tests and a short end-to-end run under ASan + UBSan.
asan:
	$(MAKE) B=build/asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer" \
	    LDFLAGS="-fsanitize=address,undefined" all unit
	SQLSOAK=$(CURDIR)/build/asan/sqlsoak SQLSOAK_QUICK=1 bats tests/e2e

valgrind: $(B)/sqlsoak $(UNIT_BIN)
	$(MAKE) unit VALGRIND="valgrind -q --error-exitcode=1 --leak-check=full"
	valgrind -q --error-exitcode=1 --leak-check=full --trace-children=yes \
	    ./$(B)/sqlsoak run --rows 20k --chunk 5k --reads 2k --db-dir $(B)/vg-db \
	    --out $(B)/vg-run-$$$$ --no-plot --progress never

bench: $(B)/sqlsoak
	bench/run.sh

plots:
	@test -n "$(RUN)" || { echo "usage: make plots RUN=results-folder" >&2; exit 2; }
	./$(B)/sqlsoak plot "$(RUN)"

# Builds build/sqlite/<version>/libsqlite3.so from an SQLite amalgamation:
# a folder holding sqlite3.c and sqlite3.h, or the .zip or .tar.gz of one.
sqlite-lib:
	@test -n "$(SRC)" || { echo "usage: make sqlite-lib SRC=amalgamation folder, .zip or .tar.gz" >&2; exit 2; }
	@sh .ci/sqlite-lib "$(SRC)" "$(B)/sqlite" "$(CC)"

# Cross builds for the Raspberry Pi (arm64, armhf) and for 32-bit x86
# (i386): build/ARCH/sqlsoak and its unit tests, with Debian's cross
# compilers against ARCH's Debian libraries unpacked in build/sysroot/ARCH
# (.ci/deps cross).  build/ARCH/run PROGRAM runs one of them here (under
# qemu-user for ARM, natively for i386) with ARCH's libraries;
# build/ARCH/sqlsoak.sh is the binary so run, for the e2e tests' $$SQLSOAK.
CROSS_arm64 = aarch64-linux-gnu
CROSS_armhf = arm-linux-gnueabihf
CROSS_i386  = i686-linux-gnu
MULTIARCH_arm64 = aarch64-linux-gnu
MULTIARCH_armhf = arm-linux-gnueabihf
MULTIARCH_i386  = i386-linux-gnu
QEMU_arm64 = qemu-aarch64 -L /usr/aarch64-linux-gnu
QEMU_armhf = qemu-arm -L /usr/arm-linux-gnueabihf
QEMU_i386  =
ARGV0_arm64 = $(QEMU_arm64) -0 "$$0"
ARGV0_armhf = $(QEMU_armhf) -0 "$$0"
ARGV0_i386  = -a "$$0"
XROOT = $(CURDIR)/build/sysroot/$(ARCH)
XLIB  = $(XROOT)/usr/lib/$(MULTIARCH_$(ARCH))
XB    = build/$(ARCH)
# The e2e tests run under emulation: a run, a matrix of two journal modes,
# resume after kill -9, crash trials and the graphs (about a minute under
# qemu).  i386 runs natively, and so runs them all.
E2E_SUBSET = -f '^(run: 200k rows in 50k chunks|run: run.json is valid JSON|corrupt: a wrong value read back|plot: a matrix varying only the journal mode|kill -9: in the moment after|resume refuses: a row deleted|crash writes one durability row|crash: draws the durability graph)' \
	tests/e2e/run.bats tests/e2e/plots.bats tests/e2e/robust.bats tests/e2e/crash.bats tests/e2e/crash_plots.bats
E2E_arm64 = $(E2E_SUBSET)
E2E_armhf = $(E2E_SUBSET)
E2E_i386  = tests/e2e
XMAKE = $(MAKE) --no-print-directory B=$(XB) CC=$(CROSS_$(ARCH))-gcc \
	XCPPFLAGS="-isystem $(XROOT)/usr/include -isystem $(XROOT)/usr/include/$(MULTIARCH_$(ARCH))" \
	LDFLAGS="-L$(XLIB) -Wl,-rpath-link,$(XLIB)"
# CROSS_E2E=0: the unit tests only.
CROSS_E2E = 1

cross:
	@test -n "$(CROSS_$(ARCH))" || { echo "usage: make cross ARCH=arm64|armhf|i386" >&2; exit 2; }
	@sh .ci/deps cross $(ARCH) $(XROOT)
	+@$(XMAKE) all $(UNIT_SRC:tests/unit/%.c=$(XB)/tests/%)
	@printf '#!/bin/sh\n# Runs an $(ARCH) program of this build with $(ARCH)'"'"'s libraries.\nLD_LIBRARY_PATH=%s$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}\nexport LD_LIBRARY_PATH\nexec %s "$$@"\n' \
	    "$(XLIB)" "$(QEMU_$(ARCH))" > $(XB)/run
	@printf '#!/bin/bash\n# The $(ARCH) sqlsoak of this build, run here; its argv[0] is this script,\n# as in the resume command it prints.\nLD_LIBRARY_PATH=%s$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}\nexport LD_LIBRARY_PATH\nexec %s %s "$$@"\n' \
	    "$(XLIB)" '$(ARGV0_$(ARCH))' "$(CURDIR)/$(XB)/sqlsoak" > $(XB)/sqlsoak.sh
	@chmod +x $(XB)/run $(XB)/sqlsoak.sh
	@echo "$(XB)/sqlsoak ($(ARCH)); run it here with $(XB)/sqlsoak.sh"

test-cross: cross
	+@$(XMAKE) EXEC=$(CURDIR)/$(XB)/run unit
	@[ "$(CROSS_E2E)" = 0 ] || SQLSOAK=$(CURDIR)/$(XB)/sqlsoak.sh SQLSOAK_LIBDIR=$(XLIB) \
	    CC=$(CROSS_$(ARCH))-gcc bats $(E2E_$(ARCH))

clean:
	rm -rf $(B)

-include $(OBJ:.o=.d)
