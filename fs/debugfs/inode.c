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
#include <linux/fs_parser.h>
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

static bool debugfs_enabled __ro_after_init = IS_ENABLED(CONFIG_DEBUG_FS_ALLOW_ALL);

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

static const struct inode_operations debugfs_ioctl_file_inode_operations;

/*
 * Only permit access to world-readable files when the kernel is locked down.
 * We also need to exclude any file that has ways to write or alter it as root
 * can bypass the permissions check: an open for writing, and a file with
 * operations beyond reading and writing (debugfs_init_inode() gave it
 * debugfs_ioctl_file_inode_operations).  A file without operations of its
 * own opens as before, unchecked.
 */
static int debugfs_permission(struct mnt_idmap *idmap, struct inode *inode,
			      int mask)
{
	int ret = generic_permission(idmap, inode, mask);

	if (ret || !(mask & MAY_OPEN) ||
	    inode->i_fop == &debugfs_noop_file_operations)
		return ret;
	if ((inode->i_mode & 07777 & ~0444) == 0 && !(mask & MAY_WRITE) &&
	    inode->i_op != &debugfs_ioctl_file_inode_operations)
		return 0;
	return security_locked_down(LOCKDOWN_DEBUGFS) ? -EPERM : 0;
}

static const struct inode_operations debugfs_file_inode_operations = {
	.permission	= debugfs_permission,
	.setattr	= debugfs_setattr,
};

static const struct inode_operations debugfs_ioctl_file_inode_operations = {
	.permission	= debugfs_permission,
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

/* The ->d_fsdata of an automount point */
struct debugfs_automount_point {
	debugfs_automount_t f;
};

/* Only automount points have ->d_fsdata. */
static void debugfs_release_dentry(struct dentry *dentry)
{
	kfree(dentry->d_fsdata);
}

static struct vfsmount *debugfs_automount(struct path *path)
{
	struct debugfs_automount_point *point = path->dentry->d_fsdata;

	return point->f(path->dentry, d_inode(path->dentry)->i_private);
}

/*
 * Stock debugfs sets DCACHE_DONTCACHE in ->s_d_flags, which libpseudofs
 * does not let a filesystem set: ->d_delete drops the same dentries, the
 * entries' own being kept by d_make_persistent().
 */
static const struct dentry_operations debugfs_dops = {
	.d_delete = always_delete_dentry,
	.d_release = debugfs_release_dentry,
	.d_automount = debugfs_automount,
};

/*
 * Besides "source", uid=, gid= and mode=, which libpseudofs takes, debugfs
 * has always ignored every mount option.
 */
static int debugfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	return 0;
}

/*
 * A new file whose own operations reach beyond reading and writing (seen
 * before libpseudofs puts its proxy in) opens only outside the lockdown.
 */
static void debugfs_init_inode(struct dentry *dentry, struct inode *inode)
{
	const struct file_operations *fops = inode->i_fop;

	if (S_ISREG(inode->i_mode) &&
	    (fops->unlocked_ioctl || fops->compat_ioctl || fops->mmap ||
	     fops->mmap_prepare))
		inode->i_op = &debugfs_ioctl_file_inode_operations;
}

static const struct pseudofs_operations debugfs_pseudofs_ops = {
	.parse_param	= debugfs_parse_param,
	.init_inode	= debugfs_init_inode,
};

/* A remount changes the root only. */
static const struct pseudofs_desc debugfs_desc = {
	.magic			= DEBUGFS_MAGIC,
	.default_mode		= 0700,
	.ops			= &debugfs_pseudofs_ops,
	.d_ops			= &debugfs_dops,
	.file_iops		= &debugfs_file_inode_operations,
	.dir_iops		= &debugfs_dir_inode_operations,
	.inode_cache		= "debugfs_inode_cache",
};

static struct pseudofs debugfs = {
	.type.owner		= THIS_MODULE,
	.type.name		= "debugfs",
	.desc			= &debugfs_desc,
};
MODULE_ALIAS_FS("debugfs");

/*
 * Refuse creation when debugfs is off; libpseudofs refuses it, -ENOENT,
 * before debugfs registered, and passes back a @parent that is an error.
 */
