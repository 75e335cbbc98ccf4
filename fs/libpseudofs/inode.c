// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - creating, looking up and removing entries of a pseudo filesystem
 *
 * The tree lives in the dcache: every entry holds a dentry reference and a
 * pin of the internal mount from pseudofs_start_creating() until
 * pseudofs_remove() drops both.  Creation locks the parent directory from
 * pseudofs_start_creating() to pseudofs_end_creating().
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/fsnotify.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/pseudofs.h>
#include <linux/slab.h>
#include <linux/string.h>

/* Check @name and @parent, pin the filesystem and find the parent. */
static int pseudofs_pin_parent(struct pseudofs *pfs, const char *name,
			       struct dentry **parent)
{
	int err;

	if (IS_ERR(*parent))
		return PTR_ERR(*parent);
	if (IS_ERR_OR_NULL(name) || !*name || strchr(name, '/'))
		return -EINVAL;
	if (*parent && !d_is_dir(*parent))
		return -ENOTDIR;
	if (!pfs->registered)
		return -ENOENT;
	err = simple_pin_fs(&pfs->type, &pfs->mount, &pfs->mount_count);
	if (err)
		return err;
	if (!*parent)
		*parent = pfs->mount->mnt_root;
	if ((*parent)->d_sb == pfs->mount->mnt_sb)
		return 0;
	simple_release_fs(&pfs->mount, &pfs->mount_count);
	return -EINVAL;
}

/**
 * pseudofs_start_creating - pin the filesystem and lock a new entry's parent
 * @pfs: the pseudo filesystem
 * @name: name of the new entry
 * @parent: directory to create it in, %NULL for the root
 *
 * On success the internal mount is pinned, @parent is locked and the
 * negative dentry returned must be passed to pseudofs_instantiate(),
 * pseudofs_end_creating() or pseudofs_failed_creating().
 *
 * Return: the dentry, or ERR_PTR(-%EINVAL) for a bad @name or a @parent of
 * another filesystem, -%ENOTDIR if @parent is no directory, -%ENOENT if it
 * was removed or @pfs is not registered, -%EEXIST if @name exists, or the
 * error @parent encodes.
 */
struct dentry *pseudofs_start_creating(struct pseudofs *pfs, const char *name,
				       struct dentry *parent)
{
	struct dentry *dentry;
	int err = pseudofs_pin_parent(pfs, name, &parent);

	if (err)
		return ERR_PTR(err);
	inode_lock(d_inode(parent));
	if (unlikely(IS_DEADDIR(d_inode(parent))))
		dentry = ERR_PTR(-ENOENT);
	else
		dentry = lookup_one_len(name, parent, strlen(name));
	if (!IS_ERR(dentry) && d_really_is_positive(dentry)) {
		dput(dentry);
		dentry = ERR_PTR(-EEXIST);
	}
	if (!IS_ERR(dentry))
		return dentry;
	inode_unlock(d_inode(parent));
	simple_release_fs(&pfs->mount, &pfs->mount_count);
	return dentry;
}
EXPORT_SYMBOL_GPL(pseudofs_start_creating);

/**
 * pseudofs_failed_creating - undo pseudofs_start_creating()
 * @pfs: the pseudo filesystem
 * @dentry: the negative dentry pseudofs_start_creating() returned
 *
 * Return: ERR_PTR(-%ENOMEM), for the usual reason of failing.
 */
