#!/bin/bash
# arx's GDB stub (arx -g PORT, ARX_GDB=PORT) driven by Debian's
# gdb-multiarch in batch mode: builds small AArch64 programs (static and
# dynamic; 32-bit Arm ones too when arm-linux-gnueabihf-gcc is there),
# starts each under arx waiting for gdb on a free loopback port, and checks
# what gdb prints: breakpoints in a thread, backtrace, next/step/stepi,
# finish, locals, registers and memory (read, write, an unreadable
# address, a call gdb makes, code patched), a guest SIGSEGV passed on, a
# handled signal passed on or not, eight threads at one breakpoint, ^C, a
# watchpoint on a variable another thread writes (and read and access
# watchpoints on it), forks followed as gdb
# asks (the parent, with the child detached; the child, with the parent
# detached; catch fork), execs followed into the new program (catch exec,
# a breakpoint there; by a second thread; by a followed fork child),
# detach, the exit code, files and `info proc mappings` through arx
# (vFile). No arx or gdb is left running: every one runs under
# timeout and the exit trap kills what is left.
#
# usage: run-gdb-tests.sh
# environment:
#   ARX          emulator (default "$top_builddir/arx")
#   GDB          debugger (default gdb-multiarch)
#   GDB_TESTS    "name1 name2": run only these cases
#   GDB_TIMEOUT  seconds one gdb or arx run may take (default 60)
#   GDB_VERBOSE  if set, print gdb's output of a failing case
# Exits 77 (SKIP) when gdb-multiarch or aarch64-linux-gnu-gcc is missing.

# gdb expressions and expected output name registers and values with $:
# single quotes on purpose.
# shellcheck disable=SC2016
set -u

srcdir=$(cd "$(dirname "$0")" && pwd)
top_srcdir=$(cd "$srcdir/../.." && pwd)
top_builddir=${top_builddir:-$top_srcdir}
ARX=${ARX:-$top_builddir/arx}
GDB=${GDB:-gdb-multiarch}
TIMEOUT=${GDB_TIMEOUT:-60}

if ! command -v "$GDB" >/dev/null; then
	echo "SKIP: $GDB not installed (apt-get install gdb-multiarch)"
	exit 77
fi
if ! command -v aarch64-linux-gnu-gcc >/dev/null; then
	echo "SKIP: aarch64-linux-gnu-gcc not installed"
	exit 77
fi
if [ ! -x "$ARX" ]; then
	echo "ERROR: $ARX not built" >&2
	exit 99
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/arx-gdb.XXXXXX")
arx_pid=
gdb_pid=

# Kills a process this script started (its timeout wrapper), if alive.
stop_pid() {
	[ -n "$1" ] || return 0
	kill -TERM "$1" 2>/dev/null
	sleep 0.2
	kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	return 0
}

cleanup() {
	stop_pid "$gdb_pid"
	stop_pid "$arx_pid"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0

selected() {
	[ -z "${GDB_TESTS:-}" ] && return 0
	case " $GDB_TESTS " in *" $1 "*) return 0 ;; esac
	return 1
}

# ---- the guest programs ----

build() {
	local cc=$1 out=$2 src=$3
	shift 3
	"$cc" -g -O0 "$@" -o "$work/$out" "$srcdir/$src" 2>>"$work/build.log"
}

if ! build aarch64-linux-gnu-gcc threads threads.c -static -pthread ||
	! build aarch64-linux-gnu-gcc segv segv.c -static ||
	! build aarch64-linux-gnu-gcc spin spin.c -static -pthread ||
	! build aarch64-linux-gnu-gcc fork fork.c -static ||
	! build aarch64-linux-gnu-gcc signals signals.c -static -pthread ||
	! build aarch64-linux-gnu-gcc fpflags fpflags.c -static -pthread ||
	! build aarch64-linux-gnu-gcc jit jit.c -static ||
	! build aarch64-linux-gnu-gcc execer execer.c -static ||
	! build aarch64-linux-gnu-gcc exectarget exectarget.c -static ||
	! build aarch64-linux-gnu-gcc forkexec forkexec.c -static ||
	! build aarch64-linux-gnu-gcc execthread execthread.c -static -pthread; then
	echo "ERROR: cannot build the aarch64 test programs:" >&2
	cat "$work/build.log" >&2
	exit 99
