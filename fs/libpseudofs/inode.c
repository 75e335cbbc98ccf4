// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - creating, looking up and removing entries of a pseudo filesystem
 *
 * The tree lives in the dcache: every entry is a persistent dentry
 * (d_make_persistent()) until pseudofs_remove() makes it discardable.  An
 * entry is created in its parent's superblock, the parent locked from
 * pseudofs_start_creating() to simple_done_creating().
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/fsnotify.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "../internal.h"	/* find_next_child() */
#include "internal.h"

/**
 * pseudofs_registered - whether a pseudo filesystem is up
 * @pfs: its descriptor
 *
 * Return: true from the end of a successful pseudofs_register() to the
 * start of pseudofs_unregister().
 */
bool pseudofs_registered(const struct pseudofs *pfs)
{
	return pseudofs_up(pfs);
}
EXPORT_SYMBOL_GPL(pseudofs_registered);

/*
 * Check @name and *@parent, and make a %NULL *@parent the root: the directory
 * to create @name in or look it up.  simple_start_creating() and lookups
 * check the name further.  An error code, not an ERR_PTR(), so that the
 * compiler drops the caller's test on the paths that cannot fail.
 */
static __always_inline int pseudofs_parent(struct pseudofs *pfs,
					   const char *name,
					   struct dentry **parent)
{
	struct dentry *dir = *parent;

	if (IS_ERR(dir))
		return PTR_ERR(dir);
	if (__pseudofs_err_or_null(name))
		return -EINVAL;
	if (dir)	/* in a superblock of @pfs, which is up */
		return !d_can_lookup(dir) ? -ENOTDIR :
		       dir->d_sb->s_type == &pfs->type ? 0 : -EINVAL;
	if (!pseudofs_up(pfs))
		return -ENOENT;
	if (pfs->desc->instances != PSEUDOFS_SINGLE)
		return -EINVAL;
	*parent = pfs->state->mount->mnt_root;
	return 0;
}

/**
 * pseudofs_start_creating - lock a new entry's parent and look its name up
 * @pfs: the pseudo filesystem
 * @name: name of the new entry
 * @parent: directory to create it in, %NULL for the root of a
 *	%PSEUDOFS_SINGLE filesystem
 *
 * simple_start_creating() in the right superblock, for the kernel: the task's
 * permission on @parent is not checked.  On success @parent is locked until
 * simple_done_creating() of the negative dentry returned, made positive with
 * d_make_persistent() or not; the dentry then belongs to the tree, or goes.
 *
 * Return: the dentry, or ERR_PTR(-%EACCES) for a bad @name ("", ".", "..",
 * a '/'), -%ENAMETOOLONG, -%EINVAL for a %NULL @name, a @parent of another
 * filesystem or a %NULL one of several instances, -%ENOTDIR, -%ENOENT if
 * @parent was removed or @pfs is not registered, -%EEXIST, or @parent's.
 */
struct dentry *pseudofs_start_creating(struct pseudofs *pfs, const char *name,
				       struct dentry *parent)
{
	int err = pseudofs_parent(pfs, name, &parent);

	return err ? ERR_PTR(err) : simple_start_creating(parent, name);
}
EXPORT_SYMBOL_GPL(pseudofs_start_creating);

/*
 * Give @inode, on ->s_inodes already, the owner in force.  A remount's walk
 * that passed it first has its barrier show us the new owner: store again.
 */
static void pseudofs_init_owner(struct inode *inode,
				const struct pseudofs_mount_opts *opts)
{
	do {
		inode->i_uid = READ_ONCE(opts->uid);
		inode->i_gid = READ_ONCE(opts->gid);
		smp_mb();	/* pairs with pseudofs_remount_all()'s */
	} while (!uid_eq(inode->i_uid, READ_ONCE(opts->uid)) ||
		 !gid_eq(inode->i_gid, READ_ONCE(opts->gid)));
}

