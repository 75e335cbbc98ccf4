// SPDX-License-Identifier: GPL-2.0
/*
 * One helper fills two directories: the tracing root, and a directory made
 * under another subsystem's debugfs directory, which stays in debugfs.  The
 * helper's file cannot move to tracefs for one of its callers only.
 */
#include <linux/debugfs.h>
#include "trace.h"

extern struct dentry *arch_debugfs_dir;
static const struct file_operations dial_fops;

static void dial_add_files(struct dentry *parent)
{
	debugfs_create_file("dial", 0444, parent, NULL, &dial_fops);
}

static __init int dial_init(void)
{
	struct dentry *d_tracer, *knobs;

	d_tracer = tracing_init_dentry();
	if (!d_tracer)
		return 0;
	dial_add_files(d_tracer);

	knobs = debugfs_create_dir("dial_knobs", arch_debugfs_dir);
	if (!knobs)
		return 0;
	dial_add_files(knobs);
	return 0;
}
