// SPDX-License-Identifier: GPL-2.0
/*
 *  inode.c - part of debugfs, a tiny little debug file system
 *
 *  Copyright (C) 2004,2019 Greg Kroah-Hartman <greg@kroah.com>
 *  Copyright (C) 2004 IBM Inc.
 *  Copyright (C) 2019 Linux Foundation <gregkh@linuxfoundation.org>
 *
 *  debugfs is for people to use instead of /proc or /sys.
 *  See ./Documentation/core-api/kernel-api.rst for more details.
 *
 *  The filesystem plumbing (internal mount, creation, removal, mount
 *  options) and the file proxies that keep removal safe are libpseudofs';
 *  debugfs keeps its access policy.
 */

#define pr_fmt(fmt)	"debugfs: " fmt

#include <linux/module.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/libpseudofs.h>
#include <linux/namei.h>
#include <linux/debugfs.h>
#include <linux/fsnotify.h>
#include <linux/string.h>
#include <linux/magic.h>
#include <linux/slab.h>
#include <linux/security.h>

#include "internal.h"

static unsigned int debugfs_allow __ro_after_init = DEFAULT_DEBUGFS_ALLOW_BITS;

/*
 * Don't allow access attributes to be changed whilst the kernel is locked down
 * so that we can use the file mode as part of a heuristic to determine whether
 * to lock down individual files.
 */
static int debugfs_setattr(struct mnt_idmap *idmap,
			   struct dentry *dentry, struct iattr *ia)
{
	int ret;

	if (ia->ia_valid & (ATTR_MODE | ATTR_UID | ATTR_GID)) {
		ret = security_locked_down(LOCKDOWN_DEBUGFS);
		if (ret)
			return ret;
	}
	return simple_setattr(&nop_mnt_idmap, dentry, ia);
}

static const struct inode_operations debugfs_file_inode_operations = {
	.setattr	= debugfs_setattr,
};
static const struct inode_operations debugfs_dir_inode_operations = {
	.lookup		= simple_lookup,
	.setattr	= debugfs_setattr,
};
static const struct inode_operations debugfs_symlink_inode_operations = {
	.get_link	= simple_get_link,
	.setattr	= debugfs_setattr,
};

/* Only automount points have ->d_fsdata, their struct debugfs_fsdata. */
static void debugfs_release_dentry(struct dentry *dentry)
{
	kfree(dentry->d_fsdata);
}

static struct vfsmount *debugfs_automount(struct path *path)
{
	struct debugfs_fsdata *fsd = path->dentry->d_fsdata;

	return fsd->automount(path->dentry, d_inode(path->dentry)->i_private);
}

static const struct dentry_operations debugfs_dops = {
	.d_delete = always_delete_dentry,
	.d_release = debugfs_release_dentry,
	.d_automount = debugfs_automount,
};

/*
 * Only permit access to world-readable files when the kernel is locked down.
 * We also need to exclude any file that has ways to write or alter it as root
 * can bypass the permissions check.  libpseudofs's proxies call this.
 */
static int debugfs_locked_down(struct inode *inode, struct file *filp,
			       const struct file_operations *real_fops)
{
	if ((inode->i_mode & 07777 & ~0444) == 0 &&
	    !(filp->f_mode & FMODE_WRITE) &&
	    !real_fops->unlocked_ioctl &&
	    !real_fops->compat_ioctl &&
	    !real_fops->mmap)
		return 0;

	if (security_locked_down(LOCKDOWN_DEBUGFS))
		return -EPERM;

	return 0;
}

static const struct pseudofs_operations debugfs_pseudofs_ops = {
	.may_open	= debugfs_locked_down,
};

static int debugfs_init_fs_context(struct fs_context *fc)
{
	if (!(debugfs_allow & DEBUGFS_ALLOW_API))
		return -EPERM;
	return pseudofs_init_fs_context(fc);
}

/* Unknown mount options are ignored, a remount changes the root only. */
static struct pseudofs debugfs = {
	.type.owner		= THIS_MODULE,
	.type.name		= "debugfs",
	.type.init_fs_context	= debugfs_init_fs_context,
	.magic			= DEBUGFS_MAGIC,
	.options		= PSEUDOFS_OPTIONS_LAX,
	.default_mode		= 0700,
	.ops			= &debugfs_pseudofs_ops,
	.d_ops			= &debugfs_dops,
	.file_iops		= &debugfs_file_inode_operations,
	.dir_iops		= &debugfs_dir_inode_operations,
	.link_iops		= &debugfs_symlink_inode_operations,
};
MODULE_ALIAS_FS("debugfs");

