// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for libpseudofs.
 *
 * Two filesystems of our own: "pseudofs_test" ignores unknown options, as
 * debugfs does, with a ->parse_param that takes them all, and
 * applies a remount to the root only; "pseudofs_test_all" rejects unknown
 * options and applies a remount to every inode.  Both embed their inodes in
 * a larger structure.  Every case removes what it created, so that only the
 * root inode is left on each superblock at its end, and the options are
 * reset to the defaults before each case.
 *
 * What moved from the library into debugfs, its one user
 * (debugfs_change_name(), debugfs_create_automount()), is tested on debugfs
 * itself, in a directory of the case's own that a cleanup action removes;
 * those cases are skipped without debugfs.
 *
 * What the library's hooks saw during a case is kept in the case's own
 * struct pft_state (test->priv, from kunit_kzalloc()).  Every entry a case
 * creates, every filesystem it registers and every mount it makes has a
 * cleanup action, so that a failed assertion cannot leak into the next
 * case.  Entries are persistent dentries: one removed goes, and its inode
 * is evicted, when the last reference to it does, the tree's or one a case
 * holds; ->inode_evicted counts those.
 *
 * The suite "libpseudofs_fault" fails each slab allocation of an operation
 * in turn through the task's fail-nth counter (CONFIG_FAILSLAB); it arms
 * failslab for that counter itself, see pft_failslab_arm().
 */

#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/cred.h>
#include <linux/debugfs.h>
#include <linux/file.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/kthread.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/libpseudofs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../internal.h"
#include "libpseudofs_kunit_export.h"

#define PFT_COOKIE	0x5eed5eedUL

struct pft_inode {
	struct inode vfs_inode;
	unsigned long cookie;
	unsigned long tail;
};

/**
 * struct pft_state - what one case saw, in its test->priv
 * @evicted: inodes of pseudofs_test and pseudofs_test_all evicted: the
 *	entries removed whose last reference went (atomic: the racing threads
 *	of a case drop their last references under no common lock)
 * @remounts: calls of ->apply_options of pseudofs_test_all for a remount
 * @remount_uid: the uid pseudofs_fc_owner() gave in the last
 * @remount_gid: and the gid
 * @watch: an inode whose owner that hook notes, if set
 * @watch_uid: the uid it had then, which the walk has not changed yet
 * @mkdirs: calls of the userspace mkdir hook
 * @rmdirs: calls of the userspace rmdir hook
 * @dir_locked: the parent was locked in the last hook
 * @victim_locked: the directory removed was locked in the last rmdir hook
 * @name: the name the last hook was given
 * @keys: the keys ->parse_param of pseudofs_test_own saw, joined by ','
 * @applies: calls of ->apply_options of pseudofs_test_own
 * @applied_fresh: those of them with @fresh
 * @parent: libpseudofs_fault: the directory each operation runs in
 * @child: libpseudofs_fault: the file in @parent
 * @dchild: libpseudofs_fault: a file of debugfs, for the operations that
 *	are debugfs's own
 */
struct pft_state {
	atomic_t evicted;
	int remounts;
	kuid_t remount_uid;
	kgid_t remount_gid;
	struct inode *watch;
	kuid_t watch_uid;
	int mkdirs;
	int rmdirs;
	bool dir_locked;
	bool victim_locked;
	char name[16];
	char keys[64];
	int applies;
	int applied_fresh;
	struct dentry *parent;
	struct dentry *child;
	struct dentry *dchild;
};

/*
 * The state of the running case.  The library calls the hooks without the
 * test, and from the racing threads of a case, which are not KUnit's: they
 * find the case's test->priv here.  Set by the suite's init, cleared by a
 * cleanup action of the case.
 */
static struct pft_state *pft_live;

static void pft_unlive(void *unused)
{
	pft_live = NULL;
}

/* Point the hooks at a fresh state for @test. */
static int pft_state_init(struct kunit *test)
{
	struct pft_state *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);

	if (!st)
		return -ENOMEM;
	test->priv = st;
	pft_live = st;
	return kunit_add_action_or_reset(test, pft_unlive, NULL);
}

/* mkdir "busy" fails; any other name makes a directory holding "f". */
static int pft_mkdir_hook(struct dentry *dentry, const char *name)
{
	struct pseudofs *pfs = pseudofs_of(dentry->d_sb);
	struct pft_state *st = pft_live;
	struct dentry *dir, *f;

	if (st) {
		st->mkdirs++;
		st->dir_locked = inode_is_locked(d_inode(dentry->d_parent));
		strscpy(st->name, name);
	}
	if (!strcmp(name, "busy"))
		return -EBUSY;
	dir = pseudofs_create_dir(pfs, name, 0755, dentry->d_parent);
	f = pseudofs_create_file(pfs, "f", 0644, dir, NULL, PSEUDOFS_PROXY_NONE, NULL);
	if (IS_ERR(f))
		pseudofs_remove(pfs, dir);
	return PTR_ERR_OR_ZERO(f);
}

/* rmdir "keep" is refused; any other name is removed. */
static int pft_rmdir_hook(struct dentry *dentry, const char *name)
{
	struct pft_state *st = pft_live;

	if (st) {
		st->rmdirs++;
		st->dir_locked = inode_is_locked(d_inode(dentry->d_parent));
		st->victim_locked = inode_is_locked(d_inode(dentry));
		strscpy(st->name, name);
	}
	if (!strcmp(name, "keep"))
		return -EPERM;
	pseudofs_remove(pseudofs_of(dentry->d_sb), dentry);
	return 0;
}

static void pft_init_inode(struct dentry *dentry, struct inode *inode)
{
	container_of(inode, struct pft_inode, vfs_inode)->cookie = PFT_COOKIE;
}

static int pft_data;

/*
 * Counts the evictions: an entry removed goes when its last reference does,
 * the tree's, dropped once by whoever removed it, or one somebody holds.
 */
static void pft_evicted(struct inode *inode)
{
	struct pft_state *st = pft_live;

	might_sleep();
	if (st)
		atomic_inc(&st->evicted);
}

/* Entries evicted in the case so far */
static int pft_gone(struct pft_state *st)
{
	return atomic_read(&st->evicted);
}

/* ->apply_options of pseudofs_test_all: what a remount gives, and when */
static int pft_apply_all(struct super_block *sb, struct fs_context *fc,
			 bool fresh)
{
	struct pft_state *st = pft_live;

	might_sleep();
	lockdep_assert_held_write(&sb->s_umount);
	if (st && !fresh) {
		st->remounts++;
		pseudofs_fc_owner(fc, &st->remount_uid, &st->remount_gid);
		if (st->watch)
			st->watch_uid = st->watch->i_uid;
	}
	return 0;
}

/*
 * pseudofs_test ignores the options that are not the library's ("source",
 * uid=, gid=, mode=), as debugfs does.
 */
static int pft_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	return 0;
}

static const struct pseudofs_operations pft_ops = {
	.parse_param	= pft_parse_param,
	.init_inode	= pft_init_inode,
	.inode_evicted	= pft_evicted,
	.user_mkdir	= pft_mkdir_hook,
	.user_rmdir	= pft_rmdir_hook,
};

/* pseudofs_test_all: ->user_mkdir without ->user_rmdir, no user directory */
static const struct pseudofs_operations pft_ops_all = {
	.init_inode	= pft_init_inode,
	.inode_evicted	= pft_evicted,
	.apply_options	= pft_apply_all,
	.user_mkdir	= pft_mkdir_hook,
};

static const struct dentry_operations pft_dops = {
	.d_delete	= always_delete_dentry,
};

static const struct pseudofs_desc pft_fs_desc = {
	.magic		= 0x70667431,
	.default_mode	= 0700,
	.ops		= &pft_ops,
	.d_ops		= &pft_dops,
	PSEUDOFS_INODE(struct pft_inode, vfs_inode),
};

static struct pseudofs pft_fs = {
	.type.name	= "pseudofs_test",
	.type.owner	= THIS_MODULE,
	.desc		= &pft_fs_desc,
};

static const struct pseudofs_desc pft_fs_all_desc = {
	.magic		= 0x70667432,
	.default_mode	= 0755,
	.remount_all	= true,
	.ops		= &pft_ops_all,
	.d_ops		= &pft_dops,
	PSEUDOFS_INODE(struct pft_inode, vfs_inode),
};

static struct pseudofs pft_fs_all = {
	.type.name	= "pseudofs_test_all",
	.type.owner	= THIS_MODULE,
	.desc		= &pft_fs_all_desc,
};

static const struct file_operations pft_fops = {
	.open		= simple_open,
};

/**
 * struct pft_entry - an entry a case created, for its cleanup action
 * @pfs: its filesystem
 * @path: its path from the root, as dentry_path_raw() gave it
 *
 * The action finds the entry again by its path rather than keeping the
 * dentry, which a case may have removed (and its parent's removal freed)
 * by then.
 */
struct pft_entry {
	struct pseudofs *pfs;
	char *path;
};

/* Cleanup action: remove the entry at @data's path if it is still there. */
static void pft_untrack(void *data)
{
	struct pft_entry *e = data;
	struct dentry *d = NULL, *next;
	char *p = e->path, *name;

	while ((name = strsep(&p, "/")) != NULL) {
		if (!*name)
			continue;
		next = pseudofs_lookup(e->pfs, name, d);
		dput(d);
		if (IS_ERR(next))
			return;
		d = next;
	}
	pseudofs_remove(e->pfs, d);
	dput(d);
}

/* Give @d, just created by @test, a cleanup action that removes it. */
static struct dentry *pft_track(struct kunit *test, struct dentry *d)
{
	struct pft_entry *e;
	char *buf, *path;

	if (IS_ERR_OR_NULL(d))
		return d;
	e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, e);
	e->pfs = pseudofs_of(d->d_sb);
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	path = dentry_path_raw(d, buf, PATH_MAX);
	if (!IS_ERR(path))
		e->path = kunit_kzalloc(test, strlen(path) + 1, GFP_KERNEL);
	if (e->path)
		strscpy(e->path, path, strlen(path) + 1);
	kfree(buf);
	KUNIT_ASSERT_NOT_NULL(test, e->path);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pft_untrack, e),
			0);
	return d;
}

static struct dentry *pft_file(struct kunit *test, const char *name,
			       struct dentry *parent)
{
	return pft_track(test, pseudofs_create_file(&pft_fs, name, 0644, parent,
						    &pft_data, PSEUDOFS_PROXY_NONE, &pft_fops));
}

static struct dentry *pft_dir(struct kunit *test, const char *name,
			      struct dentry *parent)
{
	return pft_track(test, pseudofs_create_dir(&pft_fs, name, 0755, parent));
}

static struct dentry *pft_symlink(struct kunit *test, const char *name,
				  struct dentry *parent, const char *target)
{
	return pft_track(test, pseudofs_create_symlink(&pft_fs, name, 0777,
						       parent, target, NULL));
}

KUNIT_DEFINE_ACTION_WRAPPER(pft_debugfs_remove, debugfs_remove, struct dentry *);

/*
 * A directory of @test's own in the root of debugfs, removed with all it
 * holds by a cleanup action: the case must not remove it itself.  The
 * case is skipped without debugfs.
 */
static struct dentry *pft_debugfs_dir(struct kunit *test)
{
	static atomic_t seq = ATOMIC_INIT(0);
	struct dentry *dir;
	char name[48];

	if (!debugfs_initialized())
		kunit_skip(test, "no debugfs");
	snprintf(name, sizeof(name), "libpseudofs-kunit-%d-%d",
		 task_pid_nr(current), atomic_inc_return(&seq));
	dir = debugfs_create_dir(name, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(dir));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pft_debugfs_remove,
							dir), 0);
	return dir;
}

/* A file of debugfs, removed with its directory from pft_debugfs_dir() */
static struct dentry *pft_debugfs_file(struct kunit *test, const char *name,
				       struct dentry *parent)
{
	struct dentry *d = debugfs_create_file(name, 0644, parent, &pft_data,
					       &pft_fops);

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	return d;
}

static void pft_debugfs_expect_gone(struct kunit *test, const char *name,
				    struct dentry *parent)
{
	struct dentry *d = debugfs_lookup(name, parent);

	KUNIT_EXPECT_NULL(test, d);
	if (!IS_ERR_OR_NULL(d))
		dput(d);
}

KUNIT_DEFINE_ACTION_WRAPPER(pft_mntput, mntput, struct vfsmount *);

/* vfs_kern_mount() of @pfs with @opts, with a cleanup action */
static struct vfsmount *pft_mount(struct kunit *test, struct pseudofs *pfs,
				  char *opts)
{
	struct vfsmount *mnt = vfs_kern_mount(&pfs->type, SB_KERNMOUNT, "t",
					      opts);

	if (!IS_ERR(mnt))
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pft_mntput,
								mnt), 0);
	return mnt;
}

/* The internal mount of a single-instance @pfs */
static struct vfsmount *pft_mnt(struct pseudofs *pfs)
{
	return pfs->state->mount;
}

