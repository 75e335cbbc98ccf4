# SPDX-License-Identifier: GPL-2.0
#
# libpseudofs harness: builds a stock and a patched Linux 7.3 from Debian's
# linux-source-7.3 (trixie-backports), boots both under QEMU
# and runs the same suites on both.
# Four kernels: stock, patched, stock-debug, patched-debug (the debug ones SMP
# with KASAN, lockdep, kmemleak, fault injection).
#
# Every public target, the script that does its work (harness/ unless said)
# and what it runs.  Results land in build/results/ (check-quick: in
# build/results-quick/).
#
#   the two commands of the README
#   demo           deps, tree, kernel-patched, initramfs, boot.sh with the demo
#                  suite; demo-cocci.sh: the semantic patch on a 4.1 tracer file
#   check          every phase below, timed by phase.sh, then report.py
#
#   quicker checks
#   check-quick    tree, kunit, kernel-patched, boot.sh with pstore, guest,
#                  tree, samplefs, tallyfs, tracecmd, binfmt_misc, binderfs,
#                  bpffs, securityfs; report.py --quick (parity against the
#                  last make check's stock results)
#   kunit          kunit.sh: tools/testing/kunit/kunit.py run
#                  --kunitconfig=fs/libpseudofs on UML (kunit-tool.ktap)
#   kunit-exec     the same suites by kunit.py exec on the patched-debug
#                  kernel, as make check runs them (no UML build)
#   kunit-modules  kunit-module.sh: the same suites built as modules against
#                  patched-debug, for the guest suite kunitmod
#   mutants        mutants.sh + kunit-mutants.py: each mutant alone under
#                  make kunit's run (mutants.txt, mutants.ktap)
#   kernel-mutants kernel-mutants.sh: the mutants a guest case catches, each
#                  a patched kernel of its own booted with that case alone
#                  (kernel-mutants.ktap; needs kernel-patched and initramfs)
#
#   the phases of make check, one at a time
#   deps           deps.sh: the Debian packages of DEBS (apt-get as root)
#   base           unpack linux-source-7.3; base-lock.sh check (base.lock)
#   base-lock      base-lock.sh write: record the upstream files we replace
#   tree           mktree.sh (overlay, patches/, cocci-convert.sh: spatch on
#                  kernel/trace) and candidates.sh, under the build lock
#   cocci-corpus   tests/cocci/run.sh: the semantic patch corpus
#   cocci-real     cocci-real.sh + cocci_real_score.py: the 4.1 conversion
#   cocci-mix      cocci-mix.sh: tracefs_debugfs_mix.cocci on every converted tree
#   config         config.sh: tinyconfig + kernel/configs/pseudofs*.config
#   kernel-stock, kernel-stock-debug, kernel-patched, kernel-patched-debug,
#   kernels        kbuild.sh: bzImage in build/out/NAME (ccache, build lock)
#   static         static.sh: checkpatch, kernel-doc, sparse, W=1, htmldocs
#   initramfs      mkinitramfs.sh: busybox, trace-cmd, guest/init, lib.sh,
#                  guest/suites, holdop, binderctl, bpfctl, benchloop, ftracetest
#   boot-stock     boot.sh: SUITES_STOCK   (pstore,guest,tree,ftracetest,
#                  bench,tracecmd,binfmt_misc,binderfs,bpffs,securityfs)
#   boot-patched   boot.sh: SUITES_PATCHED (the same + samplefs, tallyfs, KUnit
#                  at boot)
#   boot-stock-debug   boot.sh: SUITES_STOCK_DEBUG   (pstore,stress,kmemleak)
#   boot-patched-debug boot.sh: SUITES_PATCHED_DEBUG (pstore,stress,failslab,
#                  kunitfault,modules,kunitmod,kmemleak; KUnit at boot, and
#                  as modules: kunit-module-patched-debug.ktap)
#                  (pstore first: boot.sh boots warm and it reboots the guest
#                  once, see harness/boot.sh)
#   boot-pair, boot-debug-pair   the two boots of a pair side by side
#   report         report.py: tables, parity, consoles, 'N passed, N failed'
#   report-selftest    report-selftest.sh: each check of report.py shown
#                  failing, one defect put in a copy of $(RESULTS) at a time
#   loc            loc.sh: lines of stock's plumbing against ours
#
#   the rest
#   shell          an interactive guest (KERNEL=stock, patched-debug, ...)
#   bench          bench.sh + bench.py: stock and patched alternately
#                  (bench.txt, bench.png); bench-icount: the same counting
#                  instructions (icount/bench.txt); bench-profile: one boot
#                  of each, every figure broken down by function
#                  (profile/profile.txt)
#   series         series.sh: the overlay as a patch series, build/series/
#   series-check   series-check.sh: git am, checkpatch, build at every patch
#   clean, distclean   remove build/results and build/tree, or all of build/
#
# Everything lands under build/ (ignored by git).

