// SPDX-License-Identifier: GPL-2.0
/*
 * A conversion that stopped half way: directories left in debugfs with
 * tracefs files under them, and the reverse, each of the three ways the
 * checker follows a dentry.
 */
#include <linux/debugfs.h>
#include <linux/tracefs.h>

static const struct file_operations crank_fops;
static struct dentry *crank_dir;

/* made and used in one function */
static void crank_local(void)
{
	struct dentry *d;

	d = debugfs_create_dir("crank", NULL);
	if (!d)
		return;
	tracefs_create_file("speed", 0444, d, NULL, &crank_fops);
}

/* kept in a file static, used elsewhere */
static void crank_setup(void)
{
	crank_dir = tracefs_create_dir("crank2", NULL);
}

static void crank_teardown(void)
{
	debugfs_remove(crank_dir);
}

/* handed out by the function that made it */
static struct dentry *crank_events(void)
{
	struct dentry *ev;

	ev = debugfs_create_dir("events", NULL);
	return ev;
}

static void crank_add(void)
{
	struct dentry *ev = crank_events();

	tracefs_create_dir("crank", ev);
	tracefs_create_file("all", 0444, crank_events(), NULL, &crank_fops);
}

/* no mix: each file system under its own dentries */
static void crank_clean(void)
{
	struct dentry *a, *b;

	a = tracefs_create_dir("a", NULL);
	tracefs_create_file("f", 0444, a, NULL, &crank_fops);
	tracefs_remove(a);
	b = debugfs_create_dir("b", NULL);
	debugfs_create_file("g", 0444, b, NULL, &crank_fops);
	debugfs_remove(b);
	b = tracefs_create_dir("c", NULL);
	tracefs_remove(b);
}

/* nor here: the variable is a debugfs one wherever it is used */
static struct dentry *crank_other;
static void crank_other_setup(void)
{
	crank_other = debugfs_create_dir("other", NULL);
	debugfs_remove(crank_other);
}