fi
# Return addresses signed (PACIASP ... RETAA): gdb strips them with the
# pauth feature's masks.
have_pac=0
build aarch64-linux-gnu-gcc threads-pac threads.c -static -pthread \
	-march=armv8.3-a -mbranch-protection=pac-ret+leaf && have_pac=1
# SVE registers (org.gnu.gdb.aarch64.sve) need a compiler with +sve.
have_sve=0
build aarch64-linux-gnu-gcc sve sve.c -static -march=armv8.2-a+sve && have_sve=1
have_dynamic=0
if build aarch64-linux-gnu-gcc threads-dyn threads.c -pthread &&
	"$ARX" -L /usr/aarch64-linux-gnu "$work/threads-dyn" >/dev/null 2>&1
	[ $? = 47 ]; then
	have_dynamic=1
fi
have_arm=0
if command -v arm-linux-gnueabihf-gcc >/dev/null &&
	build arm-linux-gnueabihf-gcc threads-t32 threads.c -static -pthread -mthumb &&
	build arm-linux-gnueabihf-gcc threads-a32 threads.c -static -pthread -marm &&
	build arm-linux-gnueabihf-gcc signals-t32 signals.c -static -pthread &&
	build arm-linux-gnueabihf-gcc segv-t32 segv.c -static; then
	have_arm=1
fi
have_arm_dynamic=0
if [ "$have_arm" = 1 ] &&
	build arm-linux-gnueabihf-gcc threads-armdyn threads.c -pthread &&
	"$ARX" -L /usr/arm-linux-gnueabihf "$work/threads-armdyn" >/dev/null 2>&1
	[ $? = 47 ]; then
	have_arm_dynamic=1
fi
# The line of main's call of add_twice, for a breakpoint there.
call_line=$(grep -n 'result = add_twice' "$srcdir/threads.c" | cut -d: -f1)

# ---- running arx and gdb ----

# Starts arx on program $1 waiting for gdb on a free port (through
# ARX_GDB instead of -g when $2 is "env"): sets port and arx_pid. Another
# process may take the port first: then another is tried.
start_arx() {
	local prog=$1 how=${2:-option} try _
	local -a how_args

	for try in 1 2 3 4 5 6 7 8 9 10; do
		port=$((20000 + (RANDOM * 7 + try) % 40000))
		how_args=("$ARX" -g "$port")
		[ "$how" = env ] && how_args=(env "ARX_GDB=$port" "$ARX")
		: >"$work/arx.err"
		timeout -k 5 "$TIMEOUT" "${how_args[@]}" "$work/$prog" \
			>"$work/arx.out" 2>"$work/arx.err" &
		arx_pid=$!
		for _ in $(seq 100); do
			grep -q 'waiting for gdb' "$work/arx.err" && return 0
			kill -0 "$arx_pid" 2>/dev/null || break
			sleep 0.1
		done
		stop_pid "$arx_pid"
		arx_pid=
		grep -q 'cannot listen' "$work/arx.err" || break
	done
	echo "  arx did not wait for gdb:"
	sed 's/^/  arx| /' "$work/arx.err"
	return 1
}

# Runs gdb on program $1 (its symbols; with GDB_SYSROOT=target: gdb
# reads the program and its libraries through arx), connected to arx,
# with the commands that follow (gdb -ex arguments); its output in
# $work/gdb.out, then waits for arx to end: arx_status.
run_gdb() {
	local prog=$1
	local -a files=(-ex "set sysroot ${GDB_SYSROOT:-}" -ex "file $work/$prog")
	shift
	[ "${GDB_SYSROOT:-}" = target: ] && files=()
	timeout -k 5 "$TIMEOUT" "$GDB" -batch -nx -ex 'set pagination off' \
		-ex 'set confirm off' "${files[@]}" \
		-ex "target remote 127.0.0.1:$port" "$@" \
		>"$work/gdb.out" 2>&1 </dev/null &
	gdb_pid=$!
	wait_gdb
}

# Waits for gdb, then for arx (which must end with gdb's session):
# arx_status.
wait_gdb() {
	local _
	wait "$gdb_pid"
	gdb_pid=
	for _ in $(seq 100); do
		kill -0 "$arx_pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$arx_pid" 2>/dev/null; then
		echo "  arx still ran after gdb ended: killed"
		case_failures=$((case_failures + 1))
		kill -TERM "$arx_pid"
		sleep 0.2
		kill -KILL "$arx_pid" 2>/dev/null
	fi
	wait "$arx_pid"
	arx_status=$?
	arx_pid=
}

