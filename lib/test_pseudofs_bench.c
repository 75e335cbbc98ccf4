// SPDX-License-Identifier: GPL-2.0
/*
 * pseudofs_bench: time debugfs and tracefs through their public API only,
 * so that the very same file runs on the stock and on the patched kernel.
 *
 * Runs once at late_initcall when the command line says pseudofs_bench=N
 * (N = the largest entry count: 100, 1000 or 10000; each power of ten from
 * 100 up to N is run), pseudofs_bench_rounds=R rounds (default 3), and
 * 1000 / N times as many for N < 1000: a phase of 100 entries takes well
 * under a millisecond, which one interruption of the guest can double.
 * For each file system and N it prints one line per figure, the median of
 * the rounds:
 *
 *   pseudofs_bench: fs=debugfs n=1000 phase=create_flat cycles_per_entry=1234 span=7
 *   pseudofs_bench: fs=debugfs n=1000 phase=slab bytes_per_entry=567
 *
 * and first, once, the slab in use when it starts, what boot left (fs=kernel
 * op=slab_at_init kb=K): later, the rounds' partly used slab pages weigh
 * more than what either kernel holds.
 *
 * Phases: create_flat (N files in one directory), lookup (debugfs_lookup +
 * dput of each, debugfs only: tracefs has no lookup in its API), remove_flat
 * (one recursive remove), create_tree (sqrt(N) directories of sqrt(N) files),
 * remove_tree.  slab, measured once per N, is the slab bytes held per file
 * by 10000 / N directories of N files (at least 10000 files, so that slab
 * pages, counted whole, round the figure off by under 1%).
 *
 * fs=floor is the least any pseudo-fs can do per entry on 7.3's own
 * primitives, create_flat and remove_flat only: on a superblock of our own
 * (kern_mount() of a file system type registered for the run, its root
 * made by simple_fill_super()), each entry is simple_start_creating() +
 * new_inode() + d_make_persistent() + simple_done_creating(), as every
 * in-tree pseudo filesystem makes them, and later simple_recursive_removal(),
 * as debugfs_remove() and securityfs_remove() take them out, the same N
 * names.
 *
 * op=open_read_close is one open + read + close of a file whose ->read
 * returns 0, 10000 times a round: on debugfs with its full proxy
 * (debugfs_create_file() with a struct file_operations) and with its short
 * one (the same with a struct debugfs_short_fops: simple_open() for open,
 * read proxied), which both kernels have, and, where libpseudofs is built,
 * on a filesystem of the library's with its full proxy and with none:
 *
 *   pseudofs_bench: fs=debugfs op=open_read_close cycles_per_op=1234 span=9
 *   pseudofs_bench: fs=debugfs_short op=open_read_close cycles_per_op=1234 span=17
 *   pseudofs_bench: fs=pseudofs_proxy op=open_read_close cycles_per_op=1234 span=25
 *   pseudofs_bench: fs=pseudofs_bare op=open_read_close cycles_per_op=1234 span=33
 *
 * op=read is one read of the same file, opened once, 10000 times a round:
 * the proxy's bracket alone, without the open and the close around it.
 * Each close frees its struct file after an RCU grace period, and the
 * empty slabs go back to the page allocator when those periods end: a
 * round of 1000 saw none end in it or one, 2.74 or 3.37 million
 * instructions (make bench-profile); 10000 take in several.
 *
 * Every timed phase starts with no RCU callback pending: what the phases
 * before it freed after a grace period (the inodes and dentries of a
 * removal, on either kernel) is timed by none, where it used to fall in
 * whichever phase ran when the period ended (the floor, the same code on
 * both kernels, read 0.86 to 1.12 of itself at N = 1000).
 *
 * A timed figure ends with span=K: the round shown was the K-th call of
 * bench_cycles(), which make bench-profile breaks down function by function.
 *
 * Time is counted in TSC cycles (get_cycles()), not ktime: the test guests
 * (tinyconfig under QEMU's TCG, no HPET nor PM timer, no TSC calibration)
 * run on refined-jiffies, 4 ms a tick, while their TSC is the host's.
 */
