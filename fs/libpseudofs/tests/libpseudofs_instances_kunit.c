// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the instances of libpseudofs: filesystems with a
 * superblock per mount or per key, options of their own, and the
 * inode operations the library derives for user directories.
 *
 * "pseudofs_test_mount" makes a superblock per mount, fills each with a
 * file "f", and takes max= (at most 100), verbose and stats=none|global
 * beside uid=, gid= and mode=, through ->parse_param into its part of the
 * context and ->apply_options into its instance data: a remount changes
 * those it names, but not stats=.  "pseudofs_test_key" makes one per key,
 * the key being what the case put in its state, takes the same options
 * and ignores unknown ones, as debugfs does: its ->parse_param returns 0
 * for them.  "pseudofs_test_replace" takes only its own,
 * and a remount sets them all, as binderfs's.  "pseudofs_test_keep" is
 * shaped like bpffs: it takes no uid=, gid= or mode= from the library but
 * parses them itself with a string option mask=, gives the root to the
 * mounting task, and ignores remounts.  What the hooks saw is in the
 * case's struct pfi_state (test->priv).  Every mount and registration has
 * a cleanup action.
 */

#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/kstrtox.h>
#include <linux/libpseudofs.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "../internal.h"
#include "libpseudofs_kunit_export.h"

/**
 * struct pfi_state - what one case saw, in its test->priv
 * @new_instances: calls of ->new_instance
 * @kill_instances: calls of ->kill_instance
 * @key: what ->instance_key returns
 * @no_file: ->new_instance fails instead of making "f"
 * @getattrs: calls of the directories' ->getattr
 * @keys: the keys ->parse_param saw, joined by ','
 * @applies: calls of ->apply_options
 * @applied_fresh: those of them with @fresh
 * @apply_error: what ->apply_options returns, if not 0
 * @apply_uid: the owner of the root at the last ->apply_options
 * @apply_instances: @new_instances at the last ->apply_options
 * @dirty: ->apply_options found the context's data not zeroed where
 *	nothing was parsed into it
 */
struct pfi_state {
	int new_instances;
	int kill_instances;
	void *key;
	bool no_file;
	int getattrs;
	char keys[64];
	int applies;
	int applied_fresh;
	int apply_error;
	kuid_t apply_uid;
	int apply_instances;
	int dirty;
};

/* The hooks run without the test: they find its state here. */
static struct pfi_state *pfi_live;

static void pfi_unlive(void *unused)
{
	pfi_live = NULL;
}

static struct pseudofs pfi_mount_fs, pfi_key_fs, pfi_replace_fs, pfi_keep_fs;

static const struct file_operations pfi_fops = {
	.open		= simple_open,
};

static int pfi_new_instance(struct dentry *root)
{
	struct pseudofs *pfs = pseudofs_of(root->d_sb);

	pfi_live->new_instances++;
	if (pfi_live->no_file)
		return -ENOSPC;
	return PTR_ERR_OR_ZERO(pseudofs_create_file(pfs, "f", 0444, root, NULL,
						    PSEUDOFS_PROXY_NONE, &pfi_fops));
}

static void pfi_kill_instance(struct super_block *sb)
{
	if (pfi_live)
		pfi_live->kill_instances++;
}

static void *pfi_instance_key(struct fs_context *fc)
{
	return pfi_live->key;
}

/* Note @key in what the case saw, after a ',' if it saw something before. */
static void pfi_saw(const char *key)
{
	struct pfi_state *st = pfi_live;
	size_t len;

	if (!st)
		return;
	len = strlen(st->keys);
	scnprintf(st->keys + len, sizeof(st->keys) - len, "%s%s",
		  len ? "," : "", key);
}

/* Note a call of ->apply_options; return the error the case asked for. */
static int pfi_applying(struct super_block *sb, const void *data, size_t size,
			bool given, bool fresh)
{
	struct pfi_state *st = pfi_live;

	if (!st)
		return 0;
	st->applies++;
	st->applied_fresh += fresh;
	st->apply_uid = d_inode(sb->s_root)->i_uid;
	st->apply_instances = st->new_instances;
	if (!given && memchr_inv(data, 0, size))
		st->dirty++;
	return st->apply_error;
}

enum { Opt_max, Opt_verbose, Opt_stats };

static const struct constant_table pfi_stats[] = {
	{ "none",	0 },
	{ "global",	1 },
	{}
};

static const struct fs_parameter_spec pfi_params[] = {
	fsparam_u32("max", Opt_max),
	fsparam_flag("verbose", Opt_verbose),
	fsparam_enum("stats", Opt_stats, pfi_stats),
	{}
};

/**
 * struct pfi_opts - the own options of a context or a superblock
 * @max: max=
 * @verbose: verbose
 * @stats: stats=, 0 for none, 1 for global
 * @given: BIT(Opt_*) of those given
 */
struct pfi_opts {
	u32 max;
	bool verbose;
	u32 stats;
	unsigned int given;
};

/**
 * struct pfi_info - the instance data of a superblock
 * @opts: its own options in force
 * @scratch: left alone by the filesystem, for pfi_instance_data()
 */
struct pfi_info {
	struct pfi_opts opts;
	long scratch;
};

static struct pfi_opts *pfi_sb_opts(const struct super_block *sb)
{
	return &((struct pfi_info *)pseudofs_instance_data(sb))->opts;
}

/* The value of own option @opt in force on @sb */
static u64 pfi_value(const struct super_block *sb, int opt)
{
	const struct pfi_opts *o = pfi_sb_opts(sb);

	switch (opt) {
	case Opt_max:
		return o->max;
	case Opt_verbose:
		return o->verbose;
	default:
		return o->stats;
	}
}

static bool pfi_given(const struct super_block *sb, int opt)
{
	return pfi_sb_opts(sb)->given & BIT(opt);
}

static int pfi_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct pfi_opts *opts = pseudofs_fc_data(fc);
	struct fs_parse_result result;
	int opt;

	pfi_saw(param->key);
	opt = fs_parse(fc, pfi_params, param, &result);
	if (opt < 0)
		return opt;
	switch (opt) {
	case Opt_max:
		if (result.uint_32 > 100)
			return invalfc(fc, "max=%u: at most 100", result.uint_32);
		opts->max = result.uint_32;
		break;
	case Opt_verbose:
		opts->verbose = true;
		break;
	case Opt_stats:
		opts->stats = result.uint_32;
		break;
	}
	opts->given |= BIT(opt);
	return 0;
}

/*
 * A new superblock takes the options given, a remount or another mount of
 * a key in use changes those it names; stats= is the superblock's for
 * good: changing it fails, and then nothing changes.
 */
