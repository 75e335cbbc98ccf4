// SPDX-License-Identifier: GPL-2.0
/*
 * The counters go wherever the local "where" points; it is only ever set
 * from the function's parameter, never by a create.
 */
#include <linux/debugfs.h>
#include "trace.h"

static void counters_add(struct dentry *parent, void *data)
{
	struct dentry *where;

	where = parent;
	debugfs_create_file("hits", 0444, where, data, &hits_fops);
	debugfs_create_file("misses", 0444, where, data, &misses_fops);
}

static __init int counters_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	counters_add(top, &counter_block);
	return 0;
}