#include <linux/debugfs.h>
#include <linux/tracefs.h>
#include <linux/init.h>
#include <linux/timex.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/rcupdate.h>
#include <linux/sort.h>
#include <linux/math.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/mount.h>
#include <linux/cred.h>
#include <linux/file.h>
#if IS_ENABLED(CONFIG_LIBPSEUDOFS)
#include <linux/libpseudofs.h>
#endif

#define BENCH_MAX_ROUNDS 64

static unsigned int bench_max __initdata;
static unsigned int bench_rounds __initdata = 3;

static int __init bench_setup(char *s)
{
	return !kstrtouint(s, 0, &bench_max);
}
__setup("pseudofs_bench=", bench_setup);

static int __init bench_rounds_setup(char *s)
{
	return !kstrtouint(s, 0, &bench_rounds);
}
__setup("pseudofs_bench_rounds=", bench_rounds_setup);

static const struct file_operations bench_fops = {};

/* A timed phase of one round: cycles per entry, and the span it took */
struct bench_fig {
	s64 v;
	unsigned int span;
};

struct bench_fs {
	const char *name;
	struct dentry *(*mkdir)(const char *name, struct dentry *parent);
	struct dentry *(*create)(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
	void (*remove)(struct dentry *dentry);
	bool lookup;
	/* the floor: a round of its own instead of the calls above */
	int (*round)(const struct bench_fs *fs, unsigned int n,
		     struct bench_fig *fig);
};

static struct dentry *bench_debugfs_create(const char *name, umode_t mode,
					   struct dentry *parent, void *data,
					   const struct file_operations *fops)
{
	return debugfs_create_file(name, mode, parent, data, fops);
}

enum {
	PH_CREATE_FLAT, PH_LOOKUP, PH_REMOVE_FLAT, PH_CREATE_TREE,
	PH_REMOVE_TREE, PH_SLAB, PH_NR
};

static const char *const phase_name[PH_NR] = {
	"create_flat", "lookup", "remove_flat", "create_tree", "remove_tree",
	"slab",
};

/* Wait for the RCU callbacks pending, those of kfree_rcu() too */
static void __init bench_rcu_idle(void)
{
	rcu_barrier();
	kvfree_rcu_barrier();
}

static long __init slab_bytes(void)
{
	return (global_node_page_state_pages(NR_SLAB_RECLAIMABLE_B) +
		global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B)) << PAGE_SHIFT;
}

static int __init cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * The TSC, read out of line: each call begins a new span, numbered from 1,
 * in which make bench-profile's QEMU plugin, seeing this function entered,
 * counts the instructions of every function run (harness/bench-profile.sh).
 */
static unsigned int bench_spans __initdata;

static noinline cycles_t __init bench_cycles(void)
{
	bench_spans++;
	return get_cycles();
}

/*
 * Begin a timed phase: first let the RCU callbacks pending run, so that
 * what the phases before it freed after a grace period (inodes, dentries,
 * files, and the slab pages they empty) is not this one's cost, nor, on
 * either kernel, any phase's.
 */
static cycles_t __init bench_start(void)
{
	bench_rcu_idle();
	return bench_cycles();
}

/* The figure of the phase begun by bench_cycles() at @t, over @n entries */
static struct bench_fig __init bench_end(cycles_t t, unsigned int n)
{
	struct bench_fig f = { .span = bench_spans };

	f.v = (bench_cycles() - t) / n;
	return f;
}

static int __init cmp_fig(const void *a, const void *b)
{
	return cmp_s64(&((const struct bench_fig *)a)->v,
		       &((const struct bench_fig *)b)->v);
}

static bool __init bad(struct dentry *d)
{
	return IS_ERR_OR_NULL(d);
}

