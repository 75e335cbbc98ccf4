// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the instances of libpseudofs: filesystems with a
 * superblock per mount or per key, options of their own, and the
 * inode operations the library derives for user directories.
 *
 * "pseudofs_test_mount" makes a superblock per mount, fills each with a
 * file "f", and takes max= (at most 100), verbose and stats=none|global
 * beside uid=, gid= and mode=.  "pseudofs_test_key" makes one per key,
 * the key being what the case put in its state.  "pseudofs_test_keep" is
 * shaped like bpffs: a string option mask=, a root owned by the mounting
 * task, and remounts that change nothing.  What the hooks saw is in
 * the case's struct pfi_state (test->priv).  Every mount and registration
 * has a cleanup action.
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

/**
 * struct pfi_state - what one case saw, in its test->priv
 * @new_instances: calls of ->new_instance
 * @kill_instances: calls of ->kill_instance
 * @key: what ->instance_key returns
 * @no_file: ->new_instance fails instead of making "f"
 * @getattrs: calls of the directories' ->getattr
 */
struct pfi_state {
	int new_instances;
	int kill_instances;
	void *key;
	bool no_file;
	int getattrs;
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

static int pfi_check_option(struct fs_context *fc, int opt, u64 value)
{
	if (opt == Opt_max && value > 100)
		return invalfc(fc, "max=%llu: at most 100", value);
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

static const struct inode_operations pfi_dir_iops = {
	.lookup		= simple_lookup,
	.getattr	= pfi_getattr,
};

static const struct pseudofs_operations pfi_ops = {
	.instance_key	= pfi_instance_key,
	.new_instance	= pfi_new_instance,
	.kill_instance	= pfi_kill_instance,
	.check_option	= pfi_check_option,
	.user_mkdir	= pfi_user_mkdir,
};

static struct pseudofs pfi_mount_fs = {
	.type.name	= "pseudofs_test_mount",
	.type.owner	= THIS_MODULE,
	.magic		= 0x70667435,
	.instances	= PSEUDOFS_PER_MOUNT,
	.remount_all	= true,
	.default_mode	= 0755,
	.params		= pfi_params,
	.instance_size	= sizeof(long),
	.ops		= &pfi_ops,
	.dir_iops	= &pfi_dir_iops,
};

/* Own options as binderfs takes them: a remount sets all, stats= is fixed. */
static struct pseudofs pfi_replace_fs = {
	.type.name		= "pseudofs_test_replace",
	.type.owner		= THIS_MODULE,
	.magic			= 0x70667437,
	.instances		= PSEUDOFS_PER_MOUNT,
	.options		= PSEUDOFS_OPTIONS_NONE,
	.default_mode		= 0755,
	.params			= pfi_params,
	.remount_replaces	= true,
	.remount_fixed		= BIT_ULL(Opt_stats),
	.ops			= &pfi_ops,
};

enum { Opt_mask };

static const struct fs_parameter_spec pfi_keep_params[] = {
	fsparam_string("mask", Opt_mask),
	{}
};

/* mask= as bpffs's delegate_*=: names or numbers joined by ':', adding up */
static int pfi_parse_string(struct fs_context *fc, int opt, char *value,
			    u64 *result)
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

static const struct pseudofs_operations pfi_keep_ops = {
	.parse_string	= pfi_parse_string,
};

static struct pseudofs pfi_keep_fs = {
	.type.name		= "pseudofs_test_keep",
	.type.owner		= THIS_MODULE,
	.magic			= 0x70667438,
	.instances		= PSEUDOFS_PER_MOUNT,
	.options		= PSEUDOFS_OPTIONS_LAX,
	.owner_is_mounter	= true,
	.default_mode		= 0777,
	.root_mode_always	= S_ISVTX,
	.params			= pfi_keep_params,
	.remount_keeps_all	= true,
	.ops			= &pfi_keep_ops,
};

/* Dentries that hash their names and revalidate, as tracefs's do. */
static int pfi_d_hash(const struct dentry *dentry, struct qstr *q)
{
	q->hash = full_name_hash(dentry, q->name, q->len);
	return 0;
}

static int pfi_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	return 1;
}

static const struct dentry_operations pfi_key_dops = {
	.d_hash		= pfi_d_hash,
	.d_revalidate	= pfi_d_revalidate,
};

static struct pseudofs pfi_key_fs = {
	.type.name	= "pseudofs_test_key",
	.type.owner	= THIS_MODULE,
	.magic		= 0x70667436,
	.instances	= PSEUDOFS_PER_KEY,
	.default_mode	= 0700,
	.ops		= &pfi_ops,
	.d_ops		= &pfi_key_dops,
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

	fc = fs_context_for_reconfigure(mnt->mnt_root, 0, 0);
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
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_max), 7);
	KUNIT_EXPECT_EQ(test, pseudofs_option(b->mnt_sb, Opt_max), 0);
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

/* Accepted at mount, read back, shown, and shown again the same. */
static void pfi_own_option(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct vfsmount *a, *b;
	char *shown;

	a = pfi_mount(test, &pfi_mount_fs, p->opts);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, p->opt), p->value);
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

