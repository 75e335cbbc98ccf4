// SPDX-License-Identifier: GPL-2.0
/*
 * benchloop: time a filesystem operation K times in one process for the
 * bench suite, without the fork and exec of mount(8) or mkdir(1) that
 * each shell-driven operation pays.  Built static by
 * harness/mkinitramfs.sh.
 *
 *   benchloop remount PATH K DATA1 DATA2   mount(2) MS_REMOUNT of PATH,
 *                                          with DATA1 and DATA2 in turn
 *   benchloop mkdir PATH K                 mkdir(2) and rmdir(2) of PATH
 *   benchloop mount TYPE PATH K            mount(2) of a TYPE on PATH and
 *                                          umount(2)
 *
 * prints "benchloop: ops=K cycles_per_op=N", N being the loop's time in
 * TSC cycles divided by K: the guest's TSC is the host's under TCG, as for
 * the suite's other figures.  On the first failure it prints the
 * operation and its error and exits 1.
 *
 * Before the loop and after it, out of the time taken, it calls
 * personality(0xffffffff), which only asks: make bench-profile's QEMU
 * plugin starts a span where the kernel enters that call.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <x86intrin.h>

static void mark(void)
{
	syscall(SYS_personality, 0xffffffffUL);
}

static int fail(const char *what, long i)
{
	printf("benchloop: %s (operation %ld): %s\n", what, i, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";
	int remount = !strcmp(op, "remount") && argc == 6;
	int mkd = !strcmp(op, "mkdir") && argc == 4;
	int mnt = !strcmp(op, "mount") && argc == 5;
	const char *path;
	unsigned long long t0, t1;
	long i, k = 0;

	if (remount || mkd || mnt)
		k = strtol(argv[mnt ? 4 : 3], NULL, 10);
	if (k <= 0) {
		fprintf(stderr, "usage: benchloop remount PATH K DATA1 DATA2 | mkdir PATH K | mount TYPE PATH K\n");
		return 2;
	}
	path = argv[mnt ? 3 : 2];
	mark();
	t0 = __rdtsc();
	for (i = 0; i < k; i++) {
		if (remount && mount(NULL, path, NULL, MS_REMOUNT, argv[4 + i % 2]))
			return fail(argv[4 + i % 2], i);
		if (mkd && mkdir(path, 0755))
			return fail("mkdir", i);
		if (mkd && rmdir(path))
			return fail("rmdir", i);
		if (mnt && mount("nodev", path, argv[2], 0, NULL))
			return fail("mount", i);
		if (mnt && umount(path))
			return fail("umount", i);
	}
	t1 = __rdtsc();
	mark();
	printf("benchloop: ops=%ld cycles_per_op=%llu\n", k, (t1 - t0) / k);
	return 0;
}