/*
 * @dirs directories of @files files each under @top; false on failure, with
 * the name that failed in @name (16 bytes).
 */
static bool __init bench_fill(const struct bench_fs *fs, struct dentry *top,
			      unsigned int dirs, unsigned int files, char *name)
{
	struct dentry *sub;
	unsigned int i, j;

	for (i = 0; i < dirs; i++) {
		snprintf(name, 16, "d%u", i);
		sub = fs->mkdir(name, top);
		if (bad(sub))
			return false;
		for (j = 0; j < files; j++) {
			snprintf(name, 16, "f%u", j);
			if (bad(fs->create(name, 0444, sub, NULL, &bench_fops)))
				return false;
		}
	}
	return true;
}

/* One round of every timed phase; fig[] gets cycles per entry. */
static int __init bench_round(const struct bench_fs *fs, unsigned int n,
			      struct bench_fig fig[PH_NR])
{
	unsigned int side = int_sqrt(n), i;
	struct dentry *top, *d;
	char name[16];
	cycles_t t;

	top = fs->mkdir("pseudofs_bench", NULL);
	if (bad(top))
		return -ENOMEM;
	t = bench_start();
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "f%u", i);
		if (bad(fs->create(name, 0444, top, NULL, &bench_fops)))
			goto fail;
	}
	fig[PH_CREATE_FLAT] = bench_end(t, n);

	fig[PH_LOOKUP].v = -1;
	if (fs->lookup) {
		t = bench_start();
		for (i = 0; i < n; i++) {
			snprintf(name, sizeof(name), "f%u", i);
			d = debugfs_lookup(name, top);
			if (!d)
				goto fail;
			dput(d);
		}
		fig[PH_LOOKUP] = bench_end(t, n);
	}

	t = bench_start();
	fs->remove(top);
	fig[PH_REMOVE_FLAT] = bench_end(t, n);

	top = fs->mkdir("pseudofs_bench", NULL);
	if (bad(top))
		return -ENOMEM;
	t = bench_start();
	if (!bench_fill(fs, top, side, side, name))
		goto fail;
	fig[PH_CREATE_TREE] = bench_end(t, side * side);
	t = bench_start();
	fs->remove(top);
	fig[PH_REMOVE_TREE] = bench_end(t, side * side);
	return 0;
fail:
	pr_err("pseudofs_bench: fs=%s n=%u: cannot create %s\n", fs->name, n, name);
	fs->remove(top);
	return -ENOMEM;
}

#define FLOOR_MAGIC 0x666c6f72

static struct vfsmount *floor_mnt __initdata;

static int __init floor_fill_super(struct super_block *sb,
				   struct fs_context *fc)
{
	static const struct tree_descr none[] __initconst = { {""} };

	sb->s_d_flags |= DCACHE_DONTCACHE;
	return simple_fill_super(sb, FLOOR_MAGIC, none);
}

static int __init floor_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, floor_fill_super);
}

static const struct fs_context_operations floor_context_ops __initconst = {
	.get_tree = floor_get_tree,
};

static int __init floor_init_fs_context(struct fs_context *fc)
{
	fc->ops = &floor_context_ops;
	return 0;
}

static struct file_system_type floor_fs_type __initdata = {
	.name = "pseudofs_bench_floor",
	.init_fs_context = floor_init_fs_context,
	.kill_sb = kill_anon_super,
};

/* One round of the floor: N files made and removed in the root. */
static int __init floor_round(const struct bench_fs *fs, unsigned int n,
			      struct bench_fig fig[PH_NR])
{
	struct dentry *root = floor_mnt->mnt_root, **d;
	struct inode *dir = d_inode(root), *inode;
	unsigned int i, made;
	char name[16];
	cycles_t t;

