// SPDX-License-Identifier: GPL-2.0
/*
 * The lookup of a ring's directory is called right in the argument list
 * of the create, with no local in between.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct ring {
	struct dentry *rdir;
};

static struct dentry *ring_dir(struct ring *r)
{
	return r->rdir;
}

static int ring_publish(struct ring *r, struct dentry *top)
{
	r->rdir = debugfs_create_dir("ring", top);
	if (!r->rdir)
		return -ENOMEM;
	debugfs_create_file("size", 0644, ring_dir(r), r, &ring_size_fops);
	return 0;
}

static __init int rings_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return ring_publish(&boot_ring, top);
}
