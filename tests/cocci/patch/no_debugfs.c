// SPDX-License-Identifier: GPL-2.0
/* A tracer that has nothing to do with debugfs. */
#include <linux/ftrace.h>
#include <linux/init.h>
#include "trace.h"

static struct tracer nop_trace __read_mostly = {
	.name		= "nop",
	.init		= nop_trace_init,
	.reset		= nop_trace_reset,
};

static __init int init_nop_trace(void)
{
	return register_tracer(&nop_trace);
}
core_initcall(init_nop_trace);
