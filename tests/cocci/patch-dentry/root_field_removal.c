// SPDX-License-Identifier: GPL-2.0
/*
 * One struct member holds both the tracing root (made in debugfs by
 * tracing_init_dentry() itself) and the directories of sub-buffers.  The
 * removal right after a converted create moves with it; the one in a
 * teardown path cannot be told apart from the root and stays.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct dentry *tracing_init_dentry(void)
{
	if (!top_buf.dir)
		top_buf.dir = debugfs_create_dir("tracing", NULL);
	return top_buf.dir;
}

static int sub_buf_add(struct sub_buf *b, struct dentry *subs)
{
	b->dir = debugfs_create_dir(b->name, subs);
	if (!b->dir)
		return -ENOMEM;
	if (sub_buf_fill(b)) {
		debugfs_remove_recursive(b->dir);
		return -ENOMEM;
	}
	return 0;
}

static void sub_buf_del(struct sub_buf *b)
{
	debugfs_remove_recursive(b->dir);
}

static __init int sub_bufs_init(void)
{
	struct dentry *top = tracing_init_dentry();
	struct dentry *subs;

	subs = debugfs_create_dir("sub_buffers", top);
	return sub_buf_add(&first_buf, subs);
}
