/* SPDX-License-Identifier: GPL-2.0 */
/* internal.h - what libpseudofs keeps for itself, out of its clients' sight */
#ifndef _FS_LIBPSEUDOFS_INTERNAL_H
#define _FS_LIBPSEUDOFS_INTERNAL_H

#include <linux/libpseudofs.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/wait.h>

struct kmem_cache;
struct pseudofs_relay;
struct vfsmount;

/**
 * struct pseudofs_state - a registered filesystem, as the library keeps it
 * @mount: the internal mount of a %PSEUDOFS_SINGLE filesystem, else %NULL
 * @inode_cache: slab of its inodes
 * @user_dir_mutex: serializes the ->user_mkdir and ->user_rmdir hooks
 * @registered: set at the end of pseudofs_register()
 * @inode_size: size of the filesystem's inode structure
 */
struct pseudofs_state {
	bool registered;
	struct vfsmount *mount;
	struct kmem_cache *inode_cache;
	struct mutex user_dir_mutex;	/* see above */
	size_t inode_size;
};

/**
 * struct pseudofs_users - who is inside the operations of a file
 * @active: one for the tree while the file is in it, plus one for each
 *	pseudofs_file_get() not yet put
 * @lock: protects @cancellations and @inside
 * @cancellations: of the users that can be asked to stop
 * @solo: the task of one proxy call running, noted without @lock
 * @inside: the proxies' other calls running, each a struct pseudofs_inside
 * @removed: on the list of removed files still in use
 * @dentry: the file, while it is on that list
 * @methods: the proxy's PSEUDOFS_HAS_*, noted by the first open in the bracket
 * @poll_lock: protects @relays, apart: ->poll may hold what ->cancel takes
 * @relays: the full proxy's waiters on queues of the file's own ->poll
 * @pollers: where the full proxy's pollers wait instead (file.c)
 */
struct pseudofs_users {
	refcount_t active;
	struct mutex lock;	/* see above */
	struct list_head cancellations;
	struct task_struct *solo;
	struct hlist_head inside;
	struct list_head removed;
	struct dentry *dentry;
	unsigned int methods;
	struct mutex poll_lock;	/* see above */
	struct pseudofs_relay *relays;
	wait_queue_head_t pollers;
};

/**
 * struct pseudofs_guard - what the library keeps in front of every inode
 * @real_fops: the own operations of a file with the open or full proxy
 * @short_fops: those of a file with the short proxy; the inode's ->i_fop, a
 *	proxy of file.c's, tells which of the two is meant, if any
 * @users: allocated by the first pseudofs_file_get(), freed with the inode
 * @rcu: frees the slab object, which the guard starts, after ->destroy_inode
 * @aux: what pseudofs_file_aux() returns: here, not in @users, so that a
 *	file with an aux costs no allocation until it is opened; the slab's
 *	freelist pointer while the object is free (pseudofs_register())
 */
struct pseudofs_guard {
	union {
		struct {
			union {
				const struct file_operations *real_fops;
				const struct pseudofs_short_fops *short_fops;
			};
			struct pseudofs_users *users;
		};
		struct rcu_head rcu;
	};
	const void *aux;
};

/* pseudofs_registered(), inline */
static __always_inline bool pseudofs_up(const struct pseudofs *pfs)
{
	const struct pseudofs_state *state = READ_ONCE(pfs->state);

	/* pairs with the release at the end of pseudofs_register() */
	return state && smp_load_acquire(&state->registered);
}

/* Where the filesystem's inode structure starts in the slab object */
#define PSEUDOFS_GUARD_SIZE	ALIGN(sizeof(struct pseudofs_guard), ARCH_SLAB_MINALIGN)

static __always_inline struct pseudofs_guard *
pseudofs_guard(const struct inode *inode)
{
	return (void *)inode - PSEUDOFS_GUARD_SIZE;
}

/* file.c */
void pseudofs_users_removed(struct dentry *dentry);
void pseudofs_drain(struct dentry *top);
void pseudofs_free_users(struct inode *inode);
extern const struct file_operations *const pseudofs_proxies[];

/* uid=, gid= and mode= of the root; @set: those given, BIT(PSEUDOFS_OPT_*) */
enum { PSEUDOFS_OPT_UID, PSEUDOFS_OPT_GID, PSEUDOFS_OPT_MODE };
struct pseudofs_mount_opts {
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
	unsigned int set;
};

/* A mount or remount context's ->fs_private: parsed, and pseudofs_fc_data() */
struct pseudofs_fc_info {
	struct pseudofs_mount_opts opts;
	u8 data[] __aligned(8);
};

/* A superblock's ->s_fs_info: in force, its key, pseudofs_instance_data() */
struct pseudofs_sb_info {
	struct pseudofs_mount_opts opts;
	void *key;
	u8 data[] __aligned(8);
};

/* Give @inode the owner in @opts that @set names */
static inline void pseudofs_set_owner(struct inode *inode,
				      const struct pseudofs_mount_opts *opts,
				      unsigned int set)
{
	if (set & BIT(PSEUDOFS_OPT_UID))
		inode->i_uid = opts->uid;
	if (set & BIT(PSEUDOFS_OPT_GID))
		inode->i_gid = opts->gid;
}

#endif /* _FS_LIBPSEUDOFS_INTERNAL_H */
