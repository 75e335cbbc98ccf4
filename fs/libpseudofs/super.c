// SPDX-License-Identifier: GPL-2.0
/*
 * super.c - superblock, mount options and inodes of a pseudo filesystem
 *
 * Every pseudo filesystem has a single superblock (get_tree_single()), whose
 * ->s_fs_info holds the struct pseudofs_mount_opts in force.  Options are
 * parsed into the fs_context and only copied to the superblock once the
 * whole mount or remount request parsed, so a bad option changes nothing.
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/mount.h>
#include <linux/pseudofs.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

enum { Opt_uid, Opt_gid, Opt_mode };

static const struct fs_parameter_spec pseudofs_param_specs[] = {
	fsparam_uid("uid", Opt_uid),
	fsparam_gid("gid", Opt_gid),
	fsparam_u32oct("mode", Opt_mode),
	{}
};

/*
 * Inodes that start their structure (every client but the KUnit test's
 * one) are set up once, when the slab makes the object, as other
 * filesystems' inode caches do: inode_init_once() is a memset of the whole
 * inode, and no small cost under emulation.
 */
static void pseudofs_inode_ctor(void *p)
{
	inode_init_once(p);
}

static struct inode *pseudofs_alloc_inode(struct super_block *sb)
{
	struct pseudofs *pfs = pseudofs_of(sb);
	void *p = alloc_inode_sb(sb, pfs->inode_cache, GFP_KERNEL);
	struct inode *inode;
	size_t end = pfs->inode_offset + sizeof(*inode);

	if (!p)
		return NULL;
	inode = p + pfs->inode_offset;
	/* what the filesystem puts around the inode starts out zeroed */
	memset(p, 0, pfs->inode_offset);
	memset(p + end, 0, pfs->inode_size - end);
	if (pfs->inode_offset)
		inode_init_once(inode);
	return inode;
}

static void pseudofs_free_inode(struct inode *inode)
{
	struct pseudofs *pfs = pseudofs_of(inode->i_sb);

	if (S_ISLNK(inode->i_mode))
		kfree(inode->i_link);
	kmem_cache_free(pfs->inode_cache, (void *)inode - pfs->inode_offset);
}

/**
 * pseudofs_show_options - show the mount options that differ from defaults
 * @m: seq_file to print to
 * @root: root dentry of the pseudo filesystem
 *
 * Return: 0.
 */
int pseudofs_show_options(struct seq_file *m, struct dentry *root)
{
	struct pseudofs_mount_opts *opts = root->d_sb->s_fs_info;

	if (pseudofs_of(root->d_sb)->flags & PSEUDOFS_NO_OPTIONS)
		return 0;
	if (!uid_eq(opts->uid, GLOBAL_ROOT_UID))
		seq_printf(m, ",uid=%u", from_kuid_munged(&init_user_ns, opts->uid));
	if (!gid_eq(opts->gid, GLOBAL_ROOT_GID))
		seq_printf(m, ",gid=%u", from_kgid_munged(&init_user_ns, opts->gid));
	if (opts->mode != pseudofs_of(root->d_sb)->default_mode)
		seq_printf(m, ",mode=%o", opts->mode);
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_show_options);

static const struct super_operations pseudofs_super_ops = {
	.alloc_inode	= pseudofs_alloc_inode,
	.free_inode	= pseudofs_free_inode,
	.statfs		= simple_statfs,
	.show_options	= pseudofs_show_options,
};

/**
 * pseudofs_parse_param - parse one uid=, gid= or mode= option
 * @fc: filesystem context of the mount or remount
 * @param: the option
 *
 * The value is stored in the context only.  Unknown options are refused
 * with %PSEUDOFS_STRICT_OPTIONS, silently ignored otherwise ("source" is
 * always left to the VFS).  With %PSEUDOFS_NO_OPTIONS every option is
 * left to the VFS, which refuses all but "source".
 *
 * Return: 0 or a negative errno, logged in @fc.
 */
int pseudofs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct pseudofs_mount_opts *opts = fc->s_fs_info;
	unsigned int flags = container_of(fc->fs_type, struct pseudofs,
					  type)->flags;
	struct fs_parse_result result;
	int opt;

	if (flags & PSEUDOFS_NO_OPTIONS)
		return -ENOPARAM;
	opt = fs_parse(fc, pseudofs_param_specs, param, &result);
	if (opt == -ENOPARAM && strcmp(param->key, "source") &&
	    !(flags & PSEUDOFS_STRICT_OPTIONS))
		return 0;
	if (opt < 0)
		return opt;

	switch (opt) {
	case Opt_uid:
		opts->uid = result.uid;
		break;
	case Opt_gid:
		opts->gid = result.gid;
		break;
	case Opt_mode:
		/* bits beyond 07777 were always masked off, not refused */
		opts->mode = result.uint_32 & S_IALLUGO;
		break;
	}
	opts->set |= BIT(opt);
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_parse_param);

