// SPDX-License-Identifier: GPL-2.0
/*
 * super.c - superblocks, mount options and inodes of a pseudo filesystem
 *
 * A filesystem has one superblock (PSEUDOFS_SINGLE), one per mount or one
 * per key; each has a struct pseudofs_sb_info in ->s_fs_info with the
 * options in force.  Options are parsed into the fs_context and only
 * applied to the superblock once the whole mount or remount request
 * parsed, so a bad option changes nothing.
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

enum { Opt_uid, Opt_gid, Opt_mode };

static const struct fs_parameter_spec pseudofs_param_specs[] = {
	fsparam_uid("uid", Opt_uid),
	fsparam_gid("gid", Opt_gid),
	fsparam_u32oct("mode", Opt_mode),
	{}
};

static struct pseudofs *pseudofs_of_fc(const struct fs_context *fc)
{
	return container_of(fc->fs_type, struct pseudofs, type);
}

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
	void *p = alloc_inode_sb(sb, pfs->state->inode_cache, GFP_KERNEL);
	struct inode *inode;
	size_t end = pfs->inode_offset + sizeof(*inode);

	if (!p)
		return NULL;
	inode = p + pfs->inode_offset;
	/* what the filesystem puts around the inode starts out zeroed */
	memset(p, 0, pfs->inode_offset);
	memset(p + end, 0, pfs->inode_size - end);
	memset(p + pfs->state->guard_offset, 0, sizeof(struct pseudofs_guard));
	if (pfs->inode_offset)
		inode_init_once(inode);
	return inode;
}

static void pseudofs_evict_inode(struct inode *inode)
{
	const struct pseudofs_operations *ops = pseudofs_of(inode->i_sb)->ops;

	truncate_inode_pages_final(&inode->i_data);
	clear_inode(inode);
	if (ops && ops->inode_evicted)
		ops->inode_evicted(inode);
}

static void pseudofs_free_inode(struct inode *inode)
{
	struct pseudofs *pfs = pseudofs_of(inode->i_sb);

	if (S_ISLNK(inode->i_mode))
		kfree(inode->i_link);
	pseudofs_free_users(inode);
	kmem_cache_free(pfs->state->inode_cache, (void *)inode - pfs->inode_offset);
}

/* Show each of the filesystem's own options that was given. */
static void pseudofs_show_own(struct seq_file *m,
			      const struct fs_parameter_spec *p,
			      const struct pseudofs_sb_info *sbi)
{
	const struct constant_table *c;
	u64 shown = 0, v;

	for (; p && p->name; p++) {
		if (!(sbi->given & BIT_ULL(p->opt) & ~shown))
			continue;
		shown |= BIT_ULL(p->opt);
		v = sbi->values[p->opt];
		if (!p->type) {
			seq_printf(m, v ? ",%s" : ",no%s", p->name);
		} else if (p->type == fs_param_is_bool) {
			seq_printf(m, ",%s=%s", p->name, str_true_false(v));
		} else if (p->type == fs_param_is_enum) {
			for (c = p->data; c->name && c->value != v; c++)
				;
			seq_printf(m, ",%s=%s", p->name, c->name);
		} else if (p->type == fs_param_is_s32) {
			seq_printf(m, ",%s=%d", p->name, (int)v);
		} else {
			seq_printf(m, p->data == (void *)8 ? ",%s=%llo" :
				   p->data ? ",%s=%#llx" : ",%s=%llu", p->name, v);
		}
	}
}

/* Does @pfs take uid=, gid= and mode=? */
static bool pseudofs_owner_options(const struct pseudofs *pfs)
{
	return pfs->options == PSEUDOFS_OPTIONS_STRICT ||
	       pfs->options == PSEUDOFS_OPTIONS_LAX;
}

