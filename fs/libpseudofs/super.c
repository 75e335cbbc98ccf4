// SPDX-License-Identifier: GPL-2.0
/*
 * super.c - superblocks, mount options and inodes of a pseudo filesystem
 *
 * Each superblock has a struct pseudofs_sb_info in ->s_fs_info with the
 * options in force.  Options are parsed into the fs_context and applied only
 * once the whole mount or remount request parsed, so a bad one changes
 * nothing.
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/cred.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string_choices.h>
#include "internal.h"

static const struct fs_parameter_spec pseudofs_param_specs[] = {
	fsparam_uid("uid", PSEUDOFS_OPT_UID),
	fsparam_gid("gid", PSEUDOFS_OPT_GID),
	fsparam_u32oct("mode", PSEUDOFS_OPT_MODE),
	{}
};

static struct pseudofs *pseudofs_of_fc(const struct fs_context *fc)
{
	return container_of(fc->fs_type, struct pseudofs, type);
}

/*
 * A slab object is struct pseudofs_guard, then the filesystem's inode
 * structure: kfree_rcu() of the guard frees it without a look at the
 * superblock, which may be gone by then.  The inode is set up once, when the
 * slab makes the object, as in other inode caches.
 */
static void pseudofs_inode_ctor(void *p)
{
	inode_init_once(p + PSEUDOFS_GUARD_SIZE);
}

/* An inode of a filesystem that has no fields after it */
static struct inode *pseudofs_alloc_inode(struct super_block *sb)
{
	struct pseudofs_guard *g;

	g = alloc_inode_sb(sb, pseudofs_of(sb)->state->inode_cache, GFP_KERNEL);
	if (!g)
		return NULL;
	g->users = NULL;	/* ->real_fops is set when a proxy is */
	g->aux = NULL;
	return (void *)g + PSEUDOFS_GUARD_SIZE;
}

/* One of a filesystem that has: they start out zeroed, by u64 */
static struct inode *pseudofs_alloc_sized_inode(struct super_block *sb)
{
	struct inode *inode = pseudofs_alloc_inode(sb);
	size_t size = pseudofs_of(sb)->state->inode_size;

	if (inode)
		memset64((u64 *)(inode + 1), 0,
			 (size - sizeof(*inode)) / sizeof(u64));
	return inode;
}

static void pseudofs_evict_inode(struct inode *inode)
{
	const struct pseudofs_operations *ops = pseudofs_of(inode->i_sb)->desc->ops;

	truncate_inode_pages_final(&inode->i_data);
	clear_inode(inode);
	pseudofs_free_users(inode);
	if (ops && ops->inode_evicted)
		ops->inode_evicted(inode);
}

/*
 * Free the object and a symlink's target after RCU walkers: no ->free_inode,
 * which would look at ->i_sb from an RCU callback (rcu_barrier() at umount).
 */
static void pseudofs_destroy_inode(struct inode *inode)
{
	struct pseudofs_guard *g = pseudofs_guard(inode);

	if (S_ISLNK(inode->i_mode) && inode->i_link)
		kvfree_rcu_mightsleep(inode->i_link);
	kfree_rcu(g, rcu);
}

/* Does @pfs take uid=, gid= and mode=? */
static bool pseudofs_owner_options(const struct pseudofs *pfs)
{
	return pfs->desc->options == PSEUDOFS_OPTIONS_STRICT;
}

/* Show the options that differ from their defaults. */
static int pseudofs_show_options(struct seq_file *m, struct dentry *root)
{
	struct super_block *sb = root->d_sb;
	struct pseudofs *pfs = pseudofs_of(sb);
	struct pseudofs_mount_opts *opts = &((struct pseudofs_sb_info *)sb->s_fs_info)->opts;

	if (pseudofs_owner_options(pfs)) {
		if (!uid_eq(opts->uid, GLOBAL_ROOT_UID))
			seq_printf(m, ",uid=%u",
				   from_kuid_munged(&init_user_ns, opts->uid));
		if (!gid_eq(opts->gid, GLOBAL_ROOT_GID))
			seq_printf(m, ",gid=%u",
				   from_kgid_munged(&init_user_ns, opts->gid));
		if (opts->mode != pfs->desc->default_mode)
			seq_printf(m, ",mode=%o", opts->mode);
	}
	if (pfs->desc->ops && pfs->desc->ops->show_options)
		return pfs->desc->ops->show_options(m, root);
	return 0;
}

