// SPDX-License-Identifier: GPL-2.0
/* An apparmorfs: one superblock filled by simple_fill_super(), kept by
 * kern_mount(), and each entry made under a pin of the mount taken with
 * simple_pin_fs(); its directories take a userspace symlink.  The line is
 * at the first pin. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/mount.h>

static struct vfsmount *pinfs_mnt;
static int pinfs_count;

static int pinfs_symlink(struct mnt_idmap *idmap, struct inode *dir,
			 struct dentry *dentry, const char *name)
{
	return -EPERM;
}

static const struct inode_operations pinfs_dir_iops = {
	.lookup		= simple_lookup,
	.symlink	= pinfs_symlink,
};

static int pinfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	static const struct tree_descr files[] = { {""} };

	return simple_fill_super(sb, 0x70696e66, files);
}

static int pinfs_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, pinfs_fill_super);
}

static const struct fs_context_operations pinfs_context_ops = {
	.get_tree	= pinfs_get_tree,
};

static int pinfs_init_fs_context(struct fs_context *fc)
{
	fc->ops = &pinfs_context_ops;
	return 0;
}

static struct file_system_type pinfs_type = {
	.name			= "pinfs",
	.init_fs_context	= pinfs_init_fs_context,
	.kill_sb		= kill_anon_super,
};

struct dentry *pinfs_create(const char *name, struct dentry *parent)
{
	struct dentry *dentry;
	struct inode *inode;
	int error;

	error = simple_pin_fs(&pinfs_type, &pinfs_mnt, &pinfs_count);
	if (error)
		return ERR_PTR(error);
	dentry = simple_start_creating(parent, name);
	if (IS_ERR(dentry)) {
		simple_release_fs(&pinfs_mnt, &pinfs_count);
		return dentry;
	}
	inode = new_inode(parent->d_sb);
	inode->i_op = &pinfs_dir_iops;
	d_instantiate(dentry, inode);
	dget(dentry);
	simple_done_creating(dentry);
	return dentry;
}

void pinfs_remove(struct dentry *dentry)
{
	simple_recursive_removal(dentry, NULL);
	simple_release_fs(&pinfs_mnt, &pinfs_count);
}

int __init pinfs_init(void)
{
	int err = register_filesystem(&pinfs_type);

	if (err)
		return err;
	pinfs_mnt = kern_mount(&pinfs_type);
	return PTR_ERR_OR_ZERO(pinfs_mnt);
}