	if (IS_ERR(floor_mnt))
		return PTR_ERR(floor_mnt);
	for (i = 0; i < PH_NR; i++)
		fig[i].v = -1;
	d = kvmalloc_array(n, sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	t = bench_start();
	for (made = 0; made < n; made++) {
		snprintf(name, sizeof(name), "f%u", made);
		d[made] = simple_start_creating(root, name);
		if (IS_ERR(d[made]))
			break;
		inode = new_inode(dir->i_sb);
		if (!inode) {
			simple_done_creating(d[made]);
			break;
		}
		inode->i_ino = get_next_ino();
		inode->i_mode = S_IFREG | 0444;
		inode->i_fop = &bench_fops;
		simple_inode_init_ts(inode);
		d_make_persistent(d[made], inode);
		simple_done_creating(d[made]);
	}
	fig[PH_CREATE_FLAT] = bench_end(t, n);

	t = bench_start();
	for (i = 0; i < made; i++)
		simple_recursive_removal(d[i], NULL);
	fig[PH_REMOVE_FLAT] = bench_end(t, n);
	kvfree(d);
	if (made == n)
		return 0;
	pr_err("pseudofs_bench: fs=%s n=%u: cannot create %s\n", fs->name, n, name);
	return -ENOMEM;
}

/* Slab bytes per file of 10000 / N directories of N files; -1 on failure. */
static long __init bench_slab(const struct bench_fs *fs, unsigned int n)
{
	unsigned int dirs = max(1U, 10000 / n);
	struct dentry *top;
	long s0, bytes = -1;
	char name[16];

	/* RCU-freed objects of the rounds go back to the slabs first */
	bench_rcu_idle();
	s0 = slab_bytes();
	top = fs->mkdir("pseudofs_bench", NULL);
	if (bad(top))
		return -1;
	if (bench_fill(fs, top, dirs, n, name))
		bytes = (slab_bytes() - s0) / ((long)dirs * n);
	else
		pr_err("pseudofs_bench: fs=%s n=%u: cannot create %s\n",
		       fs->name, n, name);
	fs->remove(top);
	return bytes;
}

/*
 * Print the median of each phase's rounds, and the span of the median round,
 * which make bench-profile breaks down into the functions it ran.
 */
static void __init bench_fs(const struct bench_fs *fs, unsigned int n)
{
	static struct bench_fig fig[PH_NR][BENCH_MAX_ROUNDS] __initdata;
	unsigned int rounds = bench_rounds * max(1U, 1000 / n);
	struct bench_fig one[PH_NR], *med;
	unsigned int r, p;
	long slab;

	rounds = min_t(unsigned int, rounds, BENCH_MAX_ROUNDS);
	for (r = 0; r < rounds; r++) {
		if ((fs->round ?: bench_round)(fs, n, one))
			return;
		for (p = 0; p < PH_SLAB; p++)
			fig[p][r] = one[p];
	}
	for (p = 0; p < PH_SLAB; p++) {
		sort(fig[p], rounds, sizeof(fig[p][0]), cmp_fig, NULL);
		med = &fig[p][rounds / 2];
		if (med->v >= 0)
			pr_info("pseudofs_bench: fs=%s n=%u phase=%s cycles_per_entry=%lld span=%u\n",
				fs->name, n, phase_name[p], med->v, med->span);
	}
	slab = fs->round ? -1 : bench_slab(fs, n);
	if (slab >= 0)
		pr_info("pseudofs_bench: fs=%s n=%u phase=slab bytes_per_entry=%ld\n",
			fs->name, n, slab);
}

/* A file that reads nothing, for open_read_close */
static ssize_t bench_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	return 0;
}

static const struct file_operations bench_read_fops = {
	.open	= simple_open,
	.read	= bench_read,
	.llseek	= default_llseek,
};

/* The same file for debugfs's short proxy, whose open is simple_open() */
static const struct debugfs_short_fops bench_read_short_fops = {
	.read	= bench_read,
	.llseek	= default_llseek,
};

#define BENCH_OPENS 10000

