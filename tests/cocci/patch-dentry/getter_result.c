// SPDX-License-Identifier: GPL-2.0
/*
 * A session's directory is handed out by a small lookup function; its
 * callers keep what it returns in a local and make their files there.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct session {
	struct dentry *sdir;
	int id;
};

static struct dentry *session_dir(struct session *ses)
{
	if (!ses)
		return NULL;
	return ses->sdir;
}

static int session_open(struct session *ses, struct dentry *top)
{
	ses->sdir = debugfs_create_dir("session", top);
	return ses->sdir ? 0 : -ENOMEM;
}

static void session_add_stats(struct session *ses)
{
	struct dentry *d;

	d = session_dir(ses);
	if (!d)
		return;
	debugfs_create_file("stats", 0444, d, ses, &stats_fops);
}

static void session_add_limits(struct session *ses)
{
	struct dentry *d = session_dir(ses);

	if (d)
		debugfs_create_file("limits", 0644, d, ses, &limits_fops);
}

static __init int sessions_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	return session_open(&first_session, top);
}