/* The uid=, gid= and mode= in force on @sb */
static struct pseudofs_mount_opts *pft_opts(struct super_block *sb)
{
	return &((struct pseudofs_sb_info *)sb->s_fs_info)->opts;
}

/* Entries alive in @pfs: the inodes of its superblock but the root. */
static int pft_entries(struct pseudofs *pfs)
{
	struct super_block *sb = pft_mnt(pfs)->mnt_sb;
	struct inode *inode;
	int n = -1;

	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list)
		n++;
	spin_unlock(&sb->s_inode_list_lock);
	return n;
}

static void pft_expect_clean(struct kunit *test, struct pseudofs *pfs)
{
	KUNIT_EXPECT_EQ(test, pft_entries(pfs), 0);
	KUNIT_EXPECT_TRUE(test, simple_empty(pft_mnt(pfs)->mnt_root));
	KUNIT_EXPECT_EQ(test, d_inode(pft_mnt(pfs)->mnt_root)->i_nlink, 2);
}

/* Put @pfs back to its default options, as a remount naming all would. */
static void pft_reset_options(struct pseudofs *pfs)
{
	struct super_block *sb = pft_mnt(pfs)->mnt_sb;
	struct pseudofs_mount_opts *opts = pft_opts(sb);
	struct inode *root = d_inode(sb->s_root);

	opts->uid = GLOBAL_ROOT_UID;
	opts->gid = GLOBAL_ROOT_GID;
	opts->mode = pfs->desc->default_mode;
	opts->set = 0;
	root->i_uid = GLOBAL_ROOT_UID;
	root->i_gid = GLOBAL_ROOT_GID;
	root->i_mode = S_IFDIR | pfs->desc->default_mode;
}

/* Remove whatever a case left in @pfs, e.g. after a failed assertion. */
static void pft_remove_all(struct pseudofs *pfs)
{
	struct dentry *root = pft_mnt(pfs)->mnt_root, *d, *victim;

	do {
		victim = NULL;
		spin_lock(&root->d_lock);
		hlist_for_each_entry(d, &root->d_children, d_sib) {
			if (simple_positive(d)) {
				victim = dget(d);
				break;
			}
		}
		spin_unlock(&root->d_lock);
		pseudofs_remove(pfs, victim);
		dput(victim);
	} while (victim);
}

/* Registered as a KUnit action: one failed case cannot leak into the next. */
static void pft_cleanup(void *pfs)
{
	pft_remove_all(pfs);
	pft_reset_options(pfs);
}

/* Cleanup action of a registration: empty @data and unregister it. */
static void pft_unregister_action(void *data)
{
	struct pseudofs *pfs = data;

	pft_remove_all(pfs);
	pseudofs_unregister(pfs);
}

/* Register @pfs for the rest of @test. */
static void pft_register(struct kunit *test, struct pseudofs *pfs)
{
	KUNIT_ASSERT_EQ(test, pseudofs_register(pfs), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							pft_unregister_action,
							pfs), 0);
}

/* Unregister @pfs before the end of @test; its action goes if it did. */
static int pft_unregister(struct kunit *test, struct pseudofs *pfs)
{
	int err = pseudofs_unregister(pfs);

	if (!err)
		kunit_remove_action(test, pft_unregister_action, pfs);
	return err;
}

/* A fresh state, the options reset; every case checks its entries. */
static int pft_init(struct kunit *test)
{
	pft_reset_options(&pft_fs);
	pft_reset_options(&pft_fs_all);
	return pft_state_init(test) ?:
	       kunit_add_action_or_reset(test, pft_cleanup, &pft_fs) ?:
	       kunit_add_action_or_reset(test, pft_cleanup, &pft_fs_all);
}

/* An entry that keeps the superblock alive while a case looks at it. */
static struct dentry *pft_keep(struct kunit *test)
{
	struct dentry *keep = pft_dir(test, "keep", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(keep));
	return keep;
}

static void pft_expect_gone(struct kunit *test, const char *name,
			    struct dentry *parent)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, name, parent)),
			-ENOENT);
}

static void pft_create_file(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pft_file(test, "f", NULL), *l;
	struct inode *inode;

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	inode = d_inode(d);
	KUNIT_EXPECT_TRUE(test, S_ISREG(inode->i_mode));
	KUNIT_EXPECT_EQ(test, inode->i_mode & S_IALLUGO, 0644);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_private, (void *)&pft_data);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_fop, &pft_fops);
	KUNIT_EXPECT_TRUE(test, IS_ROOT(d->d_parent));
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	/* the tree's reference alone: the dentry returned is borrowed */
	KUNIT_EXPECT_EQ(test, d_count(d), 1);

	l = pseudofs_lookup(&pft_fs, "f", NULL);
	KUNIT_EXPECT_PTR_EQ(test, l, d);
	if (!IS_ERR(l))
		dput(l);
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 1);
	pft_expect_gone(test, "f", NULL);
	pft_expect_clean(test, &pft_fs);
}

static void pft_create_file_mode(struct kunit *test)
{
	struct dentry *d;

	d = pft_track(test, pseudofs_create_file(&pft_fs, "f", S_IFDIR | 0644,
						 NULL, NULL, PSEUDOFS_PROXY_NONE, NULL));
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pft_track(test, pseudofs_create_file(&pft_fs, "f", S_IFLNK | 0777,
						 NULL, NULL, PSEUDOFS_PROXY_NONE, NULL));
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pft_track(test, pseudofs_create_file(&pft_fs, "f", S_IFREG | 0400,
						 NULL, NULL, PSEUDOFS_PROXY_NONE,
						 NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode, S_IFREG | 0400);
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_create_dir(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *keep = pft_keep(test), *d, *f;
	unsigned int nlink;
	struct inode *root;

	d = pft_dir(test, "d", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	root = d_inode(d->d_parent);
	nlink = root->i_nlink;
	KUNIT_EXPECT_TRUE(test, S_ISDIR(d_inode(d)->i_mode));
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode & S_IALLUGO, 0755);
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_nlink, 2);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_fop, &simple_dir_operations);

	f = pft_file(test, "f", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_PTR_EQ(test, f->d_parent, d);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 3);

	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 2);
	KUNIT_EXPECT_EQ(test, root->i_nlink, nlink - 1);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pft_expect_gone(test, "d", NULL);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_clean(test, &pft_fs);
}

static void pft_create_dir_mode(struct kunit *test)
{
	struct dentry *d;

	d = pseudofs_create_dir(&pft_fs, "d", S_IFREG | 0755, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, d)), -EINVAL);
	d = pseudofs_create_dir(&pft_fs, "d", S_IFDIR | 0755, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, d)), -EINVAL);
	pft_expect_clean(test, &pft_fs);
}

static void pft_create_symlink(struct kunit *test)
{
	char target[] = "../some/where";
	struct dentry *d;

	d = pft_symlink(test, "l", NULL, target);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_TRUE(test, S_ISLNK(d_inode(d)->i_mode));
	KUNIT_EXPECT_PTR_NE(test, (char *)d_inode(d)->i_link, &target[0]);
	target[0] = 'X';
	KUNIT_EXPECT_STREQ(test, d_inode(d)->i_link, "../some/where");
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_op,
			    &simple_symlink_inode_operations);
	pseudofs_remove(&pft_fs, d);
	pft_expect_gone(test, "l", NULL);
	pft_expect_clean(test, &pft_fs);
}

static void pft_symlink_bad_target(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, "l", NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, "l", NULL, "")),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, "", NULL, "x")),
			-EACCES);
	pft_expect_clean(test, &pft_fs);
}

static struct vfsmount *pft_debugfs_automount(struct dentry *dentry,
					      void *data)
{
	return ERR_PTR(-ENODEV);
}

/*
 * debugfs_create_automount(), which moved from the library into debugfs,
 * its one user: an empty directory that mounts when walked into, with
 * what ->d_automount needs in place before it is visible.
 */
static void pft_create_automount(struct kunit *test)
{
	struct dentry *top = pft_debugfs_dir(test), *d;

	d = debugfs_create_automount("a", top, pft_debugfs_automount,
				     &pft_data);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	KUNIT_EXPECT_TRUE(test, d_inode(d)->i_flags & S_AUTOMOUNT);
	KUNIT_EXPECT_TRUE(test, d_is_dir(d));
	KUNIT_EXPECT_TRUE(test, simple_empty(d));
	KUNIT_EXPECT_TRUE(test, d->d_flags & DCACHE_NEED_AUTOMOUNT);
	KUNIT_EXPECT_NOT_NULL(test, d->d_fsdata);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_private, (void *)&pft_data);
	KUNIT_EXPECT_PTR_EQ(test, d->d_parent, top);
	debugfs_remove(d);
	pft_debugfs_expect_gone(test, "a", top);
}

static void pft_eexist(struct kunit *test)
{
	struct dentry *d = pft_file(test, "x", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "x", NULL)), -EEXIST);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, "x", NULL)), -EEXIST);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, "x", NULL, "y")),
			-EEXIST);
	/* the failures left the original alone and unpinned nothing */
	KUNIT_EXPECT_TRUE(test, d_really_is_positive(d));
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_fop, &pft_fops);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_create_in_removed_dir(struct kunit *test)
{
	struct dentry *keep = pft_keep(test), *d = pft_dir(test, "gone", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	dget(d);
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "f", d)), -ENOENT);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, "sub", d)), -ENOENT);
	/* "keep", and "gone" while we hold it */
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 2);
	dput(d);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_clean(test, &pft_fs);
}

static void pft_err_parent(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *bad = ERR_PTR(-EIO);

	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "f", bad)), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, "d", bad)), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, "l", bad, "t")), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "f", bad)),
			-EIO);
	pseudofs_remove(&pft_fs, bad);
	pseudofs_remove(&pft_fs, NULL);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	pft_expect_clean(test, &pft_fs);
}

static void pft_null_parent_is_root(struct kunit *test)
{
	struct dentry *d = pft_dir(test, "d", NULL), *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_PTR_EQ(test, d->d_parent, pft_mnt(&pft_fs)->mnt_root);
	l = pseudofs_lookup(&pft_fs, "d", pft_mnt(&pft_fs)->mnt_root);
	KUNIT_EXPECT_PTR_EQ(test, l, d);
	if (!IS_ERR(l))
		dput(l);
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_parent_not_dir(struct kunit *test)
{
	struct dentry *f = pft_file(test, "f", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "g", f)), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "g", f)),
			-ENOTDIR);
	pseudofs_remove(&pft_fs, f);
	pft_expect_clean(test, &pft_fs);
}

static void pft_parent_other_fs(struct kunit *test)
{
	struct dentry *other;

	other = pft_track(test, pseudofs_create_dir(&pft_fs_all, "o", 0755, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(other));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "f", other)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "f", other)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 0);
	pseudofs_remove(&pft_fs_all, other);
	pft_expect_clean(test, &pft_fs);
	pft_expect_clean(test, &pft_fs_all);
}

/* A parameter of a case: a string and what to call it in the results. */
struct pft_str_param {
	const char *desc;
	const char *str;
};

/*
 * Names that are not one path component, refused with -EACCES as
 * lookup_noperm() refuses them: by creation and lookup, and by
 * debugfs_change_name() (pft_change_name_bad).
 */
static const struct pft_str_param pft_bad_names_params[] = {
	{ .desc = "empty",		.str = "" },
	{ .desc = "slash_inside",	.str = "a/b" },
	{ .desc = "slash",		.str = "/" },
	{ .desc = "trailing_slash",	.str = "a/" },
	{ .desc = "dot",		.str = "." },
	{ .desc = "dotdot",		.str = ".." },
};

KUNIT_ARRAY_PARAM_DESC(pft_bad_names, pft_bad_names_params, desc);

static void pft_bad_names(struct kunit *test)
{
	const struct pft_str_param *p = test->param_value;

	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, p->str, NULL)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, p->str, NULL)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_symlink(test, p->str, NULL, "t")),
			-EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, p->str, NULL)),
			-EACCES);
	pft_expect_clean(test, &pft_fs);
}

/*
 * debugfs passes back a parent that is an error, as stock's
 * start_creating() did, and looks nothing up in it.  KUnit gives one to
 * the files of a suite loaded as a module while the same suite built in
 * keeps its directory: debugfs_create_dir() said -EEXIST.
 */
static void pft_debugfs_error_parent(struct kunit *test)
{
	struct dentry *bad = ERR_PTR(-EEXIST);

	if (!IS_ENABLED(CONFIG_DEBUG_FS))
		kunit_skip(test, "no debugfs");
	KUNIT_EXPECT_PTR_EQ(test, debugfs_create_dir("pft", bad), bad);
	KUNIT_EXPECT_PTR_EQ(test, debugfs_create_file("pft", 0444, bad, NULL,
						      &pft_fops), bad);
	KUNIT_EXPECT_PTR_EQ(test, debugfs_create_symlink("pft", bad, "x"), bad);
	KUNIT_EXPECT_PTR_EQ(test, debugfs_create_automount("pft", bad,
							   pft_debugfs_automount,
							   NULL), bad);
	KUNIT_EXPECT_NULL(test, debugfs_lookup("pft", bad));
}