/* Refuse creation when the API is off or debugfs could not register. */
static struct dentry *debugfs_may_create(const char *name)
{
	if (!(debugfs_allow & DEBUGFS_ALLOW_API))
		return ERR_PTR(-EPERM);
	if (!debugfs_initialized())
		return ERR_PTR(-ENOENT);
	pr_debug("creating file '%s'\n", name);
	return NULL;
}

/* Say so when @name exists; a @parent that is an error is passed back. */
static struct dentry *debugfs_created(struct dentry *dentry, const char *name,
				      struct dentry *parent)
{
	if (dentry == ERR_PTR(-EEXIST) && !IS_ERR(parent))
		pr_err("'%s' already present in '%s'!\n", name,
		       parent ? (const char *)parent->d_name.name : "/");
	return dentry;
}

/**
 * debugfs_lookup() - look up an existing debugfs file
 * @name: a pointer to a string containing the name of the file to look up.
 * @parent: a pointer to the parent dentry of the file.
 *
 * Return: a pointer to a dentry if it succeeds.  If the file
 * doesn't exist or an error occurs, %NULL will be returned.  The returned
 * dentry must be passed to dput() when it is no longer needed.
 *
 * If debugfs is not enabled in the kernel, the value -%ENODEV will be
 * returned.
 */
struct dentry *debugfs_lookup(const char *name, struct dentry *parent)
{
	struct dentry *dentry = pseudofs_lookup(&debugfs, name, parent);

	return IS_ERR(dentry) ? NULL : dentry;
}
EXPORT_SYMBOL_GPL(debugfs_lookup);

/* Without @fops the file reads nothing and takes any write: no proxy. */
static struct dentry *__debugfs_create_file(const char *name, umode_t mode,
				struct dentry *parent, void *data,
				enum pseudofs_proxy proxy,
				const struct file_operations *fops)
{
	struct dentry *dentry = debugfs_may_create(name);

	if (dentry)
		return dentry;
	dentry = pseudofs_create_file(&debugfs, name, mode, parent, data,
				      fops ? proxy : PSEUDOFS_PROXY_NONE,
				      fops ?: &debugfs_noop_file_operations);
	return debugfs_created(dentry, name, parent);
}

/**
 * debugfs_create_file - create a file in the debugfs filesystem
 * @name: the name of the file to create.
 * @mode: the permission that the file should have.
 * @parent: its directory, or NULL for the root of debugfs.
 * @data: stored in inode.i_private for the open() call.
 * @fops: the struct file_operations of this file.
 *
 * This is the basic "create a file" function for debugfs.  It allows for a
 * wide range of flexibility in creating a file, or a directory (if you want
 * to create a directory, the debugfs_create_dir() function is
 * recommended to be used instead.)
 *
 * Return: a pointer to a dentry if it succeeds.  This
 * pointer must be passed to the debugfs_remove() function when the file is
 * to be removed (no automatic cleanup happens if your module is unloaded,
 * you are responsible here.)  If an error occurs, ERR_PTR(-ERROR) will be
 * returned.
 *
 * If debugfs is not enabled in the kernel, the value -%ENODEV will be
 * returned.
 *
 * NOTE: it's expected that most callers should _ignore_ the errors returned
 * by this function. Other debugfs functions handle the fact that the "dentry"
 * passed to them could be an error and they don't crash in that case.
 * Drivers should generally work fine even if debugfs fails to init anyway.
 */
struct dentry *debugfs_create_file(const char *name, umode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops)
{
	return __debugfs_create_file(name, mode, parent, data,
				     PSEUDOFS_PROXY_FULL, fops);
}
EXPORT_SYMBOL_GPL(debugfs_create_file);

