// SPDX-License-Identifier: GPL-2.0
/*
 * bpfctl: the bpf(2) calls the bpffs suites need, which busybox cannot
 * make.  Raw system calls, no libbpf.  Built static by harness/mkinitramfs.sh.
 *
 *   bpfctl pin PATH [TYPE]     BPF_MAP_CREATE a map (TYPE array, the default,
 *                              or hash, or a number; key 4 bytes, value 8,
 *                              4 entries, named "bpfctl"), BPF_OBJ_PIN it at
 *                              PATH; prints "id ID type TYPE" of the map
 *   bpfctl repin PATH NEWPATH  BPF_OBJ_GET PATH, BPF_OBJ_PIN the object got at
 *                              NEWPATH (one map, a second pin)
 *   bpfctl get PATH [rdonly|wronly]
 *                              BPF_OBJ_GET PATH (read-write unless told),
 *                              BPF_OBJ_GET_INFO_BY_FD: prints "id ID type TYPE
 *                              key K value V entries N name NAME"
 *   bpfctl set PATH KEY VAL    BPF_OBJ_GET PATH write-only, then
 *                              BPF_MAP_UPDATE_ELEM KEY (u32) = VAL (u64)
 *   bpfctl lookup PATH KEY     BPF_OBJ_GET PATH read-only, then
 *                              BPF_MAP_LOOKUP_ELEM KEY: prints the value
 *   bpfctl hold PATH SECONDS   BPF_OBJ_GET PATH, prints "held PID id ID",
 *                              keeps the descriptor SECONDS (a fraction
 *                              too), then looks key 0 up through it and
 *                              prints "after: VAL"
 *   bpfctl ids                 BPF_MAP_GET_NEXT_ID from 0 on: every map's id
 *                              in the system, one line ("ids: 3 5 ...")
 *   bpfctl token DIR           BPF_TOKEN_CREATE from DIR (opened O_RDONLY,
 *                              a bpffs root for it to work): prints
 *                              "token fd N"
 *
 * The exit status is 0, or the errno of the call that failed (EPERM 1,
 * ENOENT 2, EIO 5, EACCES 13, EEXIST 17, EINVAL 22...), said on stderr.
 * Status 255: a usage error.  The uapi header is the build machine's
 * <linux/bpf.h>; what it may lack (the token, Linux 6.9) is defined here.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* enum bpf_cmd's BPF_TOKEN_CREATE (include/uapi/linux/bpf.h, Linux 6.9) */
#define BPFCTL_TOKEN_CREATE 36

#define USAGE_STATUS 255

static const char *ename(int e)
{
	static char buf[16];

	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO";
	case EBADF: return "EBADF";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EEXIST: return "EEXIST";
	case ENOTDIR: return "ENOTDIR";
	case EINVAL: return "EINVAL";
	case ENOSPC: return "ENOSPC";
	case EROFS: return "EROFS";
	case E2BIG: return "E2BIG";
	case ENOTSUP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "%d", e);
	return buf;
}

/* fail: say what failed and with which errno; the errno is the status */
static int fail(const char *what, const char *path, int e)
{
	fprintf(stderr, "bpfctl: %s %s: %s (%s)\n", what, path, strerror(e),
		ename(e));
	return e;
}

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int map_create(unsigned int type)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = type;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 4;
	memcpy(a.map_name, "bpfctl", sizeof("bpfctl"));
	return sys_bpf(BPF_MAP_CREATE, &a);
}

static int obj_pin(int fd, const char *path)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.bpf_fd = fd;
	a.pathname = (uintptr_t)path;
	return sys_bpf(BPF_OBJ_PIN, &a);
}

static int obj_get(const char *path, unsigned int flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.pathname = (uintptr_t)path;
	a.file_flags = flags;
	return sys_bpf(BPF_OBJ_GET, &a);
}

static int map_info(int fd, struct bpf_map_info *info)
{
	union bpf_attr a;

	memset(info, 0, sizeof(*info));
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(*info);
	a.info.info = (uintptr_t)info;
	return sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a);
}

static int lookup_fd(int fd, uint32_t key, uint64_t *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)val;
	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a);
}

static int parse_type(const char *s, unsigned int *type)
{
	char *end;

	if (!strcmp(s, "array"))
		*type = BPF_MAP_TYPE_ARRAY;
	else if (!strcmp(s, "hash"))
		*type = BPF_MAP_TYPE_HASH;
	else {
		*type = strtoul(s, &end, 0);
		if (!*s || *end)
			return -1;
	}
	return 0;
}

static int cmd_pin(const char *path, const char *types)
{
	struct bpf_map_info info;
	unsigned int type;
	int fd, e;

	if (parse_type(types, &type)) {
		fprintf(stderr, "bpfctl: map type '%s': array, hash or a number\n", types);
		return USAGE_STATUS;
	}
	fd = map_create(type);
	if (fd < 0)
		return fail("BPF_MAP_CREATE for", path, errno);
	if (obj_pin(fd, path) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_OBJ_PIN at", path, e);
	}
	if (map_info(fd, &info) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_OBJ_GET_INFO_BY_FD of the map pinned at", path, e);
	}
	close(fd);
	printf("id %u type %u\n", info.id, info.type);
	return 0;
}

static int cmd_repin(const char *path, const char *newpath)
{
	int fd, e;

	fd = obj_get(path, 0);
	if (fd < 0)
		return fail("BPF_OBJ_GET", path, errno);
	if (obj_pin(fd, newpath) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_OBJ_PIN at", newpath, e);
	}
	close(fd);
	return 0;
}

