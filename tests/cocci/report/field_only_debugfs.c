// SPDX-License-Identifier: GPL-2.0
/*
 * A recorder keeps its debugfs directory and log file in its own fields,
 * and its teardown removes them through those fields.  Nothing stored
 * there was ever a tracing dentry: the removals say where the dentries
 * were made, not that they could not be told apart.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct recorder {
	struct dentry *dir;
	struct dentry *log_file;
};

extern struct dentry *rec_debug_root;

static int recorder_setup(struct recorder *rc)
{
	struct dentry *dir = debugfs_create_dir("rec", rec_debug_root);

	rc->log_file = debugfs_create_file("log", 0400, dir, rc, &rec_log_fops);
	rc->dir = dir;
	return 0;
}

static void recorder_teardown(struct recorder *rc)
{
	debugfs_remove(rc->log_file);
	debugfs_remove(rc->dir);
}