/* Refused at mount and at remount, where nothing changes, uid= neither. */
static void pfi_own_option_refused(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct vfsmount *a;

	KUNIT_EXPECT_EQ(test, PTR_ERR(pfi_mount(test, &pfi_mount_fs, p->opts)),
			-EINVAL);
	a = pfi_mount(test, &pfi_mount_fs, "max=5");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, p->opts), -EINVAL);
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_max), 5);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(a->mnt_root)->i_uid,
				       GLOBAL_ROOT_UID));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5");
}

/* A remount changes the options it names and keeps the others. */
static void pfi_own_option_remount(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "max=5,verbose");

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=global"), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a),
			   ",max=5,verbose,stats=global");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=6"), 0);
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_max), 6);
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_verbose), 1);
}

/* With remount_replaces, what a remount leaves out is no longer given. */
static void pfi_remount_replaces(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_replace_fs, "max=5,verbose");
	struct super_block *sb;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	sb = a->mnt_sb;
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=0"), 0);
	KUNIT_EXPECT_TRUE(test, pseudofs_option_given(sb, Opt_max));
	KUNIT_EXPECT_EQ(test, pseudofs_option(sb, Opt_max), 0);
	KUNIT_EXPECT_FALSE(test, pseudofs_option_given(sb, Opt_verbose));
	KUNIT_EXPECT_EQ(test, pseudofs_option(sb, Opt_verbose), 0);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=0");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, ""), 0);
	KUNIT_EXPECT_FALSE(test, pseudofs_option_given(sb, Opt_max));
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), "");
	/* uid= is no option of this filesystem: refused, nothing changes */
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=3"), 0);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=1"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pseudofs_option(sb, Opt_max), 3);
}

/* An option in remount_fixed is the mount's: a remount keeps it or fails. */
static void pfi_remount_fixed(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_replace_fs, "stats=global,max=5");
	struct vfsmount *b = pfi_mount(test, &pfi_replace_fs, "");

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "max=6"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=none,max=6"), -EINVAL);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",max=5,stats=global");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=global,max=6"), 0);
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_max), 6);
	KUNIT_EXPECT_EQ(test, pfi_remount(b, "stats=global"), -EINVAL);
	KUNIT_EXPECT_FALSE(test, pseudofs_option_given(b->mnt_sb, Opt_stats));
	KUNIT_EXPECT_EQ(test, pfi_remount(b, "max=1"), 0);
	/* stats= given again as it is: the remount passes, and max= goes */
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "stats=global"), 0);
	KUNIT_EXPECT_FALSE(test, pseudofs_option_given(a->mnt_sb, Opt_max));
}

static const struct pfi_opt_param pfi_string_option_params[] = {
	{ "name",	"mask=a",		Opt_mask,	1 },
	{ "names",	"mask=a:c",		Opt_mask,	5 },
	{ "repeated",	"mask=b,mask=c",	Opt_mask,	6 },
	{ "number",	"mask=0x10:a",		Opt_mask,	0x11 },
	{ "bad_name",	"mask=a:zz",		-EINVAL },
	{ "empty",	"mask=",		-EINVAL },
	{ "no_value",	"mask",			-EINVAL },
};

KUNIT_ARRAY_PARAM_DESC(pfi_string_option, pfi_string_option_params, desc);

/* A string option is what ->parse_string makes of it, or fails the mount. */
static void pfi_string_option(struct kunit *test)
{
	const struct pfi_opt_param *p = test->param_value;
	struct vfsmount *a = pfi_mount(test, &pfi_keep_fs, p->opts);

	if (p->opt < 0) {
		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(a), p->opt);
		return;
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, p->opt), p->value);
}

/* With remount_keeps_all a remount is checked, and changes nothing. */
static void pfi_remount_keeps_all(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_keep_fs, "mode=0700,uid=5,mask=a");
	struct inode *root;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	root = d_inode(a->mnt_root);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",uid=5,mode=700,mask=1");
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "mode=0755,uid=6,gid=7,mask=b,x=1"), 0);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "mask=a:zz"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pfi_remount(a, "uid=x"), -EINVAL);
	KUNIT_EXPECT_EQ(test, root->i_mode & S_IALLUGO, 01700);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 5);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 0);
	KUNIT_EXPECT_EQ(test, pseudofs_option(a->mnt_sb, Opt_mask), 1);
	KUNIT_EXPECT_STREQ(test, pfi_show(test, a), ",uid=5,mode=700,mask=1");
}

/* root_mode_always is on the root whatever mode= says, and never shown. */
static void pfi_root_mode_always(struct kunit *test)
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

/* With owner_is_mounter the root is the mounting task's, but for uid=/gid=. */
static void pfi_owner_is_mounter(struct kunit *test)
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

KUNIT_DEFINE_ACTION_WRAPPER(pfi_revert_creds, revert_creds, const struct cred *);

