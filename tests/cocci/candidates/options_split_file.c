// SPDX-License-Identifier: GPL-2.0
/* An efivarfs super.c: uid= and gid= of its own, one superblock
 * (get_tree_single()) whose fill_super gets its root inode from another
 * file, entries made here with d_make_persistent().  Reported for the
 * options, at get_tree_single(), without "makes the inodes". */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>

static const struct fs_parameter_spec varfs_parameters[] = {
	fsparam_uid("uid", 0),
	fsparam_gid("gid", 1),
	{},
};

static int varfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *inode = varfs_get_inode(sb, NULL, S_IFDIR | 0755, 0, true);

	sb->s_root = d_make_root(inode);
	return sb->s_root ? 0 : -ENOMEM;
}

static int varfs_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, varfs_fill_super);
}

int varfs_create_dentry(struct super_block *sb, const char *name,
			struct inode *inode)
{
	struct dentry *dentry = d_alloc_name(sb->s_root, name);

	d_make_persistent(dentry, inode);
	dput(dentry);
	return 0;
}
