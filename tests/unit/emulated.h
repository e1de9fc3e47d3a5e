/*
** emulated: the simulations that prove a method's error rate or power
** (thousands of simulated series each) run natively only.  Under an
** emulator (the cross builds' qemu-user, which `make test-cross` names in
** SQLSOAK_EMULATED) they take minutes a test: qemu-i386 emulates the x87
** in software.  A rate is the method's and needs no second word size; the
** tests of the same functions on fixed inputs run on every build.
*/
#ifndef SQLSOAK_TEST_EMULATED_H
#define SQLSOAK_TEST_EMULATED_H

#include <stdlib.h>

/* In a cmocka test: skipped, saying why, when run under an emulator. */
#define SIMULATION_NATIVE_ONLY()                                                         \
    do {                                                                                 \
        if (getenv("SQLSOAK_EMULATED")) {                                                \
            print_message("a simulation of thousands of series: run natively only\n"); \
            skip();                                                                      \
        }                                                                                \
    } while (0)

/* The count of a check repeated over seeds or random draws: under an
** emulator the smaller one, which still meets every case the test asserts
** (the seeds are fixed, so the same cases on every run); what a word size
** or a byte order breaks shows in the first trials as in the last. */
static inline size_t trials_here(size_t native, size_t emulated)
{
    return getenv("SQLSOAK_EMULATED") ? emulated : native;
}

#endif
