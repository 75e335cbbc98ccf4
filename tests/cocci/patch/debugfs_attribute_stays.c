// SPDX-License-Identifier: GPL-2.0
/* fops made by DEFINE_DEBUGFS_ATTRIBUTE() rely on debugfs's file
 * protection and cannot serve a tracefs file. */
#include <linux/debugfs.h>
#include "trace.h"

static int thresh_get(void *data, u64 *val)
{
	*val = tracing_thresh;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(thresh_fops, thresh_get, NULL, "%llu\n");

static __init int thresh_init(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	debugfs_create_file("tracing_thresh_ro", 0444, NULL, NULL, &thresh_fops);
	debugfs_create_file("README", 0444, NULL, NULL, &readme_fops);
	return 0;
}
