// SPDX-License-Identifier: GPL-2.0
/* A fusectl: one superblock while mounted (get_tree_single()), filled by
 * simple_fill_super() and then by d_alloc_name(), new_inode() and
 * d_make_persistent() for each connection; no pin, no options.  The line
 * is at get_tree_single(). */
#include <linux/fs.h>
#include <linux/fs_context.h>

static struct super_block *ctlfs_sb;

static struct dentry *ctlfs_add(struct dentry *parent, const char *name)
{
	struct dentry *dentry = d_alloc_name(parent, name);
	struct inode *inode = new_inode(ctlfs_sb);

	d_make_persistent(dentry, inode);
	dput(dentry);
	return dentry;
}

void ctlfs_remove(const char *name)
{
	simple_remove_by_name(ctlfs_sb->s_root, name, NULL);
}

static int ctlfs_fill_super(struct super_block *sb, struct fs_context *fsc)
{
	static const struct tree_descr empty_descr = {""};
	int err;

	err = simple_fill_super(sb, 0x65735546, &empty_descr);
	if (err)
		return err;
	ctlfs_sb = sb;
	return ctlfs_add(sb->s_root, "0") ? 0 : -ENOMEM;
}

static int ctlfs_get_tree(struct fs_context *fsc)
{
	return get_tree_single(fsc, ctlfs_fill_super);
}

static struct file_system_type ctlfs_fs_type = {
	.name		= "ctlfs",
	.kill_sb	= kill_anon_super,
};
