// SPDX-License-Identifier: GPL-2.0-only
/*
 *  inode.c - part of tracefs, a pseudo file system for activating tracing
 *
 * Based on debugfs by: Greg Kroah-Hartman <greg@kroah.com>
 *
 *  Copyright (C) 2014 Red Hat Inc, author: Steven Rostedt <srostedt@redhat.com>
 *
 * tracefs is the file system that is used by the tracing infrastructure.
 * The filesystem plumbing is libpseudofs'; tracefs keeps the instances
 * directory, the ownership of files following their instance, and eventfs.
 */

#include <linux/module.h>
#include <linux/fs.h>
#include <linux/kobject.h>
#include <linux/namei.h>
#include <linux/libpseudofs.h>
#include <linux/tracefs.h>
#include <linux/security.h>
#include <linux/magic.h>
#include <linux/slab.h>
#include "internal.h"

static ssize_t default_read_file(struct file *file, char __user *buf,
				 size_t count, loff_t *ppos)
{
	return 0;
}

static ssize_t default_write_file(struct file *file, const char __user *buf,
				   size_t count, loff_t *ppos)
{
	return count;
}

static const struct file_operations tracefs_file_operations = {
	.read =		default_read_file,
	.write =	default_write_file,
	.open =		simple_open,
	.llseek =	noop_llseek,
};

static struct tracefs_dir_ops {
	int (*mkdir)(const char *name);
	int (*rmdir)(const char *name);
} tracefs_ops __ro_after_init;

/*
 * Userspace mkdir and rmdir in the instances directory: libpseudofs calls
 * these with the directories unlocked; the tracing code creates and removes
 * the instance's files itself and handles races.
 */
static int tracefs_instance_mkdir(struct dentry *dentry, const char *name)
{
	return tracefs_ops.mkdir(name);
}

static int tracefs_instance_rmdir(struct dentry *dentry, const char *name)
{
	return tracefs_ops.rmdir(name);
}

/*
 * The generation of uid= and of gid=: an owner that chown gave an inode is
 * kept until the next remount that gives the option starts a new one.
 */
static unsigned int tracefs_uid_gen = 1, tracefs_gid_gen = 1;

static bool tracefs_uid_kept(struct tracefs_inode *ti)
{
	return READ_ONCE(ti->uid_gen) == READ_ONCE(tracefs_uid_gen);
}

static bool tracefs_gid_kept(struct tracefs_inode *ti)
{
	return READ_ONCE(ti->gid_gen) == READ_ONCE(tracefs_gid_gen);
}

static void set_tracefs_inode_owner(struct inode *inode)
{
	struct tracefs_inode *ti = get_tracefs(inode);
	struct inode *root_inode = ti->private;
	kuid_t uid;
	kgid_t gid;

	uid = root_inode->i_uid;
	gid = root_inode->i_gid;

	/* An instance whose owner was never set follows the mount point. */
	if (root_inode != d_inode(root_inode->i_sb->s_root)) {
		struct tracefs_inode *rti;

		rti = get_tracefs(root_inode);
		root_inode = d_inode(root_inode->i_sb->s_root);

		if (!tracefs_uid_kept(rti))
			uid = root_inode->i_uid;

		if (!tracefs_gid_kept(rti))
			gid = root_inode->i_gid;
	}

	/* Unless set on this inode itself, the owner follows the instance. */
	if (!tracefs_uid_kept(ti))
		inode->i_uid = uid;

	if (!tracefs_gid_kept(ti))
		inode->i_gid = gid;
}

static int tracefs_permission(struct mnt_idmap *idmap,
			      struct inode *inode, int mask)
{
	set_tracefs_inode_owner(inode);
	return generic_permission(idmap, inode, mask);
}

static int tracefs_getattr(struct mnt_idmap *idmap,
			   const struct path *path, struct kstat *stat,
			   u32 request_mask, unsigned int flags)
{
	struct inode *inode = d_backing_inode(path->dentry);

	set_tracefs_inode_owner(inode);
	generic_fillattr(idmap, request_mask, inode, stat);
	return 0;
}