static int pfi_apply_options(struct super_block *sb, struct fs_context *fc,
			     bool fresh)
{
	const struct pfi_opts *new = pseudofs_fc_data(fc);
	struct pfi_opts *cur = pfi_sb_opts(sb);
	int err = pfi_applying(sb, new, sizeof(*new), new->given, fresh);

	if (err)
		return err;
	if (fresh) {
		*cur = *new;
		return 0;
	}
	if ((new->given & BIT(Opt_stats)) && new->stats != cur->stats)
		return invalfc(fc, "stats= cannot change");
	if (new->given & BIT(Opt_max))
		cur->max = new->max;
	if (new->given & BIT(Opt_verbose))
		cur->verbose = true;
	cur->given |= new->given;
	return 0;
}

/* As binderfs: a remount sets all, stats= must stay as it is. */
static int pfi_replace_apply(struct super_block *sb, struct fs_context *fc,
			     bool fresh)
{
	const struct pfi_opts *new = pseudofs_fc_data(fc);
	struct pfi_opts *cur = pfi_sb_opts(sb);
	int err = pfi_applying(sb, new, sizeof(*new), new->given, fresh);

	if (err)
		return err;
	if (!fresh && new->stats != cur->stats)
		return invalfc(fc, "stats= cannot change");
	*cur = *new;
	return 0;
}

static int pfi_show_options(struct seq_file *m, struct dentry *root)
{
	const struct pfi_opts *o = pfi_sb_opts(root->d_sb);

	if (o->given & BIT(Opt_max))
		seq_printf(m, ",max=%u", o->max);
	if (o->verbose)
		seq_puts(m, ",verbose");
	if (o->given & BIT(Opt_stats))
		seq_printf(m, ",stats=%s", o->stats ? "global" : "none");
	return 0;
}

static int pfi_getattr(struct mnt_idmap *idmap, const struct path *path,
		       struct kstat *stat, u32 request_mask, unsigned int flags)
{
	pfi_live->getattrs++;
	generic_fillattr(idmap, request_mask, d_inode(path->dentry), stat);
	return 0;
}

static int pfi_user_mkdir(struct dentry *dentry, const char *name)
{
	return PTR_ERR_OR_ZERO(pseudofs_create_dir(pseudofs_of(dentry->d_sb),
						   name, 0755,
						   dentry->d_parent));
}

static int pfi_user_rmdir(struct dentry *dentry, const char *name)
{
	pseudofs_remove(pseudofs_of(dentry->d_sb), dentry);
	return 0;
}

static const struct inode_operations pfi_dir_iops = {
	.lookup		= simple_lookup,
	.getattr	= pfi_getattr,
};

/* A user directory's own: the library's mkdir and rmdir, our ->getattr */
static const struct inode_operations pfi_own_user_dir_iops = {
	.lookup		= simple_lookup,
	.mkdir		= pseudofs_user_dir_mkdir,
	.rmdir		= pseudofs_user_dir_rmdir,
	.getattr	= pfi_getattr,
};

static const struct pseudofs_operations pfi_ops = {
	.instance_key	= pfi_instance_key,
	.new_instance	= pfi_new_instance,
	.kill_instance	= pfi_kill_instance,
	.parse_param	= pfi_parse_param,
	.apply_options	= pfi_apply_options,
	.show_options	= pfi_show_options,
	.user_mkdir	= pfi_user_mkdir,
	.user_rmdir	= pfi_user_rmdir,
};

static const struct pseudofs_desc pfi_mount_fs_desc = {
	.magic		= 0x70667435,
	.instances	= PSEUDOFS_PER_MOUNT,
	.remount_all	= true,
	.default_mode	= 0755,
	.fc_size	= sizeof(struct pfi_opts),
	.instance_size	= sizeof(struct pfi_info),
	.ops		= &pfi_ops,
	.dir_iops	= &pfi_dir_iops,
};

static struct pseudofs pfi_mount_fs = {
	.type.name	= "pseudofs_test_mount",
	.type.owner	= THIS_MODULE,
	.desc		= &pfi_mount_fs_desc,
};

static const struct pseudofs_operations pfi_replace_ops = {
	.new_instance	= pfi_new_instance,
	.kill_instance	= pfi_kill_instance,
	.parse_param	= pfi_parse_param,
	.apply_options	= pfi_replace_apply,
	.show_options	= pfi_show_options,
};

/* Own options only, as binderfs takes them. */
static const struct pseudofs_desc pfi_replace_fs_desc = {
	.magic		= 0x70667437,
	.instances	= PSEUDOFS_PER_MOUNT,
	.options	= PSEUDOFS_OPTIONS_NONE,
	.default_mode	= 0755,
	.fc_size	= sizeof(struct pfi_opts),
	.instance_size	= sizeof(struct pfi_info),
	.ops		= &pfi_replace_ops,
};

static struct pseudofs pfi_replace_fs = {
	.type.name	= "pseudofs_test_replace",
	.type.owner	= THIS_MODULE,
	.desc		= &pfi_replace_fs_desc,
};

enum { PFI_KEEP_UID, PFI_KEEP_GID, PFI_KEEP_MODE, PFI_KEEP_MASK };

static const struct fs_parameter_spec pfi_keep_params[] = {
	fsparam_uid("uid", PFI_KEEP_UID),
	fsparam_gid("gid", PFI_KEEP_GID),
	fsparam_u32oct("mode", PFI_KEEP_MODE),
	fsparam_string("mask", PFI_KEEP_MASK),
	{}
};

/**
 * struct pfi_keep_opts - the options of a context of pseudofs_test_keep
 * @uid: uid=
 * @gid: gid=
 * @mode: mode=
 * @mask: what the mask= options given add up to
 * @given: BIT(PFI_KEEP_*) of those given
 */
struct pfi_keep_opts {
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
	u64 mask;
	unsigned int given;
};

/* mask= as bpffs's delegate_*=: names or numbers joined by ':', adding up */
static int pfi_parse_mask(struct fs_context *fc, char *value, u64 *result)
{
	static const char * const names[] = { "a", "b", "c" };
	char *p;
	u64 v;
	int i;

	while ((p = strsep(&value, ":"))) {
		i = match_string(names, ARRAY_SIZE(names), p);
		if (i >= 0)
			*result |= BIT_ULL(i);
		else if (!kstrtou64(p, 0, &v))
			*result |= v;
		else
			return invalfc(fc, "mask: bad value '%s'", p);
	}
	return 0;
}

/*
 * Every option reaches here but "source", uid=, gid= and mode= too; a bad
 * value of one of ours fails, what is not ours is ignored as bpffs always did.
 */
