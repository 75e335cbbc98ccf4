// SPDX-License-Identifier: GPL-2.0
/*
 * libpseudofs_kunit_export.c - what the library's KUnit suites need of the
 * VFS and of the library that neither exports to modules
 *
 * Built in whenever the suites are configured, built in or as modules, and
 * exported only to the KUnit namespace: the suites remount their test
 * filesystems as do_remount() would, and 7.3 keeps
 * fs_context_for_reconfigure() to itself; and they check which operations
 * a proxied file was made with, which no client asks the library.
 */

#include <kunit/visibility.h>
#include <linux/fs_context.h>
#include "../internal.h"
#include "libpseudofs_kunit_export.h"

/**
 * pseudofs_kunit_fc_for_reconfigure - a context to remount a test filesystem
 * @root: the root of its superblock
 *
 * Return: fs_context_for_reconfigure(@root, 0, 0).
 */
VISIBLE_IF_KUNIT struct fs_context *
pseudofs_kunit_fc_for_reconfigure(struct dentry *root)
{
	return fs_context_for_reconfigure(root, 0, 0);
}
EXPORT_SYMBOL_IF_KUNIT(pseudofs_kunit_fc_for_reconfigure);

/**
 * pseudofs_kunit_real_fops - the operations a proxied file was made with
 * @file: an open file of a pseudo filesystem
 *
 * What the guard in front of the file's inode keeps for the open and full
 * proxies.  The guard holds the short proxy's struct pseudofs_short_fops
 * in the same place: for a file of the short proxy, look at its
 * ->short_fops instead.
 *
 * Return: the operations given to pseudofs_create_file() with
 * %PSEUDOFS_PROXY_OPEN or %PSEUDOFS_PROXY_FULL, %NULL for a file made
 * without a proxy.
 */
VISIBLE_IF_KUNIT const struct file_operations *
pseudofs_kunit_real_fops(const struct file *file)
{
	return pseudofs_guard(file_inode(file))->real_fops;
}
EXPORT_SYMBOL_IF_KUNIT(pseudofs_kunit_real_fops);