/* Is @inode in use and attached to a dentry?  i_lock is held. */
static bool pseudofs_inode_attached(struct inode *inode)
{
	if (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE) ||
	    hlist_empty(&inode->i_dentry))
		return false;
	return true;
}

/*
 * Give every inode the new owner, then let the filesystem follow.
 *
 * Only inodes attached to a dentry are visited: one still being set up by
 * its creator has no alias yet, and one whose dentry is gone cannot be
 * reached by anybody.  Each inode is changed under its ->i_lock, taken
 * anyway to look at it, so that the walk neither holds nor locks the
 * inodes it changes, as stock tracefs's walk under RCU did not.  It lets
 * go of the list only to reschedule, holding the inode it is at so that
 * its place stays.  New inodes are added at the head of ->s_inodes, so
 * walking from the tail also visits the ones created while it let go.
 */
static void pseudofs_remount_all(struct super_block *sb, unsigned int set)
{
	struct pseudofs_mount_opts *opts = sb->s_fs_info;
	const struct pseudofs_operations *ops = pseudofs_of(sb)->ops;
	struct inode *inode, *prev = NULL;
	int cookie = 0;

	if (ops && ops->remount_begin)
		cookie = ops->remount_begin();
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry_reverse(inode, &sb->s_inodes, i_sb_list) {
		spin_lock(&inode->i_lock);
		if (!pseudofs_inode_attached(inode)) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		if (set & PSEUDOFS_OPT_UID)
			inode->i_uid = opts->uid;
		if (set & PSEUDOFS_OPT_GID)
			inode->i_gid = opts->gid;
		if (ops && ops->remount_inode)
			ops->remount_inode(inode, set);
		if (!need_resched()) {
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
	if (ops && ops->remount_end)
		ops->remount_end(cookie);
}

static void pseudofs_apply(struct super_block *sb,
			   const struct pseudofs_mount_opts *new, bool remount)
{
	struct pseudofs_mount_opts *opts = sb->s_fs_info;
	struct inode *root = d_inode(sb->s_root);
	unsigned int set = remount ? new->set : ~0U;

	if (set & PSEUDOFS_OPT_MODE) {
		opts->mode = new->mode;
		WRITE_ONCE(root->i_mode, (root->i_mode & ~S_IALLUGO) | new->mode);
	}
	if (set & PSEUDOFS_OPT_UID)
		root->i_uid = opts->uid = new->uid;
	if (set & PSEUDOFS_OPT_GID)
		root->i_gid = opts->gid = new->gid;
	opts->set |= new->set;

	set &= new->set & (PSEUDOFS_OPT_UID | PSEUDOFS_OPT_GID);
	if (remount && set && (pseudofs_of(sb)->flags & PSEUDOFS_REMOUNT_ALL))
		pseudofs_remount_all(sb, set);
}

/**
 * pseudofs_reconfigure - apply the options parsed into a context
 * @fc: filesystem context of a remount, or of a mount that found the
 *	superblock already set up
 *
 * Only the options given change; see %PSEUDOFS_REMOUNT_ALL for which
 * inodes a new uid= or gid= reaches.
 *
 * Return: 0.
 */
int pseudofs_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;

	if (!fc->s_fs_info)	/* moved to a new superblock */
		return 0;
	sync_filesystem(sb);
	pseudofs_apply(sb, fc->s_fs_info, true);
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_reconfigure);

/* Like simple_fill_super(), but the root inode comes from our slab too. */
static int pseudofs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of(sb);
	struct inode *root;

	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = pfs->magic;
	sb->s_op = &pseudofs_super_ops;
	sb->s_d_op = pfs->d_ops;
	sb->s_time_gran = 1;

	root = pseudofs_new_inode(sb, S_IFDIR);
	if (!root)
		return -ENOMEM;
	root->i_ino = 1;
	root->i_op = &simple_dir_inode_operations;
	set_nlink(root, 2);
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;
	pseudofs_apply(sb, sb->s_fs_info, false);
	return 0;
}

static int pseudofs_get_tree(struct fs_context *fc)
{
	int err = get_tree_single(fc, pseudofs_fill_super);

	return err ?: pseudofs_reconfigure(fc);
}