SHELL      := /bin/bash
TOP        := $(CURDIR)
BUILD      := $(TOP)/build
RESULTS    := $(BUILD)/results
H          := $(TOP)/harness
PKG        := linux-source-7.3
TARBALL    := $(BUILD)/src/$(PKG).tar.xz
PRISTINE   := $(BUILD)/base/$(PKG)
# sparse and spatch for 7.3: coccinelle from Debian 13, sparse from unstable (harness/toolchain.sh)
TC         := $(BUILD)/tc/bin
export SPATCH ?= $(TC)/spatch
export SPARSE ?= $(TC)/sparse
TREE       := $(BUILD)/tree
OUT        := $(BUILD)/out
INITRD     := $(BUILD)/initramfs.cpio.gz
JOBS       ?= $(shell nproc)
ARCHV      := ARCH=x86_64
export CCACHE_DIR ?= $(BUILD)/ccache
export CCACHE_MAXSIZE ?= 5G
KBUILD_LOCK ?= /tmp/kbuild.lock
# Every kernel is built from build/tree, checked out at the tag pristine-bench
# (stock kernels: pristine plus the benchmark lib/test_pseudofs_bench.c) or
# patched (ours) under the build lock: same source path, so stock and
# patched share ccache (see harness/kbuild.sh).
KBUILD      = RESULTS=$(RESULTS) KBUILD_LOCK=$(KBUILD_LOCK) JOBS=$(JOBS) $(H)/kbuild.sh $(TREE)
FRAG       := $(TOP)/kernel/configs/pseudofs.config
FRAG_DEBUG := $(TOP)/kernel/configs/pseudofs-debug.config
PHASE      := PHASES=$(RESULTS)/phases.txt $(H)/phase.sh

# Debian packages the harness needs (build, spatch, guest, QEMU).
# linux-source-7.3 (trixie-backports) and the toolchain come by deps.sh.
DEBS := build-essential bc bison flex libelf-dev libssl-dev cpio kmod \
	xz-utils gzip ccache qemu-system-x86 busybox-static python3 libpython3.11 \
	git patch rsync perl python3-sphinx python3-yaml python3-matplotlib trace-cmd \
	debootstrap debian-archive-keyring

KERNEL   ?= patched
BOOT_TIMEOUT ?= 900
BOOT_TIMEOUT_DEBUG ?= 1500
# Suites per kernel (harness/guest/suites).  pstore comes first: with it
# in the list boot.sh boots warm (the RAM kept across a reboot, ramoops on
# reserved memory) and the suite reboots the guest once, after which init
# runs the list again; it leaves console-ramoops-0 for tree, stress and
# failslab.  securityfs comes last: it raises the lockdown level to
# integrity, which cannot be lowered again.  samplefs (samples/pseudofs)
# exists in the patched kernels only.
SUITES_STOCK         ?= pstore,guest,tree,ftracetest,bench,tracecmd,binfmt_misc,binderfs,bpffs,securityfs
SUITES_PATCHED       ?= pstore,guest,tree,ftracetest,bench,samplefs,tallyfs,tracecmd,binfmt_misc,binderfs,bpffs,securityfs
# make check's smoke of the benchmark: the in-kernel part with N = 100 and
# one round on the stock and patched boots (the bench suite checks that
# every figure is there, and adds its own userspace figures; make bench
# runs the same in full).
BENCH_SMOKE ?= pseudofs_bench=100 pseudofs_bench_rounds=1
BENCH_ROUNDS ?= 5
BENCH_MAX ?= 10000
SUITES_STOCK_DEBUG   ?= pstore,stress,kmemleak
# Not the guest suite on the SMP debug kernels: it turns the function tracer
# on, and QEMU's multi-threaded TCG crashed guests (stock and patched alike)
# on that live patching of code the other vCPU runs ("Oops: int3").
SUITES_PATCHED_DEBUG ?= pstore,stress,failslab,kunitfault,modules,kunitmod,kmemleak
BOOT = $(H)/boot.sh