static struct dentry *debugfs_may_create(const char *name,
					 struct dentry *parent)
{
	if (!debugfs_enabled)
		return ERR_PTR(-EPERM);
	pr_debug("creating file '%s'\n", name);
	return NULL;
}

/* Say why debugfs could not create @name: not up, @name exists, no memory. */
static void debugfs_create_failed(struct dentry *dentry, const char *what,
				  const char *name, struct dentry *parent)
{
	if (dentry == ERR_PTR(-ENOENT) && !debugfs_initialized()) {
		pr_err("Unable to create file '%s', debugfs is not initialized yet\n",
		       name);
	} else if (dentry == ERR_PTR(-EEXIST)) {
		if (parent)
			pr_err("'%s' already exists in '%pd'\n", name, parent);
		else
			pr_err("'%s' already exists in '/'\n", name);
	} else if (dentry == ERR_PTR(-ENOMEM)) {
		pr_err("out of free dentries, can not create %s '%s'\n", what,
		       name);
	}
}

static __always_inline struct dentry *
debugfs_created(struct dentry *dentry, const char *what, const char *name,
		struct dentry *parent)
{
	if (IS_ERR(dentry))
		debugfs_create_failed(dentry, what, name, parent);
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
static struct dentry *debugfs_create_noop(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const void *aux)
{
	return pseudofs_create_file_aux(&debugfs, name, mode, parent, data, aux,
					PSEUDOFS_PROXY_NONE,
					&debugfs_noop_file_operations);
}

/*
 * debugfs_create_file() and debugfs_create_file_aux() with a struct
 * file_operations: see <linux/debugfs.h>.  The full proxy.
 */
struct dentry *debugfs_create_file_full(const char *name, umode_t mode,
					struct dentry *parent, void *data,
					const void *aux,
					const struct file_operations *fops)
{
	struct dentry *dentry = debugfs_may_create(name, parent);

	if (dentry)
		return dentry;
	if (!fops)
		dentry = debugfs_create_noop(name, mode, parent, data, aux);
	else
		dentry = pseudofs_create_file_aux(&debugfs, name, mode, parent,
						  data, aux,
						  PSEUDOFS_PROXY_FULL, fops);
	return debugfs_created(dentry, "file", name, parent);
}
EXPORT_SYMBOL_GPL(debugfs_create_file_full);

/*
 * debugfs_create_file() and debugfs_create_file_aux() with a struct
 * debugfs_short_fops: see <linux/debugfs.h>.  The short proxy.
 */
struct dentry *debugfs_create_file_short(const char *name, umode_t mode,
					 struct dentry *parent, void *data,
					 const void *aux,
					 const struct debugfs_short_fops *fops)
{
	struct dentry *dentry = debugfs_may_create(name, parent);

	if (dentry)
		return dentry;
	if (!fops)
		dentry = debugfs_create_noop(name, mode, parent, data, aux);
	else
		dentry = pseudofs_create_file_short(&debugfs, name, mode,
						    parent, data, aux,
						    debugfs_pseudofs_short_fops(fops));
	return debugfs_created(dentry, "file", name, parent);
}
EXPORT_SYMBOL_GPL(debugfs_create_file_short);

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
	struct dentry *dentry = debugfs_may_create(name, parent);

	if (dentry)
		return dentry;
	if (!fops)
		dentry = debugfs_create_noop(name, mode, parent, data, NULL);
	else
		dentry = pseudofs_create_file_aux(&debugfs, name, mode, parent,
						  data, NULL,
						  PSEUDOFS_PROXY_OPEN, fops);
	return debugfs_created(dentry, "file", name, parent);
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
	struct dentry *dentry = debugfs_may_create(name, parent);

	if (dentry)
		return dentry;
	dentry = pseudofs_create_dir(&debugfs, name, 0755, parent);
	return debugfs_created(dentry, "directory", name, parent);
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
	struct dentry *dentry = debugfs_may_create(name, parent);
	struct debugfs_automount_point *point;
	struct inode *inode;

	if (dentry)
		return dentry;
	point = kzalloc_obj(*point);
	if (!point)
		return ERR_PTR(-ENOMEM);
	point->f = f;