/* Show the options that differ from their defaults. */
static int pseudofs_show_options(struct seq_file *m, struct dentry *root)
{
	struct super_block *sb = root->d_sb;
	struct pseudofs *pfs = pseudofs_of(sb);
	struct pseudofs_mount_opts *opts = &((struct pseudofs_sb_info *)sb->s_fs_info)->opts;
	umode_t mode = opts->mode & ~pfs->root_mode_always;

	if (pseudofs_owner_options(pfs)) {
		if (!uid_eq(opts->uid, GLOBAL_ROOT_UID))
			seq_printf(m, ",uid=%u",
				   from_kuid_munged(&init_user_ns, opts->uid));
		if (!gid_eq(opts->gid, GLOBAL_ROOT_GID))
			seq_printf(m, ",gid=%u",
				   from_kgid_munged(&init_user_ns, opts->gid));
		if (mode != (pfs->default_mode & ~pfs->root_mode_always))
			seq_printf(m, ",mode=%o", mode);
	}
	if (pfs->ops && pfs->ops->show_options)
		return pfs->ops->show_options(m, root);
	pseudofs_show_own(m, pfs->params, sb->s_fs_info);
	return 0;
}

static const struct super_operations pseudofs_super_ops = {
	.alloc_inode	= pseudofs_alloc_inode,
	.free_inode	= pseudofs_free_inode,
	.evict_inode	= pseudofs_evict_inode,
	.statfs		= simple_statfs,
	.show_options	= pseudofs_show_options,
};

static void pseudofs_store_option(struct pseudofs_mount_opts *opts, int opt,
				  const struct fs_parse_result *result)
{
	switch (opt) {
	case Opt_uid:
		opts->uid = result->uid;
		break;
	case Opt_gid:
		opts->gid = result->gid;
		break;
	case Opt_mode:
		/* bits beyond 07777 were always masked off, not refused */
		opts->mode = result->uint_32 & S_IALLUGO;
		break;
	}
	opts->set |= BIT(opt);
}

/*
 * The value of @param, one of the filesystem's own options, by the type of
 * its spec; a string's is ->parse_string's, from the value so far in *@v.
 */
static int pseudofs_own_value(struct fs_context *fc, struct fs_parameter *param,
			      const struct fs_parse_result *result, u64 *v)
{
	const struct pseudofs *pfs = pseudofs_of_fc(fc);
	const struct fs_parameter_spec *p;

	for (p = pfs->params; p->name; p++) {
		if (!strcmp(p->name, param->key))
			break;
	}
	if (!p->name)		/* "noNAME" of a flag or bool */
		*v = 0;
	else if (!p->type)
		*v = !result->negated;
	else if (p->type == fs_param_is_bool)
		*v = result->boolean;
	else if (p->type == fs_param_is_string)
		return pfs->ops->parse_string(fc, p->opt, param->string, v);
	else if (p->type == fs_param_is_u64)
		*v = result->uint_64;
	else if (p->type == fs_param_is_s32)
		*v = (u32)result->int_32;
	else
		*v = result->uint_32;
	return 0;
}

/* Store one of the filesystem's own options in the context, if valid. */
static int pseudofs_store_own(struct fs_context *fc,
			      struct pseudofs_fc_info *fci, int opt,
			      struct fs_parameter *param,
			      const struct fs_parse_result *result)
{
	const struct pseudofs *pfs = pseudofs_of_fc(fc);
	u64 v = fci->values[opt];
	int err = pseudofs_own_value(fc, param, result, &v);

	if (!err && pfs->ops && pfs->ops->check_option)
		err = pfs->ops->check_option(fc, opt, v);
	if (err)
		return err;
	fci->values[opt] = v;
	fci->given |= BIT_ULL(opt);
	return 0;
}

/*
 * Parse one option into the context: uid=, gid= or mode= unless the
 * filesystem takes none, else one of its own.  What is left is refused
 * (-ENOPARAM: the VFS takes "source" and fails the rest), or with
 * PSEUDOFS_OPTIONS_LAX and PSEUDOFS_OPTIONS_NONE_LAX ignored; the latter
 * also ignores a bad value of the filesystem's own.
 */
static int pseudofs_parse_param(struct fs_context *fc,
				struct fs_parameter *param)
{
	const struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_fc_info *fci = fc->fs_private;
	struct fs_parse_result result;
	int opt;