static int pfi_keep_parse(struct fs_context *fc, struct fs_parameter *param)
{
	struct pfi_keep_opts *opts = pseudofs_fc_data(fc);
	struct fs_parse_result result;
	int opt, err;

	pfi_saw(param->key);
	opt = fs_parse(fc, pfi_keep_params, param, &result);
	if (opt == -ENOPARAM)
		return 0;
	if (opt < 0)
		return opt;
	switch (opt) {
	case PFI_KEEP_UID:
		opts->uid = result.uid;
		break;
	case PFI_KEEP_GID:
		opts->gid = result.gid;
		break;
	case PFI_KEEP_MODE:
		opts->mode = result.uint_32 & S_IALLUGO;
		break;
	case PFI_KEEP_MASK:
		err = pfi_parse_mask(fc, param->string, &opts->mask);
		if (err)
			return err;
		break;
	}
	opts->given |= BIT(opt);
	return 0;
}

/*
 * As bpffs: the root is the mounting task's unless uid= or gid= say, its
 * mode is mode= (0777 without) and always S_ISVTX, and a remount, or a
 * mount of a superblock in use, changes nothing.
 */
static int pfi_keep_apply(struct super_block *sb, struct fs_context *fc,
			  bool fresh)
{
	const struct pfi_keep_opts *opts = pseudofs_fc_data(fc);
	struct inode *root = d_inode(sb->s_root);
	int err = pfi_applying(sb, opts, sizeof(*opts), opts->given, fresh);

	if (err || !fresh)
		return err;
	root->i_uid = opts->given & BIT(PFI_KEEP_UID) ? opts->uid
						     : fc->cred->fsuid;
	root->i_gid = opts->given & BIT(PFI_KEEP_GID) ? opts->gid
						     : fc->cred->fsgid;
	root->i_mode = S_IFDIR | S_ISVTX |
		       (opts->given & BIT(PFI_KEEP_MODE) ? opts->mode : 0777);
	*(u64 *)pseudofs_instance_data(sb) = opts->mask;
	return 0;
}

/* As bpffs: what differs from the defaults, S_ISVTX left out of mode=. */
static int pfi_keep_show(struct seq_file *m, struct dentry *root)
{
	struct inode *inode = d_inode(root);
	umode_t mode = inode->i_mode & S_IALLUGO & ~S_ISVTX;
	u64 mask = *(u64 *)pseudofs_instance_data(root->d_sb);

	if (!uid_eq(inode->i_uid, GLOBAL_ROOT_UID))
		seq_printf(m, ",uid=%u",
			   from_kuid_munged(&init_user_ns, inode->i_uid));
	if (!gid_eq(inode->i_gid, GLOBAL_ROOT_GID))
		seq_printf(m, ",gid=%u",
			   from_kgid_munged(&init_user_ns, inode->i_gid));
	if (mode != 0777)
		seq_printf(m, ",mode=%o", mode);
	if (mask)
		seq_printf(m, ",mask=%llu", mask);
	return 0;
}

static const struct pseudofs_operations pfi_keep_ops = {
	.parse_param	= pfi_keep_parse,
	.apply_options	= pfi_keep_apply,
	.show_options	= pfi_keep_show,
};

static const struct pseudofs_desc pfi_keep_fs_desc = {
	.magic		= 0x70667438,
	.instances	= PSEUDOFS_PER_MOUNT,
	.options	= PSEUDOFS_OPTIONS_NONE,
	.default_mode	= 0777,
	.fc_size	= sizeof(struct pfi_keep_opts),
	.instance_size	= sizeof(u64),
	.ops		= &pfi_keep_ops,
};

static struct pseudofs pfi_keep_fs = {
	.type.name	= "pseudofs_test_keep",
	.type.owner	= THIS_MODULE,
	.desc		= &pfi_keep_fs_desc,
};

/* Dentries that hash their names and revalidate, as tracefs's do. */
static int pfi_d_hash(const struct dentry *dentry, struct qstr *q)
{
	q->hash = full_name_hash(dentry, q->name, q->len);
	return 0;
}

static int pfi_d_revalidate(struct inode *dir, const struct qstr *name,
			    struct dentry *dentry, unsigned int flags)
{
	return 1;
}

static const struct dentry_operations pfi_key_dops = {
	.d_hash		= pfi_d_hash,
	.d_revalidate	= pfi_d_revalidate,
};

/*
 * The own options of pseudofs_test_mount, and anything else ignored as
 * debugfs ignores it: 0 for an option that is not its own.  Its errors
 * still fail the request.
 */
static int pfi_key_parse_param(struct fs_context *fc,
			       struct fs_parameter *param)
{
	int opt = pfi_parse_param(fc, param);

	return opt == -ENOPARAM ? 0 : opt;
}

static const struct pseudofs_operations pfi_key_ops = {
	.instance_key	= pfi_instance_key,
	.new_instance	= pfi_new_instance,
	.kill_instance	= pfi_kill_instance,
	.parse_param	= pfi_key_parse_param,
	.apply_options	= pfi_apply_options,
	.show_options	= pfi_show_options,
	.user_mkdir	= pfi_user_mkdir,
	.user_rmdir	= pfi_user_rmdir,
};

static const struct pseudofs_desc pfi_key_fs_desc = {
	.magic		= 0x70667436,
	.instances	= PSEUDOFS_PER_KEY,
	.default_mode	= 0700,
	.fc_size	= sizeof(struct pfi_opts),
	.instance_size	= sizeof(struct pfi_info),
	.ops		= &pfi_key_ops,
	.d_ops		= &pfi_key_dops,
};

static struct pseudofs pfi_key_fs = {
	.type.name	= "pseudofs_test_key",
	.type.owner	= THIS_MODULE,
	.desc		= &pfi_key_fs_desc,
};

KUNIT_DEFINE_ACTION_WRAPPER(pfi_mntput, mntput, struct vfsmount *);

/* Mount @pfs with @opts, for the rest of @test or until pfi_umount(). */
static struct vfsmount *pfi_mount(struct kunit *test, struct pseudofs *pfs,
				  const char *opts)
{
	char *data = kunit_kstrdup(test, opts, GFP_KERNEL);
	struct vfsmount *mnt;

	KUNIT_ASSERT_NOT_NULL(test, data);
	mnt = vfs_kern_mount(&pfs->type, SB_KERNMOUNT, "t", data);
	if (!IS_ERR(mnt))
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfi_mntput,
								mnt), 0);
	return mnt;
}

/* Unmount @mnt now: an internal mount goes at once, with its superblock. */
static void pfi_umount(struct kunit *test, struct vfsmount *mnt)
{
	kunit_release_action(test, pfi_mntput, mnt);
}