	dentry = pseudofs_start_creating(&debugfs, name, parent);
	if (IS_ERR(dentry))
		goto out;
	inode = pseudofs_new_inode(dentry->d_sb, 0);
	if (!inode) {
		simple_done_creating(dentry);
		dentry = ERR_PTR(-ENOMEM);
		goto out;
	}
	make_empty_dir_inode(inode);
	inode->i_flags |= S_AUTOMOUNT;
	inode->i_private = data;
	dentry->d_fsdata = point;
	/* directory inodes start off with i_nlink == 2 (for "." entry) */
	inc_nlink(inode);
	d_make_persistent(dentry, inode);
	inc_nlink(d_inode(dentry->d_parent));
	fsnotify_mkdir(d_inode(dentry->d_parent), dentry);
	simple_done_creating(dentry);
out:
	if (IS_ERR(dentry))
		kfree(point);
	return debugfs_created(dentry, "automount", name, parent);
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
	struct dentry *dentry = debugfs_may_create(name, parent);

	if (dentry)
		return dentry;
	dentry = pseudofs_create_symlink(&debugfs, name, 0777, parent, target,
					 &debugfs_symlink_inode_operations);
	return debugfs_created(dentry, "symlink", name, parent);
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
 * debugfs_change_name - rename a file/directory in the debugfs filesystem
 * @dentry: dentry of an object to be renamed.
 * @fmt: format for new name
 *
 * This function renames a file/directory in debugfs.  The target must not
 * exist for rename to succeed.
 *
 * Return: 0 on success and -E... on failure.
 *
 * If debugfs is not enabled in the kernel, the value -%ENODEV will be
 * returned.
 */
int __printf(2, 3) debugfs_change_name(struct dentry *dentry, const char *fmt, ...)
{
	int error = 0;
	const char *new_name;
	struct name_snapshot old_name;
	struct dentry *target;
	struct renamedata rd = {};
	struct inode *dir;
	va_list ap;

	if (IS_ERR_OR_NULL(dentry))
		return 0;

	va_start(ap, fmt);
	new_name = kvasprintf_const(GFP_KERNEL, fmt, ap);
	va_end(ap);
	if (!new_name)
		return -ENOMEM;

	rd.old_parent = dget_parent(dentry);
	rd.new_parent = rd.old_parent;
	rd.flags = RENAME_NOREPLACE;
	target = lookup_noperm_unlocked(&QSTR(new_name), rd.new_parent);
	if (IS_ERR(target)) {
		error = PTR_ERR(target);
		goto out_free;
	}

	error = start_renaming_two_dentries(&rd, dentry, target);
	if (error) {
		if (error == -EEXIST && target == dentry)
			/* it isn't an error to rename a thing to itself */
			error = 0;
		else if (d_unhashed(dentry))
			error = -ENOENT;	/* removed meanwhile */
		goto out;
	}

	error = -EBUSY;
	if (!d_mountpoint(dentry)) {
		dir = d_inode(rd.old_parent);
		take_dentry_name_snapshot(&old_name, dentry);
		simple_rename_timestamp(dir, dentry, dir, rd.new_dentry);
		d_move(dentry, rd.new_dentry);
		fsnotify_move(dir, dir, &old_name.name, d_is_dir(dentry), NULL, dentry);
		release_dentry_name_snapshot(&old_name);
		error = 0;
	}
	end_renaming(&rd);
out:
	dput(rd.old_parent);
	dput(target);
out_free:
	kfree_const(new_name);
	return error;
}
EXPORT_SYMBOL_GPL(debugfs_change_name);

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
		if (!strcmp(str, "on")) {
			debugfs_enabled = true;
		} else if (!strcmp(str, "off")) {
			debugfs_enabled = false;
		} else if (!strcmp(str, "no-mount")) {
			pr_notice("debugfs=no-mount is a deprecated alias for debugfs=off\n");
			debugfs_enabled = false;
		}
	}

	return 0;
}
early_param("debugfs", debugfs_kernel);

static int __init debugfs_init(void)
{
	int retval;

	if (!debugfs_enabled)
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
