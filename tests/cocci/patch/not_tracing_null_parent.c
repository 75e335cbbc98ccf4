// SPDX-License-Identifier: GPL-2.0
/* A driver's files in the debugfs root: not tracing, stays. */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *foo_root;

static int __init foo_init(void)
{
	foo_root = debugfs_create_dir("foo", NULL);
	debugfs_create_file("state", 0444, foo_root, NULL, &foo_state_fops);
	return 0;
}

static void __exit foo_exit(void)
{
	debugfs_remove_recursive(foo_root);
}
module_init(foo_init);
module_exit(foo_exit);