/* pseudofs_new_inode(), inline where @mode is known */
static __always_inline struct inode *
__pseudofs_new_inode(struct pseudofs *pfs, struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);
	struct pseudofs_sb_info *sbi;

	if (!inode)
		return NULL;
	inode->i_ino = get_next_ino();
	inode->i_mode = mode;
	simple_inode_init_ts(inode);
	if (pfs->desc->remount_all) {
		sbi = inode->i_sb->s_fs_info;	/* not kept over the calls */
		pseudofs_init_owner(inode, &sbi->opts);
	}
	if (S_ISDIR(mode)) {
		inode->i_op = pfs->desc->dir_iops ?: &simple_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
	} else if (S_ISLNK(mode)) {
		inode->i_op = &simple_symlink_inode_operations;
	} else if (S_ISREG(mode) && pfs->desc->file_iops) {
		inode->i_op = pfs->desc->file_iops;
	}
	return inode;
}

/**
 * pseudofs_new_inode - allocate an inode of a pseudo filesystem
 * @sb: its superblock
 * @mode: file type and permissions, or 0 to leave them to the caller
 *
 * The inode gets a fresh number, current times, and the descriptor's inode
 * and file operations for the type in @mode; with @pseudofs_desc.remount_all
 * the owner of uid= and gid= in force, else root.
 *
 * Return: the inode, or %NULL if out of memory.
 */
struct inode *pseudofs_new_inode(struct super_block *sb, umode_t mode)
{
	return __pseudofs_new_inode(pseudofs_of(sb), sb, mode);
}
EXPORT_SYMBOL_GPL(pseudofs_new_inode);

/*
 * Attach @inode, of type and permissions @mode, to the new entry @dentry, a
 * regular file with its @proxy put in after ->init_inode saw the file's own
 * operations, and unlock its parent.  The type is @mode's, which the
 * compiler knows, rather than ->i_mode, which the hook could have changed.
 */
static __always_inline struct dentry *
pseudofs_instantiate(const struct pseudofs_operations *ops,
		     struct dentry *dentry, struct inode *inode, umode_t mode,
		     enum pseudofs_proxy proxy)
{
	struct inode *dir = d_inode(dentry->d_parent);

	if (ops && ops->init_inode)
		ops->init_inode(dentry, inode);
	if (proxy)
		inode->i_fop = pseudofs_proxies[proxy];
	if (S_ISDIR(mode))
		inc_nlink(inode);	/* for "." */
	d_make_persistent(dentry, inode);
	if (S_ISDIR(mode)) {
		inc_nlink(dir);
		fsnotify_mkdir(dir, dentry);
	} else {
		fsnotify_create(dir, dentry);
	}
	simple_done_creating(dentry);
	return dentry;
}

/*
 * Give a new file @aux, and @fops, checked by the caller: its own, or the
 * short proxy's (pseudofs_instantiate() puts the other proxies in).
 */
static void pseudofs_set_fops(struct inode *inode, enum pseudofs_proxy proxy,
			      const void *fops, const void *aux)
{
	struct pseudofs_guard *g = pseudofs_guard(inode);

	g->aux = aux;
	if (proxy)
		g->real_fops = fops;	/* or ->short_fops, the same pointer */
	if (proxy == PSEUDOFS_PROXY_SHORT)
		inode->i_fop = pseudofs_proxies[proxy];
	else if (fops)
		inode->i_fop = fops;
}

static __always_inline struct dentry *
pseudofs_create(struct pseudofs *pfs, const char *name, umode_t mode,
		struct dentry *parent, void *data, const void *aux,
		enum pseudofs_proxy proxy, const void *fops,
		const struct inode_operations *iops)
{
	struct dentry *dentry;
	struct inode *inode;
	int err;

	err = pseudofs_parent(pfs, name, &parent);
	if (err)
		return ERR_PTR(err);
	dentry = simple_start_creating(parent, name);
	if (IS_ERR(dentry))
		return dentry;
	inode = __pseudofs_new_inode(pfs, dentry->d_sb, mode);
	if (!inode) {
		simple_done_creating(dentry);
		return ERR_PTR(-ENOMEM);
	}
	pseudofs_set_fops(inode, proxy, fops, aux);
	if (iops)
		inode->i_op = iops;
	if (S_ISLNK(mode))
		inode->i_link = data;
	else
		inode->i_private = data;
	return pseudofs_instantiate(pfs->desc->ops, dentry, inode, mode, proxy);
}