static int tracefs_setattr(struct mnt_idmap *idmap, struct dentry *dentry,
			   struct iattr *attr)
{
	unsigned int ia_valid = attr->ia_valid;
	struct inode *inode = d_inode(dentry);
	struct tracefs_inode *ti = get_tracefs(inode);

	if (ia_valid & ATTR_UID)
		WRITE_ONCE(ti->uid_gen, READ_ONCE(tracefs_uid_gen));

	if (ia_valid & ATTR_GID)
		WRITE_ONCE(ti->gid_gen, READ_ONCE(tracefs_gid_gen));

	return simple_setattr(idmap, dentry, attr);
}

static const struct inode_operations tracefs_dir_inode_operations = {
	.lookup		= simple_lookup,
	.permission	= tracefs_permission,
	.getattr	= tracefs_getattr,
	.setattr	= tracefs_setattr,
};

/* instances/: its mkdir and rmdir are libpseudofs's, which call tracefs_ops' */
static const struct inode_operations tracefs_instances_inode_operations = {
	.lookup		= simple_lookup,
	.mkdir		= pseudofs_user_dir_mkdir,
	.rmdir		= pseudofs_user_dir_rmdir,
	.permission	= tracefs_permission,
	.getattr	= tracefs_getattr,
	.setattr	= tracefs_setattr,
};

static const struct inode_operations tracefs_file_inode_operations = {
	.permission	= tracefs_permission,
	.getattr	= tracefs_getattr,
	.setattr	= tracefs_setattr,
};

/* Find the instance directory, or the root, whose ownership @parent follows */
static struct inode *instance_inode(struct dentry *parent)
{
	struct tracefs_inode *ti;

	while (!IS_ROOT(parent)) {
		ti = get_tracefs(d_inode(parent));
		if (ti->flags & TRACEFS_INSTANCE_INODE)
			break;
		parent = parent->d_parent;
	}
	return d_inode(parent);
}

/* A new file or directory starts out owned like its parent. */
static void tracefs_init_inode(struct dentry *dentry, struct inode *inode)
{
	struct inode *dir = d_inode(dentry->d_parent);

	get_tracefs(inode)->private = instance_inode(dentry->d_parent);
	inode->i_uid = dir->i_uid;
	inode->i_gid = dir->i_gid;
}

/*
 * The "events" directories of eventfs, the top one and each instance's, for
 * remounts, linked by ->next_events: a handful, one an instance, so the list
 * is a single one.  The lock protects it, eventfs_remount_lock() what
 * eventfs keeps of them.
 */
static struct tracefs_inode *tracefs_events_dirs;
static DEFINE_SPINLOCK(tracefs_events_lock);

/*
 * End the creation that tracefs_start_creating() began: eventfs's of an
 * "events" directory, the only entry it makes that way, which goes on the
 * list until its inode is evicted.
 */
struct dentry *tracefs_end_creating(struct dentry *dentry)
{
	struct tracefs_inode *ti = get_tracefs(d_inode(dentry));

	if (ti->flags & TRACEFS_EVENT_INODE) {
		spin_lock(&tracefs_events_lock);
		ti->flags |= TRACEFS_EVENTS_DIR;
		ti->next_events = tracefs_events_dirs;
		tracefs_events_dirs = ti;
		spin_unlock(&tracefs_events_lock);
	}
	simple_done_creating(dentry);
	return dentry;
}

static void tracefs_inode_evicted(struct inode *inode)
{
	struct tracefs_inode *ti = get_tracefs(inode), **p;

	if (!(ti->flags & TRACEFS_EVENTS_DIR))
		return;
	spin_lock(&tracefs_events_lock);
	for (p = &tracefs_events_dirs; *p; p = &(*p)->next_events) {
		if (*p == ti) {
			*p = ti->next_events;
			break;
		}
	}
	spin_unlock(&tracefs_events_lock);
}

/*
 * A remount, or a mount, with uid= or gid=, before libpseudofs gives every
 * inode the new owner: forget the owners set by chown by starting a new
 * generation, and give each "events" directory its new owner and eventfs
 * what it saves of it for the files it has not created yet.
 */
static int tracefs_apply_options(struct super_block *sb,
				 struct fs_context *fc, bool fresh)
{
	struct tracefs_inode *ti;
	bool new_uid, new_gid;
	int srcu_idx;
	kuid_t uid;
	kgid_t gid;