/* A file to open, read and close: @d seen in @mnt, its figures @fig, @rfig */
struct bench_file {
	const char *fs;
	struct vfsmount *mnt;
	struct dentry *d;
	struct bench_fig fig[BENCH_MAX_ROUNDS];
	struct bench_fig rfig[BENCH_MAX_ROUNDS];
};

/* Cycles per open + read + close of @bf's file, BENCH_OPENS times; -1 on error. */
static struct bench_fig __init bench_open_read_close_one(struct bench_file *bf)
{
	struct path path = { .mnt = bf->mnt, .dentry = bf->d };
	struct file *f;
	unsigned int i;
	loff_t pos;
	cycles_t t;

	t = bench_start();
	for (i = 0; i < BENCH_OPENS; i++) {
		f = dentry_open(&path, O_RDONLY, current_cred());
		if (IS_ERR(f))
			return (struct bench_fig){ .v = -1 };
		pos = 0;
		vfs_read(f, NULL, 1, &pos);
		__fput_sync(f);
	}
	return bench_end(t, BENCH_OPENS);
}

/* Cycles per read of @bf's file, opened once, BENCH_OPENS times; -1 on error. */
static struct bench_fig __init bench_read_one(struct bench_file *bf)
{
	struct path path = { .mnt = bf->mnt, .dentry = bf->d };
	struct file *f = dentry_open(&path, O_RDONLY, current_cred());
	struct bench_fig fig;
	unsigned int i;
	loff_t pos;
	cycles_t t;

	if (IS_ERR(f))
		return (struct bench_fig){ .v = -1 };
	t = bench_start();
	for (i = 0; i < BENCH_OPENS; i++) {
		pos = 0;
		vfs_read(f, NULL, 1, &pos);
	}
	fig = bench_end(t, BENCH_OPENS);
	__fput_sync(f);
	return fig;
}

/* Print the median of each file's figures. */
static void __init bench_open_read_close(struct bench_file *bf, unsigned int nr)
{
	const struct bench_fig bad = { .v = -1 };
	struct bench_fig *fig, *rfig;
	unsigned int r, i;

	for (i = 0; i < nr; i++) {
		for (r = 0; r < bench_rounds; r++) {
			bool none = IS_ERR_OR_NULL(bf[i].d) || IS_ERR(bf[i].mnt);

			bf[i].fig[r] = none ? bad : bench_open_read_close_one(&bf[i]);
			bf[i].rfig[r] = none ? bad : bench_read_one(&bf[i]);
		}
	}
	for (i = 0; i < nr; i++) {
		sort(bf[i].fig, bench_rounds, sizeof(bad), cmp_fig, NULL);
		sort(bf[i].rfig, bench_rounds, sizeof(bad), cmp_fig, NULL);
		if (bf[i].fig[0].v < 0 || bf[i].rfig[0].v < 0) {
			pr_err("pseudofs_bench: fs=%s: cannot open a file\n", bf[i].fs);
			continue;
		}
		fig = &bf[i].fig[bench_rounds / 2];
		rfig = &bf[i].rfig[bench_rounds / 2];
		pr_info("pseudofs_bench: fs=%s op=open_read_close cycles_per_op=%lld span=%u\n",
			bf[i].fs, fig->v, fig->span);
		pr_info("pseudofs_bench: fs=%s op=read cycles_per_op=%lld span=%u\n",
			bf[i].fs, rfig->v, rfig->span);
	}
}

#if IS_ENABLED(CONFIG_LIBPSEUDOFS)
static const struct pseudofs_desc bench_pseudofs_desc = {
	.magic		= 0x70626e63,
	.default_mode	= 0755,
};

static struct pseudofs bench_pseudofs = {
	.type.name	= "pseudofs_bench",
	.desc		= &bench_pseudofs_desc,
};
#endif

/*
 * A debugfs file with the full proxy and one with the short proxy (both
 * kernels have both) and, with libpseudofs, the same file on a filesystem
 * of the library's with its full proxy and with none.
 */