	if (pseudofs_owner_options(pfs)) {
		opt = fs_parse(fc, pseudofs_param_specs, param, &result);
		if (opt >= 0)
			pseudofs_store_option(&fci->opts, opt, &result);
		if (opt != -ENOPARAM)
			return min(opt, 0);
	}
	if (pfs->params) {
		opt = fs_parse(fc, pfs->params, param, &result);
		if (opt >= 0)
			return pseudofs_store_own(fc, fci, opt, param, &result);
		if (opt != -ENOPARAM && pfs->options != PSEUDOFS_OPTIONS_NONE_LAX)
			return opt;
	}
	if ((pfs->options == PSEUDOFS_OPTIONS_LAX ||
	     pfs->options == PSEUDOFS_OPTIONS_NONE_LAX) &&
	    strcmp(param->key, "source"))
		return 0;
	return -ENOPARAM;
}

/*
 * Give every inode the new owner, then let the filesystem follow in its
 * directories.
 *
 * Every inode not on its way out gets the owner, even one its creator is
 * still setting up: pseudofs_new_inode() gave it the owner in force under
 * its ->i_lock, so whichever of the two takes that lock last writes the new
 * owner.  ->remount_dir only sees directories attached to a dentry: one
 * whose dentry is gone cannot be reached by anybody, one still being set up
 * is its creator's.  Each inode is changed under its ->i_lock, taken
 * anyway to look at it, so that the walk neither holds nor locks the
 * inodes it changes, as stock tracefs's walk under RCU did not.  It lets
 * go of the list only to reschedule, holding the inode it is at so that
 * its place stays.  New inodes are added at the head of ->s_inodes, so
 * walking from the tail also visits the ones created while it let go.
 */
static void pseudofs_remount_all(struct super_block *sb, unsigned int set)
{
	struct pseudofs_sb_info *sbi = sb->s_fs_info;
	const struct pseudofs_operations *ops = pseudofs_of(sb)->ops;
	void (*remount_dir)(struct inode *inode, unsigned int set);
	struct inode *inode, *prev = NULL;

	remount_dir = ops ? ops->remount_dir : NULL;
	if (ops && ops->remount_begin)
		ops->remount_begin(sb, set);
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry_reverse(inode, &sb->s_inodes, i_sb_list) {
		spin_lock(&inode->i_lock);
		if (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE)) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		pseudofs_set_owner(inode, &sbi->opts, set);
		if (remount_dir && S_ISDIR(inode->i_mode) &&
		    !hlist_empty(&inode->i_dentry))
			remount_dir(inode, set);
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
		ops->remount_end(sb);
}

/*
 * Apply the options of a context to a superblock: all of them to a new
 * one, only those given to one in use.
 */
static void pseudofs_apply(struct super_block *sb,
			   const struct pseudofs_fc_info *fci, bool remount)
{
	const struct pseudofs *pfs = pseudofs_of(sb);
	struct pseudofs_sb_info *sbi = sb->s_fs_info;
	struct pseudofs_mount_opts *opts = &sbi->opts;
	const struct pseudofs_mount_opts *new = &fci->opts;
	struct inode *root = d_inode(sb->s_root);
	unsigned int set = remount ? new->set : ~0U;
	int i;

	if (set & PSEUDOFS_OPT_MODE) {
		opts->mode = new->mode;
		WRITE_ONCE(root->i_mode, (root->i_mode & ~S_IALLUGO) | new->mode |
			   pfs->root_mode_always);
	}
	if (set & PSEUDOFS_OPT_UID)
		root->i_uid = opts->uid = new->uid;
	if (set & PSEUDOFS_OPT_GID)
		root->i_gid = opts->gid = new->gid;
	opts->set |= new->set;
	for (i = 0; i < pfs->state->nr_opts; i++) {
		if (!(fci->given & BIT_ULL(i))) {
			if (remount && pfs->remount_replaces)
				WRITE_ONCE(sbi->values[i], 0);
			continue;
		}
		WRITE_ONCE(sbi->values[i], fci->values[i]);
		if (pfs->ops && pfs->ops->option_given)
			pfs->ops->option_given(sb, i, fci->values[i]);
	}
	if (remount && pfs->remount_replaces)
		WRITE_ONCE(sbi->given, fci->given);
	else
		WRITE_ONCE(sbi->given, sbi->given | fci->given);

	set &= new->set & (PSEUDOFS_OPT_UID | PSEUDOFS_OPT_GID);
	if (remount && set && pfs->remount_all)
		pseudofs_remount_all(sb, set);
}