/* No name or an error pointer for one: -EINVAL, not lookup_noperm()'s. */
static void pft_bad_name_pointers(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, ERR_PTR(-EFAULT), NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_start_creating(&pft_fs, NULL,
							      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, ERR_PTR(-EFAULT),
						      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, ".", NULL)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, "..", NULL)), -EACCES);
	pft_expect_clean(test, &pft_fs);
}

static void pft_lookup_bad(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "", NULL)),
			-EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "a/b", NULL)),
			-EACCES);
	pft_expect_gone(test, "nothing", NULL);
	pft_expect_clean(test, &pft_fs);
}

static void pft_lookup_nested(struct kunit *test)
{
	struct dentry *a = pft_dir(test, "a", NULL), *b, *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = pft_file(test, "b", a);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	l = pseudofs_lookup(&pft_fs, "b", a);
	KUNIT_EXPECT_PTR_EQ(test, l, b);
	if (!IS_ERR(l))
		dput(l);
	pft_expect_gone(test, "b", NULL);
	pseudofs_remove(&pft_fs, b);
	pft_expect_gone(test, "b", a);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pseudofs_remove(&pft_fs, a);
	pft_expect_clean(test, &pft_fs);
}

/* A creation takes over the negative dentry somebody holds for its name. */
static void pft_create_over_negative(struct kunit *test)
{
	struct dentry *root = pft_mnt(&pft_fs)->mnt_root, *neg, *d;

	inode_lock(d_inode(root));
	neg = lookup_noperm(&QSTR_LEN("n", 1), root);
	inode_unlock(d_inode(root));
	KUNIT_ASSERT_FALSE(test, IS_ERR(neg));
	KUNIT_ASSERT_TRUE(test, d_is_negative(neg));
	d = pft_file(test, "n", NULL);
	KUNIT_EXPECT_PTR_EQ(test, d, neg);
	KUNIT_EXPECT_TRUE(test, d_really_is_positive(neg));
	dput(neg);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, "n", NULL)), -EEXIST);
	if (!IS_ERR(d))
		pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

/*
 * Entries are made and found for the kernel: the task's own permission on
 * the parent does not matter.
 */
static void pft_no_permission_check(struct kunit *test)
{
	struct dentry *d = pft_track(test, pseudofs_create_dir(&pft_fs, "shut", 0, NULL));
	struct dentry *f, *l;
	const struct cred *old;
	struct cred *new;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	new = prepare_creds();
	KUNIT_ASSERT_NOT_NULL(test, new);
	cap_clear(new->cap_effective);
	old = override_creds(new);
	KUNIT_EXPECT_EQ(test, inode_permission(&nop_mnt_idmap, d_inode(d),
					       MAY_EXEC), -EACCES);
	f = pft_file(test, "f", d);
	l = pseudofs_lookup(&pft_fs, "f", d);
	revert_creds(old);
	put_cred(new);
	KUNIT_EXPECT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_PTR_EQ(test, l, f);
	if (!IS_ERR(l))
		dput(l);
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_remove_twice_via_lookup(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *keep = pft_keep(test), *d = pft_file(test, "f", NULL), *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	l = pseudofs_lookup(&pft_fs, "f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	pseudofs_remove(&pft_fs, l);	/* the lookup reference stays */
	KUNIT_EXPECT_TRUE(test, d_unhashed(l));
	/* "keep", and "f" while the lookup holds it */
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 2);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	/* a second removal through our own reference finds it gone */
	pseudofs_remove(&pft_fs, l);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 2);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	dput(l);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 1);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pft_expect_gone(test, "f", NULL);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_clean(test, &pft_fs);
}

static void pft_deep_tree(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *top, *d;
	int i;

	top = d = pft_dir(test, "deep", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(top));
	for (i = 1; i < 300; i++) {
		d = pft_dir(test, "level", d);
		KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(pft_file(test, "leaf", d)));
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 301);
	pseudofs_remove(&pft_fs, top);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 301);
	pft_expect_gone(test, "deep", NULL);
	pft_expect_clean(test, &pft_fs);
}

static void pft_wide_tree(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *top, *d;
	char name[16];
	int i;

	top = pft_dir(test, "wide", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(top));
	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof(name), "e%d", i);
		d = i % 3 ? pft_file(test, name, top) : pft_dir(test, name, top);
		KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	}
	KUNIT_EXPECT_EQ(test, d_inode(top)->i_nlink, 2 + 1000);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 3001);
	pseudofs_remove(&pft_fs, top);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 3001);
	pft_expect_clean(test, &pft_fs);
}

static void pft_failed_creating(struct kunit *test)
{
	struct dentry *d = pseudofs_start_creating(&pft_fs, "f", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_TRUE(test, d_really_is_negative(d));
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 0);	/* no inode yet */
	simple_done_creating(d);
	pft_expect_clean(test, &pft_fs);
	/* the parent was unlocked and the name is free */
	d = pft_file(test, "f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_manual_creating(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pseudofs_start_creating(&pft_fs, "m", NULL), *l;
	struct inode *inode;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	inode = pseudofs_new_inode(d->d_sb, S_IFDIR | 0500);
	KUNIT_ASSERT_NOT_NULL(test, inode);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_op, &simple_dir_inode_operations);
	KUNIT_EXPECT_NE(test, inode->i_ino, 0);
	/* what the caller sets stays: ->init_inode is not called */
	inode->i_uid = KUIDT_INIT(42);
	inc_nlink(inode);
	inc_nlink(d_inode(d->d_parent));
	d_make_persistent(d, inode);
	/* the entry is the tree's: the dentry returned is borrowed */
	simple_done_creating(d);
	pft_track(test, d);
	KUNIT_EXPECT_FALSE(test, inode_is_locked(d_inode(d->d_parent)));
	KUNIT_EXPECT_EQ(test, d_count(d), 1);
	l = pseudofs_lookup(&pft_fs, "m", NULL);
	KUNIT_EXPECT_PTR_EQ(test, l, d);
	if (!IS_ERR(l))
		dput(l);
	KUNIT_EXPECT_EQ(test, inode->i_nlink, 2);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, inode->i_uid), 42);
	KUNIT_EXPECT_EQ(test, container_of(inode, struct pft_inode,
					   vfs_inode)->cookie, 0);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d), inode);
	KUNIT_EXPECT_FALSE(test, IS_ERR(pft_file(test, "in", d)));
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 2);
	pft_expect_clean(test, &pft_fs);
}

static void pft_inode_struct(struct kunit *test)
{
	struct dentry *d = pft_file(test, "f", NULL);
	struct pft_inode *pi;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pi = container_of(d_inode(d), struct pft_inode, vfs_inode);
	KUNIT_EXPECT_EQ(test, pi->cookie, PFT_COOKIE);
	KUNIT_EXPECT_EQ(test, pi->tail, 0);
	pi->tail = ~0UL;
	pi = container_of(d_inode(d->d_parent), struct pft_inode, vfs_inode);
	KUNIT_EXPECT_EQ(test, pi->tail, 0);	/* the root too */
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

/* Parse @key=@val into a fresh mount context of @pfs. */
static int pft_parse(struct kunit *test, struct pseudofs *pfs,
		     const char *key, const char *val,
		     struct pseudofs_mount_opts *out)
{
	struct fs_context *fc = fs_context_for_mount(&pfs->type, 0);
	int err;

	KUNIT_ASSERT_FALSE(test, IS_ERR(fc));
	err = vfs_parse_fs_string(fc, key, val);
	if (out)
		*out = ((struct pseudofs_fc_info *)fc->fs_private)->opts;
	put_fs_context(fc);
	return err;
}

static void pft_parse_uid_gid(struct kunit *test)
{
	struct pseudofs_mount_opts o;

	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "uid", "1000", &o), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, o.uid), 1000);
	KUNIT_EXPECT_EQ(test, o.set, BIT(PSEUDOFS_OPT_UID));
	KUNIT_EXPECT_EQ(test, o.mode, 0700);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "gid", "0", &o), 0);
	KUNIT_EXPECT_TRUE(test, gid_eq(o.gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, o.set, BIT(PSEUDOFS_OPT_GID));
}

/* Not a uid or gid: not a number, negative, invalid or too large. */
static const struct pft_str_param pft_parse_bad_uid_gid_params[] = {
	{ .desc = "letters",		.str = "abc" },
	{ .desc = "negative",		.str = "-1" },
	{ .desc = "empty",		.str = "" },
	{ .desc = "invalid_id",		.str = "4294967295" },
	{ .desc = "trailing_letter",	.str = "1000x" },
	{ .desc = "too_large",		.str = "99999999999" },
};

KUNIT_ARRAY_PARAM_DESC(pft_parse_bad_uid_gid, pft_parse_bad_uid_gid_params,
		       desc);

static void pft_parse_bad_uid_gid(struct kunit *test)
{
	const struct pft_str_param *p = test->param_value;
	struct pseudofs_mount_opts o;

	KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "uid", p->str, &o), 0);
	KUNIT_EXPECT_TRUE(test, uid_eq(o.uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_EQ(test, o.set, 0);
	KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "gid", p->str, &o), 0);
	KUNIT_EXPECT_TRUE(test, gid_eq(o.gid, GLOBAL_ROOT_GID));
}

/* A mode= value and the mode it gives. */
struct pft_mode_param {
	const char *desc;
	const char *str;
	umode_t mode;
};

static const struct pft_mode_param pft_parse_mode_params[] = {
	{ .desc = "0755",	.str = "755",	.mode = 0755 },
	{ .desc = "01777",	.str = "01777",	.mode = 01777 },
	/* as debugfs and tracefs always did: bits above 07777 are dropped */
	{ .desc = "010750",	.str = "10750",	.mode = 0750 },
};

KUNIT_ARRAY_PARAM_DESC(pft_parse_mode, pft_parse_mode_params, desc);

static void pft_parse_mode(struct kunit *test)
{
	const struct pft_mode_param *p = test->param_value;
	struct pseudofs_mount_opts o;

	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "mode", p->str, &o), 0);
	KUNIT_EXPECT_EQ(test, o.mode, p->mode);
	KUNIT_EXPECT_EQ(test, o.set, BIT(PSEUDOFS_OPT_MODE));
}

/* Not an octal mode. */
static const struct pft_str_param pft_parse_bad_mode_params[] = {
	{ .desc = "not_octal",	.str = "999" },
	{ .desc = "hex",	.str = "0x1ff" },
	{ .desc = "letters",	.str = "abc" },
	{ .desc = "eight",	.str = "8" },
	{ .desc = "empty",	.str = "" },
};

KUNIT_ARRAY_PARAM_DESC(pft_parse_bad_mode, pft_parse_bad_mode_params, desc);

static void pft_parse_bad_mode(struct kunit *test)
{
	const struct pft_str_param *p = test->param_value;
	struct pseudofs_mount_opts o;

	KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "mode", p->str, &o), 0);
	KUNIT_EXPECT_EQ(test, o.mode, 0700);
	KUNIT_EXPECT_EQ(test, o.set, 0);
}

static void pft_parse_unknown(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "bogus", "1", NULL), 0);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs_all, "bogus", "1", NULL),
			-EINVAL);
	/* "source" is the VFS's on both */
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "source", "x", NULL), 0);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs_all, "source", "x", NULL),
			0);
}

/* "source" becomes the context's, once, as the VFS takes it */
static void pft_parse_source(struct kunit *test)
{
	struct fs_context *fc = fs_context_for_mount(&pft_fs_all.type, 0);

	KUNIT_ASSERT_FALSE(test, IS_ERR(fc));
	KUNIT_EXPECT_EQ(test, vfs_parse_fs_string(fc, "source", "src"), 0);
	KUNIT_EXPECT_STREQ(test, fc->source, "src");
	KUNIT_EXPECT_EQ(test, vfs_parse_fs_string(fc, "source", "two"), -EINVAL);
	KUNIT_EXPECT_STREQ(test, fc->source, "src");
	put_fs_context(fc);
}

static char *pft_show(struct kunit *test, struct dentry *root)
{
	struct seq_file m = { .size = 128 };

	m.buf = kunit_kzalloc(test, m.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	KUNIT_EXPECT_EQ(test, root->d_sb->s_op->show_options(&m, root), 0);
	return m.buf;
}

static void pft_mount_options(struct kunit *test)
{
	struct vfsmount *mnt;
	struct inode *root;
	char opts[] = "uid=1000,gid=1001,mode=750";

	mnt = pft_mount(test, &pft_fs, opts);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	root = d_inode(mnt->mnt_root);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 1000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 1001);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_EQ(test, mnt->mnt_sb->s_magic, pft_fs.desc->magic);
	KUNIT_EXPECT_STREQ(test, pft_show(test, mnt->mnt_root),
			   ",uid=1000,gid=1001,mode=750");
	kunit_release_action(test, pft_mntput, mnt);
	pft_expect_clean(test, &pft_fs);
}

