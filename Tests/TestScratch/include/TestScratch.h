#ifndef TEST_SCRATCH_H
#define TEST_SCRATCH_H

/// The directory this test process keeps its temporary files in ("" if none could be made).
const char *storefront_test_scratch(void);

/// Removes `path` and everything under it, following no symbolic link (0, or -1 if it could not be walked).
int storefront_test_remove_tree(const char *path);

#endif