case_failures=0

# expect PATTERN...: each an extended regexp gdb's output must match.
expect() {
	local pattern
	for pattern in "$@"; do
		if ! grep -Eq -- "$pattern" "$work/gdb.out"; then
			echo "  missing: $pattern"
			case_failures=$((case_failures + 1))
		fi
	done
}

finish_case() {
	local name=$1
	if [ "$case_failures" = 0 ]; then
		echo "PASS: $name"
		passed=$((passed + 1))
	else
		echo "FAIL: $name"
		failed=$((failed + 1))
		if [ -n "${GDB_VERBOSE:-}" ]; then
			sed 's/^/  | /' "$work/gdb.out"
			sed 's/^/  arx| /' "$work/arx.err"
		fi
	fi
	case_failures=0
}

# run_case HOW PROGRAM GDB-COMMANDS... : arx (HOW: option or env) and
# gdb on PROGRAM.
run_case() {
	local how=$1 prog=$2
	shift 2
	if ! start_arx "$prog" "$how"; then
		case_failures=$((case_failures + 1))
		return 1
	fi
	run_gdb "$prog" "$@"
}

# The exit code gdb reports is octal: 47 is 057.
exit_47='exited with code 057'

# ---- the cases ----

case_break() {
	run_case option threads -ex 'break add_twice' -ex continue -ex bt \
		-ex 'print x' -ex next -ex 'print doubled' -ex finish \
		-ex 'info threads' -ex delete -ex continue
	expect 'Thread 2 .* hit Breakpoint 1, add_twice \(x=3\)' \
		'#1 .* in worker \(arg=' '\$1 = 3' '\$2 = 6' \
		'Value returned is \$3 = 7' '\* 2 +Thread [0-9]+' \
		'^  1 +Thread [0-9]+' "$exit_47"
	finish_case break
}

case_step() {
	run_case option threads -ex "break threads.c:$call_line" -ex continue \
		-ex step -ex 'print/x $pc' -ex stepi -ex 'print/x $pc' -ex up \
		-ex down -ex finish -ex continue
	expect 'add_twice \(x=55\) at .*threads.c' '\$1 = 0x[0-9a-f]+' \
		'\$2 = 0x[0-9a-f]+' '#1 .* main \(\) at' \
		'Value returned is \$3 = 111' "$exit_47"
	# stepi moved pc by one instruction (4 bytes).
	local pc1 pc2
	pc1=$(sed -n 's/^\$1 = 0x//p' "$work/gdb.out")
	pc2=$(sed -n 's/^\$2 = 0x//p' "$work/gdb.out")
	if [ -z "$pc1" ] || [ -z "$pc2" ] || [ $((0x$pc2 - 0x$pc1)) != 4 ]; then
		echo "  stepi went from 0x$pc1 to 0x$pc2"
		case_failures=$((case_failures + 1))
	fi
	finish_case step
}

# Registers and memory: reads, writes, an address nothing is mapped at;
# a function called by gdb.
case_memory() {
	run_case option threads -ex 'break main' -ex continue \
		-ex 'set var $x9 = 0x1234abcd' -ex 'print/x $x9' \
		-ex 'print/x $v1.d.u[0]' -ex 'set var $v1.d.u[0] = 77' \
		-ex 'print $v1.d.u[0]' -ex 'info registers cpsr fpsr fpcr' \
		-ex 'x/2xw $sp' -ex 'x/4xb 0' -ex 'set var shared_counter = 100' \
		-ex 'print shared_counter' -ex 'print add_twice(5)' -ex continue
	# 100 + 55 = 155; add_twice(155) % 64 = 55 = 067. add_twice(5) is a
	# call gdb makes in the guest (a breakpoint at the entry point).
	expect '\$1 = 0x1234abcd' '\$3 = 77' '^cpsr +0x' '^fpcr +0x' \
		'0x[0-9a-f]+:	0x[0-9a-f]{8}	0x[0-9a-f]{8}' \
		'Cannot access memory at address 0x0' '\$4 = 100' '\$5 = 11' \
		'exited with code 067'
	finish_case memory
}

