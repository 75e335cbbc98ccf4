// SPDX-License-Identifier: GPL-2.0
/*
 * A probe group's directory is made in a local and only then stored in
 * the group by a plain assignment; the teardown removes it through the
 * member, in another function.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct probe_group {
	const char *label;
	struct dentry *gdir;
};

static int probe_group_publish(struct probe_group *grp, struct dentry *top)
{
	struct dentry *d;

	d = debugfs_create_dir(grp->label, top);
	if (!d)
		return -ENOMEM;
	grp->gdir = d;
	return 0;
}

static void probe_group_retire(struct probe_group *grp)
{
	debugfs_remove_recursive(grp->gdir);
	grp->gdir = NULL;
}

static __init int probe_groups_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return probe_group_publish(&default_group, top);
}