static void pseudofs_free_fc(struct fs_context *fc)
{
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
 * Default ->init_fs_context of a registered pseudo filesystem; a wrapper
 * may refuse the mount first.
 *
 * Return: 0 or -%ENOMEM.
 */
int pseudofs_init_fs_context(struct fs_context *fc)
{
	struct pseudofs *pfs = container_of(fc->fs_type, struct pseudofs, type);
	struct pseudofs_mount_opts *opts;

	opts = kzalloc(sizeof(*opts), GFP_KERNEL);
	if (!opts)
		return -ENOMEM;
	opts->mode = pfs->default_mode;
	fc->s_fs_info = opts;
	fc->ops = &pseudofs_context_ops;
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_init_fs_context);

/*
 * ->free_inode() runs from an RCU callback that is not ordered against the
 * freeing of the superblock (Documentation/filesystems/porting.rst), and
 * ours looks at ->i_sb: let every such callback finish before the
 * superblock goes.  This only happens in pseudofs_unregister().
 */
static void pseudofs_kill_sb(struct super_block *sb)
{
	kill_litter_super(sb);
	rcu_barrier();
	kfree(sb->s_fs_info);
}

/**
 * pseudofs_register - register a pseudo filesystem
 * @pfs: its descriptor
 *
 * Completes @pfs->type, creates the inode slab, registers the filesystem
 * and mounts it internally.  The internal mount, and with it the single
 * superblock, stays until pseudofs_unregister(): creating, looking up and
 * removing entries need no pin of their own.
 *
 * Return: 0, -%EBUSY if @pfs is registered already, or a negative errno.
 */
int pseudofs_register(struct pseudofs *pfs)
{
	struct vfsmount *mnt;
	int err;

	if (pfs->registered || pfs->inode_cache) {
		pr_err("%s: registered twice\n", pfs->type.name);
		return -EBUSY;
	}
	if (!pfs->inode_size)
		pfs->inode_size = sizeof(struct inode);
	if (WARN_ON(pfs->inode_offset + sizeof(struct inode) > pfs->inode_size))
		return -EINVAL;
	if (!pfs->type.init_fs_context)
		pfs->type.init_fs_context = pseudofs_init_fs_context;
	if (!(pfs->flags & PSEUDOFS_NO_OPTIONS))
		pfs->type.parameters = pseudofs_param_specs;
	pfs->type.kill_sb = pseudofs_kill_sb;
	mutex_init(&pfs->user_dir_mutex);

	pfs->inode_cache = kmem_cache_create(pfs->type.name, pfs->inode_size, 0,
					     SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT,
					     pfs->inode_offset ? NULL :
					     pseudofs_inode_ctor);
	if (!pfs->inode_cache)
		return -ENOMEM;
	err = register_filesystem(&pfs->type);
	if (err)
		goto out_cache;
	mnt = kern_mount(&pfs->type);
	if (IS_ERR(mnt)) {
		err = PTR_ERR(mnt);
		goto out_unregister;
	}
	pfs->mount = mnt;
	/* publish @mount: pairs with the acquire in pseudofs_check_parent() */
	smp_store_release(&pfs->registered, true);
	return 0;

out_unregister:
	unregister_filesystem(&pfs->type);
out_cache:
	kmem_cache_destroy(pfs->inode_cache);
	pfs->inode_cache = NULL;
	return err;
}
EXPORT_SYMBOL_GPL(pseudofs_register);

/**
 * pseudofs_unregister - unregister a pseudo filesystem
 * @pfs: its descriptor
 *
 * Everything created in @pfs must have been removed and nothing may be
 * creating entries in it any more.
 *
 * Return: 0, or -%EBUSY (and nothing changed) if entries are left or
 * userspace still has the filesystem mounted.
 */
int pseudofs_unregister(struct pseudofs *pfs)
{
	struct super_block *sb;

	if (!pfs->registered)
		return -EINVAL;
	sb = pfs->mount->mnt_sb;
	/* no new user mounts from here on */
	unregister_filesystem(&pfs->type);
	if (!simple_empty(sb->s_root) || atomic_read(&sb->s_active) != 1) {
		pr_err("%s: not unregistered: entries left or still mounted\n",
		       pfs->type.name);
		register_filesystem(&pfs->type);
		return -EBUSY;
	}
	WRITE_ONCE(pfs->registered, false);
	kern_unmount(pfs->mount);	/* kills the superblock */
	pfs->mount = NULL;
	kmem_cache_destroy(pfs->inode_cache);
	pfs->inode_cache = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_unregister);