static void pft_mount_bad_option(struct kunit *test)
{
	char bad[] = "uid=12,gid=nope";
	char bogus[] = "bogus=1";
	struct vfsmount *mnt;

	mnt = pft_mount(test, &pft_fs, bad);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mnt), -EINVAL);
	mnt = pft_mount(test, &pft_fs_all, bogus);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mnt), -EINVAL);
	strscpy(bogus, "bogus=1");
	mnt = pft_mount(test, &pft_fs, bogus);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	KUNIT_EXPECT_STREQ(test, pft_show(test, mnt->mnt_root), "");
}

/* Remount @sb with @key=@val, as do_remount() does. */
static int pft_reconfigure(struct super_block *sb, const char *key,
			   const char *val)
{
	struct fs_context *fc;
	int err;

	fc = pseudofs_kunit_fc_for_reconfigure(sb->s_root);
	if (IS_ERR(fc))
		return PTR_ERR(fc);
	err = vfs_parse_fs_string(fc, key, val);
	if (!err) {
		down_write(&sb->s_umount);
		err = fc->ops->reconfigure(fc);
		up_write(&sb->s_umount);
	}
	put_fs_context(fc);
	return err;
}

/* Remount the filesystem of @d with @key=@val. */
static int pft_remount(struct kunit *test, struct dentry *d,
		       const char *key, const char *val)
{
	return pft_reconfigure(d->d_sb, key, val);
}

static void pft_remount_root_only(struct kunit *test)
{
	struct dentry *d = pft_dir(test, "d", NULL), *f;
	struct inode *root;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	f = pft_file(test, "f", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	root = d_inode(d->d_sb->s_root);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "2000"), 0);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "gid", "2001"), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 2000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 2001);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(d)->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_TRUE(test, gid_eq(d_inode(f)->i_gid, GLOBAL_ROOT_GID));
	/* and an entry made later is root's too, as debugfs's always were */
	f = pft_file(test, "g", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(f)->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_TRUE(test, gid_eq(d_inode(f)->i_gid, GLOBAL_ROOT_GID));
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_remount_all(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d, *f;
	struct inode *root;

	d = pft_track(test, pseudofs_create_dir(&pft_fs_all, "d", 0750, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	f = pft_track(test, pseudofs_create_file(&pft_fs_all, "f", 0640, d, NULL,
						 PSEUDOFS_PROXY_NONE, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	root = d_inode(d->d_sb->s_root);
	st->watch = d_inode(f);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "3000"), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(f)->i_uid), 3000);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(d)->i_uid), 3000);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 3000);
	KUNIT_EXPECT_TRUE(test, gid_eq(d_inode(f)->i_gid, GLOBAL_ROOT_GID));
	/* ->apply_options once, told uid=3000, before the walk reached f */
	KUNIT_EXPECT_EQ(test, st->remounts, 1);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, st->remount_uid), 3000);
	KUNIT_EXPECT_FALSE(test, gid_valid(st->remount_gid));
	KUNIT_EXPECT_TRUE(test, uid_eq(st->watch_uid, GLOBAL_ROOT_UID));
	st->watch = NULL;
	/* an entry made after the remount gets the owner in force */
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "gid", "3001"), 0);
	f = pft_track(test, pseudofs_create_file(&pft_fs_all, "g", 0640, d, NULL,
						 PSEUDOFS_PROXY_NONE, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(f)->i_uid), 3000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(f)->i_gid), 3001);
	KUNIT_EXPECT_EQ(test, st->remounts, 2);
	KUNIT_EXPECT_FALSE(test, uid_valid(st->remount_uid));
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, st->remount_gid), 3001);
	/* mode= is for the root only, whatever the policy */
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "711"), 0);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0711);
	KUNIT_EXPECT_EQ(test, d_inode(f)->i_mode, S_IFREG | 0640);
	KUNIT_EXPECT_EQ(test, st->remounts, 3);
	KUNIT_EXPECT_FALSE(test, uid_valid(st->remount_uid) || gid_valid(st->remount_gid));
	pseudofs_remove(&pft_fs_all, d);
	pft_expect_clean(test, &pft_fs_all);
}

static void pft_remount_bad_keeps_old(struct kunit *test)
{
	struct dentry *d = pft_dir(test, "d", NULL);
	struct inode *root;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	root = d_inode(d->d_sb->s_root);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "750"), 0);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "8"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "x"), -EINVAL);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_TRUE(test, uid_eq(root->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_STREQ(test, pft_show(test, d->d_sb->s_root), ",mode=750");
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_show_options_round_trip(struct kunit *test)
{
	struct dentry *d = pft_dir(test, "d", NULL);
	struct pseudofs_mount_opts *cur, o;
	char *shown, *p, *opt;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_STREQ(test, pft_show(test, d->d_sb->s_root), "");
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "gid", "77"), 0);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "1755"), 0);
	/* a later remount of one option keeps the others */
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "66"), 0);
	shown = pft_show(test, d->d_sb->s_root);
	KUNIT_EXPECT_STREQ(test, shown, ",uid=66,gid=77,mode=1755");

	cur = pft_opts(d->d_sb);
	p = shown + 1;
	while ((opt = strsep(&p, ",")) != NULL) {
		char *val = strchr(opt, '=');

		KUNIT_ASSERT_NOT_NULL(test, val);
		*val++ = '\0';
		KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, opt, val, &o), 0);
		if (!strcmp(opt, "uid"))
			KUNIT_EXPECT_TRUE(test, uid_eq(o.uid, cur->uid));
		else if (!strcmp(opt, "gid"))
			KUNIT_EXPECT_TRUE(test, gid_eq(o.gid, cur->gid));
		else
			KUNIT_EXPECT_EQ(test, o.mode, cur->mode);
	}
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_options_outlive_entries(struct kunit *test)
{
	struct dentry *d = pft_file(test, "f", NULL);
	struct super_block *sb;

	/* the superblock stays while registered, even with no entry left */
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	sb = d->d_sb;
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "750"), 0);
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
	d = pft_file(test, "f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_PTR_EQ(test, d->d_sb, sb);
	KUNIT_EXPECT_EQ(test, d_inode(sb->s_root)->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_STREQ(test, pft_show(test, sb->s_root), ",mode=750");
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_name_too_long(struct kunit *test)
{
	char *name = kunit_kzalloc(test, NAME_MAX + 2, GFP_KERNEL);
	struct dentry *d;

	KUNIT_ASSERT_NOT_NULL(test, name);
	memset(name, 'n', NAME_MAX + 1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, name, NULL)), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, name, NULL)), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, name, NULL)),
			-ENAMETOOLONG);
	pft_expect_clean(test, &pft_fs);
	name[NAME_MAX] = '\0';		/* NAME_MAX itself is fine */
	d = pft_file(test, name, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_dot_names(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(test, ".", NULL)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(test, "..", NULL)), -EACCES);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "..", NULL)),
			-EACCES);
	pft_expect_clean(test, &pft_fs);
}

static void pft_remove_dir_twice(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pft_dir(test, "d", NULL), *f;
	struct inode *root;
	unsigned int nlink;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	f = pft_file(test, "f", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	root = d_inode(d->d_parent);
	nlink = root->i_nlink;
	dget(d);
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, root->i_nlink, nlink - 1);
	/* "f" went; "d" stays while we hold it */
	KUNIT_EXPECT_EQ(test, pft_gone(st), 1);
	/* the second removal finds it gone: no link or reference twice */
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, root->i_nlink, nlink - 1);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 1);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	dput(d);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 2);
	pft_expect_clean(test, &pft_fs);
}

static void pft_remove_child_after_parent(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pft_dir(test, "d", NULL), *sub;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	sub = pft_dir(test, "sub", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sub));
	dget(sub);			/* as an owner keeping its pointer */
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_TRUE(test, d_unhashed(sub));
	KUNIT_EXPECT_TRUE(test, d_unhashed(d));
	KUNIT_EXPECT_EQ(test, d_inode(sub->d_parent)->i_nlink, 0);
	/* "sub", and "d" under it, stay while the owner holds "sub" */
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 2);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	/* the owner removes its own entry too: nothing left to do */
	pseudofs_remove(&pft_fs, sub);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	KUNIT_EXPECT_EQ(test, d_inode(sub->d_parent)->i_nlink, 0);
	dput(sub);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 2);
	pft_expect_clean(test, &pft_fs);
}

/*
 * An entry's inode, and what its ->i_private keeps, outlive the removal as
 * long as a reference does: ->inode_evicted runs at the last dput().
 */
static void pft_lookup_outlives_removal(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pft_file(test, "f", NULL), *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	l = pseudofs_lookup(&pft_fs, "f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	pseudofs_remove(&pft_fs, d);
	/* the looked-up dentry and its inode stay valid until dput() */
	KUNIT_EXPECT_TRUE(test, d_unhashed(l));
	KUNIT_EXPECT_TRUE(test, S_ISREG(d_inode(l)->i_mode));
	KUNIT_EXPECT_PTR_EQ(test, d_inode(l)->i_private, (void *)&pft_data);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 0);
	dput(l);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 1);
	pft_expect_clean(test, &pft_fs);
}

/*
 * debugfs_change_name(), which stays debugfs's, its one user: an entry
 * takes a new name in its directory, with all that is below it.
 */
static void pft_change_name(struct kunit *test)
{
	static const char long_name[] = "a-name-too-long-to-be-kept-inline";
	struct dentry *top = pft_debugfs_dir(test), *a, *f, *sub, *r;
	unsigned int nlink;

	a = debugfs_create_dir("a", top);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(a));
	f = pft_debugfs_file(test, "f", a);
	sub = debugfs_create_dir("sub", a);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(sub));
	pft_debugfs_file(test, "in", sub);
	nlink = d_inode(top)->i_nlink;

	KUNIT_EXPECT_EQ(test, debugfs_change_name(f, "%s", "g"), 0);
	KUNIT_EXPECT_STREQ(test, f->d_name.name, "g");
	KUNIT_EXPECT_PTR_EQ(test, f->d_parent, a);
	pft_debugfs_expect_gone(test, "f", a);
	r = debugfs_lookup("g", a);
	KUNIT_EXPECT_PTR_EQ(test, r, f);
	if (!IS_ERR_OR_NULL(r))
		dput(r);
	/* a directory keeps what is in it, and the links stay */
	KUNIT_EXPECT_EQ(test, debugfs_change_name(sub, "%s", "moved"), 0);
	KUNIT_EXPECT_EQ(test, d_inode(a)->i_nlink, 3);
	r = debugfs_lookup("in", sub);
	KUNIT_EXPECT_NOT_NULL(test, r);
	if (!IS_ERR_OR_NULL(r))
		dput(r);
	/* a long name, kept outside the dentry, and back */
	KUNIT_EXPECT_EQ(test, debugfs_change_name(a, "%s", long_name), 0);
	KUNIT_EXPECT_STREQ(test, a->d_name.name, long_name);
	KUNIT_EXPECT_EQ(test, debugfs_change_name(a, "%s", "b"), 0);
	KUNIT_EXPECT_STREQ(test, a->d_name.name, "b");
	/* its own name is no change */
	KUNIT_EXPECT_EQ(test, debugfs_change_name(a, "%s", "b"), 0);
	KUNIT_EXPECT_STREQ(test, a->d_name.name, "b");
	/* the name is formatted */
	KUNIT_EXPECT_EQ(test, debugfs_change_name(a, "%c%d", 'c', 7), 0);
	KUNIT_EXPECT_STREQ(test, a->d_name.name, "c7");
	KUNIT_EXPECT_PTR_EQ(test, a->d_parent, top);
	r = debugfs_lookup("moved", a);
	KUNIT_EXPECT_PTR_EQ(test, r, sub);
	if (!IS_ERR_OR_NULL(r))
		dput(r);
	KUNIT_EXPECT_EQ(test, d_inode(top)->i_nlink, nlink);
}

static void pft_change_name_bad(struct kunit *test)
{
	struct dentry *a = pft_debugfs_dir(test), *sub, *f;
	char *long_name = kunit_kzalloc(test, NAME_MAX + 2, GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, long_name);
	memset(long_name, 'x', NAME_MAX + 1);
	sub = debugfs_create_dir("sub", a);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(sub));
	f = pft_debugfs_file(test, "f", a);

	KUNIT_EXPECT_EQ(test, debugfs_change_name(f, "%s", "sub"), -EEXIST);
	KUNIT_EXPECT_EQ(test, debugfs_change_name(sub, "%s", "f"), -EEXIST);
	for (i = 0; i < ARRAY_SIZE(pft_bad_names_params); i++) {
		const char *bad = pft_bad_names_params[i].str;

		KUNIT_EXPECT_EQ_MSG(test, debugfs_change_name(f, "%s", bad),
				    -EACCES, "name \"%s\"", bad);
	}
	KUNIT_EXPECT_EQ(test, debugfs_change_name(f, "%s", long_name),
			-ENAMETOOLONG);
	/* no entry: nothing to do, 0 as in stock debugfs */
	KUNIT_EXPECT_EQ(test, debugfs_change_name(NULL, "%s", "g"), 0);
	KUNIT_EXPECT_EQ(test, debugfs_change_name(ERR_PTR(-EIO), "%s", "g"), 0);
	/* nothing moved */
	KUNIT_EXPECT_STREQ(test, f->d_name.name, "f");
	KUNIT_EXPECT_STREQ(test, sub->d_name.name, "sub");
	KUNIT_EXPECT_PTR_EQ(test, f->d_parent, a);
	pft_debugfs_expect_gone(test, "g", a);
	/* a removed entry, held by its owner: -ENOENT */
	dget(f);
	debugfs_remove(f);
	KUNIT_EXPECT_EQ(test, debugfs_change_name(f, "%s", "g"), -ENOENT);
	KUNIT_EXPECT_STREQ(test, f->d_name.name, "f");
	pft_debugfs_expect_gone(test, "g", a);
	dput(f);
}