# $1: the program's suffix (-t32 for the armhf build), $2 the case name.
# FPSR of a thread that was running when another stopped: IXC (0x10).
case_fpsr() {
	run_case option fpflags -ex 'break mark' -ex continue -ex 'thread 2' \
		-ex 'print/x $fpsr' -ex 'thread 1' -ex 'print/x $fpsr' -ex kill
	expect 'Breakpoint 1, mark' '\$1 = 0x10' '\$2 = 0x0'
	finish_case fpsr
}

# gdb writes the guest's code (read-only to the guest): add_twice becomes
# a bare return, already translated or not; the counter is then 3 + ... +
# 7 = 25 and so is the exit code (031).
case_patch() {
	run_case option threads -ex 'break main' -ex continue \
		-ex 'print add_twice(5)' \
		-ex 'set {unsigned int}add_twice = 0xd65f03c0' -ex 'x/i add_twice' \
		-ex 'print add_twice(5)' -ex continue
	expect '\$1 = 11' '<add_twice>:	ret' '\$2 = 5' 'exited with code 031'
	finish_case patch
}

# The same in code the guest wrote and ran (a page arx write-protects).
case_jit() {
	run_case option jit -ex 'break mark' -ex continue \
		-ex 'set {unsigned int}code = 0x528000e0' -ex 'x/i code' -ex continue
	expect 'mov	w0, #0x7' 'exited with code 071'
	finish_case jit
}

case_segv() {
	run_case option "segv${1:-}" -ex continue -ex bt \
		-ex 'print $_siginfo._sifields._sigfault.si_addr' -ex continue
	expect 'received signal SIGSEGV' '#0 .*main \(\) at .*segv.c' \
		'\$1 = \(void \*\) 0x10$' 'terminated with signal SIGSEGV'
	if [ "$arx_status" != 139 ]; then
		echo "  arx exited with $arx_status, not 139 (SIGSEGV)"
		case_failures=$((case_failures + 1))
	fi
	finish_case "${2:-segv}"
}

# ^C: gdb gets SIGINT while the guest runs and sends the interrupt.
case_interrupt() {
	if ! start_arx spin; then
		case_failures=$((case_failures + 1))
		finish_case interrupt
		return
	fi
	timeout -k 5 "$TIMEOUT" "$GDB" -batch -nx -ex 'set pagination off' \
		-ex "file $work/spin" -ex "target remote 127.0.0.1:$port" \
		-ex continue -ex 'info threads' -ex 'print spins > 0' -ex stepi \
		-ex kill >"$work/gdb.out" 2>&1 </dev/null &
	gdb_pid=$!
	local _
	for _ in $(seq 100); do
		grep -q 'New Thread' "$work/gdb.out" && break
		sleep 0.1
	done
	sleep 0.5
	kill -INT "$gdb_pid"
	wait_gdb
	expect 'received signal SIGINT' '^\* [12] +Thread' '^  [12] +Thread' \
		'\$1 = 1' 'killed'
	finish_case interrupt
}

case_watch() {
	run_case option "threads${1:-}" -ex 'break main' -ex continue \
		-ex 'watch shared_counter' -ex 'break add_twice' -ex continue \
		-ex continue -ex 'delete 3' -ex continue -ex delete -ex continue
	# The breakpoint in add_twice comes first, then the write.
	expect 'Thread 2 .* hit Breakpoint 3, add_twice \(x=3\)' \
		'Thread 2 .* hit Hardware watchpoint 2: shared_counter' \
		'Old value = 0' 'New value = 7' 'Old value = 7' 'New value = 16' \
		'in worker \(arg=' "$exit_47"
	finish_case "${2:-watch}"
}

# Read and access watchpoints (rwatch, awatch): the stepping thread's
# loads and stores are noted; worker reads the counter (0, then 7) and
# writes it (7 -> 16).
case_rwatch() {
	run_case option "threads${1:-}" -ex 'break main' -ex continue \
		-ex 'rwatch shared_counter' -ex continue -ex continue -ex delete \
		-ex 'awatch shared_counter' -ex continue -ex continue -ex delete \
		-ex continue
	expect 'hit Hardware read watchpoint 2: shared_counter' 'Value = 0' \
		'Value = 7' 'hit Hardware access \(read/write\) watchpoint 3' \
		'Old value = 7' 'New value = 16' 'Value = 16' 'in worker \(arg=' \
		"$exit_47"
	finish_case "${2:-rwatch}"
}