/* [1]: those of a filesystem whose inodes have fields of its own after them */
#define PSEUDOFS_SUPER_OPS(alloc) {					\
	.alloc_inode = alloc, .destroy_inode = pseudofs_destroy_inode,	\
	.evict_inode = pseudofs_evict_inode, .statfs = simple_statfs,	\
	.show_options = pseudofs_show_options }
static const struct super_operations pseudofs_super_ops[] = {
	PSEUDOFS_SUPER_OPS(pseudofs_alloc_inode),
	PSEUDOFS_SUPER_OPS(pseudofs_alloc_sized_inode),
};

static void pseudofs_store_option(struct pseudofs_mount_opts *opts, int opt,
				  const struct fs_parse_result *result)
{
	if (opt == PSEUDOFS_OPT_UID)
		opts->uid = result->uid;
	else if (opt == PSEUDOFS_OPT_GID)
		opts->gid = result->gid;
	else	/* bits beyond 07777 were always masked off, not refused */
		opts->mode = result->uint_32 & S_IALLUGO;
	opts->set |= BIT(opt);
}

/*
 * "source", as the VFS would take it after us, but at once (every mount
 * gives it); then uid=, gid= or mode= unless the filesystem takes none, else
 * its own; what is left is refused (-ENOPARAM: the VFS fails it).
 */
static int pseudofs_parse_param(struct fs_context *fc,
				struct fs_parameter *param)
{
	const struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_fc_info *fci = fc->fs_private;
	struct fs_parse_result result;
	int opt;

	opt = vfs_parse_fs_param_source(fc, param);
	if (opt != -ENOPARAM)
		return opt;
	if (pseudofs_owner_options(pfs)) {
		opt = fs_parse(fc, pseudofs_param_specs, param, &result);
		if (opt >= 0)
			pseudofs_store_option(&fci->opts, opt, &result);
		if (opt != -ENOPARAM)
			return min(opt, 0);
	}
	if (pfs->desc->ops && pfs->desc->ops->parse_param)
		return pfs->desc->ops->parse_param(fc, param);
	return -ENOPARAM;
}

/*
 * Give every inode the new owner (racing with pseudofs_init_owner()), letting
 * go of the list only to reschedule, holding the inode it is at.  New inodes
 * go to the head of ->s_inodes: walking from the tail visits them too.  Out of
 * line, so that mounts and remounts without a walk save no registers for it.
 */
