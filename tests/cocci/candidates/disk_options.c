// SPDX-License-Identifier: GPL-2.0
/* A disk filesystem (get_tree_bdev(), and get_tree_nodev() when it has no
 * device) with uid= and gid= options and inodes from new_inode(): no
 * pseudo filesystem, nothing to report. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>

static const struct fs_parameter_spec diskfs_param_specs[] = {
	fsparam_uid	("uid",		0),
	fsparam_gid	("gid",		1),
	{}
};

static int diskfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct inode *inode = new_inode(sb);

	sb->s_root = d_make_root(inode);
	return sb->s_root ? 0 : -ENOMEM;
}

static int diskfs_get_tree(struct fs_context *fc)
{
	if (!fc->source)
		return get_tree_nodev(fc, diskfs_fill_super);
	return get_tree_bdev(fc, diskfs_fill_super);
}

struct dentry *diskfs_make(struct super_block *sb, const char *name)
{
	struct dentry *dentry = simple_start_creating(sb->s_root, name);

	d_make_persistent(dentry, new_inode(sb));
	simple_done_creating(dentry);
	return dentry;
}
