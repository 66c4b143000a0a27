/*
 * Sysroot redirection (-L): absolute guest paths resolve inside the sysroot
 * first when they exist there. Must not redirect /proc, /dev or /sys.
 */
#ifndef ARX_LINUX_USER_PATH_H
#define ARX_LINUX_USER_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* Sets the sysroot (NULL or "" for none). */
void path_set_sysroot(const char *dir);
/* The host path to use for a guest path: the sysroot copy when one exists,
 * else path itself. The result stays valid until the next two calls. */
const char *path_redirect(const char *path);
/* For execve: path_redirect, and when the file is a link whose text (or a
 * later link's) is absolute, that text is looked up in the sysroot too, as
 * the guest means it (a venv's bin/python -> /usr/bin/python3); the host
 * kernel would take the host's file. The result is path_redirect's, or buf
 * (len at most PATH_MAX) holding the file reached. */
const char *path_redirect_exec(const char *path, char *buf, size_t len);
/* The sysroot as an absolute, link-free host path, or NULL for none. */
const char *path_sysroot(void);
/* True when host_path is the sysroot or lies inside it. */
bool path_is_in_sysroot(const char *host_path);
/* A host path as the guest sees it: the part after the sysroot prefix (a
 * pointer into host_path, or "/"), or host_path when outside it. */
const char *path_guest_view(const char *host_path);
/* The same, cut in place. Returns the new length. */
size_t path_to_guest(char *path);

#endif