/* Remount the superblock of @mnt with @opts, all of them or none. */
static int pfi_remount(struct vfsmount *mnt, const char *opts)
{
	struct super_block *sb = mnt->mnt_sb;
	struct fs_context *fc;
	char *data;
	int err;

	fc = pseudofs_kunit_fc_for_reconfigure(mnt->mnt_root);
	if (IS_ERR(fc))
		return PTR_ERR(fc);
	data = kstrdup(opts, GFP_KERNEL);
	err = data ? generic_parse_monolithic(fc, data) : -ENOMEM;
	if (!err) {
		down_write(&sb->s_umount);
		err = fc->ops->reconfigure(fc);
		up_write(&sb->s_umount);
	}
	kfree(data);
	put_fs_context(fc);
	return err;
}

/* What /proc/mounts shows of @mnt's options */
static char *pfi_show(struct kunit *test, struct vfsmount *mnt)
{
	struct seq_file m = { .size = 256 };

	m.buf = kunit_kzalloc(test, m.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	KUNIT_EXPECT_EQ(test, mnt->mnt_sb->s_op->show_options(&m, mnt->mnt_root),
			0);
	return m.buf;
}

/* Whether @name exists in the root of @mnt */
static bool pfi_exists(struct pseudofs *pfs, struct vfsmount *mnt,
		       const char *name)
{
	struct dentry *d = pseudofs_lookup(pfs, name, mnt->mnt_root);

	if (IS_ERR(d))
		return false;
	dput(d);
	return true;
}

/* Two mounts, two trees: entries, options and umount are each their own. */
static void pfi_per_mount_independent(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct vfsmount *a, *b;
	struct dentry *x;

	a = pfi_mount(test, &pfi_mount_fs, "max=5");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = pfi_mount(test, &pfi_mount_fs, "uid=1000");
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_NE(test, a->mnt_sb, b->mnt_sb);
	KUNIT_EXPECT_EQ(test, st->new_instances, 2);
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_mount_fs, a, "f"));
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_mount_fs, b, "f"));

	x = pseudofs_create_dir(&pfi_mount_fs, "x", 0755, a->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_PTR_EQ(test, x->d_sb, a->mnt_sb);
	KUNIT_EXPECT_FALSE(test, pfi_exists(&pfi_mount_fs, b, "x"));

	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5");
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), ",uid=1000");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=7,gid=3"), 0);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 7);
	KUNIT_EXPECT_EQ(test, pfi_value(b->mnt_sb, Opt_max), 0);
	/* the remount walk of a stays in a */
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(x)->i_gid), 3);
	x = pseudofs_lookup(&pfi_mount_fs, "f", b->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(x)->i_gid), 0);
	dput(x);

	/* a goes with its entries; b stays whole */
	pfi_umount(test, a);
	KUNIT_EXPECT_EQ(test, st->kill_instances, 1);
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_mount_fs, b, "f"));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), ",uid=1000");
}

/* No default parent where there are several instances. */
static void pfi_per_mount_null_parent(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "");

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_file(&pfi_mount_fs, "y",
							   0444, NULL, NULL,
							   PSEUDOFS_PROXY_NONE, &pfi_fops)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pfi_mount_fs, "f",
						      NULL)), -EINVAL);
	/* nor a parent of another filesystem */
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_dir(&pfi_key_fs, "y",
							  0755, a->mnt_root)),
			-EINVAL);
	KUNIT_EXPECT_FALSE(test, pfi_exists(&pfi_mount_fs, a, "y"));
}

/* A failing ->new_instance fails the mount, and the superblock goes. */
static void pfi_new_instance_fails(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct vfsmount *a;

	st->no_file = true;
	a = pfi_mount(test, &pfi_mount_fs, "max=1");
	KUNIT_EXPECT_EQ(test, PTR_ERR(a), -ENOSPC);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
	KUNIT_EXPECT_EQ(test, st->kill_instances, 1);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&pfi_mount_fs.type.fs_supers));
}

/* The same key, the same superblock; another key, another tree. */
static void pfi_per_key(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct vfsmount *a1, *a2, *b;
	int key_a, key_b;
	struct dentry *x;

	st->key = &key_a;
	a1 = pfi_mount(test, &pfi_key_fs, "");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a1));
	a2 = pfi_mount(test, &pfi_key_fs, "uid=9");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a2));
	KUNIT_EXPECT_PTR_EQ(test, a1->mnt_sb, a2->mnt_sb);
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
	/* options given to a mount of an instance in use apply to it */
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns,
					d_inode(a1->mnt_root)->i_uid), 9);

	st->key = &key_b;
	b = pfi_mount(test, &pfi_key_fs, "");
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_NE(test, a1->mnt_sb, b->mnt_sb);
	KUNIT_EXPECT_EQ(test, st->new_instances, 2);
	x = pseudofs_create_file(&pfi_key_fs, "x", 0444, b->mnt_root, NULL,
				 PSEUDOFS_PROXY_NONE, &pfi_fops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_key_fs, b, "x"));
	KUNIT_EXPECT_FALSE(test, pfi_exists(&pfi_key_fs, a1, "x"));

	/* the instance stays while one of its mounts does */
	pfi_umount(test, a1);
	KUNIT_EXPECT_EQ(test, st->kill_instances, 0);
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_key_fs, a2, "f"));
	pfi_umount(test, a2);
	KUNIT_EXPECT_EQ(test, st->kill_instances, 1);
}

/* An option of the filesystem's own, its value and how it is shown. */
struct pfi_opt_param {
	const char *desc;
	const char *opts;
	int opt;
	u64 value;
	const char *shown;
};

static const struct pfi_opt_param pfi_own_option_params[] = {
	{ "u32",	"max=42",	Opt_max,	42, ",max=42" },
	{ "u32_zero",	"max=0",	Opt_max,	0, ",max=0" },
	{ "flag",	"verbose",	Opt_verbose,	1, ",verbose" },
	{ "enum",	"stats=global",	Opt_stats,	1, ",stats=global" },
	{ "beside_mode", "mode=700,stats=none", Opt_stats, 0,
	  ",mode=700,stats=none" },
};

KUNIT_ARRAY_PARAM_DESC(pfi_own_option, pfi_own_option_params, desc);

/* Accepted at mount, applied, shown, and shown again the same. */
static void pfi_own_option(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct vfsmount *a, *b;
	char *shown;

	a = pfi_mount(test, &pfi_mount_fs, p->opts);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, p->opt), p->value);
	KUNIT_EXPECT_TRUE(test, pfi_given(a->mnt_sb, p->opt));
	shown = pfi_show(test, a);
	KUNIT_EXPECT_STREQ(test, shown, p->shown);
	/* what is shown mounts to the same */
	b = pfi_mount(test, &pfi_mount_fs, shown + 1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), p->shown);
}

