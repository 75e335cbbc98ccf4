// SPDX-License-Identifier: GPL-2.0
/* trace.c keeps /sys/kernel/debug/tracing as an automount of tracefs. */
#include <linux/debugfs.h>
#include <linux/tracefs.h>
#include <linux/security.h>
#include "trace.h"

static struct trace_array global_trace;

int tracing_init_dentry(void)
{
	struct trace_array *tr = &global_trace;

	if (security_locked_down(LOCKDOWN_TRACEFS)) {
		pr_warn("Tracing disabled due to lockdown\n");
		return -EPERM;
	}

	if (tr->dir)
		return 0;

	if (WARN_ON(!tracefs_initialized()))
		return -ENODEV;

	tr->dir = debugfs_create_automount("tracing", NULL,
					   trace_automount, NULL);
	return 0;
}