# detach: the guest runs on alone, to its own end.
case_detach() {
	run_case option threads -ex 'break add_twice' -ex continue -ex detach
	expect 'hit Breakpoint 1, add_twice' 'Inferior 1 .* detached'
	if [ "$arx_status" != 47 ] ||
		! grep -q 'counter 55 result 47' "$work/arx.out"; then
		echo "  after detach arx exited with $arx_status:"
		sed 's/^/  arx| /' "$work/arx.out"
		case_failures=$((case_failures + 1))
	fi
	finish_case detach
}

# ARX_GDB instead of -g.
case_env() {
	run_case env threads -ex continue
	expect "$exit_47"
	finish_case env
}

case_dynamic() {
	if [ "$have_dynamic" = 0 ]; then
		echo "SKIP: dynamic (no aarch64 cross libc in /usr/aarch64-linux-gnu)"
		return
	fi
	GDB_SYSROOT=/usr/aarch64-linux-gnu run_case option threads-dyn \
		-ex 'break add_twice' -ex continue -ex bt -ex finish \
		-ex 'info sharedlibrary' -ex delete -ex continue
	expect 'hit Breakpoint 1, add_twice \(x=3\)' '#1 .* in worker' \
		'Value returned is \$1 = 7' 'libc\.so\.6' "$exit_47"
	finish_case dynamic
}

# A signal the guest handles stops in gdb first; gdb passes it on (the
# handler adds 10 to the exit code: 118 = 0166) or, told nopass, not (108 =
# 0154). Eight threads meet a breakpoint 24 times in all, often at once:
# gdb must see each hit once.
case_signal() {
	run_case option "signals${1:-}" -ex continue -ex 'break meet' -ex 'ignore 1 23' \
		-ex continue -ex 'info breakpoints' -ex continue
	expect 'received signal SIGUSR1' 'hit Breakpoint 1, meet \(id=[0-7]\)' \
		'already hit 24 times' 'exited with code 0166'
	finish_case "${2:-signal}"
}

case_nopass() {
	run_case option signals -ex 'handle SIGUSR1 nopass' -ex continue \
		-ex continue
	expect 'received signal SIGUSR1' 'exited with code 0154'
	finish_case nopass
}

# nostop: gdb tells arx to pass SIGUSR1 on without a stop (QPassSignals).
case_nostop() {
	run_case option signals -ex 'handle SIGUSR1 nostop noprint pass' \
		-ex continue
	expect 'exited with code 0166'
	if grep -q 'received signal' "$work/gdb.out"; then
		echo "  stopped for a signal gdb passes without a stop"
		case_failures=$((case_failures + 1))
	fi
	finish_case nostop
}

# A forked child runs free of the debugger and of its breakpoints (gdb
# follows the parent and detaches the child): 21 + 3.
case_fork() {
	run_case option fork -ex 'break child_work' -ex continue -ex bt \
		-ex 'info inferiors' -ex continue
	expect 'Detaching after fork from child process' \
		'Breakpoint 1, child_work \(v=1\)' '#1 .* in main \(\)' \
		'^\* 1 +process [0-9]+ ' 'exited with code 030'
	finish_case fork
}

# follow-fork-mode child: the child takes the connection over, stops at
# the breakpoint and exits with its own status (21 = 025); the parent,
# detached, runs on to its end (24).
case_fork_child() {
	run_case option fork -ex 'set follow-fork-mode child' \
		-ex 'break child_work' -ex continue -ex bt -ex 'info inferiors' \
		-ex continue
	expect 'Detaching after fork from parent process' \
		'hit Breakpoint 1, child_work \(v=7\)' '#1 .* in main \(\)' \
		'^\* 2 +process [0-9]+ ' 'Inferior 2 \(process [0-9]+\) exited with code 025'
	if [ "$arx_status" != 24 ]; then
		echo "  the detached parent exited with $arx_status, not 24"
		case_failures=$((case_failures + 1))
	fi
	finish_case fork-child
}

# catch fork: the stop names the child; continuing, gdb follows the
# parent.
case_catch_fork() {
	run_case option fork -ex 'catch fork' -ex continue -ex bt -ex continue
	expect 'Catchpoint 1 \(forked process [0-9]+\)' '#[0-9] .* in main \(\)' \
		'Detaching after fork from child process' 'exited with code 030'
	finish_case catch-fork
}