static const struct pfi_opt_param pfi_own_option_refused_params[] = {
	{ .desc = "out_of_range",	.opts = "uid=7,max=101" },
	{ .desc = "not_a_number",	.opts = "uid=7,max=abc" },
	{ .desc = "unknown_enum",	.opts = "uid=7,stats=bogus" },
	{ .desc = "flag_with_value",	.opts = "uid=7,verbose=1" },
	{ .desc = "unknown_key",	.opts = "uid=7,bogus=1" },
};

KUNIT_ARRAY_PARAM_DESC(pfi_own_option_refused,
		       pfi_own_option_refused_params, desc);

/*
 * An error of ->parse_param, or its -ENOPARAM, fails the mount and the
 * remount, where nothing changes, uid= neither.
 */
static void pfi_own_option_refused(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct pfi_state *st = test->priv;
	struct vfsmount *a;

	KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, &pfi_mount_fs, p->opts)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, st->applies, 0);
	a = pfi_mount(test, &pfi_mount_fs, "max=5");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, p->opts), -EINVAL);
	KUNIT_EXPECT_EQ(test, st->applies, 1);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 5);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(a->mnt_root)->i_uid,
				       GLOBAL_ROOT_UID));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5");
}

/* A remount changes the options it names and keeps the others. */
static void pfi_own_option_remount(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "max=5,verbose");

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=global"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=none"), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a),
			   ",max=5,verbose,stats=none");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=6"), 0);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 6);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_verbose), 1);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a),
			   ",max=6,verbose,stats=none");
}

/*
 * Every context starts with its part zeroed: a filesystem that sets all
 * its options on remount, as binderfs, gets nothing for those left out.
 * With PSEUDOFS_OPTIONS_NONE, uid= is refused as anything not its own.
 */
static void pfi_fc_data_per_context(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_replace_fs, "max=5,verbose");
	struct pfi_state *st = test->priv;
	struct super_block *sb;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	sb = a->mnt_sb;
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=0"), 0);
	KUNIT_EXPECT_TRUE(test, pfi_given(sb, Opt_max));
	KUNIT_EXPECT_EQ(test, pfi_value(sb, Opt_max), 0);
	KUNIT_EXPECT_FALSE(test, pfi_given(sb, Opt_verbose));
	KUNIT_EXPECT_EQ(test, pfi_value(sb, Opt_verbose), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=0");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=9,verbose"), 0);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, ""), 0);
	KUNIT_EXPECT_FALSE(test, pfi_given(sb, Opt_max));
	KUNIT_EXPECT_EQ(test, pfi_value(sb, Opt_max), 0);
	KUNIT_EXPECT_EQ(test, pfi_value(sb, Opt_verbose), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), "");
	KUNIT_EXPECT_EQ(test, st->applies, 4);
	KUNIT_EXPECT_EQ(test, st->dirty, 0);
	/* uid= is no option of this filesystem: refused, nothing changes */
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=3"), 0);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=1"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_value(sb, Opt_max), 3);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(a->mnt_root)->i_uid,
				       GLOBAL_ROOT_UID));
}

/*
 * An error of ->apply_options fails the remount, and nothing changes: not
 * the own options it named beside, nor uid=, gid= and mode=, on the root
 * or, with remount_all, on the other inodes.
 */
static void pfi_apply_refuses_remount(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "stats=global,max=5");
	struct vfsmount *b = pfi_mount(test, &pfi_mount_fs, "");
	struct inode *root;
	struct dentry *f;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	root = d_inode(a->mnt_root);
	f = pseudofs_lookup(&pfi_mount_fs, "f", a->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=none,max=6,uid=3,gid=4,mode=711"),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 5);
	KUNIT_EXPECT_TRUE(test, uid_eq(root->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_TRUE(test, gid_eq(root->i_gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0755);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(f)->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5,stats=global");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=global,max=6,uid=3"), 0);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 6);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 3);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(f)->i_uid), 3);
	dput(f);
	KUNIT_EXPECT_EQ(test, pfi_remount(b, "stats=global"), -EINVAL);
	KUNIT_EXPECT_FALSE(test, pfi_given(b->mnt_sb, Opt_stats));
	KUNIT_EXPECT_EQ(test, pfi_remount(b, "max=1"), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), ",max=1");
}

static const struct pfi_opt_param pfi_string_option_params[] = {
	{ "name",	"mask=a",		PFI_KEEP_MASK,	1 },
	{ "names",	"mask=a:c",		PFI_KEEP_MASK,	5 },
	{ "repeated",	"mask=b,mask=c",	PFI_KEEP_MASK,	6 },
	{ "number",	"mask=0x10:a",		PFI_KEEP_MASK,	0x11 },
	{ "bad_name",	"mask=a:zz",		-EINVAL },
	{ "empty",	"mask=",		-EINVAL },
	{ "no_value",	"mask",			-EINVAL },
};

KUNIT_ARRAY_PARAM_DESC(pfi_string_option, pfi_string_option_params, desc);

/* A string option is what ->parse_param makes of it, or fails the mount. */
static void pfi_string_option(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct vfsmount *a = pfi_mount(test, &pfi_keep_fs, p->opts);

	if (p->opt < 0) {
		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(a), p->opt);
		return;
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, *(u64 *)pseudofs_instance_data(a->mnt_sb),
			p->value);
}

/*
 * With PSEUDOFS_OPTIONS_NONE the library applies no uid=, gid= or mode=,
 * a remount's neither: those the filesystem parsed are its own to apply,
 * and this one ignores remounts (bpffs never had one).  What it refuses
 * still fails the remount.
 */
static void pfi_none_remount(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_keep_fs, "mode=0700,uid=5,mask=a");
	struct pfi_state *st = test->priv;
	struct inode *root;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	root = d_inode(a->mnt_root);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",uid=5,mode=700,mask=1");
	st->keys[0] = '\0';
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "mode=0755,uid=6,gid=7,mask=b,x=1"), 0);
	KUNIT_EXPECT_STREQ(test, st->keys, "mode,uid,gid,mask,x");
	KUNIT_EXPECT_EQ(test, st->applies, 2);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "mask=a:zz"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=x"), -EINVAL);
	KUNIT_EXPECT_EQ(test, root->i_mode & S_IALLUGO, 01700);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 5);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 0);
	KUNIT_EXPECT_EQ(test, *(u64 *)pseudofs_instance_data(a->mnt_sb), 1);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",uid=5,mode=700,mask=1");
}