static void __init bench_files(void)
{
	static struct bench_file bf[4] __initdata;
	struct file_system_type *type = get_fs_type("debugfs");
	unsigned int nr = 2;

	bf[0].fs = "debugfs";
	bf[0].mnt = type ? kern_mount(type) : ERR_PTR(-ENODEV);
	bf[0].d = debugfs_create_file("pseudofs_bench", 0444, NULL, NULL,
				      &bench_read_fops);
	/* debugfs_create_file() picks debugfs_create_file_short() by type */
	bf[1].fs = "debugfs_short";
	bf[1].mnt = bf[0].mnt;
	bf[1].d = debugfs_create_file("pseudofs_bench_short", 0444, NULL, NULL,
				      &bench_read_short_fops);
#if IS_ENABLED(CONFIG_LIBPSEUDOFS)
	if (!pseudofs_register(&bench_pseudofs)) {
		bf[2].fs = "pseudofs_proxy";
		bf[2].mnt = kern_mount(&bench_pseudofs.type);
		bf[2].d = pseudofs_create_file(&bench_pseudofs, "proxy", 0444,
					       NULL, NULL, PSEUDOFS_PROXY_FULL,
					       &bench_read_fops);
		bf[3].fs = "pseudofs_bare";
		bf[3].mnt = bf[2].mnt;
		bf[3].d = pseudofs_create_file(&bench_pseudofs, "bare", 0444,
					       NULL, NULL, PSEUDOFS_PROXY_NONE,
					       &bench_read_fops);
		nr = 4;
	}
#endif
	bench_open_read_close(bf, nr);
	debugfs_remove(bf[0].d);
	debugfs_remove(bf[1].d);
	if (!IS_ERR(bf[0].mnt))
		kern_unmount(bf[0].mnt);
	if (type)
		put_filesystem(type);
#if IS_ENABLED(CONFIG_LIBPSEUDOFS)
	if (nr == 4) {
		pseudofs_remove(&bench_pseudofs, bf[2].d);
		pseudofs_remove(&bench_pseudofs, bf[3].d);
		if (!IS_ERR(bf[2].mnt))
			kern_unmount(bf[2].mnt);
		pseudofs_unregister(&bench_pseudofs);
	}
#endif
}

static const struct bench_fs bench_fss[] __initconst = {
	{ "debugfs", debugfs_create_dir, bench_debugfs_create, debugfs_remove, true },
#ifdef CONFIG_TRACING
	{ "tracefs", tracefs_create_dir, tracefs_create_file, tracefs_remove, false },
#endif
	{ .name = "floor", .round = floor_round },
};

static int __init pseudofs_bench_init(void)
{
	unsigned int n, f;
	int err;

	if (!bench_max)
		return 0;
	bench_rounds = clamp(bench_rounds, 1U, (unsigned int)BENCH_MAX_ROUNDS);
	pr_info("pseudofs_bench: start max=%u rounds=%u\n", bench_max, bench_rounds);
	/* the slab that boot left, before the rounds leave theirs */
	bench_rcu_idle();
	pr_info("pseudofs_bench: fs=kernel op=slab_at_init kb=%ld\n",
		slab_bytes() >> 10);
	err = register_filesystem(&floor_fs_type);
	floor_mnt = err ? ERR_PTR(err) : kern_mount(&floor_fs_type);
	if (IS_ERR(floor_mnt))
		pr_err("pseudofs_bench: fs=floor: cannot mount (%ld)\n",
		       PTR_ERR(floor_mnt));
	for (n = 100; n <= bench_max; n *= 10)
		for (f = 0; f < ARRAY_SIZE(bench_fss); f++)
			bench_fs(&bench_fss[f], n);
	bench_files();
	if (!IS_ERR(floor_mnt))
		kern_unmount(floor_mnt);
	if (!err)
		unregister_filesystem(&floor_fs_type);
	pr_info("pseudofs_bench: done\n");
	return 0;
}
late_initcall(pseudofs_bench_init);
