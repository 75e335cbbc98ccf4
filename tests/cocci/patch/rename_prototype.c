// SPDX-License-Identifier: GPL-2.0
/* A *_debugfs initcall with a forward declaration and a pointer use. */
#include <linux/debugfs.h>
#include "trace.h"

static int __init trace_stat_debugfs(void);

static int (*stat_init)(void) = trace_stat_debugfs;

static int __init trace_stat_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return -ENODEV;
	debugfs_create_file("trace_stat_enable", 0644, d_tracer, NULL,
			    &stat_enable_fops);
	return 0;
}
fs_initcall(trace_stat_debugfs);
