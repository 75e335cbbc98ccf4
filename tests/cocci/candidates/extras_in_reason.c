// SPDX-License-Identifier: GPL-2.0
/* The rest of the plumbing shows up in the reason: an internal mount kept
 * in a static with kern_mount(), uid=/gid=/mode= options of its own, and
 * removal with simple_recursive_removal(). */
#include <linux/fs.h>
#include <linux/fs_parser.h>
#include <linux/mount.h>

static struct vfsmount *polfs_mnt;

static const struct fs_parameter_spec polfs_params[] = {
	fsparam_u32	("uid",		Opt_uid),
	fsparam_u32	("gid",		Opt_gid),
	fsparam_u32oct	("mode",	Opt_mode),
	{}
};

static struct dentry *polfs_add(struct dentry *dir, const char *name)
{
	struct dentry *dentry = d_alloc_name(dir, name);
	struct inode *inode;

	if (!dentry)
		return ERR_PTR(-ENOMEM);
	inode = new_inode(dir->d_sb);
	if (!inode) {
		dput(dentry);
		return ERR_PTR(-ENOMEM);
	}
	d_add(dentry, inode);
	return dentry;
}

static void polfs_drop(struct dentry *dir)
{
	simple_recursive_removal(dir, NULL);
}

static int __init polfs_init(void)
{
	polfs_mnt = kern_mount(&polfs_type);
	return PTR_ERR_OR_ZERO(polfs_mnt);
}
