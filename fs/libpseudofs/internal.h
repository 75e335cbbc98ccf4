/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - what libpseudofs keeps for itself
 *
 * A client sees its struct pseudofs and the functions of
 * <linux/libpseudofs.h>; the state below is reached only from here.
 */
#ifndef _FS_LIBPSEUDOFS_INTERNAL_H
#define _FS_LIBPSEUDOFS_INTERNAL_H

#include <linux/libpseudofs.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/refcount.h>

struct kmem_cache;
struct vfsmount;

/**
 * struct pseudofs_state - a registered filesystem, as the library keeps it
 * @mount: the internal mount of a %PSEUDOFS_SINGLE filesystem, else %NULL
 * @inode_cache: slab of its inodes
 * @user_dir_mutex: serializes the ->user_mkdir and ->user_rmdir hooks
 * @registered: set at the end of pseudofs_register()
 * @nr_opts: one more than the highest @opt of the filesystem's own options
 * @guard_offset: where the struct pseudofs_guard of an inode is, from the
 *	start of the filesystem's inode structure
 */
struct pseudofs_state {
	bool registered;
	struct vfsmount *mount;
	struct kmem_cache *inode_cache;
	struct mutex user_dir_mutex;	/* see above */
	int nr_opts;
	size_t guard_offset;
};

/**
 * struct pseudofs_users - who is inside the operations of a file
 * @active: one for the tree while the file is in it, plus one for each
 *	pseudofs_file_get() not yet put
 * @drained: completed by the put that leaves a removed file unused, and
 *	by a cancellation entered while a removal waits
 * @lock: protects @cancellations
 * @cancellations: of the users that can be asked to stop
 * @removed: on the list of files a pseudofs_remove() waits for
 * @dentry: the file, while it is on that list
 */
struct pseudofs_users {
	refcount_t active;
	struct completion drained;
	struct mutex lock;	/* see above */
	struct list_head cancellations;
	struct list_head removed;
	struct dentry *dentry;
};

/**
 * struct pseudofs_guard - what the library keeps beside every inode
 * @real_fops: a proxied file's own operations, else %NULL
 * @users: allocated by the first pseudofs_file_get(), freed with the inode
 */
struct pseudofs_guard {
	const struct file_operations *real_fops;
	struct pseudofs_users *users;
};

static inline struct pseudofs_guard *pseudofs_guard(const struct inode *inode)
{
	const struct pseudofs *pfs = pseudofs_of(inode->i_sb);

	return (void *)inode - pfs->inode_offset + pfs->state->guard_offset;
}

/* file.c */
void pseudofs_users_removed(struct dentry *dentry, struct list_head *drain);
void pseudofs_drain(struct list_head *drain);
void pseudofs_free_users(struct inode *inode);
void pseudofs_set_proxy(struct inode *inode, enum pseudofs_proxy proxy,
			const struct file_operations *fops);

/**
 * struct pseudofs_mount_opts - uid=, gid= and mode=
 * @uid: owner of the root directory
 * @gid: group of the root directory
 * @mode: permission bits of the root directory
 * @set: PSEUDOFS_OPT_* bits of the options given explicitly
 */
struct pseudofs_mount_opts {
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
	unsigned int set;
};

/**
 * struct pseudofs_fc_info - a mount or remount context's ->fs_private
 * @opts: uid=, gid= and mode= as parsed
 * @given: BIT_ULL(opt) of each of the filesystem's own options parsed
 * @values: their values, by opt
 */
struct pseudofs_fc_info {
	struct pseudofs_mount_opts opts;
	u64 given;
	u64 values[];
};

/**
 * struct pseudofs_sb_info - a superblock's ->s_fs_info
 * @opts: uid=, gid= and mode= in force
 * @key: for %PSEUDOFS_PER_KEY, what ->instance_key() returned
 * @data: the filesystem's per-superblock data, pseudofs_instance_data(),
 *	after @values in the same allocation
 * @given: BIT_ULL(opt) of each of the filesystem's own options ever given
 * @values: their values in force, by opt
 */
struct pseudofs_sb_info {
	struct pseudofs_mount_opts opts;
	void *key;
	void *data;
	u64 given;
	u64 values[];
};

/* Give @inode the owner in @opts that @set names; its ->i_lock is held. */
static inline void pseudofs_set_owner(struct inode *inode,
				      const struct pseudofs_mount_opts *opts,
				      unsigned int set)
{
	lockdep_assert_held(&inode->i_lock);
	if (set & PSEUDOFS_OPT_UID)
		inode->i_uid = opts->uid;
	if (set & PSEUDOFS_OPT_GID)
		inode->i_gid = opts->gid;
}

#endif /* _FS_LIBPSEUDOFS_INTERNAL_H */