/*
 * A PSEUDOFS_OPTIONS_NONE filesystem that parses mode= itself sets its
 * root's mode in ->apply_options: here always with S_ISVTX, left out of
 * what it shows.
 */
static void pfi_none_root_mode(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_keep_fs, "");
	struct vfsmount *b = pfi_mount(test, &pfi_keep_fs, "mode=1777");
	struct vfsmount *c = pfi_mount(test, &pfi_keep_fs, "mode=7000");

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c));
	KUNIT_EXPECT_EQ(test, d_inode(a->mnt_root)->i_mode, S_IFDIR | 01777);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), "");
	KUNIT_EXPECT_EQ(test, d_inode(b->mnt_root)->i_mode, S_IFDIR | 01777);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), "");
	KUNIT_EXPECT_EQ(test, d_inode(c->mnt_root)->i_mode, S_IFDIR | 07000);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, c), ",mode=6000");
}

/*
 * ... and its owner, as bpffs: the mounting task's, but for the uid= and
 * gid= it parsed.
 */
static void pfi_none_root_owner(struct kunit *test)
{
	struct cred *cred = prepare_creds();
	const struct cred *old;
	struct vfsmount *a, *b;

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cred->fsuid = KUIDT_INIT(1000);
	cred->fsgid = KGIDT_INIT(1001);
	old = override_creds(cred);
	a = pfi_mount(test, &pfi_keep_fs, "");
	b = pfi_mount(test, &pfi_keep_fs, "gid=3");
	revert_creds(old);
	put_cred(cred);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(a->mnt_root)->i_uid), 1000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(a->mnt_root)->i_gid), 1001);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",uid=1000,gid=1001");
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(b->mnt_root)->i_gid), 3);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, b), ",uid=1000,gid=3");
	/* the kunit thread's own mounts stay root's */
	KUNIT_EXPECT_TRUE(test, uid_eq(current_fsuid(), GLOBAL_ROOT_UID));
}

/* Which options ->parse_param sees, and what becomes of the mount. */
struct pfi_keys_param {
	const char *desc;
	struct pseudofs *pfs;
	int err;
	const char *keys;
};

static const struct pfi_keys_param pfi_parse_param_keys_params[] = {
	/* uid=, gid= and mode= are the library's; bogus is refused */
	{ "strict",	&pfi_mount_fs,	-EINVAL, "max,bogus" },
	/* ... or ignored: ->parse_param returned 0 for it */
	{ "ignores",	&pfi_key_fs,	0,	"max,bogus" },
	/* the filesystem's, and uid= is none of its own */
	{ "none",	&pfi_replace_fs, -EINVAL, "uid" },
	/* the filesystem's, which takes uid=, gid= and mode= itself */
	{ "none_parses_owner", &pfi_keep_fs, 0,
	  "uid,max,gid,bogus,mode" },
};

KUNIT_ARRAY_PARAM_DESC(pfi_parse_param_keys, pfi_parse_param_keys_params,
		       desc);

/*
 * ->parse_param sees every option but "source" and the uid=, gid= and
 * mode= the library takes (and those too with PSEUDOFS_OPTIONS_NONE),
 * "source" never: the library gives it to the VFS.  What it says
 * -ENOPARAM to is refused; a filesystem that ignores unknown options
 * returns 0 for them.
 */
static void pfi_parse_param_keys(struct kunit *test)
{
	const struct pfi_keys_param *p = test->param_value;
	struct pfi_state *st = test->priv;
	struct vfsmount *a;
	struct inode *root;

	st->key = &st->keys;
	a = pfi_mount(test, p->pfs, "uid=1,max=2,gid=3,bogus,mode=711");
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(a), p->err);
	KUNIT_EXPECT_STREQ(test, st->keys, p->keys);
	if (IS_ERR(a))
		return;
	/* the owner and mode reached the root, from the library or not */
	root = d_inode(a->mnt_root);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 1);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 3);
	KUNIT_EXPECT_EQ(test, root->i_mode & 0777, 0711);
}

/*
 * A ->parse_param that returns 0 for an option ignores it, as debugfs's
 * does (pseudofs_test_key), at mount and remount; one that says -ENOPARAM
 * refuses it (pseudofs_test_mount).  An error it returns still fails the
 * mount and the remount, and "source" still reaches the VFS.
 */
static void pfi_ignore_unknown(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct fs_context *fc;
	struct vfsmount *a;
	int err;

	st->key = &st->keys;
	KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, &pfi_mount_fs,
						"bogus=1,max=9")), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, &pfi_key_fs,
						"bogus=1,max=101")), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, &pfi_key_fs,
						"stats=bogus")), -EINVAL);
	KUNIT_EXPECT_EQ(test, st->new_instances, 0);
	a = pfi_mount(test, &pfi_key_fs, "bogus=1,max=9,other");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 9);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=9");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "bogus,max=101"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "other,max=10"), 0);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 10);

	fc = fs_context_for_mount(&pfi_key_fs.type, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(fc));
	err = vfs_parse_fs_string(fc, "source", "src");
	KUNIT_EXPECT_TRUE(test, fc->source && !strcmp(fc->source, "src"));
	put_fs_context(fc);
	KUNIT_EXPECT_EQ(test, err, 0);
}

/*
 * ->apply_options of a new superblock is fresh, after uid=, gid= and mode=
 * and before ->new_instance, with the context's part as parsed.
 */
static void pfi_apply_fresh(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "uid=7,max=3");
	struct pfi_state *st = test->priv;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, st->applies, 1);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, st->apply_uid), 7);
	KUNIT_EXPECT_EQ(test, st->apply_instances, 0);
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 3);
	KUNIT_EXPECT_EQ(test, st->dirty, 0);
}

/* ... that of a remount is not fresh, and comes before uid=, gid=, mode=. */
static void pfi_apply_remount(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "uid=7");
	struct pfi_state *st = test->priv;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=8,max=4"), 0);
	KUNIT_EXPECT_EQ(test, st->applies, 2);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, st->apply_uid), 7);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns,
					d_inode(a->mnt_root)->i_uid), 8);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 4);
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
}

/* ... and so is that of a mount finding a PSEUDOFS_PER_KEY one in use. */
static void pfi_apply_found_key(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct vfsmount *a1, *a2;

	st->key = &st->keys;
	a1 = pfi_mount(test, &pfi_key_fs, "max=1,verbose");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a1));
	a2 = pfi_mount(test, &pfi_key_fs, "uid=9,max=2");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a2));
	KUNIT_EXPECT_PTR_EQ(test, a1->mnt_sb, a2->mnt_sb);
	KUNIT_EXPECT_EQ(test, st->applies, 2);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_TRUE(test, uid_eq(st->apply_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns,
					d_inode(a1->mnt_root)->i_uid), 9);
	KUNIT_EXPECT_EQ(test, pfi_value(a1->mnt_sb, Opt_max), 2);
	KUNIT_EXPECT_EQ(test, pfi_value(a1->mnt_sb, Opt_verbose), 1);
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a2), ",uid=9,max=2,verbose");
}