static const struct pseudofs_desc pft_fs_extra_desc = {
	.magic		= 0x70667433,
	.default_mode	= 0700,
};

static struct pseudofs pft_fs_extra = {
	.type.name	= "pseudofs_test_extra",
	.type.owner	= THIS_MODULE,
	.desc		= &pft_fs_extra_desc,
};

static void pft_register_twice(struct kunit *test)
{
	struct pseudofs_state *state = pft_fs.state;
	struct dentry *d;

	KUNIT_EXPECT_EQ(test, pseudofs_register(&pft_fs), -EBUSY);
	KUNIT_EXPECT_PTR_EQ(test, pft_fs.state, state);
	d = pft_file(test, "f", NULL);	/* still works */
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pseudofs_remove(&pft_fs, d);
	pft_expect_clean(test, &pft_fs);
}

static void pft_unregister_cycle(struct kunit *test)
{
	struct dentry *d, *l;

	KUNIT_EXPECT_EQ(test, pseudofs_unregister(&pft_fs_extra), -EINVAL);
	pft_register(test, &pft_fs_extra);
	d = pft_track(test, pseudofs_create_dir(&pft_fs_extra, "d", 0755, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	/* live entries: refused, and nothing changed */
	KUNIT_EXPECT_EQ(test, pseudofs_unregister(&pft_fs_extra), -EBUSY);
	KUNIT_EXPECT_TRUE(test, pseudofs_registered(&pft_fs_extra));
	KUNIT_EXPECT_NOT_NULL(test, pft_fs_extra.state);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs_extra), 1);
	/* a dentry still held, removed or not: refused too */
	l = pseudofs_lookup(&pft_fs_extra, "d", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	pseudofs_remove(&pft_fs_extra, d);
	KUNIT_EXPECT_EQ(test, pseudofs_unregister(&pft_fs_extra), -EBUSY);
	KUNIT_EXPECT_TRUE(test, pseudofs_registered(&pft_fs_extra));
	dput(l);
	KUNIT_EXPECT_EQ(test, pft_unregister(test, &pft_fs_extra), 0);
	KUNIT_EXPECT_FALSE(test, pseudofs_registered(&pft_fs_extra));
	KUNIT_EXPECT_NULL(test, pft_fs_extra.state);
	/* creating in an unregistered filesystem fails cleanly */
	d = pseudofs_create_dir(&pft_fs_extra, "d", 0755, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, d)), -ENOENT);
	/* and it can come back */
	pft_register(test, &pft_fs_extra);
	KUNIT_EXPECT_EQ(test, pft_unregister(test, &pft_fs_extra), 0);
}

static const struct inode_operations pft_get_link_ops = {
	.get_link	= simple_get_link,
};

/*
 * A symlink has the inode operations it is created with, else
 * simple_symlink_inode_operations (pft_create_symlink): with a target, or
 * with operations that make it up.
 */
static void pft_symlink_iops(struct kunit *test)
{
	struct dentry *l, *m;

	l = pft_track(test, pseudofs_create_symlink(&pft_fs, "l", 0444, NULL,
						    "d", &pft_get_link_ops));
	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	KUNIT_EXPECT_EQ(test, d_inode(l)->i_mode, S_IFLNK | 0444);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(l)->i_op, &pft_get_link_ops);
	KUNIT_EXPECT_STREQ(test, d_inode(l)->i_link, "d");
	m = pft_track(test, pseudofs_create_symlink(&pft_fs, "m", 0444, NULL,
						    NULL, &pft_get_link_ops));
	KUNIT_ASSERT_FALSE(test, IS_ERR(m));
	KUNIT_EXPECT_NULL(test, d_inode(m)->i_link);
	/* no target and nothing to make one up; a type in the mode */
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "x", 0777,
							      NULL, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "x",
							      S_IFLNK | 0777,
							      NULL, "d", NULL)),
			-EINVAL);
	pft_expect_gone(test, "x", NULL);
	pseudofs_remove(&pft_fs, l);	/* frees its copy of the target */
	pseudofs_remove(&pft_fs, m);
	pft_expect_clean(test, &pft_fs);
}

/*
 * mkdir(2) of @name in @parent as the VFS makes it: the parent locked and
 * the name looked up, vfs_mkdir(), which on error ends the creation itself,
 * then the end of the creation.
 */
static int pft_vfs_mkdir(struct dentry *parent, const char *name)
{
	struct dentry *d = start_creating_noperm(parent, &QSTR(name));

	if (IS_ERR(d))
		return PTR_ERR(d);
	d = vfs_mkdir(&nop_mnt_idmap, d_inode(parent), d, 0755, NULL);
	end_creating(d);
	return PTR_ERR_OR_ZERO(d);
}

/* rmdir(2) of @name in @parent as the VFS makes it; -ENOENT if none */
static int pft_vfs_rmdir(struct dentry *parent, const char *name)
{
	struct dentry *d = start_removing_noperm(parent, &QSTR(name));
	int err;

	if (IS_ERR(d))
		return PTR_ERR(d);
	err = vfs_rmdir(&nop_mnt_idmap, d_inode(parent), d, NULL);
	end_removing(d);
	return err;
}

static void pft_user_dir_mkdir_rmdir(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *u, *x, *f;

	u = pft_track(test, pseudofs_create_user_dir(&pft_fs, "u", 0750, NULL,
						     NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	KUNIT_EXPECT_EQ(test, d_inode(u)->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, st->mkdirs, 1);
	KUNIT_EXPECT_STREQ(test, st->name, "x");
	KUNIT_EXPECT_FALSE(test, st->dir_locked);
	/* the directory is locked again, as the VFS left it */
	KUNIT_EXPECT_FALSE(test, inode_is_locked(d_inode(u)));
	x = pseudofs_lookup(&pft_fs, "x", u);
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_TRUE(test, d_is_dir(x));
	f = pseudofs_lookup(&pft_fs, "f", x);
	KUNIT_EXPECT_FALSE(test, IS_ERR(f));
	if (!IS_ERR(f))
		dput(f);
	dput(x);
	/* mkdir of an existing name: the VFS says so, no hook */
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "x"), -EEXIST);
	KUNIT_EXPECT_EQ(test, st->mkdirs, 1);

	KUNIT_EXPECT_EQ(test, pft_vfs_rmdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, st->rmdirs, 1);
	KUNIT_EXPECT_STREQ(test, st->name, "x");
	KUNIT_EXPECT_FALSE(test, st->dir_locked);
	KUNIT_EXPECT_FALSE(test, st->victim_locked);
	pft_expect_gone(test, "x", u);
	KUNIT_EXPECT_EQ(test, d_inode(u)->i_nlink, 2);
	pseudofs_remove(&pft_fs, u);
	pft_expect_clean(test, &pft_fs);
}

static void pft_user_dir_errors(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *u, *d, *k;

	u = pft_track(test, pseudofs_create_user_dir(&pft_fs, "u", 0755, NULL,
						     NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	/* the hook's error reaches mkdir(2), and nothing is left */
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "busy"), -EBUSY);
	KUNIT_EXPECT_EQ(test, st->mkdirs, 1);
	pft_expect_gone(test, "busy", u);
	/* and rmdir(2)'s, with the directory still there */
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "keep"), 0);
	KUNIT_EXPECT_EQ(test, pft_vfs_rmdir(u, "keep"), -EPERM);
	k = pseudofs_lookup(&pft_fs, "keep", u);
	KUNIT_EXPECT_FALSE(test, IS_ERR(k));
	if (!IS_ERR(k))
		dput(k);
	/* directories not made by pseudofs_create_user_dir(): no mkdir(2) */
	d = pft_dir(test, "d", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(d, "x"), -EPERM);
	KUNIT_EXPECT_EQ(test, st->mkdirs, 2);
	/* bad arguments, and a filesystem without a mkdir hook */
	k = pseudofs_create_user_dir(&pft_fs, "v", S_IFREG | 0755, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, k)), -EINVAL);
	k = pseudofs_create_user_dir(&pft_fs, "a/b", 0755, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, k)), -EACCES);
	/* one below another directory works, and goes with it */
	k = pseudofs_create_user_dir(&pft_fs, "v", 0755, d, NULL);
	KUNIT_EXPECT_FALSE(test, IS_ERR(pft_track(test, k)));
	pseudofs_remove(&pft_fs, d);
	pseudofs_remove(&pft_fs, u);
	pft_expect_clean(test, &pft_fs);
}

/* A user directory needs both hooks; rmdir(2) is what ->user_rmdir does */
static void pft_user_dir_hooks(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct dentry *u;

	u = pseudofs_create_user_dir(&pft_fs_all, "u", 0755, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, u)), -EINVAL);
	u = pft_track(test, pseudofs_create_user_dir(&pft_fs, "u", 0755, NULL,
						     NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 3);
	KUNIT_EXPECT_EQ(test, pft_vfs_rmdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, st->rmdirs, 1);
	KUNIT_EXPECT_EQ(test, pft_gone(st), 2);
	KUNIT_EXPECT_EQ(test, d_inode(u)->i_nlink, 2);
	pseudofs_remove(&pft_fs, u);
	pft_expect_clean(test, &pft_fs);
}

/* A filesystem's own operations for a user directory, the hooks' inside */
static int pft_own_getattr(struct mnt_idmap *idmap, const struct path *path,
			   struct kstat *stat, u32 request_mask,
			   unsigned int flags)
{
	generic_fillattr(idmap, request_mask, d_inode(path->dentry), stat);
	stat->size = 4242;
	return 0;
}

static const struct inode_operations pft_own_user_dir_iops = {
	.lookup		= simple_lookup,
	.mkdir		= pseudofs_user_dir_mkdir,
	.rmdir		= pseudofs_user_dir_rmdir,
	.getattr	= pft_own_getattr,
};

static void pft_user_dir_own_iops(struct kunit *test)
{
	struct pft_state *st = test->priv;
	struct path path = { .mnt = pft_mnt(&pft_fs) };
	struct kstat stat;
	struct dentry *u;

	u = pft_track(test, pseudofs_create_user_dir(&pft_fs, "u", 0755, NULL,
						     &pft_own_user_dir_iops));
	KUNIT_ASSERT_FALSE(test, IS_ERR(u));
	KUNIT_EXPECT_PTR_EQ(test, d_inode(u)->i_op, &pft_own_user_dir_iops);
	path.dentry = u;
	KUNIT_EXPECT_EQ(test, vfs_getattr(&path, &stat, STATX_BASIC_STATS,
					  AT_STATX_SYNC_AS_STAT), 0);
	KUNIT_EXPECT_EQ(test, stat.size, 4242);
	KUNIT_EXPECT_EQ(test, pft_vfs_mkdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, st->mkdirs, 1);
	KUNIT_EXPECT_EQ(test, pft_vfs_rmdir(u, "x"), 0);
	KUNIT_EXPECT_EQ(test, st->rmdirs, 1);
	pseudofs_remove(&pft_fs, u);
	pft_expect_clean(test, &pft_fs);
}

static const struct pseudofs_desc pft_fs_noopt_desc = {
	.magic		= 0x70667434,
	.default_mode	= 0755,
	.options	= PSEUDOFS_OPTIONS_NONE,
};

static struct pseudofs pft_fs_noopt = {
	.type.name	= "pseudofs_test_noopt",
	.type.owner	= THIS_MODULE,
	.desc		= &pft_fs_noopt_desc,
};

/*
 * PSEUDOFS_OPTIONS_NONE: every option refused, as by a filesystem without
 * ->parse_param, and nothing shown; no user directories without a hook.
 */
static void pft_no_options(struct kunit *test)
{
	char opts[] = "mode=700";
	struct vfsmount *mnt;
	struct dentry *u;

	pft_register(test, &pft_fs_noopt);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs_noopt, "source", "x",
					NULL), 0);
	mnt = pft_mount(test, &pft_fs_noopt, opts);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mnt), -EINVAL);
	KUNIT_EXPECT_EQ(test, pft_reconfigure(pft_mnt(&pft_fs_noopt)->mnt_sb,
					      "uid", "0"), -EINVAL);
	KUNIT_EXPECT_EQ(test, d_inode(pft_mnt(&pft_fs_noopt)->mnt_root)->i_mode,
			S_IFDIR | 0755);
	KUNIT_EXPECT_STREQ(test, pft_show(test, pft_mnt(&pft_fs_noopt)->mnt_root),
			   "");
	/* even options that were somehow set are not shown */
	pft_opts(pft_mnt(&pft_fs_noopt)->mnt_sb)->mode = 0700;
	KUNIT_EXPECT_STREQ(test, pft_show(test, pft_mnt(&pft_fs_noopt)->mnt_root),
			   "");
	u = pseudofs_create_user_dir(&pft_fs_noopt, "u", 0755, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_track(test, u)), -EINVAL);
	KUNIT_EXPECT_EQ(test, pft_unregister(test, &pft_fs_noopt), 0);
}

