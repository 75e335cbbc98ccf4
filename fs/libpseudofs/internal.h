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
#include <linux/mutex.h>

struct kmem_cache;
struct vfsmount;

/**
 * struct pseudofs_state - a registered filesystem, as the library keeps it
 * @mount: the internal mount of a %PSEUDOFS_SINGLE filesystem, else %NULL
 * @inode_cache: slab of its inodes
 * @user_dir_mutex: serializes the ->user_mkdir and ->user_rmdir hooks
 * @registered: set at the end of pseudofs_register()
 * @nr_opts: one more than the highest @opt of the filesystem's own options
 */
struct pseudofs_state {
	bool registered;
	struct vfsmount *mount;
	struct kmem_cache *inode_cache;
	struct mutex user_dir_mutex;	/* see above */
	int nr_opts;
};

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