.PHONY: all deps base base-lock tree config kernels kernel-stock kernel-patched \
	kernel-stock-debug kernel-patched-debug initramfs cocci-corpus cocci-real cocci-mix boot-stock \
	boot-patched boot-stock-debug boot-patched-debug boot-pair boot-debug-pair \
	static series series-check check demo shell bench bench-icount bench-profile report report-selftest loc clean distclean \
	kunit kunit-exec kunit-modules mutants kernel-mutants check-quick check-quick-phases
all: check

# --- Debian packages ---------------------------------------------------------
deps:
	@$(H)/deps.sh $(TOP)/base.lock $(BUILD) $(DEBS)

# --- pristine base -----------------------------------------------------------
$(PRISTINE)/.unpacked: $(TARBALL)
	@rm -rf $(BUILD)/base && mkdir -p $(BUILD)/base
	@tar -C $(BUILD)/base -xf $(TARBALL)
	@touch $@

base: $(PRISTINE)/.unpacked
	@$(H)/base-lock.sh check $(TOP) $(PRISTINE) $(BUILD)/src/VERSION

# Record the package version and the sha256 of every upstream file that the
# overlay replaces (run after adding an overlay file that replaces one).
base-lock: $(PRISTINE)/.unpacked
	@$(H)/base-lock.sh write $(TOP) $(PRISTINE) $(BUILD)/src/VERSION

# --- patched tree: base + overlay + patches + spatch -------------------------
# Under the build lock: never rewrite the tree under a running build.  The
# candidates report reads the patched tree, so it runs under the same lock.
tree: base
	@mkdir -p $(RESULTS)
	@RESULTS=$(RESULTS) flock $(KBUILD_LOCK) sh -c '$(H)/mktree.sh $(PRISTINE) $(TREE) $(TOP) && \
		$(H)/candidates.sh $(TREE) $(RESULTS)'

# --- configs and kernels -----------------------------------------------------
# The stock configs come from the pristine base (the same files as the tree
# at its tag pristine), the patched ones from the tree at patched: the two
# pairs are made side by side.
config:
	@r=0; \
	$(H)/config.sh $(PRISTINE) $(OUT)/stock $(FRAG) & a=$$!; \
	$(H)/config.sh $(PRISTINE) $(OUT)/stock-debug $(FRAG) $(FRAG_DEBUG) & b=$$!; \
	$(KBUILD) patched -- sh -c '$(H)/config.sh $(TREE) $(OUT)/patched $(FRAG) && \
		$(H)/config.sh $(TREE) $(OUT)/patched-debug $(FRAG) $(FRAG_DEBUG)' || r=1; \
	wait $$a || r=1; wait $$b || r=1; exit $$r

# Stock kernels first, then ours: one switch of the tree.  A first build of
# ours starts from the stock build of the same options (KBUILD_SEED): make
# recompiles only what the switch reaches, and ccache hits for what of that
# preprocesses the same.
kernel-stock:
	@$(KBUILD) pristine-bench $(OUT)/stock
kernel-stock-debug:
	@$(KBUILD) pristine-bench $(OUT)/stock-debug
kernel-patched:
	@KBUILD_SEED=$(OUT)/stock $(KBUILD) patched $(OUT)/patched
kernel-patched-debug:
	@KBUILD_SEED=$(OUT)/stock-debug $(KBUILD) patched $(OUT)/patched-debug
kernels: kernel-stock kernel-stock-debug kernel-patched kernel-patched-debug

initramfs:
	@$(H)/mkinitramfs.sh $(INITRD) $(PRISTINE)/tools/testing/selftests/ftrace

