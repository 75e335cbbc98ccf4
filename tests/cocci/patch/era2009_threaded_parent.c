// SPDX-License-Identifier: GPL-2.0
/*
 * 2.6.29-era ftrace: the tracing dentry is handed down through several
 * helpers before files are created in it.
 */
#include <linux/debugfs.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "trace.h"

static void ftrace_profile_files(struct dentry *d_tracer)
{
	struct dentry *entry;

	entry = debugfs_create_file("function_profile_enabled", 0644,
				    d_tracer, NULL, &ftrace_profile_fops);
	if (!entry)
		pr_warning("Could not create debugfs 'function_profile_enabled' entry\n");
}

static void ftrace_profile_debugfs(struct dentry *d_tracer)
{
	ftrace_profile_files(d_tracer);
}

static __init int ftrace_init_dyn_debugfs(int flags, struct dentry *d_tracer)
{
	debugfs_create_file("available_filter_functions", 0444,
			    d_tracer, NULL, &ftrace_avail_fops);
	debugfs_create_file("set_ftrace_filter", 0644, d_tracer,
			    NULL, &ftrace_filter_fops);
	ftrace_profile_debugfs(d_tracer);
	return 0;
}

static __init int ftrace_init_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	ftrace_init_dyn_debugfs(0, d_tracer);
	return 0;
}
fs_initcall(ftrace_init_debugfs);
