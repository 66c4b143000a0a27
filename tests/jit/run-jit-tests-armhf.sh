#!/bin/bash
# The managed-runtime tests (run-jit-tests.sh) with Debian's armhf packages:
# LuaJIT, PyPy, node (worker_threads, WebAssembly), Java and Go (async
# preemption, `go build` with its compile and link children) as 32-bit ARM
# programs under arx, against the host's runs. Usage and environment:
# run-jit-tests.sh.
JIT_ARCH=armhf exec "$(dirname "$0")/run-jit-tests.sh" "$@"
