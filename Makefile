# sqlsoak: build, run, test.  `make run` and `make test` install missing
# Debian packages first (.ci/deps).
VERSION := $(shell cat VERSION)
PREFIX  ?= /usr/local
DATADIR  = $(PREFIX)/share/sqlsoak
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wwrite-strings -Wvla
CPPFLAGS += -D_GNU_SOURCE -DSQLSOAK_VERSION='"$(VERSION)"' -MMD -MP
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(if $(CI),-Werror)
LDLIBS  = -ldl -lxxhash -ljansson -lm
B        = build

SOURCES  = $(wildcard src/*.c)
OBJ      = $(SOURCES:src/%.c=$(B)/obj/%.o)
LIBOBJ   = $(filter-out $(B)/obj/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: all run test unit e2e deps clean asan valgrind bench plots sqlite-lib FORCE
all: $(B)/sqlsoak

$(B)/obj/%.o: src/%.c | $(B)/obj
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(B)/sqlsoak: $(OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@
$(B)/tests/%: tests/unit/%.c $(LIBOBJ) | $(B)/tests
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Isrc $< $(LIBOBJ) $(LDLIBS) -lcmocka -o $@
$(B)/obj $(B)/tests:
	mkdir -p $@

# The version is the VERSION file's, and nothing else's.
$(OBJ): VERSION

# datadir.o holds the PREFIX it was built for: rebuilt when PREFIX changes.
$(B)/obj/datadir.o: CPPFLAGS += -DSQLSOAK_DATADIR='"$(DATADIR)"'
$(B)/obj/datadir.o: $(B)/prefix
$(B)/prefix: FORCE | $(B)/obj
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@

deps:
	@sh .ci/deps

run: deps
	@$(MAKE) --no-print-directory all
	./$(B)/sqlsoak run --preset quick

test: deps
	@$(MAKE) --no-print-directory all unit e2e

# Every binary runs; the target fails at the end if any failed.
unit: $(UNIT_BIN)
	@failed=0; for t in $(UNIT_BIN); do echo "== $$t"; $(VALGRIND) ./$$t || failed=1; done; \
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

clean:
	rm -rf $(B)

-include $(OBJ:.o=.d)
