// SPDX-License-Identifier: GPL-2.0
/* binfmt_misc or hypfs style: the superblock is kept at fill_super time, so
 * there is no simple_pin_fs(); the entry is looked up with the parent's
 * inode locked and gets an inode of the file's own making. */
#include <linux/fs.h>
#include <linux/namei.h>

static struct inode *regfs_get_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (inode)
		inode->i_mode = mode;
	return inode;
}

static int regfs_register(struct super_block *sb, const char *name)
{
	struct dentry *root = sb->s_root, *dentry;
	struct inode *inode;
	int err = 0;

	inode_lock(d_inode(root));
	dentry = lookup_one_len(name, root, strlen(name));
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		goto out;
	}
	inode = regfs_get_inode(sb, S_IFREG | 0644);
	if (!inode) {
		dput(dentry);
		err = -ENOMEM;
		goto out;
	}
	d_instantiate(dentry, inode);
	dput(dentry);
out:
	inode_unlock(d_inode(root));
	return err;
}
