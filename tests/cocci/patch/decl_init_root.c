// SPDX-License-Identifier: GPL-2.0
/* The root taken in the declaration, multi-variable declarations. */
#include <linux/debugfs.h>
#include "trace.h"

static __init int init_graph_debugfs(void)
{
	struct dentry *d_tracer = tracing_init_dentry();

	if (!d_tracer)
		return 0;

	debugfs_create_file("max_graph_depth", 0644, d_tracer,
			    NULL, &graph_depth_fops);
	return 0;
}
fs_initcall(init_graph_debugfs);

static __init int init_events_debugfs(void)
{
	struct dentry *d_tracer, *entry;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	entry = debugfs_create_file("available_events", 0444, d_tracer,
				    NULL, &ftrace_avail_fops);
	if (!entry)
		pr_warn("Could not create debugfs 'available_events' entry\n");
	return 0;
}
fs_initcall(init_events_debugfs);