/**
 * debugfs_create_file_unsafe - create a file in the debugfs filesystem
 * @name: the name of the file to create.
 * @mode: the permission that the file should have.
 * @parent: its directory, or NULL for the root of debugfs.
 * @data: stored in inode.i_private for the open() call.
 * @fops: the struct file_operations of this file.
 *
 * debugfs_create_file_unsafe() is completely analogous to
 * debugfs_create_file(), the only difference being that the fops
 * handed it will not get protected against file removals by the
 * debugfs core.
 *
 * It is your responsibility to protect your struct file_operation
 * methods against file removals by means of debugfs_file_get()
 * and debugfs_file_put(). ->open() is still protected by
 * debugfs though.
 *
 * Any struct file_operations defined by means of
 * DEFINE_DEBUGFS_ATTRIBUTE() is protected against file removals and
 * thus, may be used here.
 *
 * Return: as for debugfs_create_file().
 */
struct dentry *debugfs_create_file_unsafe(const char *name, umode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops)
{
	return __debugfs_create_file(name, mode, parent, data,
				     PSEUDOFS_PROXY_OPEN, fops);
}
EXPORT_SYMBOL_GPL(debugfs_create_file_unsafe);

/**
 * debugfs_create_file_size - create a file in the debugfs filesystem
 * @name: the name of the file to create.
 * @mode: the permission that the file should have.
 * @parent: its directory, or NULL for the root of debugfs.
 * @data: stored in inode.i_private for the open() call.
 * @fops: the struct file_operations of this file.
 * @file_size: initial file size
 *
 * debugfs_create_file() that also sets the size the file reports.
 */
void debugfs_create_file_size(const char *name, umode_t mode,
			      struct dentry *parent, void *data,
			      const struct file_operations *fops,
			      loff_t file_size)
{
	struct dentry *de = debugfs_create_file(name, mode, parent, data, fops);

	if (!IS_ERR(de))
		d_inode(de)->i_size = file_size;
}
EXPORT_SYMBOL_GPL(debugfs_create_file_size);

/**
 * debugfs_create_dir - create a directory in the debugfs filesystem
 * @name: the name of the directory to create.
 * @parent: its parent directory, or NULL for the root of debugfs.
 *
 * This function creates a directory in debugfs with the given name.
 *
 * Return: a pointer to a dentry if it succeeds.  This
 * pointer must be passed to the debugfs_remove() function when the file is
 * to be removed (no automatic cleanup happens if your module is unloaded,
 * you are responsible here.)  If an error occurs, ERR_PTR(-ERROR) will be
 * returned.
 *
 * NOTE: as for debugfs_create_file(), callers should ignore errors.
 */
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *dentry = debugfs_may_create(name);

	if (dentry)
		return dentry;
	dentry = pseudofs_create_dir(&debugfs, name, 0755, parent);
	return debugfs_created(dentry, name, parent);
}
EXPORT_SYMBOL_GPL(debugfs_create_dir);

/**
 * debugfs_create_automount - create automount point in the debugfs filesystem
 * @name: the name of the automount point to create.
 * @parent: its directory, or NULL for the root of debugfs.
 * @f: function to be called when pathname resolution steps on that one.
 * @data: opaque argument to pass to f().
 *
 * @f should return what ->d_automount() would.
 *
 * Return: the dentry of the automount point on success, ERR_PTR(-ERROR) on
 * failure.
 */
struct dentry *debugfs_create_automount(const char *name,
					struct dentry *parent,
					debugfs_automount_t f,
					void *data)
{
	struct dentry *dentry = debugfs_may_create(name);
	struct debugfs_fsdata *fsd;

	if (dentry)
		return dentry;
	fsd = kzalloc(sizeof(*fsd), GFP_KERNEL);
	if (!fsd)
		return ERR_PTR(-ENOMEM);
	fsd->automount = f;

	dentry = pseudofs_create_automount(&debugfs, name, parent, data, fsd);
	if (IS_ERR(dentry))
		kfree(fsd);
	return debugfs_created(dentry, name, parent);
}
EXPORT_SYMBOL(debugfs_create_automount);

/**
 * debugfs_create_symlink- create a symbolic link in the debugfs filesystem
 * @name: the name of the symbolic link to create.
 * @parent: its directory, or NULL for the root of debugfs.
 * @target: the path the symbolic link points to.
 *
 * This function creates a symbolic link with the given name in debugfs that
 * links to the given target path.
 *
 * Return: a pointer to a dentry if it succeeds.  This
 * pointer must be passed to the debugfs_remove() function when the symbolic
 * link is to be removed (no automatic cleanup happens if your module is
 * unloaded, you are responsible here.)  If an error occurs, ERR_PTR(-ERROR)
 * will be returned.
 */
