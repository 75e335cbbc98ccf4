// SPDX-License-Identifier: GPL-2.0
/*
 * The lookup hands out the stream's own directory, or a block layer
 * directory while the stream has none: not everything it returns is a
 * tracing dentry, so the file made under its result stays in debugfs.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct stream {
	struct dentry *sdir;
};

extern struct dentry *blk_debug_root;

static struct dentry *stream_dir(struct stream *st)
{
	if (!st->sdir)
		return blk_debug_root;
	return st->sdir;
}

static int stream_open(struct stream *st, struct dentry *top)
{
	st->sdir = debugfs_create_dir("stream", top);
	return st->sdir ? 0 : -ENOMEM;
}

static void stream_add_state(struct stream *st)
{
	debugfs_create_file("state", 0444, stream_dir(st), st, &state_fops);
}

static __init int streams_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return stream_open(&the_stream, top);
}
