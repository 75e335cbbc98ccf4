// SPDX-License-Identifier: GPL-2.0
/* 6.12 idiom: nothing to do. */
#include <linux/tracefs.h>
#include <linux/init.h>
#include "trace.h"

static __init int stack_trace_init(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL,
			  &stack_trace_max_size, &stack_max_size_fops);

	trace_create_file("stack_trace", TRACE_MODE_READ, NULL,
			  NULL, &stack_trace_fops);
	return 0;
}
device_initcall(stack_trace_init);