cocci-corpus:
	@mkdir -p $(RESULTS)
	@if [ -x tests/cocci/run.sh ]; then tests/cocci/run.sh $(RESULTS)/cocci-corpus.ktap >$(RESULTS)/cocci-corpus.log 2>&1 || \
		{ tail -30 $(RESULTS)/cocci-corpus.log; exit 1; }; tail -1 $(RESULTS)/cocci-corpus.log; fi

# The semantic patches on real tracer code, scored against its hand conversion:
# the shared corpus beside the clone (a KTAP skip with the reason without it).
COCCI_REAL_SHARED := $(firstword $(wildcard $(TOP)/../shared/corpus/tracefs-4.1/pre \
	/work/shared/corpus/tracefs-4.1/pre))
COCCI_REAL ?= $(if $(COCCI_REAL_SHARED),$(patsubst %/pre,%,$(COCCI_REAL_SHARED)),$(TOP)/../shared/corpus/tracefs-4.1)
cocci-real:
	@mkdir -p $(RESULTS)
	@$(H)/cocci-real.sh $(COCCI_REAL) $(RESULTS) >$(RESULTS)/cocci-real.log 2>&1 || \
		{ grep -v '^# ' $(RESULTS)/cocci-real.log | tail -30; exit 1; }; tail -1 $(RESULTS)/cocci-real.log

# tracefs_debugfs_mix.cocci on the corpus results, the 4.1 conversion and the
# patched kernel/trace: no tracefs call on a debugfs dentry, nor the reverse.
cocci-mix:
	@mkdir -p $(RESULTS)
	@$(H)/cocci-mix.sh $(RESULTS) $(COCCI_REAL) $(TREE) >$(RESULTS)/cocci-mix.log 2>&1 || \
		{ grep -v '^# ' $(RESULTS)/cocci-mix.log | tail -30; exit 1; }; tail -1 $(RESULTS)/cocci-mix.log

# --- guest runs --------------------------------------------------------------
boot-stock:
	@BOOT_APPEND="$(BENCH_SMOKE)" $(BOOT) stock $(OUT)/stock/arch/x86/boot/bzImage $(INITRD) $(RESULTS) $(SUITES_STOCK) $(BOOT_TIMEOUT)
boot-patched:
	@BOOT_APPEND="$(BENCH_SMOKE)" $(BOOT) patched $(OUT)/patched/arch/x86/boot/bzImage $(INITRD) $(RESULTS) $(SUITES_PATCHED) $(BOOT_TIMEOUT)
boot-stock-debug:
	@$(BOOT) stock-debug $(OUT)/stock-debug/arch/x86/boot/bzImage $(INITRD) $(RESULTS) $(SUITES_STOCK_DEBUG) $(BOOT_TIMEOUT_DEBUG)
boot-patched-debug:
	@BOOT_MODULES_DIR=$(KUNIT_MODULES)/src/tests $(BOOT) patched-debug $(OUT)/patched-debug/arch/x86/boot/bzImage \
		$(INITRD) $(RESULTS) $(SUITES_PATCHED_DEBUG) $(BOOT_TIMEOUT_DEBUG)
# The two kernels of a pair boot side by side (one QEMU per host core for
# the uniprocessor pair; the SMP debug pair shares the two cores).
boot-pair:
	@$(MAKE) -s -k -j2 boot-stock boot-patched
boot-debug-pair:
	@$(MAKE) -s -k -j2 boot-stock-debug boot-patched-debug

# --- static checks -----------------------------------------------------------
# checkpatch --strict, kernel-doc -Wall, sparse (C=2) and W=1 on our objects,
# htmldocs of Documentation/filesystems: our files beside stock's same files,
# in one run (harness/static.sh).  Needs the kept O= folders of stock and
# patched (make config, or make kernel-stock kernel-patched).
static: $(PRISTINE)/.unpacked
	@mkdir -p $(RESULTS)
	@KBUILD_LOCK=$(KBUILD_LOCK) JOBS=$(JOBS) $(H)/static.sh $(TOP) $(PRISTINE) $(TREE) \
		$(OUT)/stock $(OUT)/patched $(RESULTS) >/dev/null; r=$$?; \
		grep -E '^(not )?ok ' $(RESULTS)/static.ktap; tail -1 $(RESULTS)/static.log; exit $$r

