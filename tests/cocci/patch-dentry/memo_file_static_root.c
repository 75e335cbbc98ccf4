// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing root kept in a file static by the first caller that needs it,
 * and returned as it is afterwards.
 */
#include <linux/debugfs.h>
#include "trace.h"

static const struct file_operations lever_fops;
static struct dentry *lever_top;

static struct dentry *lever_dir(void)
{
	if (lever_top)
		return lever_top;
	lever_top = tracing_init_dentry();
	return lever_top;
}

static __init int lever_init(void)
{
	struct dentry *d = lever_dir();

	if (!d)
		return 0;
	debugfs_create_dir("levers", d);
	debugfs_create_file("lever_state", 0444, lever_top, NULL, &lever_fops);
	return 0;
}
