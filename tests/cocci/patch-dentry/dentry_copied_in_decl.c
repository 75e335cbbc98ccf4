// SPDX-License-Identifier: GPL-2.0
/*
 * A watcher's directory is taken out of the watcher into a local that is
 * declared and set in one go, and removed through that local.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct watcher {
	struct dentry *wdir;
	int hits;
};

static int watcher_add(struct watcher *w, struct dentry *parent)
{
	w->wdir = debugfs_create_dir("watch", parent);
	return w->wdir ? 0 : -ENOMEM;
}

static void watcher_drop(struct watcher *w)
{
	struct dentry *victim = w->wdir;

	w->hits = 0;
	debugfs_remove_recursive(victim);
}

static __init int watchers_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return watcher_add(&main_watcher, top);
}