# --- the series for upstream -------------------------------------------------
# The overlay cut by topic into a git format-patch series with a cover
# letter (harness/series.sh), from the tree's pristine commit and its spatch
# result (laid first if need be).  series-check applies it patch by patch on
# pristine in build/tree under the build lock, runs checkpatch --strict on
# each patch and builds each step in build/out/series (harness/series-check.sh).
series: base
	@git -C $(TREE) rev-parse -q --verify refs/tags/patched >/dev/null 2>&1 || $(MAKE) -s tree
	@STOCK_SRC="$(STOCK_SRC)" LIB_SRC="$(LIB_SRC)" SAMPLES="$(SAMPLES)" \
		SUITES_STOCK=$(SUITES_STOCK) SUITES_PATCHED=$(SUITES_PATCHED) \
		SUITES_STOCK_DEBUG=$(SUITES_STOCK_DEBUG) SUITES_PATCHED_DEBUG=$(SUITES_PATCHED_DEBUG) \
		$(H)/series.sh $(TOP) $(PRISTINE) $(TREE) $(BUILD)/series $(RESULTS)
series-check: series
	@mkdir -p $(RESULTS)
	@KBUILD_LOCK=$(KBUILD_LOCK) JOBS=$(JOBS) $(H)/series-check.sh $(TOP) $(TREE) $(BUILD)/series \
		$(OUT)/series $(RESULTS) $(FRAG)

# --- KUnit with the kernel's own tool -----------------------------------------
# kunit.py run --kunitconfig=fs/libpseudofs on UML in build/tree checked out
# at patched, under the build lock, built in build/out/kunit with ccache
# (harness/kunit.sh): build/results/kunit-tool.ktap and .log.
KUNIT_OUT := $(OUT)/kunit
kunit:
	@mkdir -p $(RESULTS)
	@$(KBUILD) patched -- env JOBS=$(JOBS) $(H)/kunit.sh $(TREE) $(KUNIT_OUT) $(RESULTS)/kunit-tool.ktap
# make check's run of the same: kunit.py exec on the patched-debug kernel
# it built (the suites under KASAN and lockdep), with no UML build.
kunit-exec:
	@mkdir -p $(RESULTS)
	@$(KBUILD) patched -- $(H)/kunit.sh --exec $(TREE) $(OUT)/patched-debug $(RESULTS)/kunit-tool.ktap

# The same suites built as modules against the patched-debug kernel
# (harness/kunit-module.sh, in build/out/kunit-module/src/tests), for the
# guest suite kunitmod: boot-patched-debug gives them to the guest, which
# loads each with insmod (kunit-module-patched-debug.ktap).
KUNIT_MODULES := $(OUT)/kunit-module
kunit-modules:
	@$(KBUILD) patched -- env JOBS=$(JOBS) $(H)/kunit-module.sh $(TREE) $(OUT)/patched-debug $(KUNIT_MODULES)

# Each mutant of harness/kunit-mutants.py applied alone to a scratch work
# tree of build/tree at patched (build/mutants/tree), the same kunit.py run
# in its own build folder (each build under the build lock): which cases
# caught it, build/results/mutants.txt and mutants.ktap (harness/mutants.sh).
mutants:
	@mkdir -p $(RESULTS)
	@KBUILD_LOCK=$(KBUILD_LOCK) JOBS=$(JOBS) $(H)/mutants.sh $(TREE) $(BUILD)/mutants $(RESULTS)

# Each mutant of harness/kernel-mutants.sh in a patched kernel of its own,
# booted with the guest case that must catch it.
kernel-mutants:
	@mkdir -p $(RESULTS)
	@KBUILD_LOCK=$(KBUILD_LOCK) JOBS=$(JOBS) $(H)/kernel-mutants.sh $(TREE) $(OUT) $(RESULTS) $(INITRD)

report:
	@python3 $(H)/report.py $(RESULTS)

