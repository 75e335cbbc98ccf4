// SPDX-License-Identifier: GPL-2.0
/* blktrace keeps its files in the block layer's per-queue debugfs
 * directory: that is ABI for the blktrace tool and not tracing's to move. */
#include <linux/blkdev.h>
#include <linux/blktrace_api.h>
#include <linux/debugfs.h>
#include <linux/relay.h>
#include "trace.h"

static int blk_remove_buf_file_callback(struct dentry *dentry)
{
	debugfs_remove(dentry);
	return 0;
}

static struct dentry *blk_create_buf_file_callback(const char *filename,
						    struct dentry *parent,
						    umode_t mode,
						    struct rchan_buf *buf,
						    int *is_global)
{
	return debugfs_create_file(filename, mode, parent, buf,
					&relay_file_operations);
}

static int do_blk_trace_setup(struct request_queue *q, char *name,
			      struct blk_trace *bt)
{
	struct dentry *dir = NULL;

	if (bdev && !bdev_is_partition(bdev))
		dir = q->debugfs_dir;
	else
		bt->dir = dir = debugfs_create_dir(name, blk_debugfs_root);

	debugfs_create_file("dropped", 0444, dir, bt, &blk_dropped_fops);
	debugfs_create_file("msg", 0222, dir, bt, &blk_msg_fops);
	return 0;
}

static void blk_trace_free(struct request_queue *q, struct blk_trace *bt)
{
	if (!bt->dir) {
		debugfs_lookup_and_remove("dropped", q->debugfs_dir);
		debugfs_lookup_and_remove("msg", q->debugfs_dir);
	} else {
		debugfs_remove(bt->dir);
	}
}
