// SPDX-License-Identifier: GPL-2.0
/* debugfs_create_u32() has no tracefs counterpart: the directory holding
 * it has to stay in debugfs too, while an unrelated tracing file moves. */
#include <linux/debugfs.h>
#include <linux/init.h>
#include "trace.h"

static u32 sample_width;

static __init int init_sample_debugfs(void)
{
	struct dentry *d_tracer;
	struct dentry *dir;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	dir = debugfs_create_dir("sampler", d_tracer);
	debugfs_create_u32("width", 0644, dir, &sample_width);
	debugfs_create_file("enable", 0644, dir, NULL, &sample_enable_fops);
	return 0;
}
fs_initcall(init_sample_debugfs);

static __init int init_other_debugfs(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;
	debugfs_create_file("other", 0444, NULL, NULL, &other_fops);
	return 0;
}
fs_initcall(init_other_debugfs);
