// Every test process keeps its temporary files in a directory of its own, removed when the process
// ends: TMPDIR points there before any test runs, so FileManager.default.temporaryDirectory, the
// programs the tests start and the stores they open all write under it, and a run leaves nothing
// behind in the machine's /tmp (a crashed run leaves its one directory, named for what it was).
#define _GNU_SOURCE
#include "TestScratch.h"
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char scratch[4096];
static pid_t owner;

static int remove_entry(const char *path, const struct stat *status, int kind, struct FTW *walk) {
    (void)status; (void)kind; (void)walk;
    remove(path);
    return 0;
}

int storefront_test_remove_tree(const char *path) {
    return nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS);
}

// Only the process that made the directory removes it (not a child forked from it that exits).
static void remove_scratch(void) {
    if (scratch[0] != 0 && getpid() == owner) storefront_test_remove_tree(scratch);
}

__attribute__((constructor)) static void make_scratch(void) {
    const char *base = getenv("TMPDIR");
    if (base == NULL || base[0] == 0) base = "/tmp";
    int length = snprintf(scratch, sizeof scratch, "%s/storefront-tests.XXXXXX", base);
    if (length < 0 || length >= (int)sizeof scratch || mkdtemp(scratch) == NULL) {
        scratch[0] = 0;
        return;
    }
    owner = getpid();
    setenv("TMPDIR", scratch, 1);
    atexit(remove_scratch);
}

const char *storefront_test_scratch(void) { return scratch; }
