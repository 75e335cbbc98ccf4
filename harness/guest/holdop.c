// SPDX-License-Identifier: GPL-2.0
/*
 * holdop: one file operation for the guest suites, whose result it prints
 * on one line; busybox has no poll(2) or mmap(2) of its own.  Built static
 * by harness/mkinitramfs.sh.
 *
 *   holdop read PATH        "read: DATA" (newlines as '|') or "read: error E"
 *   holdop write PATH       "write: N" or "write: error E"
 *   holdop poll PATH SECS   "poll: revents 0xN" or "poll: timeout"
 *   holdop epoll PATH SECS  the same through epoll_wait(): "epoll: events
 *                           0xN" or "epoll: timeout"; then closes the file
 *                           (which takes the epoll entry off its queue)
 *   holdop map PATH SECS    "map: DATA", then after SECS seconds with the
 *                           page mapped "map after: DATA", then "unmapped"
 *
 * E is the errno's name where the suites look at it (EIO, EINTR, ENOENT),
 * else its number.  Exit status 0 when the operation succeeded.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case EIO: return "EIO";
	case EINTR: return "EINTR";
	case ENOENT: return "ENOENT";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	}
	snprintf(buf, sizeof(buf), "%d", e);
	return buf;
}

static void show(const char *what, const char *p, size_t n)
{
	size_t i;

	printf("%s: ", what);
	for (i = 0; i < n && p[i]; i++)
		putchar(p[i] == '\n' ? '|' : p[i]);
	putchar('\n');
}

int main(int argc, char **argv)
{
	const char *op = argc > 2 ? argv[1] : "";
	int secs = argc > 3 ? atoi(argv[3]) : 0;
	char buf[256];
	int fd, flags;

	flags = !strcmp(op, "write") ? O_WRONLY : O_RDONLY;
	if (!strcmp(op, "read") || !strcmp(op, "write") ||
	    !strcmp(op, "poll") || !strcmp(op, "epoll") || !strcmp(op, "map")) {
		fd = open(argv[2], flags);
		if (fd < 0) {
			printf("%s: open error %s\n", op, ename(errno));
			return 1;
		}
	} else {
		fprintf(stderr, "usage: holdop read|write|poll|epoll|map PATH [SECS]\n");
		return 2;
	}
	if (!strcmp(op, "read")) {
		ssize_t n = read(fd, buf, sizeof(buf) - 1);

		if (n < 0) {
			printf("read: error %s\n", ename(errno));
			return 1;
		}
		show("read", buf, n);
	} else if (!strcmp(op, "write")) {
		ssize_t n = write(fd, "x\n", 2);

		if (n < 0) {
			printf("write: error %s\n", ename(errno));
			return 1;
		}
		printf("write: %zd\n", n);
	} else if (!strcmp(op, "poll")) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int n = poll(&p, 1, secs * 1000);

		if (n < 0) {
			printf("poll: error %s\n", ename(errno));
			return 1;
		}
		if (!n) {
			printf("poll: timeout\n");
			return 1;
		}
		printf("poll: revents %#x\n", p.revents);
	} else if (!strcmp(op, "epoll")) {
		struct epoll_event ev = { .events = EPOLLIN };
		int ep = epoll_create1(0), n;

		if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev)) {
			printf("epoll: error %s\n", ename(errno));
			return 1;
		}
		n = epoll_wait(ep, &ev, 1, secs * 1000);
		if (n < 0) {
			printf("epoll: error %s\n", ename(errno));
			return 1;
		}
		close(fd);
		close(ep);
		if (!n) {
			printf("epoll: timeout\n");
			return 1;
		}
		printf("epoll: events %#x\n", ev.events);
	} else {
		long pg = sysconf(_SC_PAGESIZE);
		char *m = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);

		if (m == MAP_FAILED) {
			printf("map: error %s\n", ename(errno));
			return 1;
		}
		show("map", m, pg);
		fflush(stdout);
		close(fd);
		sleep(secs);
		show("map after", m, pg);
		munmap(m, pg);
		printf("unmapped\n");
	}
	return 0;
}
