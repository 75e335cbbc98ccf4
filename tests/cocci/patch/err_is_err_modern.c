// SPDX-License-Identifier: GPL-2.0
/* Newer debugfs code checks ERR_PTR()s; tracefs returns NULL. */
#include <linux/debugfs.h>
#include <linux/init.h>
#include "trace.h"

static struct dentry *hwlat_dir;

static int init_hwlat_files(void)
{
	struct dentry *file;

	hwlat_dir = debugfs_create_dir("hwlat_detector", NULL);
	if (IS_ERR(hwlat_dir))
		return PTR_ERR(hwlat_dir);

	file = debugfs_create_file("window", 0640, hwlat_dir, NULL,
				   &window_fops);
	if (IS_ERR_OR_NULL(file))
		goto err;

	return 0;
err:
	debugfs_remove_recursive(hwlat_dir);
	return -ENOMEM;
}

static __init int init_hwlat_tracer(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return ret;
	return init_hwlat_files();
}
late_initcall(init_hwlat_tracer);
