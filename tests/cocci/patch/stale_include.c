// SPDX-License-Identifier: GPL-2.0
/*
 * Function tracer (6.12 trace_functions.c): a stale debugfs.h include in
 * a file that does not use any pseudo filesystem.
 */
#include <linux/ring_buffer.h>
#include <linux/debugfs.h>
#include <linux/uaccess.h>
#include <linux/ftrace.h>

#include "trace.h"

static int function_trace_init(struct trace_array *tr)
{
	tr->function_enabled = 0;
	return 0;
}
