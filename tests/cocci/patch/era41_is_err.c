// SPDX-License-Identifier: GPL-2.0
/* 4.1-era: files already go through trace_create_file(), the root is an
 * ERR_PTR-checked dentry. */
#include <linux/tracefs.h>
#include <linux/init.h>
#include "trace.h"

static __init int init_trace_printk_function_export(void)
{
	struct dentry *d_tracer;

	d_tracer = tracing_init_dentry();
	if (IS_ERR(d_tracer))
		return 0;

	trace_create_file("printk_formats", 0444, d_tracer,
				    NULL, &ftrace_formats_fops);

	return 0;
}
fs_initcall(init_trace_printk_function_export);