struct dentry *pseudofs_failed_creating(struct pseudofs *pfs,
					struct dentry *dentry)
{
	inode_unlock(d_inode(dentry->d_parent));
	dput(dentry);
	simple_release_fs(&pfs->mount, &pfs->mount_count);
	return ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL_GPL(pseudofs_failed_creating);

/**
 * pseudofs_end_creating - unlock the parent after creating an entry
 * @dentry: the dentry pseudofs_start_creating() returned, now positive
 *
 * The reference and the pin taken by pseudofs_start_creating() stay with
 * the entry until pseudofs_remove().
 *
 * Return: @dentry.
 */
struct dentry *pseudofs_end_creating(struct dentry *dentry)
{
	inode_unlock(d_inode(dentry->d_parent));
	return dentry;
}
EXPORT_SYMBOL_GPL(pseudofs_end_creating);

/**
 * pseudofs_new_inode - allocate an inode of a pseudo filesystem
 * @sb: its superblock
 * @mode: file type and permissions, or 0 to leave them to the caller
 *
 * The inode gets a fresh number, current times, and the inode and file
 * operations the descriptor gives for the type in @mode.
 *
 * Return: the inode, or %NULL if out of memory.
 */
struct inode *pseudofs_new_inode(struct super_block *sb, umode_t mode)
{
	struct pseudofs *pfs = pseudofs_of(sb);
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = get_next_ino();
	inode->i_mode = mode;
	simple_inode_init_ts(inode);
	if (S_ISDIR(mode)) {
		inode->i_op = pfs->dir_iops ?: &simple_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
	} else if (S_ISLNK(mode)) {
		inode->i_op = pfs->link_iops ?: &simple_symlink_inode_operations;
	} else if (S_ISREG(mode) && pfs->file_iops) {
		inode->i_op = pfs->file_iops;
	}
	return inode;
}
EXPORT_SYMBOL_GPL(pseudofs_new_inode);

/**
 * pseudofs_instantiate - attach an inode to a new entry and unlock its parent
 * @dentry: the negative dentry pseudofs_start_creating() returned
 * @inode: its inode, from pseudofs_new_inode()
 *
 * Calls the ->init_inode hook, accounts directory links and notifies.
 *
 * Return: @dentry.
 */
struct dentry *pseudofs_instantiate(struct dentry *dentry, struct inode *inode)
{
	const struct pseudofs_operations *ops = pseudofs_of(inode->i_sb)->ops;
	struct inode *dir = d_inode(dentry->d_parent);

