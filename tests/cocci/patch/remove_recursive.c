// SPDX-License-Identifier: GPL-2.0
/* A tracer that can go away again: its directory is removed recursively. */
#include <linux/debugfs.h>
#include <linux/module.h>
#include "trace.h"

static struct dentry *mmio_dir;
static struct dentry *mmio_marker;

static int __init mmio_trace_init(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return -ENODEV;

	mmio_dir = debugfs_create_dir("mmio", d_tracer);
	mmio_marker = debugfs_create_file("marker", 0200, mmio_dir, NULL,
					  &mmio_marker_fops);
	return 0;
}

static void __exit mmio_trace_exit(void)
{
	debugfs_remove(mmio_marker);
	debugfs_remove_recursive(mmio_dir);
}
module_init(mmio_trace_init);
module_exit(mmio_trace_exit);