/* Every key, known to other filesystems or not. */
static const struct pft_str_param pft_no_options_keys[] = {
	{ .desc = "uid",	.str = "uid" },
	{ .desc = "gid",	.str = "gid" },
	{ .desc = "mode",	.str = "mode" },
	{ .desc = "unknown",	.str = "bogus" },
};

KUNIT_ARRAY_PARAM_DESC(pft_no_options_refused, pft_no_options_keys, desc);

/* PSEUDOFS_OPTIONS_NONE: each key is refused at parse time. */
static void pft_no_options_refused(struct kunit *test)
{
	const struct pft_str_param *p = test->param_value;

	pft_register(test, &pft_fs_noopt);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs_noopt, p->str, "700",
					NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, pft_unregister(test, &pft_fs_noopt), 0);
}

/*
 * pseudofs_test_own takes no uid=, gid= or mode= from the library and
 * parses every option itself, as pstore does: size= when it parses, and
 * anything else, a bad size= too, ignored ("source" never comes).  size= is
 * kept per superblock; the context holds it as parsed.
 */
struct pft_own_opts {
	u32 size;
	bool given;
};

static const struct fs_parameter_spec pft_own_params[] = {
	fsparam_u32("size", 0),
	{}
};

/* Note @key in what @st saw, after a ',' if it saw something before. */
static void pft_saw(struct pft_state *st, const char *key)
{
	size_t len = strlen(st->keys);

	scnprintf(st->keys + len, sizeof(st->keys) - len, "%s%s",
		  len ? "," : "", key);
}

static int pft_own_parse(struct fs_context *fc, struct fs_parameter *param)
{
	struct pft_own_opts *opts = pseudofs_fc_data(fc);
	struct fs_parse_result result;

	if (pft_live)
		pft_saw(pft_live, param->key);
	if (fs_parse(fc, pft_own_params, param, &result) == 0) {
		opts->size = result.uint_32;
		opts->given = true;
	}
	return 0;
}

static int pft_own_apply(struct super_block *sb, struct fs_context *fc,
			 bool fresh)
{
	struct pft_own_opts *opts = pseudofs_fc_data(fc);
	u32 *size = pseudofs_instance_data(sb);

	if (pft_live) {
		pft_live->applies++;
		pft_live->applied_fresh += fresh;
	}
	if (fresh || opts->given)
		*size = opts->size;
	return 0;
}

static int pft_own_show(struct seq_file *m, struct dentry *root)
{
	seq_printf(m, ",size=%u", *(u32 *)pseudofs_instance_data(root->d_sb));
	return 0;
}

static const struct pseudofs_operations pft_own_ops = {
	.parse_param	= pft_own_parse,
	.apply_options	= pft_own_apply,
	.show_options	= pft_own_show,
};

static const struct pseudofs_desc pft_fs_own_desc = {
	.magic		= 0x70667435,
	.default_mode	= 0750,
	.options	= PSEUDOFS_OPTIONS_NONE,
	.fc_size	= sizeof(struct pft_own_opts),
	.instance_size	= sizeof(u32),
	.ops		= &pft_own_ops,
};

static struct pseudofs pft_fs_own = {
	.type.name	= "pseudofs_test_own",
	.type.owner	= THIS_MODULE,
	.desc		= &pft_fs_own_desc,
};

/*
 * PSEUDOFS_OPTIONS_NONE with ->parse_param: the filesystem sees every
 * option, uid=, gid= and mode= too, and what it takes is what counts: the
 * library applies none of them.  The single superblock was made fresh by
 * the internal mount; a user mount finds it in use, as a remount does.
 * "source" is the VFS's (the library gives it there first), and only
 * ->show_options shows.
 */
static void pft_options_none_own(struct kunit *test)
{
	char opts[] = "uid=5,mode=777,size=abc,bogus,size=42";
	struct pft_state *st = test->priv;
	struct vfsmount *mnt;
	struct super_block *sb;
	struct inode *root;
	u32 *size;

	pft_register(test, &pft_fs_own);
	sb = pft_mnt(&pft_fs_own)->mnt_sb;
	root = d_inode(sb->s_root);
	size = pseudofs_instance_data(sb);
	KUNIT_EXPECT_EQ(test, st->applies, 1);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_STREQ(test, st->keys, "");
	KUNIT_EXPECT_EQ(test, *size, 0);

	st->keys[0] = '\0';
	mnt = pft_mount(test, &pft_fs_own, opts);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	KUNIT_EXPECT_PTR_EQ(test, mnt->mnt_sb, sb);
	KUNIT_EXPECT_STREQ(test, st->keys, "uid,mode,size,bogus,size");
	KUNIT_EXPECT_EQ(test, st->applies, 2);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, *size, 42);
	KUNIT_EXPECT_EQ(test, pft_opts(sb)->set, 0);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_TRUE(test, uid_eq(root->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_STREQ(test, pft_show(test, sb->s_root), ",size=42");

	KUNIT_EXPECT_EQ(test, pft_reconfigure(sb, "size", "-1"), 0);
	KUNIT_EXPECT_EQ(test, pft_reconfigure(sb, "gid", "7"), 0);
	KUNIT_EXPECT_EQ(test, *size, 42);
	KUNIT_EXPECT_TRUE(test, gid_eq(root->i_gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, pft_reconfigure(sb, "size", "0x10"), 0);
	KUNIT_EXPECT_EQ(test, *size, 16);
	KUNIT_EXPECT_EQ(test, st->applies, 5);
	KUNIT_EXPECT_EQ(test, st->applied_fresh, 1);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs_own, "source", "x", NULL),
			0);
	kunit_release_action(test, pft_mntput, mnt);
	KUNIT_EXPECT_EQ(test, pft_unregister(test, &pft_fs_own), 0);
}

/* Threads racing on one parent. */
struct pft_race {
	struct pseudofs *pfs;
	struct dentry *parent;
	atomic_t created, exists, removed_ok, lookups, shared;
	atomic_t go, finished;
	int rounds;
};

/* Start together with the other threads of @r. */
static void pft_race_start(struct pft_race *r, int nr)
{
	atomic_inc(&r->go);
	while (atomic_read(&r->go) < nr)
		cond_resched();
}

/* Say this thread is done, then wait for kthread_stop(). */
static int pft_race_done(struct pft_race *r)
{
	atomic_inc(&r->finished);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static struct dentry *pft_race_create(struct pft_race *r, const char *name)
{
	struct dentry *d;

	d = pseudofs_create_file(r->pfs, name, 0644, r->parent, NULL, PSEUDOFS_PROXY_NONE,
				 NULL);
	if (!IS_ERR(d))
		atomic_inc(&r->created);
	else if (PTR_ERR(d) == -EEXIST)
		atomic_inc(&r->exists);
	return d;
}

/* Create "same" in every round: exactly one of two threads may win. */
static int pft_race_same_name(void *data)
{
	struct pft_race *r = data;
	int i;

	pft_race_start(r, 2);
	for (i = 0; i < r->rounds; i++) {
		char name[16];

		snprintf(name, sizeof(name), "same%d", i);
		pft_race_create(r, name);
	}
	return pft_race_done(r);
}

/* Run @fn[0..nr-1] in threads on @r and wait until all are done. */
static void pft_race_run(struct kunit *test, int (* const *fn)(void *),
			 struct pft_race *r, int nr)
{
	struct task_struct *t[4];
	int i, started;

	KUNIT_ASSERT_LE(test, nr, ARRAY_SIZE(t));
	for (started = 0; started < nr; started++) {
		t[started] = kthread_run(fn[started], r, "pft_race/%d", started);
		if (IS_ERR(t[started]))
			break;
	}
	/* a thread that never started would never finish */
	if (started == nr)
		while (atomic_read(&r->finished) < nr)
			schedule_timeout_uninterruptible(1);
	for (i = 0; i < started; i++)
		kthread_stop(t[i]);
	KUNIT_ASSERT_EQ(test, started, nr);
}

/* mkdir(2) and rmdir(2) of the same few names in a user directory */
static int pft_race_user_dir(void *data)
{
	struct pft_race *r = data;
	char name[8];
	int i;

	pft_race_start(r, 2);
	for (i = 0; i < r->rounds; i++) {
		snprintf(name, sizeof(name), "n%d", i % 4);
		if (!pft_vfs_mkdir(r->parent, name))
			atomic_inc(&r->created);
		if (!pft_vfs_rmdir(r->parent, name))
			atomic_inc(&r->removed_ok);
	}
	return pft_race_done(r);
}

static void pft_user_dir_race(struct kunit *test)
{
	static int (* const fn[])(void *) = {
		pft_race_user_dir, pft_race_user_dir,
	};
	struct pft_race r = { .pfs = &pft_fs, .rounds = 300 };

	r.parent = pseudofs_create_user_dir(&pft_fs, "u", 0755, NULL, NULL);
	pft_track(test, r.parent);
	KUNIT_ASSERT_FALSE(test, IS_ERR(r.parent));
	pft_race_run(test, fn, &r, 2);
	/* whatever the interleaving: every directory made was removed once */
	KUNIT_EXPECT_GT(test, atomic_read(&r.created), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&r.created),
			atomic_read(&r.removed_ok));
	KUNIT_EXPECT_TRUE(test, simple_empty(r.parent));
	KUNIT_EXPECT_EQ(test, d_inode(r.parent)->i_nlink, 2);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), 1);
	pseudofs_remove(&pft_fs, r.parent);
	pft_expect_clean(test, &pft_fs);
}

static void pft_same_name_race(struct kunit *test)
{
	static int (* const fn[])(void *) = {
		pft_race_same_name, pft_race_same_name,
	};
	struct pft_race r = { .pfs = &pft_fs, .rounds = 200 };
	struct pft_state *st = test->priv;
	struct dentry *d;
	int i;

	r.parent = pft_dir(test, "race", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(r.parent));
	pft_race_run(test, fn, &r, 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&r.created), r.rounds);
	KUNIT_EXPECT_EQ(test, atomic_read(&r.exists), r.rounds);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs), r.rounds + 1);
	for (i = 0; i < r.rounds; i++) {
		char name[16];

		snprintf(name, sizeof(name), "same%d", i);
		d = pseudofs_lookup(&pft_fs, name, r.parent);
		KUNIT_EXPECT_FALSE(test, IS_ERR(d));
		if (!IS_ERR(d))
			dput(d);
	}
	pseudofs_remove(&pft_fs, r.parent);
	KUNIT_EXPECT_EQ(test, pft_gone(st), r.rounds + 1);
	pft_expect_clean(test, &pft_fs);
}

/*
 * Create, look up and remove one's own names.  Remove "shared" when it is
 * there, holding it a tick first so that the other thread often finds it
 * too and removes it second; make it when it is not.
 */
static int pft_race_churn(void *data)
{
	struct pft_race *r = data;
	int i;

	for (i = 0; i < r->rounds; i++) {
		char name[24];
		struct dentry *d, *l;

		snprintf(name, sizeof(name), "c%d-%d", task_pid_nr(current),
			 i % 8);
		d = pft_race_create(r, name);
		l = pseudofs_lookup(r->pfs, name, r->parent);
		if (!IS_ERR(l)) {
			atomic_inc(&r->lookups);
			dput(l);
		}
		l = pseudofs_lookup(r->pfs, "shared", r->parent);
		if (!IS_ERR(l)) {
			schedule_timeout_uninterruptible(1);
			pseudofs_remove(r->pfs, l);
			dput(l);
		} else if (!IS_ERR(pseudofs_create_dir(r->pfs, "shared", 0755,
						       r->parent))) {
			atomic_inc(&r->shared);
		}
		if (!IS_ERR_OR_NULL(d))
			pseudofs_remove(r->pfs, d);
		cond_resched();
	}
	return pft_race_done(r);
}

static int pft_race_remount(void *data)
{
	struct pft_race *r = data;
	struct super_block *sb = r->parent->d_sb;
	int i;

	for (i = 0; i < r->rounds; i++) {
		char gid[8];

		snprintf(gid, sizeof(gid), "%d", 100 + i % 2);
		pft_reconfigure(sb, "gid", gid);
		cond_resched();
	}
	return pft_race_done(r);
}

/*
 * Two threads make, look up and remove entries, and both remove "shared"
 * whenever they find it, while a third remounts.  Every entry is removed
 * once whichever thread gets there first: the directory keeps a link for
 * "shared" only if it is left (a second remover dropping the link again
 * would take it below), every entry removed went once its last reference
 * did (->inode_evicted, counted atomically), and nothing but "shared" and
 * the directory stays.
 */