/* Where ->apply_options fails */
struct pfi_apply_error_param {
	const char *desc;
	bool key;
	bool remount;
};

static const struct pfi_apply_error_param pfi_apply_error_params[] = {
	{ .desc = "new_superblock" },
	{ .desc = "key_in_use",	.key = true },
	{ .desc = "remount",	.remount = true },
};

KUNIT_ARRAY_PARAM_DESC(pfi_apply_error, pfi_apply_error_params, desc);

/*
 * An error of ->apply_options fails the mount or remount, and what was
 * there stays as it was, uid=, gid= and mode= included; a new superblock
 * goes without ->new_instance.
 */
static void pfi_apply_error(struct kunit *test)
{
	const struct pfi_apply_error_param *p = test->param_value;
	struct pseudofs *pfs = p->key ? &pfi_key_fs : &pfi_mount_fs;
	static const char opts[] = "uid=9,gid=9,mode=711,max=6";
	struct pfi_state *st = test->priv;
	struct vfsmount *a = NULL;
	struct inode *root;

	st->key = &st->keys;
	if (p->key || p->remount) {
		a = pfi_mount(test, pfs, "max=5");
		KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	}
	st->apply_error = -EXDEV;
	if (p->remount)
		KUNIT_EXPECT_EQ(test, pfi_remount(a, opts), -EXDEV);
	else
		KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, pfs, opts)), -EXDEV);
	st->apply_error = 0;
	if (!a) {
		KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
		KUNIT_EXPECT_EQ(test, st->new_instances, 0);
		KUNIT_EXPECT_EQ(test, st->kill_instances, 1);
		KUNIT_EXPECT_TRUE(test, hlist_empty(&pfs->type.fs_supers));
		return;
	}
	root = d_inode(a->mnt_root);
	KUNIT_EXPECT_EQ(test, st->applies, 2);
	KUNIT_EXPECT_TRUE(test, uid_eq(root->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_TRUE(test, gid_eq(root->i_gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | pfs->desc->default_mode);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 5);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5");
	KUNIT_EXPECT_EQ(test, st->new_instances, 1);
	KUNIT_EXPECT_EQ(test, st->kill_instances, 0);
	KUNIT_EXPECT_TRUE(test, pfi_exists(pfs, a, "f"));
	/* the same options go through once ->apply_options takes them */
	KUNIT_EXPECT_EQ(test, pfi_remount(a, opts), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 9);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0711);
	KUNIT_EXPECT_EQ(test, pfi_value(a->mnt_sb, Opt_max), 6);
}

/* Entries made after the mount are owned as its uid= and gid= say. */
static void pfi_late_entries_owned(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "uid=1000,gid=1001");
	struct dentry *f, *x;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	f = pseudofs_lookup(&pfi_mount_fs, "f", a->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(f)->i_uid), 1000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(f)->i_gid), 1001);
	dput(f);
	x = pseudofs_create_dir(&pfi_mount_fs, "x", 0755, a->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(x)->i_uid), 1000);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=7"), 0);
	x = pseudofs_create_file(&pfi_mount_fs, "y", 0444, x, NULL, PSEUDOFS_PROXY_NONE,
				 &pfi_fops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(x)->i_uid), 7);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(x)->i_gid), 1001);
}

/*
 * Be a user without capabilities until pfi_be_self(), in the case's own
 * thread: KUnit runs cleanup actions in another one, whose credentials they
 * would change.  No ASSERT in between, which would end the thread with the
 * user's credentials.  Return the credentials to go back to, or %NULL.
 */
static const struct cred *pfi_be_user(struct kunit *test, struct cred **cred)
{
	*cred = prepare_creds();
	KUNIT_EXPECT_NOT_NULL(test, *cred);
	if (!*cred)
		return NULL;
	(*cred)->fsuid = KUIDT_INIT(1000);
	(*cred)->fsgid = KGIDT_INIT(1000);
	cap_clear((*cred)->cap_effective);
	return override_creds(*cred);	/* takes no reference in 7.3 */
}

static void pfi_be_self(const struct cred *old, struct cred *cred)
{
	revert_creds(old);
	put_cred(cred);
}

/*
 * The kernel creates and looks up for itself: a task that may not search
 * the directory still can, whether the name is in the dcache (a negative
 * dentry left by a failed lookup, revalidated) or not.
 */
static void pfi_no_permission_check(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	const struct cred *old;
	struct vfsmount *a;
	struct dentry *root, *d;
	struct cred *cred;

	st->key = &st;
	a = pfi_mount(test, &pfi_key_fs, "");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	root = a->mnt_root;
	KUNIT_EXPECT_EQ(test, d_inode(root)->i_mode, S_IFDIR | 0700);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pfi_key_fs, "c", root)),
			-ENOENT);
	old = pfi_be_user(test, &cred);
	if (!old)
		return;
	KUNIT_EXPECT_NE(test, inode_permission(&nop_mnt_idmap, d_inode(root),
					       MAY_EXEC), 0);
	d = pseudofs_create_file(&pfi_key_fs, "c", 0444, root, NULL, PSEUDOFS_PROXY_NONE,
				 &pfi_fops);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	d = pseudofs_create_file(&pfi_key_fs, "n", 0444, root, NULL, PSEUDOFS_PROXY_NONE,
				 &pfi_fops);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	d = pseudofs_lookup(&pfi_key_fs, "c", root);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	if (!IS_ERR(d))
		dput(d);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pfi_key_fs, "x", root)),
			-ENOENT);
	pfi_be_self(old, cred);
}

/* The per-superblock data of the filesystem: zeroed, and its own. */
static void pfi_instance_data(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "");
	struct vfsmount *b = pfi_mount(test, &pfi_mount_fs, "");
	struct pfi_info *da, *db;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	da = pseudofs_instance_data(a->mnt_sb);
	db = pseudofs_instance_data(b->mnt_sb);
	KUNIT_EXPECT_PTR_NE(test, da, db);
	KUNIT_EXPECT_EQ(test, da->scratch, 0);
	da->scratch = 1;
	KUNIT_EXPECT_EQ(test, db->scratch, 0);
}

/*
 * A user directory takes the filesystem's own operations, built on the
 * library's ->mkdir and ->rmdir (tracefs's instances/ has its ->permission,
 * ->getattr, ->setattr).  Its ->mkdir makes the VFS's dentry itself
 * positive, and returns no other.
 */
