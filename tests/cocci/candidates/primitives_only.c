// SPDX-License-Identifier: GPL-2.0
/* Entries made and removed with the mainline primitives alone
 * (simple_start_creating(), new_inode(), d_make_persistent(),
 * simple_recursive_removal()), in a file that neither makes superblocks
 * nor pins a mount nor parses options: nothing to report. */
#include <linux/fs.h>

struct dentry *evfs_create(struct dentry *parent, const char *name)
{
	struct dentry *dentry = simple_start_creating(parent, name);
	struct inode *inode;

	if (IS_ERR(dentry))
		return dentry;
	inode = new_inode(parent->d_sb);
	d_make_persistent(dentry, inode);
	simple_done_creating(dentry);
	return dentry;
}

void evfs_remove(struct dentry *dentry)
{
	simple_recursive_removal(dentry, NULL);
}
