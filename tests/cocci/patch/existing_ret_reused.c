// SPDX-License-Identifier: GPL-2.0
/* The function has a "ret" already: it is reused for the root status. */
#include <linux/debugfs.h>
#include "trace.h"

static __init int init_kprobe_trace(void)
{
	struct dentry *d_tracer;
	int ret;

	ret = register_module_notifier(&trace_kprobe_module_nb);
	if (ret)
		return ret;

	d_tracer = tracing_init_dentry();
	if (IS_ERR(d_tracer))
		return PTR_ERR(d_tracer);

	debugfs_create_file("kprobe_events", 0644, d_tracer,
			    NULL, &kprobe_events_ops);
	return 0;
}
fs_initcall(init_kprobe_trace);