/* The name of the filesystem's own option @opt, for a message. */
static const char *pseudofs_own_name(const struct pseudofs *pfs, int opt)
{
	const struct fs_parameter_spec *p;

	for (p = pfs->params; p->opt != opt; p++)
		;
	return p->name;
}

/*
 * Refuse a change of an option in @pseudofs.remount_fixed: one given with
 * another value, or, with @pseudofs.remount_replaces, one left out that
 * is in force.
 */
static int pseudofs_check_fixed(struct fs_context *fc, struct super_block *sb)
{
	const struct pseudofs *pfs = pseudofs_of(sb);
	const struct pseudofs_fc_info *fci = fc->fs_private;
	const struct pseudofs_sb_info *sbi = sb->s_fs_info;
	u64 check = pfs->remount_fixed;
	int i;

	if (!pfs->remount_replaces)
		check &= fci->given;
	for (i = 0; i < pfs->state->nr_opts; i++) {
		if (!(check & BIT_ULL(i)))
			continue;
		if (((fci->given ^ sbi->given) & BIT_ULL(i)) ||
		    fci->values[i] != sbi->values[i])
			return invalfc(fc, "%s cannot be changed by a remount",
				       pseudofs_own_name(pfs, i));
	}
	return 0;
}

/*
 * Apply a context to a superblock in use: a remount, or a mount that found
 * it.  Only the options given change, unless @pseudofs.remount_replaces.
 */
static int pseudofs_change(struct fs_context *fc, struct super_block *sb)
{
	int err = pseudofs_check_fixed(fc, sb);

	if (err)
		return err;
	sync_filesystem(sb);
	pseudofs_apply(sb, fc->fs_private, true);
	return 0;
}

static int pseudofs_reconfigure(struct fs_context *fc)
{
	/* the options were checked as they were parsed */
	if (pseudofs_of_fc(fc)->remount_keeps_all)
		return 0;
	return pseudofs_change(fc, fc->root->d_sb);
}

/* A superblock's ->s_fs_info, with the filesystem's data after it */
static struct pseudofs_sb_info *pseudofs_new_sbi(const struct pseudofs *pfs)
{
	int nr = pfs->state->nr_opts;
	struct pseudofs_sb_info *sbi;

	sbi = kzalloc(size_add(struct_size(sbi, values, nr), pfs->instance_size),
		      GFP_KERNEL);
	if (sbi)
		sbi->data = &sbi->values[nr];
	return sbi;
}

/* Like simple_fill_super(), but the root inode comes from our slab too. */
static int pseudofs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of(sb);
	struct inode *root;

	if (!sb->s_fs_info)
		sb->s_fs_info = pseudofs_new_sbi(pfs);
	if (!sb->s_fs_info)
		return -ENOMEM;
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
	pseudofs_apply(sb, fc->fs_private, false);
	if (pfs->instances != PSEUDOFS_SINGLE && pfs->ops && pfs->ops->new_instance)
		return pfs->ops->new_instance(sb->s_root);
	return 0;
}

static int pseudofs_test_any(struct super_block *sb, struct fs_context *fc)
{
	return 1;
}

static int pseudofs_test_key(struct super_block *sb, struct fs_context *fc)
{
	struct pseudofs_sb_info *sbi = sb->s_fs_info, *new = fc->s_fs_info;

	return sbi->key == new->key;
}

/*
 * Find or make the superblock of a mount, as vfs_get_super() does: a
 * mount that finds one in use applies the options given to it.
 */
