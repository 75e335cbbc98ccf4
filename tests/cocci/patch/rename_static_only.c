// SPDX-License-Identifier: GPL-2.0
/* Only static *_debugfs functions are renamed: a global one may be called
 * from other files under its old name. */
#include <linux/debugfs.h>
#include "trace.h"

int trace_event_init_debugfs(struct dentry *d_tracer)
{
	debugfs_create_file("available_events", 0444, d_tracer, NULL,
			    &ftrace_avail_fops);
	return 0;
}

static __init int event_trace_init_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;
	return trace_event_init_debugfs(d_tracer);
}
fs_initcall(event_trace_init_debugfs);
