// SPDX-License-Identifier: GPL-2.0
/* A nullfs: get_tree_nodev() and a fill_super that makes its root with
 * new_inode(), and a file of its own instantiated on an anonymous dentry.
 * No tree (no d_make_persistent(), simple_start_creating() nor
 * simple_fill_super()), no options, no pin: nothing to report. */
#include <linux/fs.h>
#include <linux/fs_context.h>

struct dentry *rootfs_new_file(struct super_block *sb)
{
	struct inode *inode = new_inode(sb);
	struct dentry *dentry = d_alloc_anon(sb);

	d_instantiate(dentry, inode);
	return dentry;
}

static int rootfs_fill_super(struct super_block *s, struct fs_context *fc)
{
	struct inode *inode = new_inode(s);

	s->s_root = d_make_root(inode);
	return s->s_root ? 0 : -ENOMEM;
}

static int rootfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, rootfs_fill_super);
}