static int cmd_get(const char *path, const char *mode)
{
	struct bpf_map_info info;
	unsigned int flags = 0;
	int fd, e;

	if (mode && !strcmp(mode, "rdonly"))
		flags = BPF_F_RDONLY;
	else if (mode && !strcmp(mode, "wronly"))
		flags = BPF_F_WRONLY;
	else if (mode) {
		fprintf(stderr, "bpfctl: get: '%s': rdonly or wronly\n", mode);
		return USAGE_STATUS;
	}
	fd = obj_get(path, flags);
	if (fd < 0)
		return fail("BPF_OBJ_GET", path, errno);
	if (map_info(fd, &info) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_OBJ_GET_INFO_BY_FD of", path, e);
	}
	close(fd);
	printf("id %u type %u key %u value %u entries %u name %.*s\n",
	       info.id, info.type, info.key_size, info.value_size,
	       info.max_entries, (int)sizeof(info.name), info.name);
	return 0;
}

static int cmd_set(const char *path, const char *keys, const char *vals)
{
	uint32_t key = strtoul(keys, NULL, 0);
	uint64_t val = strtoull(vals, NULL, 0);
	union bpf_attr a;
	int fd, e;

	fd = obj_get(path, BPF_F_WRONLY);
	if (fd < 0)
		return fail("BPF_OBJ_GET", path, errno);
	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&val;
	a.flags = BPF_ANY;
	if (sys_bpf(BPF_MAP_UPDATE_ELEM, &a) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_MAP_UPDATE_ELEM through", path, e);
	}
	close(fd);
	return 0;
}

static int cmd_lookup(const char *path, const char *keys)
{
	uint32_t key = strtoul(keys, NULL, 0);
	uint64_t val = 0;
	int fd, e;

	fd = obj_get(path, BPF_F_RDONLY);
	if (fd < 0)
		return fail("BPF_OBJ_GET", path, errno);
	if (lookup_fd(fd, key, &val) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_MAP_LOOKUP_ELEM through", path, e);
	}
	close(fd);
	printf("%llu\n", (unsigned long long)val);
	return 0;
}

static int cmd_hold(const char *path, const char *secs)
{
	double s = strtod(secs, NULL);
	struct bpf_map_info info;
	struct timespec ts;
	uint64_t val = 0;
	int fd, e;

	fd = obj_get(path, 0);
	if (fd < 0)
		return fail("BPF_OBJ_GET", path, errno);
	if (map_info(fd, &info) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_OBJ_GET_INFO_BY_FD of", path, e);
	}
	printf("held %d id %u\n", (int)getpid(), info.id);
	fflush(stdout);
	if (s > 0) {
		ts.tv_sec = (time_t)s;
		ts.tv_nsec = (long)((s - ts.tv_sec) * 1e9);
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
	}
	if (lookup_fd(fd, 0, &val) < 0) {
		e = errno;
		close(fd);
		return fail("BPF_MAP_LOOKUP_ELEM through the descriptor of", path, e);
	}
	close(fd);
	printf("after: %llu\n", (unsigned long long)val);
	return 0;
}

static int cmd_ids(void)
{
	union bpf_attr a;
	int e;

	printf("ids:");
	memset(&a, 0, sizeof(a));
	while (sys_bpf(BPF_MAP_GET_NEXT_ID, &a) == 0) {
		printf(" %u", a.next_id);
		a.start_id = a.next_id;
		a.next_id = 0;
	}
	e = errno;
	printf("\n");
	if (e != ENOENT)
		return fail("BPF_MAP_GET_NEXT_ID", "", e);
	return 0;
}

static int cmd_token(const char *dir)
{
	union bpf_attr a;
	int dfd, fd, e;

	dfd = open(dir, O_RDONLY | O_CLOEXEC);
	if (dfd < 0)
		return fail("open", dir, errno);
	memset(&a, 0, sizeof(a));
	/* struct { __u32 flags; __u32 bpffs_fd; } token_create */
	((uint32_t *)&a)[1] = dfd;
	fd = sys_bpf(BPFCTL_TOKEN_CREATE, &a);
	if (fd < 0) {
		e = errno;
		close(dfd);
		return fail("BPF_TOKEN_CREATE from", dir, e);
	}
	printf("token fd %d\n", fd);
	close(fd);
	close(dfd);
	return 0;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";

	if (!strcmp(op, "pin") && (argc == 3 || argc == 4))
		return cmd_pin(argv[2], argc == 4 ? argv[3] : "array");
	if (!strcmp(op, "repin") && argc == 4)
		return cmd_repin(argv[2], argv[3]);
	if (!strcmp(op, "get") && (argc == 3 || argc == 4))
		return cmd_get(argv[2], argc == 4 ? argv[3] : NULL);
	if (!strcmp(op, "set") && argc == 5)
		return cmd_set(argv[2], argv[3], argv[4]);
	if (!strcmp(op, "lookup") && argc == 4)
		return cmd_lookup(argv[2], argv[3]);
	if (!strcmp(op, "hold") && argc == 4)
		return cmd_hold(argv[2], argv[3]);
	if (!strcmp(op, "ids") && argc == 2)
		return cmd_ids();
	if (!strcmp(op, "token") && argc == 3)
		return cmd_token(argv[2]);
	fprintf(stderr, "usage: bpfctl pin PATH [array|hash|TYPE] | repin PATH NEWPATH |\n"
		"       get PATH [rdonly|wronly] | set PATH KEY VAL | lookup PATH KEY |\n"
		"       hold PATH SECONDS | ids | token DIR\n");
	return USAGE_STATUS;
}
