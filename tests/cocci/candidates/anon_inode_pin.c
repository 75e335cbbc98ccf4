// SPDX-License-Identifier: GPL-2.0
/* drm, vfio: simple_pin_fs() of an init_pseudo() filesystem, for
 * alloc_anon_inode().  No tree to hold: nothing to report. */
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/pseudo_fs.h>

static struct vfsmount *anonfs_mnt;
static int anonfs_count;

static int anonfs_init_fs_context(struct fs_context *fc)
{
	return init_pseudo(fc, 0x010203ff) ? 0 : -ENOMEM;
}

static struct file_system_type anonfs_type = {
	.name			= "anonfs",
	.init_fs_context	= anonfs_init_fs_context,
	.kill_sb		= kill_anon_super,
};

struct inode *anonfs_inode(void)
{
	int ret = simple_pin_fs(&anonfs_type, &anonfs_mnt, &anonfs_count);

	if (ret)
		return ERR_PTR(ret);
	return alloc_anon_inode(anonfs_mnt->mnt_sb);
}
