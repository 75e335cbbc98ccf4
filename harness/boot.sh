#!/bin/bash
# boot.sh NAME BZIMAGE INITRAMFS RESULTS_DIR SUITES [TIMEOUT]
# Boot one kernel under QEMU, run the comma-separated guest SUITES, power off.
# Writes RESULTS_DIR/console-NAME.log (the whole serial console) and, for
# each suite S, RESULTS_DIR/S-NAME.ktap.  KUnit's output, if any, is cut from
# the console into RESULTS_DIR/kunit-NAME.ktap.
# SUITES=shell gives an interactive guest shell on this terminal instead.
# BOOT_APPEND adds words to the kernel command line (e.g. pseudofs_bench=100),
# BOOT_QEMU_ARGS words to QEMU's (harness/bench.sh: -icount).
#
# A boot whose SUITES include pstore is "warm": pstore's RAM backend
# (ramoops) shows a boot's records only after a reboot that keeps the RAM,
# which QEMU does on a guest reset unless run with -no-reboot.  So such a
# boot runs without -no-reboot, reserves 1M of RAM at 512M for ramoops on
# the kernel command line (memmap=1M$0x20000000, e820 "reserved"; below
# where QEMU reloads the initrd at the top of RAM on each reset) and gets
# an isa-debug-exit device at port 0xf4 (exit_port=0xf4 tells the guest's
# init): the pstore suite reboots the guest once, and init leaves QEMU by
# writing 0 to that port (through /dev/port, opened before the suites: the
# securityfs suite's lockdown refuses to open it later), which makes QEMU
# exit with status 1 (normal here).
# A panic (oops=panic panic=-1) then reboots the guest too: init finds the
# crash's dmesg-ramoops record and leaves at once rather than run the
# suites again.
set -uo pipefail
name=$1 kernel=$2 initrd=$3 results=$4 suites=$5 timeout=${6:-900}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$results"
console=$results/console-$name.log
stream=$results/.stream-$name.log
rm -f "$console" "$stream"

accel=$("$here/kvm-probe.sh" "$kernel")

