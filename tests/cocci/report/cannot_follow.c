// SPDX-License-Identifier: GPL-2.0
/*
 * Directories whose origin this file cannot follow to the tracing root:
 * each site that stays names where its dentry comes from, so that it can
 * be checked by hand.  The removal of a dentry kept through a copy of a
 * directory made in debugfs says so instead.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct hub {
	struct dentry *home;
	struct dentry *spare;
};

extern struct dentry *dev_debug_root;

static struct dentry *hub_home(struct hub *h)
{
	if (h->spare)
		return h->spare;
	return h->home;
}

static void hub_fill(struct dentry *base, void *data)
{
	debugfs_create_file("status", 0444, base, data, &hub_status_fops);
}

static void hub_attach(struct hub *h)
{
	struct dentry *d = hub_home(h);
	struct dentry *e;

	debugfs_create_file("links", 0444, d, h, &hub_links_fops);
	e = h->spare;
	debugfs_create_file("spare", 0444, e, h, &hub_spare_fops);
	hub_fill(dev_debug_root, h);
}

static void hub_park(struct hub *h)
{
	struct dentry *lot = debugfs_create_dir("lot", NULL);

	h->home = lot;
}

static void hub_unpark(struct hub *h)
{
	debugfs_remove_recursive(h->home);
}
