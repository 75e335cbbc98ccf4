// SPDX-License-Identifier: GPL-2.0
/* nfsd or bpffs style: the parent's inode is reached through ->d_inode and
 * the new dentry goes down two helpers before d_instantiate() sees it. */
#include <linux/fs.h>

static void ctlfs_finish(struct dentry *dentry, struct inode *inode)
{
	d_instantiate(dentry, inode);
	dget(dentry);
}

static int ctlfs_make(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	struct inode *inode = new_inode(dir->i_sb);

	if (!inode)
		return -ENOMEM;
	inode->i_mode = mode;
	ctlfs_finish(dentry, inode);
	return 0;
}

static struct dentry *ctlfs_mkdir(struct dentry *parent, char *name)
{
	struct inode *dir = parent->d_inode;
	struct dentry *dentry;
	int ret = -ENOMEM;

	inode_lock(dir);
	dentry = d_alloc_name(parent, name);
	if (!dentry)
		goto out;
	ret = ctlfs_make(dir, dentry, S_IFDIR | 0700);
	dput(dentry);
out:
	inode_unlock(dir);
	return ret ? ERR_PTR(ret) : dentry;
}