# The kernel's modules (those its modules.order lists, in the build folder
# three levels above bzImage) go to the guest's /lib/modules/ in a cpio
# appended to the initramfs, which the kernel unpacks after it.
# BOOT_MODULES_DIR: more modules built against this kernel, each *.ko of
# that folder (make check: the KUnit suites as modules, kunit-module.sh).
kdir=$(cd "$(dirname "$kernel")/../../.." && pwd)
if [ -s "$kdir/modules.order" ]; then
	mods=$(mktemp -d)
	mkdir -p "$mods/lib/modules"
	sed 's/\.o$/.ko/' "$kdir/modules.order" | while read -r ko; do
		[ -f "$kdir/$ko" ] && cp "$kdir/$ko" "$mods/lib/modules/"
	done
	for ko in ${BOOT_MODULES_DIR:+"$BOOT_MODULES_DIR"/*.ko}; do
		[ -f "$ko" ] && cp "$ko" "$mods/lib/modules/"
	done
	cp "$initrd" "$results/.initrd-$name"
	(cd "$mods" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -1 >>"$results/.initrd-$name"
	echo "boot $name: modules $(ls "$mods/lib/modules" | tr '\n' ' ')"
	rm -rf "$mods"
	initrd=$results/.initrd-$name
fi
# The debug kernels are SMP with two CPUs: under TCG each vCPU gets its own
# host thread (MTTCG) so that the two really run at once.  They also get
# more memory (KASAN's shadow, kmemleak's pool, the stress suites).
mem=1G accel_opt=$accel
case $name in
*debug*)
	mem=3G
	[ "$accel" = tcg ] && accel_opt=tcg,thread=${PSEUDOFS_TCG_THREAD:-multi}
	;;
esac
warm=0
case ",$suites," in *,pstore,*) warm=1 ;; esac
# No 5-level paging (la57=off), for stock and patched alike: 7.3's
# pgtable_l5_enabled() is cpu_feature_enabled(X86_FEATURE_LA57), which
# identify_cpu() clears for a moment while it reads the boot CPU's features
# again; an interrupt in that window (seen once in about 40 boots) has
# KASAN call the spinlock of its irq_desc, in the 5-level direct map, a
# "wild-memory-access in do_raw_spin_lock" (handle_edge_irq, under
# arch_cpu_finalize_init): a false report of the debug kernels, not a bug of
# the code under test.
qemu=(qemu-system-x86_64 -accel "$accel_opt" -cpu max,la57=off -smp 2 -m $mem -nodefaults
      -display none -kernel "$kernel" -initrd "$initrd" ${BOOT_QEMU_ARGS:-})
append="console=ttyS0 panic=-1 oops=panic loglevel=7 printk.devkmsg=on${BOOT_APPEND:+ $BOOT_APPEND}"
if [ $warm = 1 ]; then
	# the '$' reaches the kernel as is: memmap=SIZE$START reserves
	qemu+=(-device isa-debug-exit,iobase=0xf4,iosize=0x04)
	append+=' memmap=1M$0x20000000 ramoops.mem_address=0x20000000 ramoops.mem_size=0x100000'
	append+=' ramoops.record_size=0x8000 ramoops.console_size=0x20000 ramoops.pmsg_size=0x10000'
	append+=' ramoops.ecc=0 exit_port=0xf4'
else
	qemu+=(-no-reboot)
fi

if [ "$suites" = shell ]; then
	exec "${qemu[@]}" -serial mon:stdio -append "$append shell=1"
fi

# bytes the guest has written to the console and the result stream
written() { cat "$console" "$stream" 2>/dev/null | wc -c; }

# A guest that writes nothing for BOOT_STALL seconds (default 240) is
# stuck: init writes a line each minute while a suite runs (but bench).
# QEMU is stopped then, not at the timeout, after its monitor said where
# each vCPU was (vcpu-state.py), and the console's last lines go to stderr:
# a log without the console still says where the guest stopped.
#
# Silence with no vCPU in kernel code (each halted, waiting for an
# interrupt, or in user space, or in the firmware after a reset) means that
# no timer woke init's one-minute sleep: the emulator stalled, for a kernel
# stuck in a lock spins in kernel code or reports it.  A QEMU whose monitor
# does not answer is stuck itself.  Both are stalls of the emulator: the
# guest is booted again, once (BOOT_RETRIES), the first console kept as
# console-NAME.stalled.log and the retry said in boots.txt.  A vCPU running
# kernel code while the guest says nothing is the kernel's: no retry.
stall=${BOOT_STALL:-240} retries=${BOOT_RETRIES:-1}
# the monitor's socket: in a short folder of its own (a socket's path has
# at most 107 bytes, and a clone may sit deep)
mondir=$(mktemp -d "${TMPDIR:-/tmp}/pseudofs-mon.XXXXXX")
trap 'rm -rf "$mondir"' EXIT
monitor=$mondir/$name.sock
run_qemu() {
	local qpid seen=-1 since now size
	rm -f "$console" "$stream" "$monitor"
	stalled=0 vcpus=
	start=$(date +%s) since=$start
	timeout --foreground -k 5 "$timeout" "${qemu[@]}" \
		-serial "file:$console" -serial "file:$stream" \
		-monitor "unix:$monitor,server,nowait" \
		-append "$append suites=$suites" </dev/null &
	qpid=$!
	while kill -0 $qpid 2>/dev/null; do
		sleep 5
		now=$(date +%s) size=$(written)
		if [ "$size" != "$seen" ]; then
			seen=$size since=$now
		elif [ $((now - since)) -ge "$stall" ]; then
			stalled=1
			"$here/vcpu-state.py" "$monitor" "$kdir/System.map" >"$results/.vcpus-$name" 2>&1
			vcpus=$?
			kill -TERM $qpid 2>/dev/null
			break
		fi
	done
	wait $qpid
	rc=$?
	secs=$(( $(date +%s) - start ))
	rm -f "$monitor"
	if [ $stalled = 1 ]; then
		echo "boot $name: stalled: no output for ${stall}s, stopped after ${secs}s (console: $console)" >&2
		sed "s/^# /boot $name: /" "$results/.vcpus-$name" >&2
		rc=124
	elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		echo "boot $name: timed out after ${timeout}s (console: $console)" >&2
	fi
	if [ $rc -eq 124 ]; then
		echo "boot $name: the console's last lines:" >&2
		tail -n 25 "$console" | tr -d '\r' | awk '{ print "  | " $0 }' >&2
	fi
}

retried='' boot_start=$(date +%s)
run_qemu
while [ $stalled = 1 ] && [ "$vcpus" != 1 ] && [ "$retries" -gt 0 ]; do
	retries=$((retries - 1))
	mv "$console" "$results/console-$name.stalled.log"
	retried="  booted again: the first boot stalled after ${secs}s, $([ "$vcpus" = 0 ] &&
		echo "no vCPU in kernel code" || echo "QEMU's monitor mute")"
	echo "boot $name: no vCPU in kernel code, or QEMU mute: an emulator stall; booting again (first console: $results/console-$name.stalled.log)" >&2
	run_qemu
done
secs=$(( $(date +%s) - boot_start ))
# a warm boot ends with the guest's write of 0 to isa-debug-exit: status 1
[ $warm = 1 ] && [ $rc -eq 1 ] && rc=0

# Split the result stream into one KTAP file per suite.
status=0
for s in ${suites//,/ }; do
	out=$results/$s-$name.ktap
	awk -v s="$s" '
		$0 == "#### BEGIN " s { on = 1; next }
		on && index($0, "#### END " s " ") == 1 { print "# " substr($0, 6); exit }
		on { print }' "$stream" | tr -d '\r' >"$out"
	if ! grep -q "^# END $s rc=" "$out"; then
		echo "boot $name: suite $s did not finish (see $console)" >&2
		echo "not ok 1 $s-did-not-finish" >>"$out"
		status=1
	fi
done

# KUnit prints to the kernel log at boot, one "# Totals:" per suite, all
# before init runs: strip timestamps, keep the KTAP document.
sed -e 's/\r$//' -e 's/^\[[ 0-9.]*\] //' "$console" |
	awk '/^KTAP version 1$/ && !on { on = 1 } /^Run \/init as init process/ { exit }
	     on && /^( *)(KTAP|1\.\.|ok |not ok |# )/ { print }' >"$results/kunit-$name.ktap.tmp"
if grep -q '^ *# Subtest:' "$results/kunit-$name.ktap.tmp"; then
	mv "$results/kunit-$name.ktap.tmp" "$results/kunit-$name.ktap"
else
	rm -f "$results/kunit-$name.ktap.tmp" "$results/kunit-$name.ktap"
fi
# The guest suite kunitmod loads the KUnit suites as modules between two
# marks in the kernel log: what KUnit printed there, into
# kunit-module-NAME.ktap (one KTAP document per module; a crash ends it).
rm -f "$results/kunit-module-$name.ktap"
if grep -q 'kunitmod: begin' "$console"; then
	# kernel lines only (a printk timestamp): the suite's own KTAP reaches
	# the console too, through init's tee
	sed -n -e 's/\r$//' -e 's/^\[[ 0-9.]*\] //p' "$console" |
		awk '/^kunitmod: begin$/ { on = 1; next } on && (/^kunitmod: end$/ || /^Linux version /) { exit }
		     on && /^( *)(KTAP|1\.\.|ok |not ok |# )/ { print }' >"$results/kunit-module-$name.ktap"
fi
echo "boot $name: ${secs}s under $accel_opt$([ $warm = 1 ] && echo ", warm"), exit $rc"
# One line per boot beside phases.txt (boots of a pair run at the same time).
printf '%-14s %5ss  %-16s suites %s%s%s\n' "$name" "$secs" "$accel_opt" "$suites" \
	"$([ $rc -eq 0 ] || echo "  exit $rc")" "$retried" >>"$results/boots.txt"
exit $status