static int pseudofs_get_tree(struct fs_context *fc)
{
	static int (* const test[])(struct super_block *, struct fs_context *) = {
		[PSEUDOFS_SINGLE]	= pseudofs_test_any,
		[PSEUDOFS_PER_MOUNT]	= NULL,
		[PSEUDOFS_PER_KEY]	= pseudofs_test_key,
	};
	struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_sb_info *sbi = fc->s_fs_info;
	struct super_block *sb;
	int err;

	if (pfs->instances == PSEUDOFS_PER_KEY)
		sbi->key = pfs->ops->instance_key(fc);
	sb = sget_fc(fc, test[pfs->instances], set_anon_super_fc);
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
 * Default ->init_fs_context of a registered pseudo filesystem; a wrapper
 * may refuse the mount first.
 *
 * Return: 0 or -%ENOMEM.
 */
int pseudofs_init_fs_context(struct fs_context *fc)
{
	struct pseudofs *pfs = pseudofs_of_fc(fc);
	struct pseudofs_fc_info *fci;

	fci = kzalloc(struct_size(fci, values, pfs->state->nr_opts), GFP_KERNEL);
	if (!fci)
		return -ENOMEM;
	fci->opts.mode = pfs->default_mode;
	if (pfs->owner_is_mounter) {
		fci->opts.uid = current_fsuid();
		fci->opts.gid = current_fsgid();
	}
	/*
	 * The superblock's, if the mount makes one.  A mount of the one
	 * superblock of %PSEUDOFS_SINGLE finds it: pseudofs_fill_super()
	 * allocates it for the first.
	 */
	if (fc->purpose != FS_CONTEXT_FOR_RECONFIGURE &&
	    pfs->instances != PSEUDOFS_SINGLE) {
		fc->s_fs_info = pseudofs_new_sbi(pfs);
		if (!fc->s_fs_info) {
			/* ->free is not called for a context that failed here */
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
 * Return: @pseudofs.instance_size bytes, zeroed when @sb was made and
 * freed with it.
 */
void *pseudofs_instance_data(const struct super_block *sb)
{
	return ((struct pseudofs_sb_info *)sb->s_fs_info)->data;
}
EXPORT_SYMBOL_GPL(pseudofs_instance_data);

/**
 * pseudofs_option - the value of one of the filesystem's own options
 * @sb: a superblock of a pseudo filesystem
 * @opt: the @opt of the option in @pseudofs.params
 *
 * Flags and bools are 1 or 0, enums the value of their constant; an
 * option never given is 0.  A remount may change it at any time.
 *
 * Return: the value in force.
 */
u64 pseudofs_option(const struct super_block *sb, int opt)
{
	const struct pseudofs_sb_info *sbi = sb->s_fs_info;

	return READ_ONCE(sbi->values[opt]);
}
EXPORT_SYMBOL_GPL(pseudofs_option);

/**
 * pseudofs_option_given - whether one of the filesystem's own options is set
 * @sb: a superblock of a pseudo filesystem
 * @opt: the @opt of the option in @pseudofs.params
 *
 * Tells an option set to 0 from one never given, for an option whose
 * default is not 0.
 *
 * Return: true if a mount or remount gave the option and, with
 * @pseudofs.remount_replaces, no later remount left it out.
 */
bool pseudofs_option_given(const struct super_block *sb, int opt)
{
	const struct pseudofs_sb_info *sbi = sb->s_fs_info;

	return READ_ONCE(sbi->given) & BIT_ULL(opt);
}
EXPORT_SYMBOL_GPL(pseudofs_option_given);

/*
 * ->free_inode() runs from an RCU callback that is not ordered against the
 * freeing of the superblock (Documentation/filesystems/porting.rst), and
 * ours looks at ->i_sb: let every such callback finish before the
 * superblock goes.
 */
static void pseudofs_kill_sb(struct super_block *sb)
{
	const struct pseudofs_operations *ops = pseudofs_of(sb)->ops;

	if (sb->s_root && ops && ops->kill_instance)
		ops->kill_instance(sb);
	kill_litter_super(sb);
	rcu_barrier();
	kfree(sb->s_fs_info);
}

/*
 * Refuse a descriptor whose fields contradict each other; return how many
 * values the filesystem's own options need.
 */
static int pseudofs_check(struct pseudofs *pfs)
{
	const struct fs_parameter_spec *p;
	const char *why = NULL;
	u64 opts = 0;
	int nr = 0;

	for (p = pfs->params; p && p->name; p++) {
		if (p->opt < 0 || p->opt >= 64) {
			why = "an option's opt is not below 64";
			continue;
		}
		if (p->type == fs_param_is_string &&
		    !(pfs->ops && pfs->ops->parse_string))
			why = "a string option without ->parse_string";
		opts |= BIT_ULL(p->opt);
		nr = max(nr, p->opt + 1);
	}
	if (!pfs->inode_size)
		pfs->inode_size = sizeof(struct inode);
	if (pfs->inode_offset + sizeof(struct inode) > pfs->inode_size)
		why = "the inode does not fit in inode_size";
	if (pfs->instances > PSEUDOFS_PER_KEY)
		why = "unknown kind of instances";
	if (pfs->remount_fixed & ~opts)
		why = "remount_fixed names no option";
	if (pfs->remount_keeps_all && (pfs->remount_fixed || pfs->remount_replaces))
		why = "remount_keeps_all with remount_fixed or remount_replaces";
	if (pfs->options > PSEUDOFS_OPTIONS_NONE_LAX)
		why = "unknown options policy";
	if (pfs->instances == PSEUDOFS_PER_KEY &&
	    !(pfs->ops && pfs->ops->instance_key))
		why = "PSEUDOFS_PER_KEY without ->instance_key";
	/*
	 * The internal mount holds the module until pseudofs_unregister():
	 * registered from the module's init, it would keep its exit from
	 * ever running.  A module may still register one for a while and
	 * unregister it itself (a KUnit suite, from its suite_init and
	 * suite_exit).
	 */
	if (pfs->instances == PSEUDOFS_SINGLE && pfs->type.owner &&
	    module_is_coming(pfs->type.owner))
		why = "PSEUDOFS_SINGLE from its module's init: use PSEUDOFS_PER_KEY";
	if (why) {
		pr_err("%s: not registered: %s\n", pfs->type.name, why);
		return -EINVAL;
	}
	return nr;
}

/**
 * pseudofs_register - register a pseudo filesystem
 * @pfs: its descriptor
 *
 * Completes @pfs->type, creates the inode slab and registers the
 * filesystem.  A %PSEUDOFS_SINGLE filesystem is also mounted internally:
 * that mount, and with it the single superblock, stays until
 * pseudofs_unregister(), so creating, looking up and removing entries need
 * no pin of their own.
 *
 * Return: 0, -%EBUSY if @pfs is registered already, -%EINVAL if its fields
 * contradict each other, or a negative errno.
 */
int pseudofs_register(struct pseudofs *pfs)
{
	struct pseudofs_state *state;
	struct vfsmount *mnt;
	int err;

	if (pfs->state) {
		pr_err("%s: registered twice\n", pfs->type.name);
		return -EBUSY;
	}
	err = pseudofs_check(pfs);
	if (err < 0)
		return err;
	state = kzalloc(sizeof(*state), GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	state->nr_opts = err;
	state->guard_offset = ALIGN(pfs->inode_size,
				    __alignof__(struct pseudofs_guard));
	mutex_init(&state->user_dir_mutex);
	if (!pfs->type.init_fs_context)
		pfs->type.init_fs_context = pseudofs_init_fs_context;
	if (pseudofs_owner_options(pfs))
		pfs->type.parameters = pseudofs_param_specs;
	pfs->type.kill_sb = pseudofs_kill_sb;

	err = -ENOMEM;
	state->inode_cache = kmem_cache_create(pfs->type.name,
					       state->guard_offset +
					       sizeof(struct pseudofs_guard),
					       0, SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT,
					       pfs->inode_offset ? NULL :
					       pseudofs_inode_ctor);
	if (!state->inode_cache)
		goto out_free;
	pfs->state = state;
	err = register_filesystem(&pfs->type);
	if (err)
		goto out_cache;
	if (pfs->instances == PSEUDOFS_SINGLE) {
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

/**
 * pseudofs_registered - whether a pseudo filesystem is up
 * @pfs: its descriptor
 *
 * Return: true from the end of a successful pseudofs_register() to the
 * start of pseudofs_unregister().
 */
bool pseudofs_registered(const struct pseudofs *pfs)
{
	const struct pseudofs_state *state = READ_ONCE(pfs->state);

	/* pairs with the release at the end of pseudofs_register() */
	return state && smp_load_acquire(&state->registered);
}
EXPORT_SYMBOL_GPL(pseudofs_registered);

/*
 * Is anything of @pfs still in use?  Its type is unregistered.  Besides
 * entries and user mounts, a dentry somebody holds (from pseudofs_lookup(),
 * removed since or not) keeps its inode on the superblock.
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
 * Return: 0, -%EINVAL if @pfs is not registered, or -%EBUSY (and nothing
 * changed) if entries are left, a dentry is still held, or userspace still
 * has it mounted.
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
