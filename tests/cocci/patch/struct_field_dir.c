// SPDX-License-Identifier: GPL-2.0
/* Instance directories kept in a structure and used from other functions. */
#include <linux/debugfs.h>
#include <linux/slab.h>
#include "trace.h"

static struct dentry *trace_instance_dir;

static void init_instance_files(struct trace_array *tr)
{
	debugfs_create_file("trace", 0644, tr->dir, tr, &tracing_fops);
	tr->options = debugfs_create_dir("options", tr->dir);
}

static int new_instance_create(const char *name, struct trace_array *tr)
{
	tr->dir = debugfs_create_dir(name, trace_instance_dir);
	if (!tr->dir)
		return -EINVAL;
	init_instance_files(tr);
	return 0;
}

static void instance_delete(struct trace_array *tr)
{
	debugfs_remove_recursive(tr->dir);
	kfree(tr);
}

static __init void create_trace_instances(struct dentry *d_tracer)
{
	trace_instance_dir = debugfs_create_dir("instances", d_tracer);
}

static __init int tracer_init_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;
	create_trace_instances(d_tracer);
	return 0;
}
fs_initcall(tracer_init_debugfs);