/**
 * pseudofs_create_file_aux - create a regular file
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions; the type may be given, but must be S_IFREG
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 * @data: stored in ->i_private
 * @aux: what pseudofs_file_aux() returns for the file, may be %NULL
 * @proxy: how the file is kept safe from its removal, not
 *	%PSEUDOFS_PROXY_SHORT (see pseudofs_create_file_short())
 * @fops: its file operations; with a @proxy, the proxy's calls them
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating();
 * -%EINVAL for a @mode of another type, an unknown @proxy, or a @proxy
 * without @fops.
 */
struct dentry *pseudofs_create_file_aux(struct pseudofs *pfs, const char *name,
					umode_t mode, struct dentry *parent,
					void *data, const void *aux,
					enum pseudofs_proxy proxy,
					const struct file_operations *fops)
{
	if ((mode & S_IFMT) && !S_ISREG(mode))
		return ERR_PTR(-EINVAL);
	/* a proxy needs @fops; tested first, that is one test on the way */
	if (!fops ? proxy != PSEUDOFS_PROXY_NONE : proxy > PSEUDOFS_PROXY_FULL)
		return ERR_PTR(-EINVAL);
	return pseudofs_create(pfs, name, S_IFREG | (mode & S_IALLUGO), parent,
			       data, aux, proxy, fops, NULL);
}
EXPORT_SYMBOL_GPL(pseudofs_create_file_aux);

/**
 * pseudofs_create_file_short - create a regular file of the short proxy
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions (see pseudofs_create_file_aux())
 * @parent: its directory (see pseudofs_create_file_aux())
 * @data: stored in ->i_private
 * @aux: what pseudofs_file_aux() returns for the file, may be %NULL
 * @fops: its read, write and llseek, which the short proxy calls
 *
 * Return: as pseudofs_create_file_aux(); -%EINVAL without @fops.
 */
struct dentry *pseudofs_create_file_short(struct pseudofs *pfs,
					  const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const void *aux,
					  const struct pseudofs_short_fops *fops)
{
	if (((mode & S_IFMT) && !S_ISREG(mode)) || !fops)
		return ERR_PTR(-EINVAL);
	return pseudofs_create(pfs, name, S_IFREG | (mode & S_IALLUGO), parent,
			       data, aux, PSEUDOFS_PROXY_SHORT, fops, NULL);
}
EXPORT_SYMBOL_GPL(pseudofs_create_file_short);

/**
 * pseudofs_create_dir - create a directory
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating();
 * -%EINVAL for a @mode with a file type.
 */
struct dentry *pseudofs_create_dir(struct pseudofs *pfs, const char *name,
				   umode_t mode, struct dentry *parent)
{
	if (mode & ~S_IALLUGO)
		return ERR_PTR(-EINVAL);
	return pseudofs_create(pfs, name, S_IFDIR | mode, parent,
			       NULL, NULL, PSEUDOFS_PROXY_NONE, NULL, NULL);
}
EXPORT_SYMBOL_GPL(pseudofs_create_dir);

/*
 * Call a userspace mkdir or rmdir @hook on @dentry and a copy of its name,
 * with its parent @dir and an rmdir's @victim unlocked (the VFS holds
 * references to both), then lock them again.  Hooks run one at a time, and
 * the second of two racing mkdirs (or rmdirs) of one name fails.
 */
static int pseudofs_call_unlocked(int (*hook)(struct dentry *, const char *),
				  struct inode *dir, struct dentry *dentry,
				  struct inode *victim)
{
	struct pseudofs *pfs = pseudofs_of(dir->i_sb);
	char *name;
	int ret;

