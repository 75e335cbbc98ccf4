// SPDX-License-Identifier: GPL-2.0
/* Pins an internal mount for anonymous inodes (like drm or vfio): no
 * directory tree, no candidate. */
#include <linux/fs.h>
#include <linux/mount.h>

static struct inode *drmlike_alloc_inode(void)
{
	struct inode *inode;
	int r;

	r = simple_pin_fs(&drmlike_fs_type, &drmlike_mnt, &drmlike_cnt);
	if (r < 0)
		return ERR_PTR(r);

	inode = alloc_anon_inode(drmlike_mnt->mnt_sb);
	if (IS_ERR(inode))
		simple_release_fs(&drmlike_mnt, &drmlike_cnt);
	return inode;
}