/* Be a user without capabilities for the rest of @test. */
static void pfi_be_user(struct kunit *test)
{
	struct cred *cred = prepare_creds();
	const struct cred *old;

	KUNIT_ASSERT_NOT_NULL(test, cred);
	cred->fsuid = KUIDT_INIT(1000);
	cred->fsgid = KGIDT_INIT(1000);
	cap_clear(cred->cap_effective);
	old = override_creds(cred);
	put_cred(cred);		/* override_creds() took its own */
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfi_revert_creds,
							(void *)old), 0);
}

/*
 * The kernel creates and looks up for itself: a task that may not search
 * the directory still can, whether the name is in the dcache (a negative
 * dentry left by a failed lookup, revalidated) or not.
 */
static void pfi_no_permission_check(struct kunit *test)
{
	struct pfi_state *st = test->priv;
	struct vfsmount *a;
	struct dentry *root, *d;

	st->key = &st;
	a = pfi_mount(test, &pfi_key_fs, "");
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	root = a->mnt_root;
	KUNIT_EXPECT_EQ(test, d_inode(root)->i_mode, S_IFDIR | 0700);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pfi_key_fs, "c", root)),
			-ENOENT);
	pfi_be_user(test);
	KUNIT_ASSERT_NE(test, inode_permission(&nop_mnt_idmap, d_inode(root),
					       MAY_EXEC), 0);
	d = pseudofs_create_file(&pfi_key_fs, "c", 0444, root, NULL, PSEUDOFS_PROXY_NONE,
				 &pfi_fops);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	d = pseudofs_create_file(&pfi_key_fs, "n", 0444, root, NULL, PSEUDOFS_PROXY_NONE,
				 &pfi_fops);
	KUNIT_EXPECT_FALSE(test, IS_ERR(d));
	d = pseudofs_lookup(&pfi_key_fs, "c", root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	dput(d);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pfi_key_fs, "x", root)),
			-ENOENT);
}

/* The per-superblock data of the filesystem: zeroed, and its own. */
static void pfi_instance_data(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "");
	struct vfsmount *b = pfi_mount(test, &pfi_mount_fs, "");
	long *da, *db;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	da = pseudofs_instance_data(a->mnt_sb);
	db = pseudofs_instance_data(b->mnt_sb);
	KUNIT_EXPECT_PTR_NE(test, da, db);
	KUNIT_EXPECT_EQ(test, *da, 0);
	*da = 1;
	KUNIT_EXPECT_EQ(test, *db, 0);
}

/*
 * User directories use the filesystem's directory ->getattr (and
 * ->permission, ->setattr) besides mkdir and rmdir: a client no longer
 * builds their operations from exported library calls.
 */
static void pfi_user_dir_iops(struct kunit *test)
{
	struct vfsmount *a = pfi_mount(test, &pfi_mount_fs, "");
	struct pfi_state *st = test->priv;
	struct dentry *u, *d;
	struct kstat stat;
	struct inode *dir;
	struct path path;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	u = pseudofs_create_user_dir(&pfi_mount_fs, "u", 0755, a->mnt_root);
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	dir = d_inode(u);
	path = (struct path){ .mnt = a, .dentry = u };
	KUNIT_EXPECT_EQ(test, vfs_getattr(&path, &stat, STATX_BASIC_STATS, 0), 0);
	KUNIT_EXPECT_EQ(test, st->getattrs, 1);
	KUNIT_EXPECT_EQ(test, stat.mode, S_IFDIR | 0755);
	KUNIT_ASSERT_NOT_NULL(test, dir->i_op->mkdir);
	KUNIT_EXPECT_NOT_NULL(test, dir->i_op->rmdir);

	inode_lock_nested(dir, I_MUTEX_PARENT);
	d = lookup_one_len("n", u, 1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, dir->i_op->mkdir(&nop_mnt_idmap, dir, d, 0755), 0);
	KUNIT_EXPECT_TRUE(test, d_really_is_positive(d));
	dput(d);
	inode_unlock(dir);
}

/* A descriptor that contradicts itself is refused, and nothing is left. */
static const struct fs_parameter_spec pfi_bad_params[] = {
	fsparam_u32("far", 64),
	{}
};

static const struct fs_parameter_spec pfi_bad_string_params[] = {
	fsparam_string("s", 0),
	{}
};

static struct pseudofs pfi_bad_fs[] = {
	{ .type.name = "pseudofs_test_bad_key", .instances = PSEUDOFS_PER_KEY },
	{ .type.name = "pseudofs_test_bad_opt", .params = pfi_bad_params },
	{ .type.name = "pseudofs_test_bad_fixed", .params = pfi_params,
	  .remount_fixed = BIT_ULL(Opt_stats + 1) },
	{ .type.name = "pseudofs_test_bad_string",
	  .params = pfi_bad_string_params },
	{ .type.name = "pseudofs_test_bad_keep", .remount_keeps_all = true,
	  .remount_replaces = true },
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
	KUNIT_CASE(pfi_remount_replaces),
	KUNIT_CASE(pfi_remount_fixed),
	KUNIT_CASE_PARAM(pfi_string_option, pfi_string_option_gen_params),
	KUNIT_CASE(pfi_remount_keeps_all),
	KUNIT_CASE(pfi_root_mode_always),
	KUNIT_CASE(pfi_owner_is_mounter),
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