static noinline void pseudofs_remount_all(struct super_block *sb,
					  unsigned int set)
{
	struct pseudofs_sb_info *sbi = sb->s_fs_info;
	const struct pseudofs_mount_opts opts = sbi->opts;	/* in registers */
	struct inode *inode, *prev = NULL;

	smp_mb();	/* the new owner before the walk's stores */
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry_reverse(inode, &sb->s_inodes, i_sb_list) {
		pseudofs_set_owner(inode, &opts, set);
		if (!need_resched())
			continue;
		spin_lock(&inode->i_lock);
		if (inode_state_read(inode) & (I_NEW | I_FREEING | I_WILL_FREE)) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		__iget(inode);
		spin_unlock(&inode->i_lock);
		spin_unlock(&sb->s_inode_list_lock);
		iput(prev);
		prev = inode;
		cond_resched();
		spin_lock(&sb->s_inode_list_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	iput(prev);
}

/* Apply uid=, gid= and mode=: all to a new @sb, those given to one in use */
static void pseudofs_apply(struct super_block *sb,
			   const struct pseudofs_fc_info *fci, bool remount)
{
	const struct pseudofs *pfs = pseudofs_of(sb);
	struct pseudofs_sb_info *sbi = sb->s_fs_info;
	struct pseudofs_mount_opts *opts = &sbi->opts;
	const struct pseudofs_mount_opts *new = &fci->opts;
	struct inode *root = d_inode(sb->s_root);
	unsigned int set = remount ? new->set : ~0U;

	if (set & BIT(PSEUDOFS_OPT_MODE)) {
		opts->mode = new->mode;
		WRITE_ONCE(root->i_mode, (root->i_mode & ~S_IALLUGO) | new->mode);
	}
	if (set & BIT(PSEUDOFS_OPT_UID))
		root->i_uid = opts->uid = new->uid;
	if (set & BIT(PSEUDOFS_OPT_GID))
		root->i_gid = opts->gid = new->gid;
	opts->set |= new->set;

	set &= new->set & (BIT(PSEUDOFS_OPT_UID) | BIT(PSEUDOFS_OPT_GID));
	if (remount && set && pfs->desc->remount_all)
		pseudofs_remount_all(sb, set);
}

/*
 * A remount, or a mount that found @sb: the filesystem's own options first,
 * so that one it refuses changes nothing, then the uid=, gid= and mode= given.
 */
static int pseudofs_change(struct fs_context *fc, struct super_block *sb)
{
	const struct pseudofs_operations *ops = pseudofs_of(sb)->desc->ops;
	int err;

	if (ops && ops->apply_options) {
		err = ops->apply_options(sb, fc, false);
		if (err)
			return err;
	}
	sync_filesystem(sb);
	pseudofs_apply(sb, fc->fs_private, true);
	return 0;
}

static int pseudofs_reconfigure(struct fs_context *fc)
{
	return pseudofs_change(fc, fc->root->d_sb);
}

/* A superblock's ->s_fs_info, with the filesystem's data after it */
static void *pseudofs_new_sbi(const struct pseudofs *pfs)
{
	return kzalloc(struct_size_t(struct pseudofs_sb_info, data,
				     pfs->desc->instance_size), GFP_KERNEL);
}

/* Like simple_fill_super(), but the root inode comes from our slab too. */
static int pseudofs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of(sb);
	const struct pseudofs_operations *ops = pfs->desc->ops;
	struct inode *root;
	int err;

	/* %PSEUDOFS_SINGLE's first mount: its later ones allocate nothing */
	if (!sb->s_fs_info)
		sb->s_fs_info = pseudofs_new_sbi(pfs);
	if (!sb->s_fs_info)
		return -ENOMEM;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = pfs->desc->magic;
	sb->s_op = &pseudofs_super_ops[pfs->state->inode_size > sizeof(*root)];
	set_default_d_op(sb, pfs->desc->d_ops);
	sb->s_time_gran = 1;

	root = pseudofs_new_inode(sb, S_IFDIR);
	if (!root)
		return -ENOMEM;
	root->i_ino = 1;
	root->i_op = pfs->desc->root_iops ?: &simple_dir_inode_operations;
	set_nlink(root, 2);
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;
	pseudofs_apply(sb, fc->fs_private, false);
	if (ops && ops->apply_options) {
		err = ops->apply_options(sb, fc, true);
		if (err)
			return err;
	}
	if (pfs->desc->instances != PSEUDOFS_SINGLE && ops && ops->new_instance)
		return ops->new_instance(sb->s_root);
	return 0;
}

/* The one superblock of %PSEUDOFS_SINGLE, or that of the key */
static int pseudofs_test_key(struct super_block *sb, struct fs_context *fc)
{
	struct pseudofs_sb_info *sbi = sb->s_fs_info, *new = fc->s_fs_info;

	return !new || sbi->key == new->key;
}

/* As vfs_get_super(), but a mount finding a superblock applies its options */
static int pseudofs_get_tree(struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_sb_info *sbi = fc->s_fs_info;
	struct super_block *sb;
	int err;

	if (pfs->desc->instances == PSEUDOFS_PER_KEY)
		sbi->key = pfs->desc->ops->instance_key(fc);
	sb = sget_fc(fc, pfs->desc->instances == PSEUDOFS_PER_MOUNT ? NULL :
		     pseudofs_test_key, set_anon_super_fc);
	if (IS_ERR(sb))
		return PTR_ERR(sb);
	err = sb->s_root ? pseudofs_change(fc, sb) : pseudofs_fill_super(sb, fc);
	if (err) {
		deactivate_locked_super(sb);
		return err;
	}
	sb->s_flags |= SB_ACTIVE;
	fc->root = dget(sb->s_root);
	return 0;
}

static void pseudofs_free_fc(struct fs_context *fc)
{
	kfree(fc->fs_private);
	kfree(fc->s_fs_info);
}

static const struct fs_context_operations pseudofs_context_ops = {
	.free		= pseudofs_free_fc,
	.parse_param	= pseudofs_parse_param,
	.get_tree	= pseudofs_get_tree,
	.reconfigure	= pseudofs_reconfigure,
};

/**
 * pseudofs_init_fs_context - set up a context to mount or remount
 * @fc: the filesystem context
 *
 * Default ->init_fs_context.  A wrapper may refuse the mount first, or then
 * start pseudofs_fc_data() from non-zero values (binderfs's defaults).
 *
 * Return: 0 or -%ENOMEM.
 */
int pseudofs_init_fs_context(struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_fc_info *fci;

	/* of a size known at build time where it can: a cheaper kmalloc() */
	fci = !pfs->desc->fc_size ? kzalloc_obj(*fci) :
	      kzalloc(struct_size(fci, data, pfs->desc->fc_size), GFP_KERNEL);
	if (!fci)
		return -ENOMEM;
	fci->opts.mode = pfs->desc->default_mode;
	/* ->s_fs_info of the superblock a mount makes */
	if (fc->purpose != FS_CONTEXT_FOR_RECONFIGURE &&
	    pfs->desc->instances != PSEUDOFS_SINGLE) {
		fc->s_fs_info = pseudofs_new_sbi(pfs);
		if (!fc->s_fs_info) {
			/* ->free is not called for a context failing here */
			kfree(fci);
			return -ENOMEM;
		}
	}
	fc->fs_private = fci;
	fc->ops = &pseudofs_context_ops;
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_init_fs_context);

/**
 * pseudofs_instance_data - the filesystem's data of a superblock
 * @sb: a superblock of a pseudo filesystem
 *
 * Return: @pseudofs_desc.instance_size bytes, freed with @sb.
 */
void *pseudofs_instance_data(const struct super_block *sb)
{
	return ((struct pseudofs_sb_info *)sb->s_fs_info)->data;
}
EXPORT_SYMBOL_GPL(pseudofs_instance_data);

/**
 * pseudofs_fc_data - the filesystem's part of a mount or remount context
 * @fc: the context
 *
 * Return: where ->parse_param stores the filesystem's own options for
 * ->apply_options, @pseudofs_desc.fc_size bytes freed with @fc.
 */
void *pseudofs_fc_data(const struct fs_context *fc)
{
	return ((struct pseudofs_fc_info *)fc->fs_private)->data;
}
EXPORT_SYMBOL_GPL(pseudofs_fc_data);

/**
 * pseudofs_fc_owner - the uid= and gid= a mount or remount gives
 * @fc: the context, in ->apply_options
 * @uid: set to the uid= given, else %INVALID_UID
 * @gid: set to the gid= given, else %INVALID_GID
 */
void pseudofs_fc_owner(const struct fs_context *fc, kuid_t *uid, kgid_t *gid)
{
	const struct pseudofs_fc_info *fci = fc->fs_private;

	*uid = fci->opts.set & BIT(PSEUDOFS_OPT_UID) ? fci->opts.uid : INVALID_UID;
	*gid = fci->opts.set & BIT(PSEUDOFS_OPT_GID) ? fci->opts.gid : INVALID_GID;
}
EXPORT_SYMBOL_GPL(pseudofs_fc_owner);

/*
 * kill_anon_super() takes the persistent entries, then marks @sb SB_DEAD
 * under sb_lock (kill_super_notify()); sget_fc() calls no test on a dead
 * one, so pseudofs_test_key() never sees the info freed right after.
 */
static void pseudofs_kill_sb(struct super_block *sb)
{
	const struct pseudofs_operations *ops = pseudofs_of(sb)->desc->ops;

	if (sb->s_root && ops && ops->kill_instance)
		ops->kill_instance(sb);
	kill_anon_super(sb);
	kfree(sb->s_fs_info);
}

/* Refuse a description whose fields contradict each other. */
static int pseudofs_check(const struct pseudofs *pfs)
{
	const struct pseudofs_desc *desc = pfs->desc;
	const char *why = NULL;

	if (!desc)
		why = "no description";
	else if (desc->inode_size && (desc->inode_size < sizeof(struct inode) ||
				      !IS_ALIGNED(desc->inode_size, sizeof(u64))))
		why = "inode_size is not that of a structure starting with the inode";
	else if (desc->instances > PSEUDOFS_PER_KEY ||
		 desc->options > PSEUDOFS_OPTIONS_NONE)
		why = "unknown kind of instances or options";
	else if (desc->instances == PSEUDOFS_PER_KEY &&
		 !(desc->ops && desc->ops->instance_key))
		why = "PSEUDOFS_PER_KEY without ->instance_key";
	/*
	 * The internal mount holds the module until pseudofs_unregister(): one
	 * registered from its init would keep its exit from ever running.
	 */
	else if (desc->instances == PSEUDOFS_SINGLE && pfs->type.owner &&
		 module_is_coming(pfs->type.owner))
		why = "PSEUDOFS_SINGLE from its module's init: use PSEUDOFS_PER_KEY";
	if (why) {
		pr_err("%s: not registered: %s\n", pfs->type.name, why);
		return -EINVAL;
	}
	return 0;
}

/**
 * pseudofs_register - register a pseudo filesystem
 * @pfs: its descriptor
 *
 * Completes @pfs->type, creates the inode slab and registers the filesystem;
 * a %PSEUDOFS_SINGLE one is also mounted internally until unregistered.
 *
 * Return: 0, -%EBUSY if @pfs is registered already, -%EINVAL if its fields
 * contradict each other, or a negative errno.
 */
int pseudofs_register(struct pseudofs *pfs)
{
	/* a free object's freelist pointer in the guard, not 8 bytes after it */
	struct kmem_cache_args args = {
		.ctor			= pseudofs_inode_ctor,
		.use_freeptr_offset	= true,
		.freeptr_offset		= offsetof(struct pseudofs_guard, aux),
	};
	struct pseudofs_state *state;
	struct vfsmount *mnt;
	int err;

	if (pfs->state) {
		pr_err("%s: registered twice\n", pfs->type.name);
		return -EBUSY;
	}
	err = pseudofs_check(pfs);
	if (err)
		return err;
	state = kzalloc_obj(*state);
	if (!state)
		return -ENOMEM;
	mutex_init(&state->user_dir_mutex);
	state->inode_size = pfs->desc->inode_size ?: sizeof(struct inode);
	if (!pfs->type.init_fs_context)
		pfs->type.init_fs_context = pseudofs_init_fs_context;
	if (pseudofs_owner_options(pfs))
		pfs->type.parameters = pseudofs_param_specs;
	pfs->type.kill_sb = pseudofs_kill_sb;

	err = -ENOMEM;
	state->inode_cache =
		kmem_cache_create(pfs->desc->inode_cache ?: pfs->type.name,
				  PSEUDOFS_GUARD_SIZE + state->inode_size, &args,
				  SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT);
	if (!state->inode_cache)
		goto out_free;
	pfs->state = state;
	err = register_filesystem(&pfs->type);
	if (err)
		goto out_cache;
	if (pfs->desc->instances == PSEUDOFS_SINGLE) {
		mnt = kern_mount(&pfs->type);
		if (IS_ERR(mnt)) {
			err = PTR_ERR(mnt);
			goto out_unregister;
		}
		state->mount = mnt;
	}
	/* publish @state: pairs with the acquire in pseudofs_registered() */
	smp_store_release(&state->registered, true);
	return 0;

out_unregister:
	unregister_filesystem(&pfs->type);
out_cache:
	pfs->state = NULL;
	kmem_cache_destroy(state->inode_cache);
out_free:
	kfree(state);
	return err;
}
EXPORT_SYMBOL_GPL(pseudofs_register);

/*
 * Is anything of @pfs, type unregistered, in use?  A dentry held from
 * pseudofs_lookup(), removed or not, keeps its inode on the superblock too.
 */
static bool pseudofs_busy(struct pseudofs *pfs)
{
	struct super_block *sb;
	bool held;

	if (!pfs->state->mount)		/* every superblock is a user's */
		return !hlist_empty(&pfs->type.fs_supers);
	sb = pfs->state->mount->mnt_sb;
	spin_lock(&sb->s_inode_list_lock);
	held = !list_is_singular(&sb->s_inodes);	/* more than the root */
	spin_unlock(&sb->s_inode_list_lock);
	return held || !simple_empty(sb->s_root) ||
	       atomic_read(&sb->s_active) != 1;
}

/**
 * pseudofs_unregister - unregister a pseudo filesystem
 * @pfs: its descriptor
 *
 * Everything created in @pfs must have been removed, every dentry looked
 * up released, and nothing may be creating entries in it any more.
 *
 * Return: 0, -%EINVAL if @pfs is not registered, or -%EBUSY (changing nothing)
 * if entries are left, a dentry is still held, or userspace has it mounted.
 */
int pseudofs_unregister(struct pseudofs *pfs)
{
	struct pseudofs_state *state = pfs->state;

	if (!pseudofs_registered(pfs))
		return -EINVAL;
	/* no new user mounts from here on */
	unregister_filesystem(&pfs->type);
	if (pseudofs_busy(pfs)) {
		pr_err("%s: not unregistered: entries left or still mounted\n",
		       pfs->type.name);
		register_filesystem(&pfs->type);
		return -EBUSY;
	}
	WRITE_ONCE(state->registered, false);
	if (state->mount)
		kern_unmount(state->mount);	/* kills the superblock */
	kmem_cache_destroy(state->inode_cache);
	pfs->state = NULL;
	kfree(state);
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_unregister);