	pseudofs_fc_owner(fc, &uid, &gid);
	new_uid = uid_valid(uid);
	new_gid = gid_valid(gid);
	if (fresh || !(new_uid || new_gid))
		return 0;
	if (new_uid)
		WRITE_ONCE(tracefs_uid_gen, tracefs_uid_gen + 1);
	if (new_gid)
		WRITE_ONCE(tracefs_gid_gen, tracefs_gid_gen + 1);
	srcu_idx = eventfs_remount_lock();
	spin_lock(&tracefs_events_lock);
	for (ti = tracefs_events_dirs; ti; ti = ti->next_events) {
		if (new_uid)
			ti->vfs_inode.i_uid = uid;
		if (new_gid)
			ti->vfs_inode.i_gid = gid;
		eventfs_remount(ti, new_uid, new_gid);
	}
	spin_unlock(&tracefs_events_lock);
	eventfs_remount_unlock(srcu_idx);
	return 0;
}

static const struct pseudofs_operations tracefs_pseudofs_ops = {
	.init_inode	= tracefs_init_inode,
	.inode_evicted	= tracefs_inode_evicted,
	.user_mkdir	= tracefs_instance_mkdir,
	.user_rmdir	= tracefs_instance_rmdir,
	.apply_options	= tracefs_apply_options,
};

/*
 * eventfs dentries have their eventfs_inode in ->d_fsdata.  d_revalidate may
 * run under RCU, without the eventfs mutex: a file opened just as it is
 * marked dead still works, and sees the stale state.
 */
static void tracefs_d_release(struct dentry *dentry)
{
	if (dentry->d_fsdata)
		eventfs_d_release(dentry);
}

static int tracefs_d_revalidate(struct inode *inode, const struct qstr *name,
				struct dentry *dentry, unsigned int flags)
{
	struct eventfs_inode *ei = dentry->d_fsdata;

	return !(ei && ei->is_freed);
}

static int tracefs_d_delete(const struct dentry *dentry)
{
	/* Keep eventfs dentries around, but not tracefs ones. */
	return dentry->d_fsdata == NULL;
}

static const struct dentry_operations tracefs_dentry_operations = {
	.d_revalidate = tracefs_d_revalidate,
	.d_release = tracefs_d_release,
	.d_delete = tracefs_d_delete,
};

/* Unknown mount options fail, a remount uid=/gid= reaches every inode. */
static const struct pseudofs_desc tracefs_pseudofs_desc = {
	.magic		= TRACEFS_MAGIC,
	.remount_all	= true,
	.default_mode	= 0700,
	.ops		= &tracefs_pseudofs_ops,
	.d_ops		= &tracefs_dentry_operations,
	.file_iops	= &tracefs_file_inode_operations,
	.dir_iops	= &tracefs_dir_inode_operations,
	PSEUDOFS_INODE(struct tracefs_inode, vfs_inode),
	.inode_cache	= "tracefs_inode_cache",
};

struct pseudofs tracefs_pseudofs = {
	.type.owner	= THIS_MODULE,
	.type.name	= "tracefs",
	.desc		= &tracefs_pseudofs_desc,
};
MODULE_ALIAS_FS("tracefs");

/**
 * tracefs_create_file - create a file in the tracefs filesystem
 * @name: a pointer to a string containing the name of the file to create.
 * @mode: the permission that the file should have.
 * @parent: a pointer to the parent dentry for this file.  This should be a
 *          directory dentry if set.  If this parameter is NULL, then the
 *          file will be created in the root of the tracefs filesystem.
 * @data: a pointer to something that the caller will want to get to later
 *        on.  The inode.i_private pointer will point to this value on
 *        the open() call.
 * @fops: a pointer to a struct file_operations that should be used for
 *        this file.
 *
 * Return: a pointer to a dentry if it succeeds.  This
 * pointer must be passed to the tracefs_remove() function when the file is
 * to be removed (no automatic cleanup happens if your module is unloaded,
 * you are responsible here.)  If an error occurs, %NULL will be returned.
 */
struct dentry *tracefs_create_file(const char *name, umode_t mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops)
{
	struct dentry *dentry;

