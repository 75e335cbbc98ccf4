// SPDX-License-Identifier: GPL-2.0
/* rpc_pipefs or binderfs style: a helper finds or allocates the name and
 * hands back a negative dentry; its caller holds the parent's lock around
 * the call and gives the dentry its inode. */
#include <linux/fs.h>

static struct dentry *pipefs_lookup_new(struct dentry *parent, const char *name)
{
	struct qstr q = QSTR_INIT(name, strlen(name));
	struct dentry *dentry = d_hash_and_lookup(parent, &q);

	if (!dentry) {
		dentry = d_alloc(parent, &q);
		if (!dentry)
			return ERR_PTR(-ENOMEM);
	}
	if (d_really_is_negative(dentry))
		return dentry;
	dput(dentry);
	return ERR_PTR(-EEXIST);
}

static struct dentry *pipefs_mkfile(struct dentry *parent, const char *name)
{
	struct inode *dir = d_inode(parent), *inode;
	struct dentry *dentry;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	dentry = pipefs_lookup_new(parent, name);
	if (IS_ERR(dentry))
		goto out;
	inode = new_inode(dir->i_sb);
	if (!inode) {
		dput(dentry);
		dentry = ERR_PTR(-ENOMEM);
		goto out;
	}
	d_add(dentry, inode);
out:
	inode_unlock(dir);
	return dentry;
}
