#!/bin/bash
# The real-program tests (run-real-tests.sh) with Debian's armhf packages:
# bash, coreutils, xz, gzip, pigz, sqlite3, lua5.4, python3.11, dpkg and
# openssl as 32-bit ARM programs under arx, against the host's builds.
REAL_ARCH=armhf exec "$(dirname "$0")/run-real-tests.sh" "$@"
