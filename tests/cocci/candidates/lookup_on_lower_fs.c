// SPDX-License-Identifier: GPL-2.0
/* overlayfs or cachefiles style: the locked lookup is in another
 * filesystem's directory and the dentry is created there through the VFS;
 * the file's own new_inode() and d_instantiate() serve other dentries. */
#include <linux/fs.h>
#include <linux/namei.h>

static int stackfs_make_upper(struct dentry *upperdir, const char *name,
			      umode_t mode)
{
	struct inode *udir = d_inode(upperdir);
	struct dentry *newdentry;
	int err;

	inode_lock_nested(udir, I_MUTEX_PARENT);
	newdentry = lookup_one_len(name, upperdir, strlen(name));
	err = PTR_ERR_OR_ZERO(newdentry);
	if (!err) {
		err = vfs_create(&nop_mnt_idmap, udir, newdentry, mode, true);
		dput(newdentry);
	}
	inode_unlock(udir);
	return err;
}

static void stackfs_instantiate(struct dentry *dentry, struct super_block *sb)
{
	struct inode *inode = new_inode(sb);

	if (inode)
		d_instantiate(dentry, inode);
}
