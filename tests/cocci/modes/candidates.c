// SPDX-License-Identifier: GPL-2.0
/* cocci: misc/pseudofs_candidates.cocci
 * context and org mode of the candidates report. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/mount.h>

static struct vfsmount *smallfs_mnt;
static int smallfs_count;

static int smallfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	static const struct tree_descr files[] = { {""} };

	return simple_fill_super(sb, 0x736d6c66, files);
}

static int smallfs_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, smallfs_fill_super);
}

static struct file_system_type smallfs_type = {
	.name		= "smallfs",
	.kill_sb	= kill_anon_super,
};

static struct dentry *smallfs_create(const char *name, struct dentry *parent)
{
	struct dentry *dentry;
	int error;

	error = simple_pin_fs(&smallfs_type, &smallfs_mnt, &smallfs_count);
	if (error)
		return ERR_PTR(error);
	dentry = simple_start_creating(parent, name);
	if (!IS_ERR(dentry)) {
		d_make_persistent(dentry, new_inode(parent->d_sb));
		simple_done_creating(dentry);
	}
	return dentry;
}
