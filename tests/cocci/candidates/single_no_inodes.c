// SPDX-License-Identifier: GPL-2.0
/* One superblock (get_tree_single()) whose fill_super gets its inodes from
 * another file, no options, no pin: the scan cannot see it make inodes,
 * nothing to report (configfs's dir.c and inode.c, each alone). */
#include <linux/fs.h>
#include <linux/fs_context.h>

static int splitfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_root = d_make_root(splitfs_new_inode(S_IFDIR | 0755, sb));
	return sb->s_root ? 0 : -ENOMEM;
}

static int splitfs_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, splitfs_fill_super);
}

void splitfs_make(struct dentry *dentry, struct inode *inode)
{
	d_make_persistent(dentry, inode);
}