	if (ops && ops->init_inode)
		ops->init_inode(dentry, inode);
	if (S_ISDIR(inode->i_mode))
		inc_nlink(inode);	/* for "." */
	d_instantiate(dentry, inode);
	if (S_ISDIR(inode->i_mode)) {
		inc_nlink(dir);
		fsnotify_mkdir(dir, dentry);
	} else {
		fsnotify_create(dir, dentry);
	}
	return pseudofs_end_creating(dentry);
}
EXPORT_SYMBOL_GPL(pseudofs_instantiate);

static struct dentry *pseudofs_create(struct pseudofs *pfs, const char *name,
				      umode_t mode, struct dentry *parent,
				      void *data, void *fsdata,
				      const struct file_operations *fops)
{
	struct dentry *dentry;
	struct inode *inode;

	dentry = pseudofs_start_creating(pfs, name, parent);
	if (IS_ERR(dentry))
		return dentry;
	inode = pseudofs_new_inode(dentry->d_sb, mode);
	if (!inode)
		return pseudofs_failed_creating(pfs, dentry);
	if (!mode) {		/* an automount point */
		make_empty_dir_inode(inode);
		inode->i_flags |= S_AUTOMOUNT;
	}
	if (fops)
		inode->i_fop = fops;
	if (S_ISLNK(mode))
		inode->i_link = data;
	else
		inode->i_private = data;
	dentry->d_fsdata = fsdata;
	return pseudofs_instantiate(dentry, inode);
}

/**
 * pseudofs_create_file - create a regular file
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions; the type may be given, but must be S_IFREG
 * @parent: its directory, %NULL for the root
 * @data: stored in ->i_private
 * @fsdata: stored in ->d_fsdata before the file becomes visible
 * @fops: its file operations
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating();
 * -%EINVAL for a @mode of another type.
 */
struct dentry *pseudofs_create_file(struct pseudofs *pfs, const char *name,
				    umode_t mode, struct dentry *parent,
				    void *data, void *fsdata,
				    const struct file_operations *fops)
{
	if ((mode & S_IFMT) && !S_ISREG(mode))
		return ERR_PTR(-EINVAL);
	return pseudofs_create(pfs, name, S_IFREG | (mode & S_IALLUGO), parent,
			       data, fsdata, fops);
}
EXPORT_SYMBOL_GPL(pseudofs_create_file);

/**
 * pseudofs_create_dir - create a directory
 * @pfs: the pseudo filesystem
 * @name: its name
 * @mode: its permissions
 * @parent: its parent directory, %NULL for the root
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
			       NULL, NULL, NULL);
}
EXPORT_SYMBOL_GPL(pseudofs_create_dir);

/**
 * pseudofs_create_symlink - create a symbolic link
 * @pfs: the pseudo filesystem
 * @name: its name
 * @parent: its directory, %NULL for the root
 * @target: the path it points to, copied
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating();
 * -%EINVAL for a %NULL or empty @target.
 */
struct dentry *pseudofs_create_symlink(struct pseudofs *pfs, const char *name,
				       struct dentry *parent,
				       const char *target)
{
	struct dentry *dentry;
	char *link;

	if (IS_ERR_OR_NULL(target) || !*target)
		return ERR_PTR(-EINVAL);
	link = kstrdup(target, GFP_KERNEL);
	if (!link)
		return ERR_PTR(-ENOMEM);
	dentry = pseudofs_create(pfs, name, S_IFLNK | 0777, parent,
				 link, NULL, NULL);
	if (IS_ERR(dentry))
		kfree(link);
	return dentry;
}
EXPORT_SYMBOL_GPL(pseudofs_create_symlink);

/**
 * pseudofs_create_automount - create an automount point
 * @pfs: the pseudo filesystem; its ->d_ops must provide ->d_automount
 * @name: its name
 * @parent: its directory, %NULL for the root
 * @fsdata: stored in ->d_fsdata before the entry becomes visible, for
 *	->d_automount; not freed on failure
 * @data: stored in ->i_private
 *
 * Return: the new dentry or an ERR_PTR(), see pseudofs_start_creating().
 */
struct dentry *pseudofs_create_automount(struct pseudofs *pfs,
					 const char *name,
					 struct dentry *parent,
					 void *fsdata, void *data)
{
	return pseudofs_create(pfs, name, 0, parent, data, fsdata, NULL);
}
EXPORT_SYMBOL_GPL(pseudofs_create_automount);

/**
 * pseudofs_lookup - look up an existing entry
 * @pfs: the pseudo filesystem
 * @name: its name
 * @parent: its directory, %NULL for the root
 *
 * Return: the dentry, to be released with dput(), or an ERR_PTR():
 * -%ENOENT if there is no such entry.
 */
struct dentry *pseudofs_lookup(struct pseudofs *pfs, const char *name,
			       struct dentry *parent)
{
	struct dentry *dentry;
	int err = pseudofs_pin_parent(pfs, name, &parent);

	if (err)
		return ERR_PTR(err);
	dentry = lookup_positive_unlocked(name, parent, strlen(name));
	simple_release_fs(&pfs->mount, &pfs->mount_count);
	return dentry;
}
EXPORT_SYMBOL_GPL(pseudofs_lookup);

static void pseudofs_remove_one(struct dentry *victim)
{
	struct pseudofs *pfs = pseudofs_of(victim->d_sb);

	if (pfs->ops && pfs->ops->remove)
		pfs->ops->remove(victim);
	simple_release_fs(&pfs->mount, &pfs->mount_count);
}

/**
 * pseudofs_remove - remove an entry and everything below it
 * @pfs: the pseudo filesystem
 * @dentry: the entry; nothing is done for %NULL or an ERR_PTR()
 *
 * Calls the ->remove hook for every entry removed, drops its reference and
 * its pin.  The caller's own reference to @dentry, if any, stays.
 */
void pseudofs_remove(struct pseudofs *pfs, struct dentry *dentry)
{
	if (IS_ERR_OR_NULL(dentry) || d_really_is_negative(dentry))
		return;
	if (WARN_ON(dentry->d_sb->s_type != &pfs->type || IS_ROOT(dentry)))
		return;
	if (simple_pin_fs(&pfs->type, &pfs->mount, &pfs->mount_count))
		return;
	simple_recursive_removal(dentry, pseudofs_remove_one);
	simple_release_fs(&pfs->mount, &pfs->mount_count);
}
EXPORT_SYMBOL_GPL(pseudofs_remove);
