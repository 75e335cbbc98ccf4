// SPDX-License-Identifier: GPL-2.0
/* Tracing files move, a symlink into another tree stays: debugfs.h stays,
 * tracefs.h is added where it is missing. */
#include <linux/debugfs.h>
#include "trace.h"

static __init int init_kmem_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	debugfs_create_file("kmem_stats", 0444, d_tracer, NULL, &kmem_fops);
	debugfs_create_symlink("slab", NULL, "../slab");
	return 0;
}
