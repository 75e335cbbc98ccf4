// SPDX-License-Identifier: GPL-2.0
/* A void helper that never checked the root. */
#include <linux/debugfs.h>
#include "trace.h"

static void __init trace_create_cpu_files(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	debugfs_create_dir("per_cpu", d_tracer);
}