static void pft_churn_remount_race(struct kunit *test)
{
	static int (* const fn[])(void *) = {
		pft_race_churn, pft_race_churn, pft_race_remount,
	};
	struct pft_race r = { .pfs = &pft_fs_all, .rounds = 300 };
	struct pft_state *st = test->priv;
	int gone = pft_gone(st), left;
	struct dentry *d, *shared;

	r.parent = pft_track(test, pseudofs_create_dir(&pft_fs_all, "race", 0755,
						       NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(r.parent));
	pft_race_run(test, fn, &r, ARRAY_SIZE(fn));
	KUNIT_EXPECT_EQ(test, atomic_read(&r.exists), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&r.lookups), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&r.shared), 1);
	shared = pseudofs_lookup(&pft_fs_all, "shared", r.parent);
	left = !IS_ERR(shared);
	KUNIT_EXPECT_EQ(test, pft_gone(st) - gone,
			atomic_read(&r.created) + atomic_read(&r.shared) - left);
	KUNIT_EXPECT_EQ(test, d_inode(r.parent)->i_nlink, 2 + left);
	KUNIT_EXPECT_EQ(test, pft_entries(&pft_fs_all), 1 + left);
	/* the last remount reached every inode left */
	d = pft_track(test, pseudofs_create_file(&pft_fs_all, "after", 0644,
						 r.parent, NULL, PSEUDOFS_PROXY_NONE, NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "gid", "4242"), 0);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, d_inode(d)->i_gid), 4242);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns,
					d_inode(r.parent)->i_gid), 4242);
	if (left) {
		KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns,
						d_inode(shared)->i_gid), 4242);
		dput(shared);
	}
	pseudofs_remove(&pft_fs_all, r.parent);
	pft_expect_clean(test, &pft_fs_all);
}

/* Create files and keep them, while another thread remounts. */
static int pft_race_create_keep(void *data)
{
	struct pft_race *r = data;
	int i;

	pft_race_start(r, 3);
	for (i = 0; i < r->rounds; i++) {
		char name[24];

		snprintf(name, sizeof(name), "k%d-%d", task_pid_nr(current), i);
		pft_race_create(r, name);
		cond_resched();
	}
	return pft_race_done(r);
}

static int pft_race_remount_gid(void *data)
{
	struct pft_race *r = data;
	int i;

	pft_race_start(r, 3);
	for (i = 0; i < r->rounds; i++) {
		char gid[8];

		snprintf(gid, sizeof(gid), "%d", 100 + i % 2);
		pft_reconfigure(r->parent->d_sb, "gid", gid);
		cond_resched();
	}
	return pft_race_done(r);
}

/*
 * Entries made while remounts run end with the owner of the last one:
 * each new inode takes the owner in force, and a walk that meets it
 * unfinished still gives it the new one.
 */
static void pft_create_remount_race(struct kunit *test)
{
	static int (* const fn[])(void *) = {
		pft_race_create_keep, pft_race_create_keep,
		pft_race_remount_gid,
	};
	struct pft_race r = { .pfs = &pft_fs_all, .rounds = 200 };
	kgid_t last = KGIDT_INIT(100 + (r.rounds - 1) % 2);
	int wrong = 0, seen = 0;
	struct dentry *d;

	r.parent = pft_track(test, pseudofs_create_dir(&pft_fs_all, "race", 0755,
						       NULL));
	KUNIT_ASSERT_FALSE(test, IS_ERR(r.parent));
	pft_race_run(test, fn, &r, ARRAY_SIZE(fn));
	KUNIT_EXPECT_EQ(test, atomic_read(&r.created), 2 * r.rounds);
	spin_lock(&r.parent->d_lock);
	hlist_for_each_entry(d, &r.parent->d_children, d_sib) {
		if (!simple_positive(d))
			continue;
		seen++;
		wrong += !gid_eq(d_inode(d)->i_gid, last);
	}
	spin_unlock(&r.parent->d_lock);
	KUNIT_EXPECT_EQ(test, seen, 2 * r.rounds);
	KUNIT_EXPECT_EQ(test, wrong, 0);
	pseudofs_remove(&pft_fs_all, r.parent);
	pft_expect_clean(test, &pft_fs_all);
}

/* Two threads remove the same tree, again and again. */
static int pft_race_remove(void *data)
{
	struct pft_race *r = data;

	pft_race_start(r, 2);
	pseudofs_remove(r->pfs, r->parent);
	return pft_race_done(r);
}

static void pft_remove_race(struct kunit *test)
{
	static int (* const fn[])(void *) = {
		pft_race_remove, pft_race_remove,
	};
	struct inode *root = d_inode(pft_mnt(&pft_fs)->mnt_root);
	struct pft_state *st = test->priv;
	int i;

	for (i = 0; i < 50; i++) {
		struct pft_race r = { .pfs = &pft_fs };
		int gone = pft_gone(st), below, all;
		struct dentry *sub;

		r.parent = pft_dir(test, "victim", NULL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(r.parent));
		sub = pft_dir(test, "sub", r.parent);
		KUNIT_ASSERT_FALSE(test, IS_ERR(sub));
		KUNIT_ASSERT_FALSE(test, IS_ERR(pft_file(test, "f", sub)));
		dget(r.parent);
		pft_race_run(test, fn, &r, 2);
		/* "sub" and "f" went; "victim" stays while we hold it */
		below = pft_gone(st) - gone;
		KUNIT_EXPECT_EQ(test, below, 2);
		KUNIT_EXPECT_EQ(test, root->i_nlink, 2);
		dput(r.parent);
		all = pft_gone(st) - gone;
		KUNIT_EXPECT_EQ(test, all, 3);
		if (below != 2 || all != 3 || root->i_nlink != 2)
			break;
	}
	pft_expect_clean(test, &pft_fs);
}

static int pft_suite_init(struct kunit_suite *suite)
{
	int err = pseudofs_register(&pft_fs);

	if (!err) {
		err = pseudofs_register(&pft_fs_all);
		if (err)
			pseudofs_unregister(&pft_fs);
	}
	return err;
}

static void pft_suite_exit(struct kunit_suite *suite)
{
	WARN_ON(pseudofs_unregister(&pft_fs_all));
	WARN_ON(pseudofs_unregister(&pft_fs));
}

static struct kunit_case pseudofs_test_cases[] = {
	KUNIT_CASE(pft_create_file),
	KUNIT_CASE(pft_create_file_mode),
	KUNIT_CASE(pft_create_dir),
	KUNIT_CASE(pft_create_dir_mode),
	KUNIT_CASE(pft_create_symlink),
	KUNIT_CASE(pft_symlink_bad_target),
	KUNIT_CASE(pft_create_automount),
	KUNIT_CASE(pft_eexist),
	KUNIT_CASE(pft_create_in_removed_dir),
	KUNIT_CASE(pft_err_parent),
	KUNIT_CASE(pft_null_parent_is_root),
	KUNIT_CASE(pft_parent_not_dir),
	KUNIT_CASE(pft_parent_other_fs),
	KUNIT_CASE_PARAM(pft_bad_names, pft_bad_names_gen_params),
	KUNIT_CASE(pft_bad_name_pointers),
	KUNIT_CASE(pft_debugfs_error_parent),
	KUNIT_CASE(pft_lookup_bad),
	KUNIT_CASE(pft_lookup_nested),
	KUNIT_CASE(pft_create_over_negative),
	KUNIT_CASE(pft_no_permission_check),
	KUNIT_CASE(pft_remove_twice_via_lookup),
	KUNIT_CASE_SLOW(pft_deep_tree),
	KUNIT_CASE_SLOW(pft_wide_tree),
	KUNIT_CASE(pft_failed_creating),
	KUNIT_CASE(pft_manual_creating),
	KUNIT_CASE(pft_inode_struct),
	KUNIT_CASE(pft_parse_uid_gid),
	KUNIT_CASE_PARAM(pft_parse_bad_uid_gid,
			 pft_parse_bad_uid_gid_gen_params),
	KUNIT_CASE_PARAM(pft_parse_mode, pft_parse_mode_gen_params),
	KUNIT_CASE_PARAM(pft_parse_bad_mode, pft_parse_bad_mode_gen_params),
	KUNIT_CASE(pft_parse_unknown),
	KUNIT_CASE(pft_parse_source),
	KUNIT_CASE(pft_mount_options),
	KUNIT_CASE(pft_mount_bad_option),
	KUNIT_CASE(pft_remount_root_only),
	KUNIT_CASE(pft_remount_all),
	KUNIT_CASE(pft_remount_bad_keeps_old),
	KUNIT_CASE(pft_show_options_round_trip),
	KUNIT_CASE(pft_options_outlive_entries),
	KUNIT_CASE(pft_name_too_long),
	KUNIT_CASE(pft_dot_names),
	KUNIT_CASE(pft_remove_dir_twice),
	KUNIT_CASE(pft_remove_child_after_parent),
	KUNIT_CASE(pft_lookup_outlives_removal),
	KUNIT_CASE(pft_change_name),
	KUNIT_CASE(pft_change_name_bad),
	KUNIT_CASE(pft_register_twice),
	KUNIT_CASE(pft_unregister_cycle),
	KUNIT_CASE(pft_symlink_iops),
	KUNIT_CASE(pft_user_dir_mkdir_rmdir),
	KUNIT_CASE(pft_user_dir_errors),
	KUNIT_CASE(pft_user_dir_hooks),
	KUNIT_CASE(pft_user_dir_own_iops),
	KUNIT_CASE(pft_no_options),
	KUNIT_CASE_PARAM(pft_no_options_refused,
			 pft_no_options_refused_gen_params),
	KUNIT_CASE(pft_options_none_own),
	KUNIT_CASE(pft_user_dir_race),
	KUNIT_CASE(pft_same_name_race),
	KUNIT_CASE_SLOW(pft_churn_remount_race),
	KUNIT_CASE(pft_create_remount_race),
	KUNIT_CASE(pft_remove_race),
	{}
};

static struct kunit_suite pseudofs_test_suite = {
	.name		= "libpseudofs",
	.init		= pft_init,
	.suite_init	= pft_suite_init,
	.suite_exit	= pft_suite_exit,
	.test_cases	= pseudofs_test_cases,
};

/*
 * Allocation failures, one by one: the suite "libpseudofs_fault" fails the
 * first, then the second, ... slab allocation of each operation through
 * the task's fail-nth counter (CONFIG_FAILSLAB), until the operation gets
 * through.  Every failure must come back as an error with nothing created
 * and the options unchanged.
 *
 * failslab ignores the allocations that may sleep (GFP_KERNEL) until its
 * debugfs file "ignore-gfp-wait" is N, which userspace would write; the
 * suite sets it itself for its run, and puts it back at its end.  Nothing
 * fails at random: the probability stays 0, and only this task's fail-nth
 * counter fails allocations.
 */

/**
 * struct pft_failslab - failslab's settings the suite changes
 * @ignore_gfp_wait: failslab's "ignore-gfp-wait"
 * @verbose: failslab's "verbose"
 * @old_ignore_gfp_wait: its value before the suite
 * @old_verbose: its value before the suite
 * @why: why the cases cannot run, or NULL when failslab is armed
 */
struct pft_failslab {
	bool *ignore_gfp_wait;
	unsigned long *verbose;
	bool old_ignore_gfp_wait;
	unsigned long old_verbose;
	const char *why;
};

static struct pft_failslab pft_failslab;

/*
 * The variable a file of debugfs directory @dir reads and writes: the
 * debugfs_create_bool() and debugfs_create_file() families keep it in the
 * inode's ->i_private.  (kernel_write() cannot write these files: they
 * have ->write but no ->write_iter.)
 */
static void *pft_debugfs_value(struct dentry *dir, const char *name)
{
	struct dentry *d = debugfs_lookup(name, dir);
	void *value;

	if (IS_ERR_OR_NULL(d))
		return NULL;
	value = d_inode(d)->i_private;
	dput(d);
	return value;
}

/*
 * Arm failslab for the fail-nth counter: "ignore-gfp-wait" N, "verbose" 0
 * (no report and stack dump per failure), as the old values are kept.
 */
static void pft_failslab_arm(void)
{
	struct pft_failslab *fs = &pft_failslab;
	unsigned long *probability;
	struct dentry *dir;

	if (!IS_ENABLED(CONFIG_FAILSLAB) ||
	    !IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)) {
		fs->why = "needs CONFIG_FAILSLAB and CONFIG_FAULT_INJECTION_DEBUG_FS";
		return;
	}
	dir = debugfs_lookup("failslab", NULL);
	if (IS_ERR_OR_NULL(dir)) {
		fs->why = "no failslab directory in debugfs";
		return;
	}
	fs->ignore_gfp_wait = pft_debugfs_value(dir, "ignore-gfp-wait");
	fs->verbose = pft_debugfs_value(dir, "verbose");
	probability = pft_debugfs_value(dir, "probability");
	dput(dir);
	if (!fs->ignore_gfp_wait || !fs->verbose || !probability) {
		fs->why = "failslab's debugfs files are missing";
		return;
	}
	if (READ_ONCE(*probability)) {
		fs->why = "failslab's probability is not 0: failures would be random";
		return;
	}
	fs->old_ignore_gfp_wait = READ_ONCE(*fs->ignore_gfp_wait);
	fs->old_verbose = READ_ONCE(*fs->verbose);
	WRITE_ONCE(*fs->verbose, 0);
	WRITE_ONCE(*fs->ignore_gfp_wait, false);
	fs->why = NULL;
}

