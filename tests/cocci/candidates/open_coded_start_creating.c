// SPDX-License-Identifier: GPL-2.0
/* A small pseudo filesystem that open-codes debugfs's start_creating(). */
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/namei.h>

static struct vfsmount *toyfs_mount;
static int toyfs_mount_count;

static struct dentry *toyfs_start_creating(const char *name,
					   struct dentry *parent)
{
	struct dentry *dentry;
	int error;

	error = simple_pin_fs(&toyfs_type, &toyfs_mount, &toyfs_mount_count);
	if (error)
		return ERR_PTR(error);

	if (!parent)
		parent = toyfs_mount->mnt_root;

	inode_lock(d_inode(parent));
	dentry = lookup_one_len(name, parent, strlen(name));
	if (!IS_ERR(dentry) && d_really_is_positive(dentry)) {
		dput(dentry);
		dentry = ERR_PTR(-EEXIST);
	}
	if (IS_ERR(dentry)) {
		inode_unlock(d_inode(parent));
		simple_release_fs(&toyfs_mount, &toyfs_mount_count);
	}
	return dentry;
}

struct dentry *toyfs_create_file(const char *name, umode_t mode,
				 struct dentry *parent,
				 const struct file_operations *fops)
{
	struct dentry *dentry = toyfs_start_creating(name, parent);
	struct inode *inode;

	if (IS_ERR(dentry))
		return dentry;

	inode = new_inode(dentry->d_sb);
	if (!inode)
		return toyfs_failed_creating(dentry);

	inode->i_mode = mode;
	inode->i_fop = fops;
	d_instantiate(dentry, inode);
	return toyfs_end_creating(dentry);
}
