// SPDX-License-Identifier: GPL-2.0
/*
 * binderctl: the two binder ioctls the binderfs suites need, which busybox
 * cannot make.  Built static by harness/mkinitramfs.sh.
 *
 *   binderctl add CONTROL NAME      BINDER_CTL_ADD on CONTROL (a mount's
 *                                   binder-control): prints "MAJOR MINOR"
 *                                   of the new device
 *   binderctl addraw CONTROL NAME   the same, NAME's first 256 bytes put in
 *                                   the request as they are: a NAME of 256
 *                                   bytes or more is sent unterminated, for
 *                                   the kernel to cut
 *   binderctl version DEVICE        BINDER_VERSION on a binder device:
 *                                   prints the protocol version
 *   binderctl hold DEVICE SECONDS   opens DEVICE, prints "held PID", keeps it
 *                                   open SECONDS (a fraction too: 0.05)
 *
 * The exit status is 0, or the errno of the call that failed (EEXIST 17,
 * ENOSPC 28, EINVAL 22...), said on stderr.  add refuses a NAME longer than
 * BINDERFS_MAX_NAME (255) itself, with ENAMETOOLONG: the request has no room
 * for it.  Status 255: a usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#if __has_include("linux/android/binderfs.h")
#include <linux/android/binderfs.h>
#else
/* include/uapi/linux/android/binderfs.h, for a build machine without it */
#include <linux/types.h>
#define BINDERFS_MAX_NAME 255
struct binderfs_device {
	char name[BINDERFS_MAX_NAME + 1];
	__u32 major;
	__u32 minor;
};
#define BINDER_CTL_ADD _IOWR('b', 1, struct binderfs_device)
#endif

#if __has_include("linux/android/binder.h")
#include <linux/android/binder.h>
#else
/* include/uapi/linux/android/binder.h, for a build machine without it */
#include <linux/types.h>
struct binder_version {
	__s32 protocol_version;
};
#define BINDER_VERSION _IOWR('b', 9, struct binder_version)
#endif

#define USAGE_STATUS 255

static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EACCES: return "EACCES";
	case EEXIST: return "EEXIST";
	case EINVAL: return "EINVAL";
	case ENOSPC: return "ENOSPC";
	case ENOTTY: return "ENOTTY";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case ENOMEM: return "ENOMEM";
	}
	snprintf(buf, sizeof(buf), "%d", e);
	return buf;
}

/* fail: say what failed and with which errno; the errno is the status */
static int fail(const char *what, const char *path, int e)
{
	fprintf(stderr, "binderctl: %s %s: %s (%s)\n", what, path,
		strerror(e), ename(e));
	return e;
}

static int open_dev(const char *path)
{
	return open(path, O_RDWR | O_CLOEXEC);
}

static int add(const char *control, const char *name, int raw)
{
	struct binderfs_device dev;
	size_t len = strlen(name);
	int fd, e;

	if (len > BINDERFS_MAX_NAME && !raw) {
		fprintf(stderr, "binderctl: a name of %zu bytes, more than BINDERFS_MAX_NAME (%d)\n",
			len, BINDERFS_MAX_NAME);
		return fail("BINDER_CTL_ADD on", control, ENAMETOOLONG);
	}
	memset(&dev, 0, sizeof(dev));
	memcpy(dev.name, name, len < sizeof(dev.name) ? len : sizeof(dev.name));
	fd = open_dev(control);
	if (fd < 0)
		return fail("open", control, errno);
	if (ioctl(fd, BINDER_CTL_ADD, &dev) < 0) {
		e = errno;
		close(fd);
		return fail("BINDER_CTL_ADD on", control, e);
	}
	close(fd);
	printf("%u %u\n", dev.major, dev.minor);
	return 0;
}

static int version(const char *path)
{
	struct binder_version v = { 0 };
	int fd, e;

	fd = open_dev(path);
	if (fd < 0)
		return fail("open", path, errno);
	if (ioctl(fd, BINDER_VERSION, &v) < 0) {
		e = errno;
		close(fd);
		return fail("BINDER_VERSION on", path, e);
	}
	close(fd);
	printf("%d\n", v.protocol_version);
	return 0;
}

static int hold(const char *path, const char *secs)
{
	double s = strtod(secs, NULL);
	struct timespec ts;
	int fd;

	fd = open_dev(path);
	if (fd < 0)
		return fail("open", path, errno);
	printf("held %d\n", (int)getpid());
	fflush(stdout);
	if (s > 0) {
		ts.tv_sec = (time_t)s;
		ts.tv_nsec = (long)((s - ts.tv_sec) * 1e9);
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";

	if (!strcmp(op, "add") && argc == 4)
		return add(argv[2], argv[3], 0);
	if (!strcmp(op, "addraw") && argc == 4)
		return add(argv[2], argv[3], 1);
	if (!strcmp(op, "version") && argc == 3)
		return version(argv[2]);
	if (!strcmp(op, "hold") && argc == 4)
		return hold(argv[2], argv[3]);
	fprintf(stderr, "usage: binderctl add|addraw CONTROL NAME | version DEVICE | hold DEVICE SECONDS\n");
	return USAGE_STATUS;
}
