// SPDX-License-Identifier: GPL-2.0
/* cocci: api/debugfs_to_tracefs.cocci
 * context marks what patch mode converts, org lists every site. */
#include <linux/debugfs.h>
#include "trace.h"

static struct dentry *irqsoff_dir;

static __init int init_irqsoff_debugfs(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;

	irqsoff_dir = debugfs_create_dir("irqsoff", d_tracer);
	debugfs_create_file("tracing_max_latency", 0644, irqsoff_dir, NULL,
			    &tracing_max_lat_fops);
	debugfs_create_automount("tracing", NULL, trace_automount, NULL);
	return 0;
}
