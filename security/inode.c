// SPDX-License-Identifier: GPL-2.0-only
/*
 *  inode.c - securityfs
 *
 *  Copyright (C) 2005 Greg Kroah-Hartman <gregkh@suse.de>
 *
 *  The filesystem plumbing is libpseudofs' (fs/libpseudofs/); securityfs
 *  keeps its API, its mount point and its lack of mount options.
 */

#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/libpseudofs.h>
#include <linux/lsm_hooks.h>
#include <linux/magic.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "lsm.h"

/* No uid=, gid= or mode= options, as ever; the root is 0755. */
static const struct pseudofs_desc securityfs_desc = {
	.magic		= SECURITYFS_MAGIC,
	.options	= PSEUDOFS_OPTIONS_NONE,
	.default_mode	= 0755,
};

static struct pseudofs securityfs = {
	.type.owner	= THIS_MODULE,
	.type.name	= "securityfs",
	.desc		= &securityfs_desc,
};

/*
 * Whether libpseudofs's full proxy carries every method of @fops: it has
 * only ->open, ->release, ->llseek, ->read, ->write, ->poll and
 * ->unlocked_ioctl, and a file with another (->mmap, ->compat_ioctl,
 * ->read_iter, ...) would lose it.
 */
static bool securityfs_full_proxy_covers(const struct file_operations *fops)
{
	u8 rest[sizeof(*fops)];

	/* a copy of @fops, bytes and all, without what the proxy carries */
	memcpy(rest, fops, sizeof(rest));
#define CARRIED(f)							\
	memset(rest + offsetof(typeof(*fops), f), 0, sizeof_field(typeof(*fops), f))
	CARRIED(owner);
	CARRIED(fop_flags);
	CARRIED(open);
	CARRIED(release);
	CARRIED(llseek);
	CARRIED(read);
	CARRIED(write);
	CARRIED(poll);
	CARRIED(unlocked_ioctl);
#undef CARRIED
	return !memchr_inv(rest, 0, sizeof(rest));
}

/**
 * securityfs_create_file - create a file in the securityfs filesystem
 * @name: its name
 * @mode: its permissions; its type, if given, must be a regular file or
 *	a directory
 * @parent: its directory, %NULL for the root of securityfs
 * @data: stored in ->i_private, for open() to find
 * @fops: its file operations
 *
 * The dentry returned must be passed to securityfs_remove() when the file
 * is to go: nothing is removed automatically, not even on module unload.
 * Once it returned, no read, write, poll or ioctl of the file is running
 * nor starts: they fail with -%EIO (poll with %EPOLLHUP).  A file with
 * other methods, such as ->mmap or ->compat_ioctl, keeps them, and only
 * its open is guarded.
 *
 * Return: the new dentry, or an ERR_PTR(): -%ENODEV if securityfs is not
 * built in, -%EEXIST if @name exists, ... (see pseudofs_start_creating()).
 */
struct dentry *securityfs_create_file(const char *name, umode_t mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops)
{
	enum pseudofs_proxy proxy;

	if (S_ISDIR(mode))
		return pseudofs_create_dir(&securityfs, name, mode & S_IALLUGO,
					   parent);
	if (!fops)
		proxy = PSEUDOFS_PROXY_NONE;
	else if (securityfs_full_proxy_covers(fops))
		proxy = PSEUDOFS_PROXY_FULL;
	else	/* keep its ->mmap or ->compat_ioctl: guard the open only */
		proxy = PSEUDOFS_PROXY_OPEN;
	return pseudofs_create_file(&securityfs, name, mode, parent, data,
				    proxy, fops);
}
EXPORT_SYMBOL_GPL(securityfs_create_file);

/**
 * securityfs_create_dir - create a directory in the securityfs filesystem
 * @name: its name
 * @parent: its parent directory, %NULL for the root of securityfs
 *
 * The directory has mode 0755; see securityfs_create_file().
 *
 * Return: the new dentry or an ERR_PTR(), as securityfs_create_file().
 */
struct dentry *securityfs_create_dir(const char *name, struct dentry *parent)
{
	return securityfs_create_file(name, S_IFDIR | 0755, parent, NULL, NULL);
}
EXPORT_SYMBOL_GPL(securityfs_create_dir);

/**
 * securityfs_create_symlink - create a symlink in the securityfs filesystem
 * @name: its name
 * @parent: its directory, %NULL for the root of securityfs
 * @target: the path it points to, copied; if %NULL, @iops must provide
 *	->readlink and ->get_link
 * @iops: its inode operations, %NULL for simple_symlink_inode_operations
 *
 * The symlink has mode 0444; see securityfs_create_file().
 *
 * Return: the new dentry or an ERR_PTR(), as securityfs_create_file().
 */
struct dentry *securityfs_create_symlink(const char *name,
					 struct dentry *parent,
					 const char *target,
					 const struct inode_operations *iops)
{
	return pseudofs_create_symlink(&securityfs, name, 0444, parent, target,
				       iops);
}
EXPORT_SYMBOL_GPL(securityfs_create_symlink);

/**
 * securityfs_remove - remove a file or a directory and all below it
 * @dentry: what securityfs_create_file() or its variants returned; nothing
 *	is done for %NULL or an ERR_PTR()
 *
 * Applied to a directory, it takes all its children out: there is no need
 * to call it for the descendants of an entry being removed.
 */
void securityfs_remove(struct dentry *dentry)
{
	pseudofs_remove(&securityfs, dentry);
}
EXPORT_SYMBOL_GPL(securityfs_remove);

#ifdef CONFIG_SECURITY
#include <linux/spinlock.h>

static struct dentry *lsm_dentry;

static ssize_t lsm_read(struct file *filp, char __user *buf, size_t count,
			loff_t *ppos)
{
	int i;
	static char *str;
	static size_t len;
	static DEFINE_SPINLOCK(lock);

	/* NOTE: we never free or modify the string once it is set */

	if (unlikely(!str || !len)) {
		char *str_tmp;
		size_t len_tmp = 0;

		for (i = 0; i < lsm_active_cnt; i++)
			/* the '+ 1' accounts for either a comma or a NUL */
			len_tmp += strlen(lsm_idlist[i]->name) + 1;

		str_tmp = kmalloc(len_tmp, GFP_KERNEL);
		if (!str_tmp)
			return -ENOMEM;
		str_tmp[0] = '\0';

		for (i = 0; i < lsm_active_cnt; i++) {
			if (i > 0)
				strcat(str_tmp, ",");
			strcat(str_tmp, lsm_idlist[i]->name);
		}

		spin_lock(&lock);
		if (!str) {
			str = str_tmp;
			len = len_tmp - 1;
		} else
			kfree(str_tmp);
		spin_unlock(&lock);
	}

	return simple_read_from_buffer(buf, count, ppos, str, len);
}

static const struct file_operations lsm_ops = {
	.read = lsm_read,
	.llseek = generic_file_llseek,
};
#endif

/* Called by the LSM core (security_initcall_core()), not an initcall. */
int __init securityfs_init(void)
{
	int retval;

	retval = sysfs_create_mount_point(kernel_kobj, "security");
	if (retval)
		return retval;

	retval = pseudofs_register(&securityfs);
	if (retval) {
		sysfs_remove_mount_point(kernel_kobj, "security");
		return retval;
	}
#ifdef CONFIG_SECURITY
	lsm_dentry = securityfs_create_file("lsm", 0444, NULL, NULL,
						&lsm_ops);
#endif
	return 0;
}
