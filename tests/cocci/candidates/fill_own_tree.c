// SPDX-License-Identifier: GPL-2.0
/* selinuxfs style: a directory filled from a table while nobody else can
 * see it yet, so no lock is taken; d_alloc_name() and d_add() with an
 * inode made here. */
#include <linux/fs.h>

struct tabfs_entry {
	const char *name;
	const struct file_operations *fops;
};

static int tabfs_fill_dir(struct dentry *dir, const struct tabfs_entry *t,
			  int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct dentry *dentry = d_alloc_name(dir, t[i].name);
		struct inode *inode;

		if (!dentry)
			return -ENOMEM;
		inode = new_inode(dir->d_sb);
		if (!inode) {
			dput(dentry);
			return -ENOMEM;
		}
		inode->i_fop = t[i].fops;
		d_add(dentry, inode);
	}
	return 0;
}