# report.py on copies of $(RESULTS), each with one defect put in (a suite
# cut short or killed, a KUnit suite that failed to initialize, a new
# console WARNING, a suite missing from the modules run, ...): each must
# fail the report by name (harness/report-selftest.sh; RESULTS is not changed).
report-selftest:
	@bash $(H)/report-selftest.sh $(RESULTS)

# Lines of the plumbing before (stock) and after (our clients + library,
# tests excluded), one line per file; then our samples/pseudofs/*.c without
# the SPDX line and comments.  Files not in the overlay yet are said so.
STOCK_SRC := fs/debugfs/inode.c fs/debugfs/file.c fs/tracefs/inode.c security/inode.c \
	fs/binfmt_misc.c fs/pstore/inode.c drivers/android/binderfs.c \
	kernel/bpf/inode.c
LIB_SRC := fs/libpseudofs/file.c fs/libpseudofs/inode.c fs/libpseudofs/super.c \
	fs/libpseudofs/internal.h include/linux/libpseudofs.h
SAMPLES := samples/pseudofs
loc: $(PRISTINE)/.unpacked
	@$(H)/loc.sh $(PRISTINE) $(TOP) "$(STOCK_SRC)" "$(LIB_SRC)" "$(SAMPLES)"

# --- the two commands of the README ------------------------------------------
# Phases keep going after a failure so that every result is reported; the
# report at the end decides (and fails if any phase failed).
check:
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS) && date +%s >$(RESULTS)/.check-start
	@$(PHASE) deps $(MAKE) -s deps
	@$(PHASE) base $(MAKE) -s base
	@$(PHASE) tree+spatch $(MAKE) -s tree
	@$(PHASE) cocci-corpus+config $(MAKE) -s -k -j2 -O cocci-corpus cocci-real cocci-mix config || true
	@$(PHASE) build-stock $(MAKE) -s kernel-stock
	@$(PHASE) build-stock-debug $(MAKE) -s kernel-stock-debug || true
	@$(PHASE) build-patched $(MAKE) -s kernel-patched || true
	@$(PHASE) build-patched-debug $(MAKE) -s kernel-patched-debug || true
	@$(PHASE) kunit-tool $(MAKE) -s kunit-exec || true
	@$(PHASE) kunit-modules $(MAKE) -s kunit-modules || true
	@$(PHASE) static $(MAKE) -s static || true
	@$(PHASE) initramfs $(MAKE) -s initramfs
	@$(PHASE) boot-stock+patched $(MAKE) -s boot-pair || true
	@$(PHASE) boot-debug-pair $(MAKE) -s boot-debug-pair || true
	@$(PHASE) report-selftest sh -c '$(MAKE) -s report-selftest >$(RESULTS)/report-selftest.log 2>&1; \
		r=$$?; tail -1 $(RESULTS)/report-selftest.log; exit $$r' || true
	@$(MAKE) -s loc | tee $(RESULTS)/loc.txt
	@printf '%-22s %5ss\n' total $$(( $$(date +%s) - $$(cat $(RESULTS)/.check-start) )) | tee -a $(RESULTS)/phases.txt
	@python3 $(H)/report.py $(RESULTS)

# What a change to the library or a client needs checked first, in under
# ten minutes with a warm ccache: the tree laid again, make kunit, the
# patched kernel built and booted once with the suites below, and the
# report, in build/results-quick/.  Parity (tree, securityfs, tracecmd,
# binfmt_misc, binderfs, bpffs, pstore, the console) is judged against the
# stock results of the last make check in build/results, and skipped with a
# word where there are none.  It does not replace make check: no stock or
# debug kernel is built, no ftracetest, stress, failslab, kmemleak, static
# checks or semantic patch corpus.
QUICK_RESULTS := $(BUILD)/results-quick
SUITES_QUICK  ?= pstore,guest,tree,samplefs,tallyfs,tracecmd,binfmt_misc,binderfs,bpffs,securityfs
check-quick:
	@rm -rf $(QUICK_RESULTS) && mkdir -p $(QUICK_RESULTS) && date +%s >$(QUICK_RESULTS)/.check-start
	@$(MAKE) -s RESULTS=$(QUICK_RESULTS) check-quick-phases
	@printf '%-22s %5ss\n' total $$(( $$(date +%s) - $$(cat $(QUICK_RESULTS)/.check-start) )) | \
		tee -a $(QUICK_RESULTS)/phases.txt
	@python3 $(H)/report.py $(QUICK_RESULTS) --quick $(BUILD)/results