	if (security_locked_down(LOCKDOWN_TRACEFS))
		return NULL;

	dentry = pseudofs_create_file(&tracefs_pseudofs, name, mode, parent,
				      data, PSEUDOFS_PROXY_NONE,
				      fops ? fops : &tracefs_file_operations);
	return IS_ERR(dentry) ? NULL : dentry;
}
EXPORT_SYMBOL_GPL(tracefs_create_file);

/**
 * tracefs_create_dir - create a directory in the tracefs filesystem
 * @name: a pointer to a string containing the name of the directory to
 *        create.
 * @parent: a pointer to the parent dentry for this file.  This should be a
 *          directory dentry if set.  If this parameter is NULL, then the
 *          directory will be created in the root of the tracefs filesystem.
 *
 * This function creates a directory in tracefs with the given name.
 *
 * Return: a pointer to a dentry if it succeeds.  This
 * pointer must be passed to the tracefs_remove() function when the file is
 * to be removed. If an error occurs, %NULL will be returned.
 */
struct dentry *tracefs_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	if (security_locked_down(LOCKDOWN_TRACEFS))
		return NULL;

	/* Do not set bits for OTH */
	dentry = pseudofs_create_dir(&tracefs_pseudofs, name, 0750, parent);
	return IS_ERR(dentry) ? NULL : dentry;
}

/**
 * tracefs_create_instance_dir - create the tracing instances directory
 * @name: The name of the instances directory to create
 * @parent: The parent directory that the instances directory will exist
 * @mkdir: The function to call when a mkdir is performed.
 * @rmdir: The function to call when a rmdir is performed.
 *
 * Only one instances directory is allowed.
 *
 * The instances directory is special as it allows for mkdir and rmdir
 * to be done by userspace. When a mkdir or rmdir is performed, the inode
 * locks are released and the methods passed in (@mkdir and @rmdir) are
 * called without locks and with the name of the directory being created
 * within the instances directory.
 *
 * Return: the dentry of the instances directory.
 */
__init struct dentry *tracefs_create_instance_dir(const char *name,
					  struct dentry *parent,
					  int (*mkdir)(const char *name),
					  int (*rmdir)(const char *name))
{
	struct tracefs_inode *ti;
	struct dentry *dentry;

	/* Only allow one instance of the instances directory. */
	if (WARN_ON(tracefs_ops.mkdir || tracefs_ops.rmdir))
		return NULL;

	if (security_locked_down(LOCKDOWN_TRACEFS))
		return NULL;

	tracefs_ops.mkdir = mkdir;
	tracefs_ops.rmdir = rmdir;
	dentry = pseudofs_create_user_dir(&tracefs_pseudofs, name, 0750, parent,
					  &tracefs_instances_inode_operations);
	if (IS_ERR(dentry)) {
		tracefs_ops.mkdir = NULL;
		tracefs_ops.rmdir = NULL;
		return NULL;
	}

	/*
	 * The instances take their owner from this directory.  Still at
	 * boot: nobody can have looked at the new directory yet.
	 */
	ti = get_tracefs(d_inode(dentry));
	ti->flags |= TRACEFS_INSTANCE_INODE;
	ti->private = d_inode(dentry);

	return dentry;
}

/**
 * tracefs_remove - recursively removes a directory
 * @dentry: a pointer to a the dentry of the directory to be removed.
 *
 * This function recursively removes a directory tree in tracefs that
 * was previously created with a call to another tracefs function
 * (like tracefs_create_file() or variants thereof.)
 */
void tracefs_remove(struct dentry *dentry)
{
	pseudofs_remove(&tracefs_pseudofs, dentry);
}

/**
 * tracefs_initialized - Tells whether tracefs has been registered
 *
 * Return: true once tracefs accepts files.
 */
bool tracefs_initialized(void)
{
	return pseudofs_registered(&tracefs_pseudofs);
}

static int __init tracefs_init(void)
{
	int retval;

	retval = sysfs_create_mount_point(kernel_kobj, "tracing");
	if (retval)
		return -EINVAL;

	return pseudofs_register(&tracefs_pseudofs);
}
core_initcall(tracefs_init);