static void pfi_user_dir_iops(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "");
	struct pfi_state *st = test->priv;
	struct dentry *u, *d, *made;
	struct kstat stat;
	struct inode *dir;
	struct path path;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	u = pseudofs_create_user_dir(&pfi_mount_fs, "u", 0755, a->mnt_root,
				     &pfi_own_user_dir_iops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	dir = d_inode(u);
	path = (struct path){ .mnt = a, .dentry = u };
	KUNIT_EXPECT_EQ(test, vfs_getattr(&path, &stat, STATX_BASIC_STATS, 0), 0);
	KUNIT_EXPECT_EQ(test, st->getattrs, 1);
	KUNIT_EXPECT_EQ(test, stat.mode, S_IFDIR | 0755);
	KUNIT_ASSERT_NOT_NULL(test, dir->i_op->mkdir);
	KUNIT_EXPECT_NOT_NULL(test, dir->i_op->rmdir);

	inode_lock_nested(dir, I_MUTEX_PARENT);
	d = lookup_noperm(&QSTR("n"), u);
	made = IS_ERR(d) ? d : dir->i_op->mkdir(&nop_mnt_idmap, dir, d, 0755);
	inode_unlock(dir);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_NULL(test, made);
	KUNIT_EXPECT_TRUE(test, d_really_is_positive(d));
	KUNIT_EXPECT_TRUE(test, d_is_dir(d));
	dput(d);
	KUNIT_EXPECT_TRUE(test, pfi_exists(&pfi_mount_fs, a, "u"));
	d = pseudofs_lookup(&pfi_mount_fs, "n", u);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	if (!IS_ERR(d))
		dput(d);
}

/* Descriptors that contradict themselves are refused, and nothing is left. */
static const struct pseudofs_desc pfi_bad_desc[] = {
	{ .instances = PSEUDOFS_PER_KEY },
	{ .inode_size = sizeof(struct inode) - 1 },
	{ .instances = PSEUDOFS_PER_KEY + 1 },
	{ .options = PSEUDOFS_OPTIONS_NONE + 1 },
	{ .inode_size = sizeof(struct inode) + 4 },	/* no structure's size */
};

static struct pseudofs pfi_bad_fs[] = {
	{ .type.name = "pseudofs_test_bad_key", .desc = &pfi_bad_desc[0] },
	{ .type.name = "pseudofs_test_bad_inode", .desc = &pfi_bad_desc[1] },
	{ .type.name = "pseudofs_test_bad_instances", .desc = &pfi_bad_desc[2] },
	{ .type.name = "pseudofs_test_bad_options", .desc = &pfi_bad_desc[3] },
	{ .type.name = "pseudofs_test_odd_inode", .desc = &pfi_bad_desc[4] },
	{ .type.name = "pseudofs_test_no_desc" },
};

static void pfi_bad_descriptor(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(pfi_bad_fs); i++) {
		KUNIT_EXPECT_EQ(test, pseudofs_register(&pfi_bad_fs[i]), -EINVAL);
		KUNIT_EXPECT_FALSE(test, pseudofs_registered(&pfi_bad_fs[i]));
		KUNIT_EXPECT_NULL(test, pfi_bad_fs[i].state);
	}
}

static int pfi_init(struct kunit *test)
{
	struct pfi_state *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);

	if (!st)
		return -ENOMEM;
	test->priv = st;
	pfi_live = st;
	return kunit_add_action_or_reset(test, pfi_unlive, NULL);
}

static int pfi_suite_init(struct kunit_suite *suite)
{
	int err = pseudofs_register(&pfi_mount_fs);

	if (err)
		return err;
	err = pseudofs_register(&pfi_key_fs);
	if (err)
		goto out_mount;
	err = pseudofs_register(&pfi_replace_fs);
	if (err)
		goto out_key;
	err = pseudofs_register(&pfi_keep_fs);
	if (!err)
		return 0;
	pseudofs_unregister(&pfi_replace_fs);
out_key:
	pseudofs_unregister(&pfi_key_fs);
out_mount:
	pseudofs_unregister(&pfi_mount_fs);
	return err;
}

static void pfi_suite_exit(struct kunit_suite *suite)
{
	WARN_ON(pseudofs_unregister(&pfi_keep_fs));
	WARN_ON(pseudofs_unregister(&pfi_replace_fs));
	WARN_ON(pseudofs_unregister(&pfi_key_fs));
	WARN_ON(pseudofs_unregister(&pfi_mount_fs));
}

static struct kunit_case pfi_cases[] = {
	KUNIT_CASE(pfi_per_mount_independent),
	KUNIT_CASE(pfi_per_mount_null_parent),
	KUNIT_CASE(pfi_new_instance_fails),
	KUNIT_CASE(pfi_per_key),
	KUNIT_CASE_PARAM(pfi_own_option, pfi_own_option_gen_params),
	KUNIT_CASE_PARAM(pfi_own_option_refused,
			 pfi_own_option_refused_gen_params),
	KUNIT_CASE(pfi_own_option_remount),
	KUNIT_CASE(pfi_fc_data_per_context),
	KUNIT_CASE(pfi_apply_refuses_remount),
	KUNIT_CASE_PARAM(pfi_string_option, pfi_string_option_gen_params),
	KUNIT_CASE(pfi_none_remount),
	KUNIT_CASE(pfi_none_root_mode),
	KUNIT_CASE(pfi_none_root_owner),
	KUNIT_CASE_PARAM(pfi_parse_param_keys, pfi_parse_param_keys_gen_params),
	KUNIT_CASE(pfi_ignore_unknown),
	KUNIT_CASE(pfi_apply_fresh),
	KUNIT_CASE(pfi_apply_remount),
	KUNIT_CASE(pfi_apply_found_key),
	KUNIT_CASE_PARAM(pfi_apply_error, pfi_apply_error_gen_params),
	KUNIT_CASE(pfi_late_entries_owned),
	KUNIT_CASE(pfi_no_permission_check),
	KUNIT_CASE(pfi_instance_data),
	KUNIT_CASE(pfi_user_dir_iops),
	KUNIT_CASE(pfi_bad_descriptor),
	{}
};

static struct kunit_suite pseudofs_instances_suite = {
	.name		= "libpseudofs_instances",
	.init		= pfi_init,
	.suite_init	= pfi_suite_init,
	.suite_exit	= pfi_suite_exit,
	.test_cases	= pfi_cases,
};

kunit_test_suites(&pseudofs_instances_suite);

MODULE_DESCRIPTION("KUnit tests for the instances of libpseudofs");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
