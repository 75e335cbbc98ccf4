// SPDX-License-Identifier: GPL-2.0
/* A tracer already on tracefs whose init function kept its debugfs-era
 * name.  The patch moves nothing here, so the name is not its to change:
 * only a function whose debugfs calls it moved to tracefs is renamed. */
#include <linux/tracefs.h>
#include <linux/init.h>
#include "trace.h"

static u64 wakeup_lat_threshold = 100;

static __init int wakeup_lat_init_debugfs(void)
{
	struct dentry *top_dir;
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	top_dir = tracefs_create_dir("wakeup_lat", NULL);
	if (!top_dir)
		return -ENOMEM;

	trace_create_file("threshold_us", TRACE_MODE_WRITE, top_dir,
			  &wakeup_lat_threshold, &wakeup_lat_threshold_fops);
	trace_create_file("histogram", TRACE_MODE_READ, top_dir,
			  NULL, &wakeup_lat_hist_fops);
	return 0;
}
late_initcall(wakeup_lat_init_debugfs);
