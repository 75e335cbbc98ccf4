// SPDX-License-Identifier: GPL-2.0
/* One of each: what moves and what stays, with the reason. */
#include <linux/debugfs.h>
#include "trace.h"

static u32 hist_size;
static struct dentry *hist_dir;

static int size_get(void *data, u64 *val)
{
	*val = hist_size;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(size_fops, size_get, NULL, "%llu\n");

int tracing_init_dentry(void)
{
	struct trace_array *tr = &global_trace;

	tr->dir = debugfs_create_automount("tracing", NULL,
					   trace_automount, NULL);
	return 0;
}

static __init int hist_init_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	hist_dir = debugfs_create_dir("hist", d_tracer);
	debugfs_create_file("size_ro", 0444, d_tracer, NULL, &size_fops);
	debugfs_create_file("trigger", 0644, hist_dir, NULL, &trigger_fops);
	debugfs_create_symlink("hist_link", NULL, "tracing/hist");
	return 0;
}

static void hist_exit(struct request_queue *q)
{
	debugfs_lookup_and_remove("hist", q->debugfs_dir);
	debugfs_remove_recursive(hist_dir);
}
