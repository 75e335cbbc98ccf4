// SPDX-License-Identifier: GPL-2.0
/*
 * libpseudofs_kunit_export.c - what the library's KUnit suites need of the
 * VFS that it does not export to modules
 *
 * Built in whenever the suites are configured, built in or as modules, and
 * exported only to the KUnit namespace: the suites remount their test
 * filesystems as do_remount() would, and 7.3 keeps
 * fs_context_for_reconfigure() to itself.
 */

#include <kunit/visibility.h>
#include <linux/fs_context.h>
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