check-quick-phases:
	@$(PHASE) deps+base $(MAKE) -s deps base
	@$(PHASE) tree+spatch $(MAKE) -s tree
	@$(PHASE) config env $(KBUILD) patched -- $(H)/config.sh $(TREE) $(OUT)/patched $(FRAG)
	@$(PHASE) kunit-tool $(MAKE) -s kunit-exec || true
	@$(PHASE) build-patched $(MAKE) -s kernel-patched || true
	@$(PHASE) initramfs $(MAKE) -s initramfs
	@$(PHASE) boot-patched $(BOOT) patched $(OUT)/patched/arch/x86/boot/bzImage $(INITRD) \
		$(RESULTS) $(SUITES_QUICK) $(BOOT_TIMEOUT) || true

demo:
	@$(MAKE) -s deps base tree config
	@$(MAKE) -s kernel-patched initramfs
	@$(H)/boot.sh demo $(OUT)/patched/arch/x86/boot/bzImage $(INITRD) $(RESULTS) demo 300 >/dev/null
	@sed -n '/^#### BEGIN demo/,/^#### END demo/p' $(RESULTS)/.stream-demo.log | grep -v '^####'
	@$(H)/demo-cocci.sh $(TOP) $(COCCI_REAL_SHARED)
	@grep -q '^# END demo rc=0' $(RESULTS)/demo-demo.ktap

shell:
	@$(MAKE) -s deps base tree config
	@$(MAKE) -s kernel-$(KERNEL) initramfs
	@$(H)/boot.sh $(KERNEL) $(OUT)/$(KERNEL)/arch/x86/boot/bzImage $(INITRD) $(RESULTS) shell

# Stock and patched booted alternately, BENCH_ROUNDS each, the in-kernel
# benchmark with N = 100 .. BENCH_MAX and the bench suite in full; the
# table and the plot from the consoles (harness/bench.sh, bench.py).
bench:
	@$(MAKE) -s deps base tree config
	@$(MAKE) -s kernel-stock kernel-patched initramfs
	@mkdir -p $(RESULTS)
	@$(H)/bench.sh $(OUT)/stock/arch/x86/boot/bzImage $(OUT)/patched/arch/x86/boot/bzImage \
		$(INITRD) $(RESULTS) $(BENCH_ROUNDS) $(BENCH_MAX)

# The same with QEMU counting instructions (harness/bench.sh BENCH_ICOUNT):
# every figure is the guest's instruction count: the in-kernel ones
# identical from boot to boot, those of the suite within about 1% (a
# kworker or a timer that runs inside a loop), so three rounds, whose
# median drops one outlier; build/results/icount/bench.txt.
BENCH_ICOUNT_ROUNDS ?= 3
bench-icount:
	@$(MAKE) -s deps base tree config
	@$(MAKE) -s kernel-stock kernel-patched initramfs
	@mkdir -p $(RESULTS)/icount
	@BENCH_ICOUNT=1 $(H)/bench.sh $(OUT)/stock/arch/x86/boot/bzImage $(OUT)/patched/arch/x86/boot/bzImage \
		$(INITRD) $(RESULTS)/icount $(BENCH_ICOUNT_ROUNDS) $(BENCH_MAX)

# Each figure of one stock and one patched boot (N = 100), QEMU counting
# instructions, broken down function by function (harness/bench-profile.sh,
# qemu-profile.c, bench_profile.py); build/results/profile/profile.txt.
BENCH_PROFILE_MAX ?= 100
bench-profile:
	@$(MAKE) -s deps base tree config
	@$(MAKE) -s kernel-stock kernel-patched initramfs
	@mkdir -p $(RESULTS)
	@$(H)/bench-profile.sh $(OUT)/stock $(OUT)/patched $(INITRD) $(RESULTS) $(BENCH_PROFILE_MAX)

clean:
	rm -rf $(RESULTS) $(TREE)
distclean:
	rm -rf $(BUILD)