struct dentry *debugfs_create_symlink(const char *name, struct dentry *parent,
				      const char *target)
{
	struct dentry *dentry = debugfs_may_create(name);

	if (dentry)
		return dentry;
	dentry = pseudofs_create_symlink(&debugfs, name, 0777, parent, target,
					 NULL);
	return debugfs_created(dentry, name, parent);
}
EXPORT_SYMBOL_GPL(debugfs_create_symlink);

/**
 * debugfs_remove - recursively removes a directory
 * @dentry: a pointer to a the dentry of the directory to be removed.  If this
 *          parameter is NULL or an error value, nothing will be done.
 *
 * This function recursively removes a directory tree in debugfs that
 * was previously created with a call to another debugfs function
 * (like debugfs_create_file() or variants thereof.)
 *
 * This function is required to be called in order for the file to be
 * removed, no automatic cleanup of files will happen when a module is
 * removed, you are responsible here.
 */
void debugfs_remove(struct dentry *dentry)
{
	pseudofs_remove(&debugfs, dentry);
}
EXPORT_SYMBOL_GPL(debugfs_remove);

/**
 * debugfs_lookup_and_remove - lookup a directory or file and recursively remove it
 * @name: a pointer to a string containing the name of the item to look up.
 * @parent: a pointer to the parent dentry of the item.
 *
 * This is the equlivant of doing something like
 * debugfs_remove(debugfs_lookup(..)) but with the proper reference counting
 * handled for the directory being looked up.
 */
void debugfs_lookup_and_remove(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	dentry = debugfs_lookup(name, parent);
	if (!dentry)
		return;

	debugfs_remove(dentry);
	dput(dentry);
}
EXPORT_SYMBOL_GPL(debugfs_lookup_and_remove);

/**
 * debugfs_rename - rename a file/directory in the debugfs filesystem
 * @old_dir: a pointer to the parent dentry for the renamed object. This
 *          should be a directory dentry.
 * @old_dentry: dentry of an object to be renamed.
 * @new_dir: a pointer to the parent dentry where the object should be
 *          moved. This should be a directory dentry.
 * @new_name: a pointer to a string containing the target name.
 *
 * This function renames a file/directory in debugfs.  The target must not
 * exist for rename to succeed.
 *
 * Return: a pointer to old_dentry (which is updated to
 * reflect renaming) if it succeeds. If an error occurs, ERR_PTR(-ERROR)
 * will be returned.
 */
struct dentry *debugfs_rename(struct dentry *old_dir, struct dentry *old_dentry,
		struct dentry *new_dir, const char *new_name)
{
	if (IS_ERR(old_dir))
		return old_dir;
	if (IS_ERR(new_dir))
		return new_dir;
	if (IS_ERR_OR_NULL(old_dentry))
		return old_dentry;
	if (!new_dir)
		return ERR_PTR(-EINVAL);
	return pseudofs_rename(&debugfs, old_dir, old_dentry, new_dir, new_name);
}
EXPORT_SYMBOL_GPL(debugfs_rename);

/**
 * debugfs_initialized - Tells whether debugfs has been registered
 *
 * Return: true once debugfs accepts files.
 */
bool debugfs_initialized(void)
{
	return pseudofs_registered(&debugfs);
}
EXPORT_SYMBOL_GPL(debugfs_initialized);

static int __init debugfs_kernel(char *str)
{
	if (str) {
		if (!strcmp(str, "on"))
			debugfs_allow = DEBUGFS_ALLOW_API | DEBUGFS_ALLOW_MOUNT;
		else if (!strcmp(str, "no-mount"))
			debugfs_allow = DEBUGFS_ALLOW_API;
		else if (!strcmp(str, "off"))
			debugfs_allow = 0;
	}

	return 0;
}
early_param("debugfs", debugfs_kernel);
static int __init debugfs_init(void)
{
	int retval;

	if (!(debugfs_allow & DEBUGFS_ALLOW_MOUNT))
		return -EPERM;

	retval = sysfs_create_mount_point(kernel_kobj, "debug");
	if (retval)
		return retval;

	retval = pseudofs_register(&debugfs);
	if (retval)
		sysfs_remove_mount_point(kernel_kobj, "debug");

	return retval;
}
core_initcall(debugfs_init);