	name = kmemdup_nul(dentry->d_name.name, dentry->d_name.len, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	if (victim)
		inode_unlock(victim);
	inode_unlock(dir);
	mutex_lock(&pfs->state->user_dir_mutex);
	/* the same name's mkdir or rmdir may have run while we waited */
	if (victim && !simple_positive(dentry))
		ret = -ENOENT;
	else if (!victim && d_really_is_positive(dentry))
		ret = -EEXIST;
	else
		ret = hook(dentry, name);
	mutex_unlock(&pfs->state->user_dir_mutex);
	inode_lock_nested(dir, I_MUTEX_PARENT);
	if (victim)
		inode_lock(victim);
	kfree(name);
	return ret;
}

/**
 * pseudofs_user_dir_mkdir - ->mkdir of a directory of pseudofs_create_user_dir()
 * @idmap: the mount's idmap
 * @dir: the directory
 * @dentry: the VFS's negative dentry
 * @mode: ignored: ->user_mkdir decides
 *
 * Return: %NULL once ->user_mkdir made @dentry positive, or its error;
 * ERR_PTR(-%EEXIST) if a racing mkdir made it.
 */
struct dentry *pseudofs_user_dir_mkdir(struct mnt_idmap *idmap,
				       struct inode *dir, struct dentry *dentry,
				       umode_t mode)
{
	int err = pseudofs_call_unlocked(pseudofs_of(dir->i_sb)->desc->ops->user_mkdir,
					 dir, dentry, NULL);

	return err ? ERR_PTR(err) : NULL;
}
EXPORT_SYMBOL_GPL(pseudofs_user_dir_mkdir);

/**
 * pseudofs_user_dir_rmdir - ->rmdir of a directory of pseudofs_create_user_dir()
 * @dir: the directory
 * @dentry: the entry to remove
 *
 * Return: what ->user_rmdir returns; -%ENOENT if a racing rmdir removed it.
 */
int pseudofs_user_dir_rmdir(struct inode *dir, struct dentry *dentry)
{
	return pseudofs_call_unlocked(pseudofs_of(dir->i_sb)->desc->ops->user_rmdir,
				      dir, dentry, d_inode(dentry));
}
EXPORT_SYMBOL_GPL(pseudofs_user_dir_rmdir);

static const struct inode_operations pseudofs_user_dir_inode_operations = {
	.lookup		= simple_lookup,
	.mkdir		= pseudofs_user_dir_mkdir,
	.rmdir		= pseudofs_user_dir_rmdir,
};

/**
 * pseudofs_create_user_dir - make a directory userspace may mkdir and rmdir in
 * @pfs: the pseudo filesystem, whose ->user_mkdir and ->user_rmdir do the work
 * @name: its name
 * @mode: its permissions
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 * @iops: its inode operations, whose ->mkdir and ->rmdir must be
 *	pseudofs_user_dir_mkdir() and pseudofs_user_dir_rmdir(); %NULL for
 *	those and simple_lookup() alone
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_create_dir();
 * -%EINVAL if @pfs lacks ->user_mkdir or ->user_rmdir, -%ENOENT if it is
 * not registered.
 */
struct dentry *pseudofs_create_user_dir(struct pseudofs *pfs, const char *name,
					umode_t mode, struct dentry *parent,
					const struct inode_operations *iops)
{
	const struct pseudofs_operations *ops = pfs->desc->ops;

	if (!pseudofs_registered(pfs))
		return ERR_PTR(-ENOENT);
	if (!ops || !ops->user_mkdir || !ops->user_rmdir || (mode & ~S_IALLUGO))
		return ERR_PTR(-EINVAL);
	return pseudofs_create(pfs, name, S_IFDIR | mode, parent, NULL, NULL,
			       PSEUDOFS_PROXY_NONE, NULL,
			       iops ?: &pseudofs_user_dir_inode_operations);
}
EXPORT_SYMBOL_GPL(pseudofs_create_user_dir);

/**
 * pseudofs_create_symlink - create a symbolic link
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions (debugfs's are 0777, securityfs's 0444)
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 * @target: the path it points to, copied and freed with the inode; may be
 *	%NULL if @iops provides ->get_link
 * @iops: its inode operations, %NULL for simple_symlink_inode_operations
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating();
 * -%EINVAL for an empty @target, a %NULL one without @iops, or a @mode
 * with a file type.
 */
struct dentry *pseudofs_create_symlink(struct pseudofs *pfs, const char *name,
				       umode_t mode, struct dentry *parent,
				       const char *target,
				       const struct inode_operations *iops)
{
	struct dentry *dentry;
	char *link = NULL;

	if (IS_ERR(target) || (target ? !*target : !iops) ||
	    (mode & ~S_IALLUGO))
		return ERR_PTR(-EINVAL);
	if (target) {
		link = kstrdup(target, GFP_KERNEL);
		if (!link)
			return ERR_PTR(-ENOMEM);
	}
	dentry = pseudofs_create(pfs, name, S_IFLNK | mode, parent,
				 link, NULL, PSEUDOFS_PROXY_NONE, NULL, iops);
	if (IS_ERR(dentry))
		kfree(link);
	return dentry;
}
EXPORT_SYMBOL_GPL(pseudofs_create_symlink);

/**
 * __pseudofs_lookup - pseudofs_lookup(), for the root or with its checks
 * @pfs: the pseudo filesystem
 * @name: the entry's name
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 */
struct dentry *__pseudofs_lookup(struct pseudofs *pfs, const char *name,
				 struct dentry *parent)
{
	int err = pseudofs_parent(pfs, name, &parent);

