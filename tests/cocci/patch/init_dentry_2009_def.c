// SPDX-License-Identifier: GPL-2.0
/* The 2009 tracing_init_dentry() made the tracing directory in debugfs
 * itself; that is the mount point now and has to be converted by hand. */
#include <linux/debugfs.h>
#include "trace.h"

static struct dentry *d_tracer;

struct dentry *tracing_init_dentry(void)
{
	static int once;

	if (d_tracer)
		return d_tracer;

	if (!debugfs_initialized())
		return NULL;

	d_tracer = debugfs_create_dir("tracing", NULL);

	if (!d_tracer && !once) {
		once = 1;
		pr_warning("Could not create debugfs directory 'tracing'\n");
		return NULL;
	}

	return d_tracer;
}
