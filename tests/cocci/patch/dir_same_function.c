// SPDX-License-Identifier: GPL-2.0
/* Files in a directory made earlier in the same function, and a
 * directory below that. */
#include <linux/debugfs.h>
#include <linux/init.h>
#include "trace.h"

static int init_osnoise_files(void)
{
	struct dentry *top_dir, *sub;
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return ret;

	top_dir = debugfs_create_dir("osnoise", NULL);
	if (!top_dir)
		return -ENOMEM;

	debugfs_create_file("period_us", 0640, top_dir, NULL, &period_fops);
	sub = debugfs_create_dir("timerlat", top_dir);
	debugfs_create_file("timerlat_period_us", 0640, sub, NULL,
			    &timerlat_period_fops);
	return 0;
}
