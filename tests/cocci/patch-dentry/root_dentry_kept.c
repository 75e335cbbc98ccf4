// SPDX-License-Identifier: GPL-2.0
/*
 * A tree whose tracing_init_dentry() still hands back a dentry (NULL for
 * the tracefs root once the core moved): the caller keeps its root, only
 * the create call moves.
 */
#include <linux/debugfs.h>
#include "trace.h"

static __init int wakeup_lat_init(void)
{
	struct dentry *top;
	struct dentry *f;

	top = tracing_init_dentry();
	if (IS_ERR(top))
		return 0;

	f = debugfs_create_file("wakeup_lat", 0444, top, NULL, &lat_fops);
	if (!f)
		pr_warn("could not add wakeup_lat\n");
	return 0;
}
fs_initcall(wakeup_lat_init);
