// SPDX-License-Identifier: GPL-2.0
/*
 * What the lookup function hands out also gets a debugfs-only knob from
 * one of its callers, so the directory behind it stays in debugfs, and
 * the other caller's file with it.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct pool {
	struct dentry *pdir;
	u32 depth;
};

static struct dentry *pool_dir(struct pool *pl)
{
	return pl->pdir;
}

static int pool_create(struct pool *pl, struct dentry *top)
{
	pl->pdir = debugfs_create_dir("pool", top);
	return pl->pdir ? 0 : -ENOMEM;
}

static void pool_add_depth(struct pool *pl)
{
	struct dentry *d = pool_dir(pl);

	debugfs_create_u32("depth", 0644, d, &pl->depth);
}

static void pool_add_stats(struct pool *pl)
{
	struct dentry *d = pool_dir(pl);

	debugfs_create_file("stats", 0444, d, pl, &pool_stats_fops);
}

static __init int pools_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return pool_create(&main_pool, top);
}
