// SPDX-License-Identifier: GPL-2.0
/*
 * The root of the tracing directory asked for once and kept in a static of
 * the function that hands it out; every caller makes its files under it.
 */
#include <linux/debugfs.h>
#include "trace.h"

static const struct file_operations sprocket_fops;

static struct dentry *sprocket_root(void)
{
	static struct dentry *top;

	if (top)
		return top;
	top = tracing_init_dentry();
	return top;
}

static __init int sprocket_init(void)
{
	struct dentry *parent;

	parent = sprocket_root();
	if (!parent)
		return 0;
	debugfs_create_file("sprocket", 0444, parent, NULL, &sprocket_fops);
	return 0;
}