	if (err)
		return ERR_PTR(err);
	return lookup_noperm_positive_unlocked(&QSTR(name), parent);
}
EXPORT_SYMBOL_GPL(__pseudofs_lookup);

/*
 * Unhash @victim and detach whatever is mounted on or below it.  A file with
 * nothing mounted on it is only dropped (d_set_mounted() refuses an unhashed
 * dentry under the same ->d_lock): d_invalidate()'s walks would find nothing.
 */
static void pseudofs_unhash(struct dentry *victim)
{
	if (!d_is_dir(victim)) {
		spin_lock(&victim->d_lock);
		if (!d_mountpoint(victim)) {
			__d_drop(victim);
			spin_unlock(&victim->d_lock);
			return;
		}
		spin_unlock(&victim->d_lock);
	}
	d_invalidate(victim);
}

/*
 * Take @victim out of its parent @dir, locked.  Only the remover that finds
 * it still hashed does so, dropping the parent's link count and the tree's
 * reference once.  A file still in use is listed for pseudofs_drain().
 */
static void pseudofs_unlink(struct inode *dir, struct dentry *victim)
{
	if (!simple_positive(victim))
		return;
	pseudofs_unhash(victim);
	if (d_is_dir(victim))
		drop_nlink(dir);
	else if (d_is_reg(victim))
		pseudofs_users_removed(victim);
	fsnotify_delete(dir, d_inode(victim), victim);
	d_make_discardable(victim);
}

/**
 * pseudofs_remove - remove an entry and everything below it
 * @pfs: the pseudo filesystem
 * @dentry: the entry; nothing is done for %NULL or an ERR_PTR()
 *
 * Removes children before their directory, each with the directory locked,
 * and makes each discardable, as simple_recursive_removal() does; then, with
 * no directory locked, waits for the users of the files removed at or below
 * @dentry (see enum pseudofs_proxy), but not for the caller's own proxy
 * calls: an operation that removes its own file, or a directory above it,
 * must not use the file's data once this returned.  Removing an entry
 * already gone, or racing with another removal of it, is harmless while
 * @dentry is valid: only one removal unlinks each entry, and each waits for
 * the users.  The first drops the tree's reference, so a second needs the
 * caller's own (from pseudofs_lookup()).
 */
void pseudofs_remove(struct pseudofs *pfs, struct dentry *dentry)
{
	struct dentry *this, *child, *victim;
	struct inode *inode;

	if (IS_ERR_OR_NULL(dentry) || d_really_is_negative(dentry))
		return;
	if (WARN_ON(dentry->d_sb->s_type != &pfs->type || IS_ROOT(dentry)))
		return;
	if (d_unhashed(dentry)) {
		/* removed already, its files listed under the parent's lock */
		this = dget_parent(dentry);
		inode_lock(d_inode(this));
		inode_unlock(d_inode(this));
		dput(this);
		pseudofs_drain(dentry);
		return;
	}

	this = dget(dentry);
	for (;;) {
		victim = NULL;
		inode = d_inode(this);
		inode_lock_nested(inode, I_MUTEX_CHILD);
		if (d_is_dir(this))
			inode->i_flags |= S_DEAD;
		/* descend to the first child left, or empty @this and go up */
		while (!(child = find_next_child(this, victim))) {
			clear_nlink(inode);
			inode_set_ctime_current(inode);
			inode_unlock(inode);
			victim = this;
			this = this->d_parent;
			inode = d_inode(this);
			inode_lock_nested(inode, I_MUTEX_CHILD);
			pseudofs_unlink(inode, victim);
			if (victim == dentry) {
				inode_set_mtime_to_ts(inode,
						      inode_set_ctime_current(inode));
				inode_unlock(inode);
				pseudofs_drain(dentry);
				dput(dentry);
				return;
			}
		}
		inode_unlock(inode);
		this = child;
	}
}
EXPORT_SYMBOL_GPL(pseudofs_remove);