/* Put back what pft_failslab_arm() changed. */
static void pft_failslab_disarm(void)
{
	struct pft_failslab *fs = &pft_failslab;

	if (fs->why)
		return;
	WRITE_ONCE(*fs->ignore_gfp_wait, fs->old_ignore_gfp_wait);
	WRITE_ONCE(*fs->verbose, fs->old_verbose);
	fs->why = "failslab disarmed";
}

/* Whether fail-nth fails GFP_KERNEL slab allocations of this task. */
static bool pft_failslab_armed(void)
{
#ifdef CONFIG_FAILSLAB
	void *p;

	WRITE_ONCE(current->fail_nth, 1);
	p = kmalloc(8, GFP_KERNEL);
	WRITE_ONCE(current->fail_nth, 0);
	kfree(p);
	return !p;
#else
	return false;
#endif
}

static void pft_fail_nth(unsigned int n)
{
#ifdef CONFIG_FAILSLAB
	WRITE_ONCE(current->fail_nth, n);
#endif
}

static unsigned int pft_fail_left(void)
{
	unsigned int left = 0;

#ifdef CONFIG_FAILSLAB
	left = READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
#endif
	return left;
}

/*
 * A fresh state and the options reset; each operation of the library runs
 * in directory "p" that holds file "f" (debugfs's own in a directory of
 * debugfs: see struct pft_fault_op).
 */
static int pft_fault_init(struct kunit *test)
{
	struct pft_state *st;
	int err;

	pft_reset_options(&pft_fs);
	err = pft_state_init(test) ?:
	      kunit_add_action_or_reset(test, pft_cleanup, &pft_fs);
	if (err)
		return err;
	st = test->priv;
	st->parent = pft_dir(test, "p", NULL);
	if (IS_ERR(st->parent))
		return PTR_ERR(st->parent);
	st->child = pft_file(test, "f", st->parent);
	return PTR_ERR_OR_ZERO(st->child);
}

/**
 * struct pft_fault_op - one operation under test
 * @name: the name of its parameter in the results
 * @run: do it; what it made in *@made
 * @done: whether it was done in full although an allocation failed
 * @undo: undo what succeeded
 * @may_apply: a failure may leave its new options in force
 * @debugfs: it is debugfs's own, on a file "f" of debugfs (st->dchild)
 *	made before the first failure, in a directory of the case's own
 *
 * A mount applies its options in ->get_tree(), before the VFS allocates
 * the mount itself: failing that allocation may leave the new options in
 * force, but all of them or none.  A failure can also be absorbed below
 * the library (kmemleak falls back to its pool when its own metadata
 * allocation fails): then the operation must have been done in full, as
 * ->done() checks, not have swallowed an error.
 *
 * Nothing the operation makes gets a cleanup action of its own: that
 * would allocate between the failures counted; it is undone at once, and
 * it lies in "p", whose action removes it with "p" in any case.
 */
struct pft_fault_op {
	const char *name;
	long (*run)(struct kunit *test, void **made);
	bool (*done)(struct kunit *test, void *made);
	void (*undo)(struct kunit *test, void *made);
	bool may_apply;
	bool debugfs;
};

/* What pft_run_mount() asks for. */
static bool pft_fault_applied(const struct pseudofs_mount_opts *opts)
{
	return from_kuid(&init_user_ns, opts->uid) == 5 &&
	       from_kgid(&init_user_ns, opts->gid) == 6 && opts->mode == 0750;
}

static const char pft_long_name[] =
	"a-name-too-long-for-the-dentry-to-keep-inline-so-it-allocates";

static long pft_made(void **made, struct dentry *d)
{
	*made = d;
	return PTR_ERR_OR_ZERO(d);
}

static bool pft_done_entry(struct kunit *test, void *made)
{
	return !IS_ERR_OR_NULL(made) && simple_positive((struct dentry *)made);
}

static bool pft_done_nothing(struct kunit *test, void *made)
{
	return true;
}

static void pft_undo_entry(struct kunit *test, void *made)
{
	pseudofs_remove(&pft_fs, made);
}

static void pft_undo_nothing(struct kunit *test, void *made)
{
}

static long pft_run_file(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;

	return pft_made(made, pseudofs_create_file(&pft_fs, pft_long_name,
						   0644, st->parent, &pft_data,
						   PSEUDOFS_PROXY_NONE, &pft_fops));
}

static long pft_run_dir(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;

	return pft_made(made, pseudofs_create_dir(&pft_fs, "d", 0755,
						  st->parent));
}

static long pft_run_symlink(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;

	return pft_made(made, pseudofs_create_symlink(&pft_fs, "l", 0777,
						      st->parent, "target",
						      NULL));
}

static long pft_run_lookup(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;
	struct dentry *d = pseudofs_lookup(&pft_fs, "missing", st->parent);

	/* a failed allocation must not look like an entry */
	KUNIT_EXPECT_TRUE(test, IS_ERR(d));
	if (!IS_ERR(d))
		dput(d);
	return PTR_ERR(d) == -ENOENT ? 0 : PTR_ERR(d);
}

/* debugfs_change_name(), debugfs's own, of its file "f" */
static long pft_run_change_name(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;
	int err = debugfs_change_name(st->dchild, "%s", pft_long_name);

	if (err)
		KUNIT_EXPECT_STREQ(test, st->dchild->d_name.name, "f");
	return err;
}

static bool pft_done_change_name(struct kunit *test, void *made)
{
	struct pft_state *st = test->priv;

	return !strcmp(st->dchild->d_name.name, pft_long_name);
}

static void pft_undo_change_name(struct kunit *test, void *made)
{
	struct pft_state *st = test->priv;

	KUNIT_EXPECT_EQ(test, debugfs_change_name(st->dchild, "%s", "f"), 0);
}

static long pft_run_mount(struct kunit *test, void **made)
{
	char opts[] = "uid=5,gid=6,mode=750";
	struct vfsmount *mnt;

	/* the options apply to the one superblock: undo puts them back */
	mnt = vfs_kern_mount(&pft_fs.type, SB_KERNMOUNT, "t", opts);
	*made = mnt;
	return PTR_ERR_OR_ZERO(mnt);
}

static bool pft_done_mount(struct kunit *test, void *made)
{
	return !IS_ERR_OR_NULL(made) &&
	       pft_fault_applied(pft_opts(pft_mnt(&pft_fs)->mnt_sb));
}

static void pft_undo_mount(struct kunit *test, void *made)
{
	mntput(made);
	pft_reset_options(&pft_fs);
}

static long pft_run_remount(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;

	return pft_reconfigure(st->parent->d_sb, "uid", "7");
}

static bool pft_done_remount(struct kunit *test, void *made)
{
	struct pseudofs_mount_opts *opts = pft_opts(pft_mnt(&pft_fs)->mnt_sb);

	return from_kuid(&init_user_ns, opts->uid) == 7;
}

static void pft_undo_options(struct kunit *test, void *made)
{
	pft_reset_options(&pft_fs);
}

/* Create a file with the full proxy and open it: the proxy's allocations. */
static long pft_run_open_proxied(struct kunit *test, void **made)
{
	struct pft_state *st = test->priv;
	struct path path = { .mnt = pft_mnt(&pft_fs) };
	struct file *f;

	path.dentry = pseudofs_create_file(&pft_fs, pft_long_name, 0644,
					   st->parent, &pft_data,
					   PSEUDOFS_PROXY_FULL, &pft_fops);
	if (IS_ERR(path.dentry))
		return PTR_ERR(path.dentry);
	f = dentry_open(&path, O_RDONLY, current_cred());
	if (IS_ERR(f)) {
		pseudofs_remove(&pft_fs, path.dentry);
		return PTR_ERR(f);
	}
	*made = f;
	return 0;
}

static bool pft_done_open(struct kunit *test, void *made)
{
	return !IS_ERR_OR_NULL(made);
}

static void pft_undo_open(struct kunit *test, void *made)
{
	struct file *f = made;
	struct dentry *d = f->f_path.dentry;

	__fput_sync(f);
	pseudofs_remove(&pft_fs, d);
}

static const struct pft_fault_op pft_fault_ops[] = {
	{
		.name = "file", .run = pft_run_file,
		.done = pft_done_entry, .undo = pft_undo_entry,
	}, {
		.name = "dir", .run = pft_run_dir,
		.done = pft_done_entry, .undo = pft_undo_entry,
	}, {
		.name = "symlink", .run = pft_run_symlink,
		.done = pft_done_entry, .undo = pft_undo_entry,
	}, {
		.name = "lookup", .run = pft_run_lookup,
		.done = pft_done_nothing, .undo = pft_undo_nothing,
	}, {
		.name = "change_name", .run = pft_run_change_name,
		.done = pft_done_change_name, .undo = pft_undo_change_name,
		.debugfs = true,
	}, {
		.name = "mount", .run = pft_run_mount,
		.done = pft_done_mount, .undo = pft_undo_mount,
		.may_apply = true,
	}, {
		.name = "remount", .run = pft_run_remount,
		.done = pft_done_remount, .undo = pft_undo_options,
	}, {
		.name = "open_proxied", .run = pft_run_open_proxied,
		.done = pft_done_open, .undo = pft_undo_open,
	},
};

KUNIT_ARRAY_PARAM_DESC(pft_fault, pft_fault_ops, name);

/* Fail the first, the second, ... allocation of the operation. */
static void pft_fault(struct kunit *test)
{
	const struct pft_fault_op *op = test->param_value;
	struct pft_state *st = test->priv;
	struct pseudofs_mount_opts *opts = pft_opts(pft_mnt(&pft_fs)->mnt_sb);
	struct pseudofs_mount_opts old = *opts;
	int n, injected = 0, absorbed = 0;

	if (pft_failslab.why)
		kunit_skip(test, "failslab not armed: %s", pft_failslab.why);
	KUNIT_ASSERT_TRUE_MSG(test, pft_failslab_armed(),
			      "fail-nth does not fail GFP_KERNEL allocations");
	if (op->debugfs)
		st->dchild = pft_debugfs_file(test, "f", pft_debugfs_dir(test));
	for (n = 1; n <= 64; n++) {
		void *made = NULL;
		unsigned int left;
		long err;

		pft_fail_nth(n);
		err = op->run(test, &made);
		left = pft_fail_left();
		if (left) {
			/* fewer than n allocations: it went through */
			KUNIT_EXPECT_EQ(test, err, 0);
			if (!err)
				op->undo(test, made);
			break;
		}
		injected++;
		if (!err) {
			KUNIT_EXPECT_TRUE_MSG(test, op->done(test, made),
					      "allocation %d failed, no error, not done", n);
			absorbed++;
			op->undo(test, made);
			continue;
		}
		/* the old state is kept */
		KUNIT_EXPECT_EQ_MSG(test, pft_entries(&pft_fs), 2,
				    "allocation %d failed", n);
		if (op->may_apply && pft_fault_applied(opts)) {
			pft_reset_options(&pft_fs);
			continue;
		}
		KUNIT_EXPECT_TRUE(test, uid_eq(opts->uid, old.uid));
		KUNIT_EXPECT_TRUE(test, gid_eq(opts->gid, old.gid));
		KUNIT_EXPECT_EQ(test, opts->mode, old.mode);
	}
	KUNIT_EXPECT_GT(test, injected - absorbed, 0);
	KUNIT_EXPECT_LT(test, n, 65);
	kunit_info(test, "%s: %d allocation failures injected (%d absorbed below us)\n",
		   op->name, injected, absorbed);
	pseudofs_remove(&pft_fs, st->parent);
	pft_expect_clean(test, &pft_fs);
}

static struct kunit_case pseudofs_fault_cases[] = {
	KUNIT_CASE_PARAM(pft_fault, pft_fault_gen_params),
	{}
};

static int pft_fault_suite_init(struct kunit_suite *suite)
{
	int err = pseudofs_register(&pft_fs);

	if (!err)
		pft_failslab_arm();
	return err;
}

static void pft_fault_suite_exit(struct kunit_suite *suite)
{
	pft_failslab_disarm();
	WARN_ON(pseudofs_unregister(&pft_fs));
}

static struct kunit_suite pseudofs_fault_suite = {
	.name		= "libpseudofs_fault",
	.init		= pft_fault_init,
	.suite_init	= pft_fault_suite_init,
	.suite_exit	= pft_fault_suite_exit,
	.test_cases	= pseudofs_fault_cases,
};

kunit_test_suites(&pseudofs_test_suite, &pseudofs_fault_suite);

MODULE_DESCRIPTION("KUnit tests for libpseudofs");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
