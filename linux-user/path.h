/*
 * Sysroot redirection (-L): absolute guest paths resolve inside the sysroot
 * first when they exist there. Must not redirect /proc, /dev or /sys.
 */
#ifndef ARX_LINUX_USER_PATH_H
#define ARX_LINUX_USER_PATH_H

/* Sets the sysroot (NULL or "" for none). */
void path_set_sysroot(const char *dir);
/* The host path to use for a guest path: the sysroot copy when one exists,
 * else path itself. The result stays valid until the next two calls. */
const char *path_redirect(const char *path);

#endif