# A guest execve followed: catch exec stops in the new program, whose
# function then takes a breakpoint; it exits with 4 * 5 (024).
case_exec() {
	run_case option execer -ex 'catch exec' -ex continue \
		-ex 'break target_work' -ex continue -ex bt -ex 'info inferiors' \
		-ex continue
	expect 'executing new program: .*/exectarget' \
		"Catchpoint 1 \\(exec'd .*/exectarget\\)" \
		'Breakpoint 2, target_work \(v=5\)' '#1 .* in main \(argc=2' \
		'^\* 1 +process [0-9]+ .*/exectarget' 'exited with code 024'
	finish_case exec
}

# Follow a vforked child (posix_spawn) into the program it executes (a
# pending breakpoint there); gdb detaches the parent once the child has
# executed. The child exits with 8 (010), the parent with 8 + 12.
case_vfork_exec() {
	run_case option forkexec -ex 'set breakpoint pending on' \
		-ex 'set follow-fork-mode child' -ex 'break target_work' \
		-ex continue -ex bt -ex continue
	expect 'Attaching after .* vfork to child' \
		'Detaching vfork parent process [0-9]+ after child exec' \
		'executing new program: .*/exectarget' \
		'hit Breakpoint 1, target_work \(v=2\)' '#1 .* in main \(argc=2' \
		'Inferior 2 \(process [0-9]+\) exited with code 010'
	if [ "$arx_status" != 20 ]; then
		echo "  the detached parent exited with $arx_status, not 20"
		case_failures=$((case_failures + 1))
	fi
	finish_case vfork-exec
}

# The internal option a followed exec passes the next arx: a descriptor
# that is not a connected TCP socket (stdin, a file) is refused with a
# message and the program runs undebugged (4 * 3 = 12).
case_exec_option() {
	local fd out status
	for fd in 0 3; do
		out=$(timeout -k 5 "$TIMEOUT" "$ARX" "--gdb-exec=$fd,0,0,0" \
			"$work/exectarget" 3 2>&1 3<"$work/exectarget")
		status=$?
		if [ "$status" != 12 ] || ! echo "$out" | grep -q 'not a gdb connection'; then
			echo "  --gdb-exec=$fd,...: exit $status, said: $out"
			case_failures=$((case_failures + 1))
		fi
	done
	finish_case exec-option
}

# catch vfork; following the parent, gdb detaches the vforked child and
# sees it done (vforkdone) before the parent goes on; then the fork.
case_vfork() {
	run_case option forkexec -ex 'catch vfork' -ex continue -ex bt \
		-ex continue
	expect 'Catchpoint 1 \(vforked process [0-9]+\)' '#[0-9] .* in main \(' \
		'Detaching after vfork from child process' \
		'Detaching after fork from child process' 'exited with code 024'
	finish_case vfork
}

# A second thread executes exectarget; it was in a syscall (usleep) while
# gdb held the process stopped at mark, so it stops when that returns and
# executes after gdb's continue, whose answer is the exec stop.
case_exec_thread() {
	run_case option execthread -ex 'break mark' -ex continue \
		-ex 'shell sleep 1' -ex 'info threads' -ex 'catch exec' \
		-ex continue -ex 'break target_work' -ex continue -ex continue
	expect 'hit Breakpoint 1, mark \(\)' '^\* 1 +Thread .* mark \(\)' \
		'^  2 +Thread ' \
		"Catchpoint 2 \\(exec'd .*/exectarget\\)" \
		'hit Breakpoint 3, target_work \(v=6\)' 'exited with code 030'
	finish_case exec-thread
}

# Files through arx (vFile, qXfer:exec-file): gdb has no local copy of
# the program nor of the sysroot; /proc/PID/maps is the guest's.
case_files() {
	if [ "$have_dynamic" = 0 ]; then
		echo "SKIP: files (no aarch64 cross libc in /usr/aarch64-linux-gnu)"
		return
	fi
	GDB_SYSROOT=target: run_case option threads-dyn \
		-ex 'break add_twice' -ex continue -ex 'info sharedlibrary' \
		-ex 'info proc mappings' -ex 'info proc' -ex delete -ex continue
	expect 'hit Breakpoint 1, add_twice \(x=3\)' 'target:/.*libc\.so\.6' \
		"exe = '/.*threads-dyn'" "cwd = '/" \
		'r-xp +/.*threads-dyn' 'r-xp +/.*libc\.so\.6' '\[stack\]' \
		"$exit_47"
	finish_case files
}

