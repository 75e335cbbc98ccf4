// SPDX-License-Identifier: GPL-2.0
/*
 * Two directories kept in the same field: one under the tracing root, one
 * under another subsystem's debugfs directory.  The helper that fills the
 * field's directory serves both, so neither directory nor the file under
 * it can move to tracefs on its own.
 */
#include <linux/debugfs.h>
#include "trace.h"

extern struct dentry *arch_debugfs_dir;
static const struct file_operations gizmo_fops;

struct gizmo {
	struct dentry *dir;
};

static void gizmo_files(struct gizmo *g)
{
	debugfs_create_file("state", 0444, g->dir, NULL, &gizmo_fops);
}

static void gizmo_trace(struct gizmo *g)
{
	struct dentry *d_tracer = tracing_init_dentry();

	if (!d_tracer)
		return;
	g->dir = debugfs_create_dir("gizmo", d_tracer);
	gizmo_files(g);
}

static void gizmo_arch(struct gizmo *g)
{
	g->dir = debugfs_create_dir("gizmo", arch_debugfs_dir);
	gizmo_files(g);
}
