// SPDX-License-Identifier: GPL-2.0
/*
 * era2009_threaded_parent.c after the conversion: running it again
 * changes nothing.
 */
#include <linux/tracefs.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "trace.h"

static void ftrace_profile_files(struct dentry *d_tracer)
{
	struct dentry *entry;

	entry = tracefs_create_file("function_profile_enabled", 0644,
				    d_tracer, NULL, &ftrace_profile_fops);
	if (!entry)
		pr_warning("Could not create tracefs 'function_profile_enabled' entry\n");
}

static void ftrace_profile_debugfs(struct dentry *d_tracer)
{
	ftrace_profile_files(d_tracer);
}

static __init int ftrace_init_dyn_tracefs(int flags, struct dentry *d_tracer)
{
	tracefs_create_file("available_filter_functions", 0444,
			    d_tracer, NULL, &ftrace_avail_fops);
	tracefs_create_file("set_ftrace_filter", 0644, d_tracer,
			    NULL, &ftrace_filter_fops);
	ftrace_profile_debugfs(d_tracer);
	return 0;
}

static __init int ftrace_init_tracefs(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	ftrace_init_dyn_tracefs(0, NULL);
	return 0;
}
fs_initcall(ftrace_init_tracefs);