# A dynamic armhf program, its files through arx (32-bit auxv too).
case_arm_files() {
	if [ "$have_arm_dynamic" = 0 ]; then
		echo "SKIP: arm-files (no armhf cross libc in /usr/arm-linux-gnueabihf)"
		return
	fi
	GDB_SYSROOT=target: run_case option threads-armdyn \
		-ex 'break add_twice' -ex continue -ex bt -ex 'info sharedlibrary' \
		-ex finish -ex delete -ex continue
	expect 'hit Breakpoint 1, add_twice \(x=3\)' '#1 .* in worker' \
		'target:/.*libc\.so\.6' 'Value returned is \$1 = 7' "$exit_47"
	finish_case arm-files
}

# 32-bit Arm: $1 is t32 or a32.
case_arm() {
	local isa=$1
	if [ "$have_arm" = 0 ]; then
		echo "SKIP: arm-$isa (no arm-linux-gnueabihf-gcc)"
		return
	fi
	run_case option "threads-$isa" -ex 'break add_twice' -ex continue \
		-ex bt -ex 'print x' -ex next -ex 'print doubled' -ex finish \
		-ex 'info registers cpsr' -ex 'print $d0' -ex delete -ex continue
	expect 'hit Breakpoint 1, add_twice \(x=3\)' '#1 .* in worker' \
		'\$1 = 3' '\$2 = 6' 'Value returned is \$3 = 7' '^cpsr +0x' \
		"$exit_47"
	finish_case "arm-$isa"
}

case_pauth() {
	if [ "$have_pac" = 0 ]; then
		echo "SKIP: pauth (the compiler has no -mbranch-protection)"
		return
	fi
	run_case option threads-pac -ex 'break add_twice' -ex continue -ex bt \
		-ex 'print/x $pauth_cmask' -ex delete -ex continue
	expect 'hit Breakpoint 1, add_twice \(x=3\)' \
		'#1 .* in worker \(arg=' '\$1 = 0x7f000000000000' "$exit_47"
	finish_case pauth
}

# With -cpu max,+sve: z0-z31, p0-p15, ffr and vg at VL 512 and 2048
# (the largest Z registers do not all fit in a 'g' reply), read and
# written (the program prints Z2's first and last words).
case_sve() {
	if [ "$have_sve" = 0 ]; then
		echo "SKIP: sve (the compiler has no -march=armv8.2-a+sve)"
		return
	fi
	local vl words
	for vl in 512 2048; do
		words=$((vl / 32 - 1))
		ARX_CPU=max,+sve ARX_SVE_VL=$vl run_case option sve \
			-ex 'break marker' -ex continue -ex 'print $vg' \
			-ex 'print/x $z1.d.u[1]' -ex "print/x \$z1.d.u[$((vl / 64 - 1))]" \
			-ex 'print $p1' -ex 'print $ffr' -ex 'print/x $v1.d.u' \
			-ex "set var \$z2.s.u[$words] = 0x1234" \
			-ex 'set var $z2.s.u[0] = 0xabcd' -ex continue
		expect 'Breakpoint 1, marker' "\\\$1 = $((vl / 64))" \
			'\$2 = 0x8$' "\\\$3 = 0x$(printf %x $((5 + 3 * (vl / 64 - 1))))\$" \
			'\$4 = \{17, 1, 0' '\$5 = \{17, 1, 0' '\$6 = \{0x5, 0x8\}' \
			"$exit_47"
		if ! grep -q "^z2 abcd 1234 vl $((vl / 8))\$" "$work/arx.out"; then
			echo "  arx printed: $(cat "$work/arx.out")"
			case_failures=$((case_failures + 1))
		fi
	done
	finish_case sve
}

# (stderr: bash's own report of the guest killed by SIGSEGV)
for name in break step memory fpsr patch jit segv signal nopass nostop \
	interrupt watch rwatch fork fork-child catch-fork exec vfork vfork-exec \
	exec-thread exec-option detach env dynamic files pauth sve; do
	selected "$name" && "case_${name//-/_}" 2>/dev/null
done
selected arm-t32 && case_arm t32
selected arm-a32 && case_arm a32
selected arm-files && case_arm_files
# The same stops on the armhf (T32) builds.
for name in segv signal watch rwatch; do
	if ! selected "arm-$name"; then
		continue
	elif [ "$have_arm" = 0 ]; then
		echo "SKIP: arm-$name (no arm-linux-gnueabihf-gcc)"
	else
		"case_$name" -t32 "arm-$name" 2>/dev/null
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
