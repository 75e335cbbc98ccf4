// SPDX-License-Identifier: GPL-2.0
/* cocci: api/tracefs_debugfs_mix.cocci
 * context marks both calls of a mix, org lists it with where it was made. */
#include <linux/debugfs.h>
#include <linux/tracefs.h>

static const struct file_operations lamp_fops;

static void lamp_init(void)
{
	struct dentry *dir;

	dir = debugfs_create_dir("lamp", NULL);
	tracefs_create_file("brightness", 0644, dir, NULL, &lamp_fops);
}
