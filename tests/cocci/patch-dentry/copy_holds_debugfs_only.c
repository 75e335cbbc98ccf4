// SPDX-License-Identifier: GPL-2.0
/*
 * A group's directory is copied into a local, and a debugfs-only counter
 * goes in through the copy: the directory cannot move, and nothing in it
 * moves either.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct grp {
	struct dentry *dir;
	u32 count;
};

static int grp_init(struct grp *g, struct dentry *top)
{
	struct dentry *alias;

	g->dir = debugfs_create_dir("grp", top);
	if (!g->dir)
		return -ENOMEM;
	alias = g->dir;
	debugfs_create_u32("count", 0444, alias, &g->count);
	debugfs_create_file("info", 0444, g->dir, g, &grp_info_fops);
	return 0;
}

static __init int grps_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return grp_init(&the_grp, top);
}
