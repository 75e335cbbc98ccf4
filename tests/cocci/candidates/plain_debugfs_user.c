// SPDX-License-Identifier: GPL-2.0
/* A driver that just uses debugfs: nothing to report. */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *foo_dir;

static int __init foo_init(void)
{
	foo_dir = debugfs_create_dir("foo", NULL);
	debugfs_create_file("state", 0444, foo_dir, NULL, &foo_state_fops);
	return 0;
}
module_init(foo_init);
