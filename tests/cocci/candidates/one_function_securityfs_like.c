// SPDX-License-Identifier: GPL-2.0
/* securityfs style: everything in one function, the lock taken through a
 * local copy of the parent's inode, the dentry added with d_add(). */
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/namei.h>

static struct dentry *minifs_create(const char *name, umode_t mode,
				    struct dentry *parent)
{
	struct dentry *dentry;
	struct inode *dir, *inode;
	int error;

	error = simple_pin_fs(&minifs_type, &minifs_mnt, &minifs_count);
	if (error)
		return ERR_PTR(error);

	dir = d_inode(parent);
	inode_lock(dir);
	dentry = d_alloc_name(parent, name);
	if (!dentry) {
		error = -ENOMEM;
		goto out;
	}
	inode = new_inode(dir->i_sb);
	if (!inode) {
		error = -ENOMEM;
		goto out1;
	}
	inode->i_mode = mode;
	d_add(dentry, inode);
	inode_unlock(dir);
	return dentry;
out1:
	dput(dentry);
out:
	inode_unlock(dir);
	simple_release_fs(&minifs_mnt, &minifs_count);
	return ERR_PTR(error);
}
