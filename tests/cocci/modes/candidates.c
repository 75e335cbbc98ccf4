// SPDX-License-Identifier: GPL-2.0
/* cocci: misc/pseudofs_candidates.cocci
 * context and org mode of the candidates report. */
#include <linux/fs.h>
#include <linux/namei.h>

static struct dentry *smallfs_create(const char *name, struct dentry *parent)
{
	struct dentry *dentry;
	struct inode *inode;
	int error;

	error = simple_pin_fs(&smallfs_type, &smallfs_mnt, &smallfs_count);
	if (error)
		return ERR_PTR(error);
	inode_lock(d_inode(parent));
	dentry = lookup_one_len(name, parent, strlen(name));
	inode = new_inode(parent->d_sb);
	d_instantiate(dentry, inode);
	inode_unlock(d_inode(parent));
	return dentry;
}
