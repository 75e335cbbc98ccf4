/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LIBPSEUDOFS_KUNIT_EXPORT_H
#define _LIBPSEUDOFS_KUNIT_EXPORT_H

struct dentry;
struct file;
struct file_operations;
struct fs_context;

struct fs_context *pseudofs_kunit_fc_for_reconfigure(struct dentry *root);
const struct file_operations *pseudofs_kunit_real_fops(const struct file *file);

#endif
