// SPDX-License-Identifier: GPL-2.0
/*
 * A directory made on first use and handed out on every later call: the
 * "events" directory and the tracing root are both kept in statics of the
 * function that makes them (the once-only memo of older tracers).
 */
#include <linux/debugfs.h>
#include "trace.h"

static const struct file_operations gadget_enable_fops;

static struct dentry *gadget_events_dir(void)
{
	static struct dentry *d_tracer;
	static struct dentry *d_events;

	if (d_events)
		return d_events;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return NULL;

	d_events = debugfs_create_dir("events", d_tracer);
	if (!d_events)
		pr_warn("Could not create debugfs 'events' directory\n");

	return d_events;
}

static void gadget_add_system(const char *name)
{
	struct dentry *d_events, *system;

	d_events = gadget_events_dir();
	if (!d_events)
		return;

	system = debugfs_create_dir(name, d_events);
	if (!system)
		return;
	debugfs_create_file("enable", 0644, system, NULL, &gadget_enable_fops);
}
