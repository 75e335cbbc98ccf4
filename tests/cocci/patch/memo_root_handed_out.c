// SPDX-License-Identifier: GPL-2.0
/*
 * With -D int_root the tracing root is no dentry any more: a function that
 * keeps it in a static and hands it out cannot turn it into NULL (callers
 * would take NULL for failure), so the root and the file under it are left
 * for a hand conversion, and nothing is half done.
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
