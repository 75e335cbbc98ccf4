// SPDX-License-Identifier: GPL-2.0
/*
 * Generic dynamic event control interface (6.12 trace_dynevent.c):
 * debugfs.h is included first, but only tracefs is used.
 */

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/tracefs.h>

#include "trace.h"

static __init int init_dynamic_event(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL,
			  NULL, &dynamic_events_ops);
	return 0;
}
fs_initcall(init_dynamic_event);
