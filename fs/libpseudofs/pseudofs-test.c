// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for libpseudofs.
 *
 * Two filesystems of our own: "pseudofs_test" tolerates unknown options and
 * applies a remount to the root only, "pseudofs_test_all" rejects unknown
 * options and applies a remount to every inode.  Both embed their inodes in
 * a larger structure.  Every case removes what it created, so the pin count
 * of the internal mount must be back at zero at the end of each.
 */

#include <kunit/test.h>
#include <linux/fs_context.h>
#include <linux/mount.h>
#include <linux/pseudofs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#define PFT_COOKIE	0x5eed5eedUL

struct pft_inode {
	unsigned long cookie;
	struct inode vfs_inode;
	unsigned long tail;
};

static int pft_removed, pft_remounted;

static void pft_init_inode(struct dentry *dentry, struct inode *inode)
{
	container_of(inode, struct pft_inode, vfs_inode)->cookie = PFT_COOKIE;
}

static void pft_remove(struct dentry *dentry)
{
	pft_removed++;
}

static void pft_remount_inode(struct inode *inode, unsigned int set)
{
	pft_remounted++;
}

static struct vfsmount *pft_automount(struct path *path)
{
	return ERR_PTR(-ENODEV);
}

static const struct pseudofs_operations pft_ops = {
	.init_inode	= pft_init_inode,
	.remove		= pft_remove,
	.remount_inode	= pft_remount_inode,
};

static const struct dentry_operations pft_dops = {
	.d_delete	= always_delete_dentry,
	.d_automount	= pft_automount,
};

static struct pseudofs pft_fs = {
	.type.name	= "pseudofs_test",
	.type.owner	= THIS_MODULE,
	.magic		= 0x70667431,
	.default_mode	= 0700,
	.ops		= &pft_ops,
	.d_ops		= &pft_dops,
	PSEUDOFS_INODE(struct pft_inode, vfs_inode),
};

static struct pseudofs pft_fs_all = {
	.type.name	= "pseudofs_test_all",
	.type.owner	= THIS_MODULE,
	.magic		= 0x70667432,
	.default_mode	= 0755,
	.flags		= PSEUDOFS_STRICT_OPTIONS | PSEUDOFS_REMOUNT_ALL,
	.ops		= &pft_ops,
	.d_ops		= &pft_dops,
	PSEUDOFS_INODE(struct pft_inode, vfs_inode),
};

static const struct file_operations pft_fops = {
	.open		= simple_open,
};

static int pft_data;

static struct dentry *pft_file(const char *name, struct dentry *parent)
{
	return pseudofs_create_file(&pft_fs, name, 0644, parent, &pft_data,
				    NULL, &pft_fops);
}

static struct dentry *pft_dir(const char *name, struct dentry *parent)
{
	return pseudofs_create_dir(&pft_fs, name, 0755, parent);
}

/* Reset the hook counters; every case checks the pin count itself. */
static int pft_init(struct kunit *test)
{
	pft_removed = 0;
	pft_remounted = 0;
	return 0;
}

static void pft_expect_unpinned(struct kunit *test, struct pseudofs *pfs)
{
	KUNIT_EXPECT_EQ(test, pfs->mount_count, 0);
	KUNIT_EXPECT_NULL(test, pfs->mount);
}

/* An entry that keeps the superblock alive while a case looks at it. */
static struct dentry *pft_keep(struct kunit *test)
{
	struct dentry *keep = pft_dir("keep", NULL);

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
	struct dentry *d = pft_file("f", NULL), *l;
	struct inode *inode;

	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(d));
	inode = d_inode(d);
	KUNIT_EXPECT_TRUE(test, S_ISREG(inode->i_mode));
	KUNIT_EXPECT_EQ(test, inode->i_mode & S_IALLUGO, 0644);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_private, (void *)&pft_data);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_fop, &pft_fops);
	KUNIT_EXPECT_TRUE(test, IS_ROOT(d->d_parent));
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);

	l = pseudofs_lookup(&pft_fs, "f", NULL);
	KUNIT_EXPECT_PTR_EQ(test, l, d);
	if (!IS_ERR(l))
		dput(l);
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_removed, 1);
	pft_expect_gone(test, "f", NULL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_file_mode(struct kunit *test)
{
	struct dentry *d;

	d = pseudofs_create_file(&pft_fs, "f", S_IFDIR | 0644, NULL, NULL,
				 NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file(&pft_fs, "f", S_IFLNK | 0777, NULL, NULL,
				 NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file(&pft_fs, "f", S_IFREG | 0400, NULL, NULL,
				 (void *)0x1, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode, S_IFREG | 0400);
	KUNIT_EXPECT_PTR_EQ(test, d->d_fsdata, (void *)0x1);
	d->d_fsdata = NULL;
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_dir(struct kunit *test)
{
	struct dentry *keep = pft_keep(test), *d, *f;
	unsigned int nlink;
	struct inode *root;

	d = pft_dir("d", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	root = d_inode(d->d_parent);
	nlink = root->i_nlink;
	KUNIT_EXPECT_TRUE(test, S_ISDIR(d_inode(d)->i_mode));
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode & S_IALLUGO, 0755);
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_nlink, 2);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_fop, &simple_dir_operations);

	f = pft_file("f", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_PTR_EQ(test, f->d_parent, d);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 3);

	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_removed, 2);
	KUNIT_EXPECT_EQ(test, root->i_nlink, nlink - 1);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	pft_expect_gone(test, "d", NULL);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_dir_mode(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_dir(&pft_fs, "d",
				S_IFREG | 0755, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_dir(&pft_fs, "d",
				S_IFDIR | 0755, NULL)), -EINVAL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_symlink(struct kunit *test)
{
	char target[] = "../some/where";
	struct dentry *d;

	d = pseudofs_create_symlink(&pft_fs, "l", NULL, target);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_TRUE(test, S_ISLNK(d_inode(d)->i_mode));
	KUNIT_EXPECT_PTR_NE(test, (char *)d_inode(d)->i_link, &target[0]);
	target[0] = 'X';
	KUNIT_EXPECT_STREQ(test, d_inode(d)->i_link, "../some/where");
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_op,
			    &simple_symlink_inode_operations);
	pseudofs_remove(&pft_fs, d);
	pft_expect_gone(test, "l", NULL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_symlink_bad_target(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "l",
				NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "l",
				NULL, "")), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "",
				NULL, "x")), -EINVAL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_automount(struct kunit *test)
{
	struct dentry *d;

	d = pseudofs_create_automount(&pft_fs, "a", NULL, (void *)&pft_ops,
				      &pft_data);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_TRUE(test, d_inode(d)->i_flags & S_AUTOMOUNT);
	KUNIT_EXPECT_TRUE(test, d_is_dir(d));
	KUNIT_EXPECT_TRUE(test, d->d_flags & DCACHE_NEED_AUTOMOUNT);
	KUNIT_EXPECT_PTR_EQ(test, d->d_fsdata, (void *)&pft_ops);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_private, (void *)&pft_data);
	d->d_fsdata = NULL;
	pseudofs_remove(&pft_fs, d);
	pft_expect_gone(test, "a", NULL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_eexist(struct kunit *test)
{
	struct dentry *d = pft_file("x", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file("x", NULL)), -EEXIST);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir("x", NULL)), -EEXIST);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "x",
				NULL, "y")), -EEXIST);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_automount(&pft_fs, "x",
				NULL, NULL, NULL)), -EEXIST);
	/* the failures left the original alone and unpinned nothing */
	KUNIT_EXPECT_TRUE(test, d_really_is_positive(d));
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d)->i_fop, &pft_fops);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_create_in_removed_dir(struct kunit *test)
{
	struct dentry *keep = pft_keep(test), *d = pft_dir("gone", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	dget(d);
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file("f", d)), -ENOENT);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir("sub", d)), -ENOENT);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	dput(d);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_err_parent(struct kunit *test)
{
	struct dentry *bad = ERR_PTR(-EIO);

	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file("f", bad)), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir("d", bad)), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_symlink(&pft_fs, "l",
				bad, "t")), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_create_automount(&pft_fs, "a",
				bad, NULL, NULL)), -EIO);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "f", bad)),
			-EIO);
	pseudofs_remove(&pft_fs, bad);
	pseudofs_remove(&pft_fs, NULL);
	KUNIT_EXPECT_EQ(test, pft_removed, 0);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_null_parent_is_root(struct kunit *test)
{
	struct dentry *d = pft_dir("d", NULL), *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_PTR_EQ(test, d->d_parent, pft_fs.mount->mnt_root);
	l = pseudofs_lookup(&pft_fs, "d", pft_fs.mount->mnt_root);
	KUNIT_EXPECT_PTR_EQ(test, l, d);
	if (!IS_ERR(l))
		dput(l);
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_parent_not_dir(struct kunit *test)
{
	struct dentry *f = pft_file("f", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file("g", f)), -ENOTDIR);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "g", f)),
			-ENOTDIR);
	pseudofs_remove(&pft_fs, f);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_parent_other_fs(struct kunit *test)
{
	struct dentry *other;

	other = pseudofs_create_dir(&pft_fs_all, "o", 0755, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(other));
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file("f", other)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "f", other)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 0);
	pseudofs_remove(&pft_fs_all, other);
	pft_expect_unpinned(test, &pft_fs);
	pft_expect_unpinned(test, &pft_fs_all);
}

static void pft_bad_names(struct kunit *test)
{
	static const char * const bad[] = { "", "a/b", "/", "a/" };
	int i;

	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(ERR_PTR(-EFAULT), NULL)),
			-EINVAL);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_EQ(test, PTR_ERR(pft_file(bad[i], NULL)), -EINVAL);
		KUNIT_EXPECT_EQ(test, PTR_ERR(pft_dir(bad[i], NULL)), -EINVAL);
	}
	KUNIT_EXPECT_TRUE(test, IS_ERR(pft_file(".", NULL)));
	KUNIT_EXPECT_TRUE(test, IS_ERR(pft_dir("..", NULL)));
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_lookup_bad(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, NULL, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "", NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_lookup(&pft_fs, "a/b", NULL)),
			-EINVAL);
	pft_expect_gone(test, "nothing", NULL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_lookup_nested(struct kunit *test)
{
	struct dentry *a = pft_dir("a", NULL), *b, *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = pft_file("b", a);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	l = pseudofs_lookup(&pft_fs, "b", a);
	KUNIT_EXPECT_PTR_EQ(test, l, b);
	if (!IS_ERR(l))
		dput(l);
	pft_expect_gone(test, "b", NULL);
	pseudofs_remove(&pft_fs, b);
	pft_expect_gone(test, "b", a);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	pseudofs_remove(&pft_fs, a);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_remove_twice_via_lookup(struct kunit *test)
{
	struct dentry *keep = pft_keep(test), *d = pft_file("f", NULL), *l;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	l = pseudofs_lookup(&pft_fs, "f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(l));
	pseudofs_remove(&pft_fs, l);	/* the lookup reference stays */
	KUNIT_EXPECT_EQ(test, pft_removed, 1);
	KUNIT_EXPECT_TRUE(test, d_unhashed(l));
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	dput(l);
	pft_expect_gone(test, "f", NULL);
	pseudofs_remove(&pft_fs, keep);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_deep_tree(struct kunit *test)
{
	struct dentry *top, *d;
	int i;

	top = d = pft_dir("deep", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(top));
	for (i = 1; i < 300; i++) {
		d = pft_dir("level", d);
		KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	}
	KUNIT_ASSERT_FALSE(test, IS_ERR(pft_file("leaf", d)));
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 301);
	pseudofs_remove(&pft_fs, top);
	KUNIT_EXPECT_EQ(test, pft_removed, 301);
	pft_expect_gone(test, "deep", NULL);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_wide_tree(struct kunit *test)
{
	struct dentry *top, *d;
	char name[16];
	int i;

	top = pft_dir("wide", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(top));
	for (i = 0; i < 3000; i++) {
		snprintf(name, sizeof(name), "e%d", i);
		d = i % 3 ? pft_file(name, top) : pft_dir(name, top);
		KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	}
	KUNIT_EXPECT_EQ(test, d_inode(top)->i_nlink, 2 + 1000);
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 3001);
	pseudofs_remove(&pft_fs, top);
	KUNIT_EXPECT_EQ(test, pft_removed, 3001);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_failed_creating(struct kunit *test)
{
	struct dentry *d = pseudofs_start_creating(&pft_fs, "f", NULL);

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_TRUE(test, d_really_is_negative(d));
	KUNIT_EXPECT_EQ(test, pft_fs.mount_count, 1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pseudofs_failed_creating(&pft_fs, d)),
			-ENOMEM);
	pft_expect_unpinned(test, &pft_fs);
	/* the parent was unlocked and the name is free */
	d = pft_file("f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_manual_creating(struct kunit *test)
{
	struct dentry *d = pseudofs_start_creating(&pft_fs, "m", NULL);
	struct inode *inode;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	inode = pseudofs_new_inode(d->d_sb, S_IFDIR | 0500);
	KUNIT_ASSERT_NOT_NULL(test, inode);
	KUNIT_EXPECT_PTR_EQ(test, inode->i_op, &simple_dir_inode_operations);
	KUNIT_EXPECT_NE(test, inode->i_ino, 0);
	KUNIT_EXPECT_PTR_EQ(test, pseudofs_instantiate(d, inode), d);
	KUNIT_EXPECT_EQ(test, inode->i_nlink, 2);
	KUNIT_EXPECT_PTR_EQ(test, d_inode(d), inode);
	KUNIT_EXPECT_FALSE(test, IS_ERR(pft_file("in", d)));
	pseudofs_remove(&pft_fs, d);
	KUNIT_EXPECT_EQ(test, pft_removed, 2);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_inode_struct(struct kunit *test)
{
	struct dentry *d = pft_file("f", NULL);
	struct pft_inode *pi;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	pi = container_of(d_inode(d), struct pft_inode, vfs_inode);
	KUNIT_EXPECT_EQ(test, pi->cookie, PFT_COOKIE);
	KUNIT_EXPECT_EQ(test, pi->tail, 0);
	pi->tail = ~0UL;
	pi = container_of(d_inode(d->d_parent), struct pft_inode, vfs_inode);
	KUNIT_EXPECT_EQ(test, pi->tail, 0);	/* the root too */
	KUNIT_EXPECT_EQ(test, pft_fs.inode_offset,
			offsetof(struct pft_inode, vfs_inode));
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

/* Parse @key=@val into a fresh mount context of @pfs. */
static int pft_parse(struct kunit *test, struct pseudofs *pfs,
		     const char *key, const char *val,
		     struct pseudofs_mount_opts *out)
{
	struct fs_context *fc = fs_context_for_mount(&pfs->type, 0);
	int err;

	KUNIT_ASSERT_FALSE(test, IS_ERR(fc));
	err = vfs_parse_fs_string(fc, key, val, strlen(val));
	if (out)
		*out = *(struct pseudofs_mount_opts *)fc->s_fs_info;
	put_fs_context(fc);
	return err;
}

static void pft_parse_uid_gid(struct kunit *test)
{
	struct pseudofs_mount_opts o;

	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "uid", "1000", &o), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, o.uid), 1000);
	KUNIT_EXPECT_EQ(test, o.set, PSEUDOFS_OPT_UID);
	KUNIT_EXPECT_EQ(test, o.mode, 0700);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "gid", "0", &o), 0);
	KUNIT_EXPECT_TRUE(test, gid_eq(o.gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, o.set, PSEUDOFS_OPT_GID);
}

static void pft_parse_bad_uid_gid(struct kunit *test)
{
	static const char * const bad[] = {
		"abc", "-1", "", "4294967295", "1000x", "99999999999",
	};
	struct pseudofs_mount_opts o;
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "uid", bad[i], &o),
				0);
		KUNIT_EXPECT_TRUE(test, uid_eq(o.uid, GLOBAL_ROOT_UID));
		KUNIT_EXPECT_EQ(test, o.set, 0);
		KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "gid", bad[i], &o),
				0);
		KUNIT_EXPECT_TRUE(test, gid_eq(o.gid, GLOBAL_ROOT_GID));
	}
}

static void pft_parse_mode(struct kunit *test)
{
	static const char * const bad[] = { "999", "0x1ff", "abc", "8", "" };
	struct pseudofs_mount_opts o;
	int i;

	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "mode", "755", &o), 0);
	KUNIT_EXPECT_EQ(test, o.mode, 0755);
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "mode", "01777", &o), 0);
	KUNIT_EXPECT_EQ(test, o.mode, 01777);
	/* as debugfs and tracefs always did: bits above 07777 are dropped */
	KUNIT_EXPECT_EQ(test, pft_parse(test, &pft_fs, "mode", "10750", &o), 0);
	KUNIT_EXPECT_EQ(test, o.mode, 0750);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_LT(test, pft_parse(test, &pft_fs, "mode", bad[i],
						&o), 0);
		KUNIT_EXPECT_EQ(test, o.mode, 0700);
		KUNIT_EXPECT_EQ(test, o.set, 0);
	}
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

static char *pft_show(struct kunit *test, struct dentry *root)
{
	struct seq_file m = { .size = 128 };

	m.buf = kunit_kzalloc(test, m.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	KUNIT_EXPECT_EQ(test, pseudofs_show_options(&m, root), 0);
	return m.buf;
}

static void pft_mount_options(struct kunit *test)
{
	struct vfsmount *mnt;
	struct inode *root;
	char opts[] = "uid=1000,gid=1001,mode=750";

	mnt = vfs_kern_mount(&pft_fs.type, SB_KERNMOUNT, "t", opts);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	root = d_inode(mnt->mnt_root);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 1000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 1001);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0750);
	KUNIT_EXPECT_EQ(test, mnt->mnt_sb->s_magic, pft_fs.magic);
	KUNIT_EXPECT_STREQ(test, pft_show(test, mnt->mnt_root),
			   ",uid=1000,gid=1001,mode=750");
	mntput(mnt);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_mount_bad_option(struct kunit *test)
{
	char bad[] = "uid=12,gid=nope";
	char bogus[] = "bogus=1";
	struct vfsmount *mnt;

	mnt = vfs_kern_mount(&pft_fs.type, SB_KERNMOUNT, "t", bad);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mnt), -EINVAL);
	mnt = vfs_kern_mount(&pft_fs_all.type, SB_KERNMOUNT, "t", bogus);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mnt), -EINVAL);
	strscpy(bogus, "bogus=1");
	mnt = vfs_kern_mount(&pft_fs.type, SB_KERNMOUNT, "t", bogus);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	KUNIT_EXPECT_STREQ(test, pft_show(test, mnt->mnt_root), "");
	mntput(mnt);
}

/* Remount the filesystem pinned by @d with @key=@val, as do_remount() does. */
static int pft_remount(struct kunit *test, struct dentry *d,
		       const char *key, const char *val)
{
	struct super_block *sb = d->d_sb;
	struct fs_context *fc;
	int err;

	fc = fs_context_for_reconfigure(sb->s_root, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(fc));
	err = vfs_parse_fs_string(fc, key, val, strlen(val));
	if (!err) {
		down_write(&sb->s_umount);
		err = fc->ops->reconfigure(fc);
		up_write(&sb->s_umount);
	}
	put_fs_context(fc);
	return err;
}

static void pft_remount_root_only(struct kunit *test)
{
	struct dentry *d = pft_dir("d", NULL), *f;
	struct inode *root;

	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	f = pft_file("f", d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	root = d_inode(d->d_sb->s_root);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "2000"), 0);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "gid", "2001"), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 2000);
	KUNIT_EXPECT_EQ(test, from_kgid(&init_user_ns, root->i_gid), 2001);
	KUNIT_EXPECT_TRUE(test, uid_eq(d_inode(d)->i_uid, GLOBAL_ROOT_UID));
	KUNIT_EXPECT_TRUE(test, gid_eq(d_inode(f)->i_gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, pft_remounted, 0);
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_remount_all(struct kunit *test)
{
	struct dentry *d, *f;
	struct inode *root;

	d = pseudofs_create_dir(&pft_fs_all, "d", 0750, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	f = pseudofs_create_file(&pft_fs_all, "f", 0640, d, NULL, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	root = d_inode(d->d_sb->s_root);
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "uid", "3000"), 0);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(f)->i_uid), 3000);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, d_inode(d)->i_uid), 3000);
	KUNIT_EXPECT_EQ(test, from_kuid(&init_user_ns, root->i_uid), 3000);
	KUNIT_EXPECT_TRUE(test, gid_eq(d_inode(f)->i_gid, GLOBAL_ROOT_GID));
	KUNIT_EXPECT_EQ(test, pft_remounted, 3);	/* root, d and f */
	/* mode= is for the root only, whatever the policy */
	KUNIT_EXPECT_EQ(test, pft_remount(test, d, "mode", "711"), 0);
	KUNIT_EXPECT_EQ(test, root->i_mode, S_IFDIR | 0711);
	KUNIT_EXPECT_EQ(test, d_inode(f)->i_mode, S_IFREG | 0640);
	KUNIT_EXPECT_EQ(test, pft_remounted, 3);
	pseudofs_remove(&pft_fs_all, d);
	pft_expect_unpinned(test, &pft_fs_all);
}

static void pft_remount_bad_keeps_old(struct kunit *test)
{
	struct dentry *d = pft_dir("d", NULL);
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
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_show_options_round_trip(struct kunit *test)
{
	struct dentry *d = pft_dir("d", NULL);
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

	cur = d->d_sb->s_fs_info;
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
	pft_expect_unpinned(test, &pft_fs);
}

static void pft_fresh_sb_defaults(struct kunit *test)
{
	struct dentry *d;

	/* the previous cases changed options; a new superblock starts over */
	d = pft_file("f", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(d));
	KUNIT_EXPECT_EQ(test, d_inode(d->d_sb->s_root)->i_mode, S_IFDIR | 0700);
	KUNIT_EXPECT_STREQ(test, pft_show(test, d->d_sb->s_root), "");
	pseudofs_remove(&pft_fs, d);
	pft_expect_unpinned(test, &pft_fs);
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
	pseudofs_unregister(&pft_fs_all);
	pseudofs_unregister(&pft_fs);
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
	KUNIT_CASE(pft_bad_names),
	KUNIT_CASE(pft_lookup_bad),
	KUNIT_CASE(pft_lookup_nested),
	KUNIT_CASE(pft_remove_twice_via_lookup),
	KUNIT_CASE_SLOW(pft_deep_tree),
	KUNIT_CASE_SLOW(pft_wide_tree),
	KUNIT_CASE(pft_failed_creating),
	KUNIT_CASE(pft_manual_creating),
	KUNIT_CASE(pft_inode_struct),
	KUNIT_CASE(pft_parse_uid_gid),
	KUNIT_CASE(pft_parse_bad_uid_gid),
	KUNIT_CASE(pft_parse_mode),
	KUNIT_CASE(pft_parse_unknown),
	KUNIT_CASE(pft_mount_options),
	KUNIT_CASE(pft_mount_bad_option),
	KUNIT_CASE(pft_remount_root_only),
	KUNIT_CASE(pft_remount_all),
	KUNIT_CASE(pft_remount_bad_keeps_old),
	KUNIT_CASE(pft_show_options_round_trip),
	KUNIT_CASE(pft_fresh_sb_defaults),
	{}
};

static struct kunit_suite pseudofs_test_suite = {
	.name		= "libpseudofs",
	.init		= pft_init,
	.suite_init	= pft_suite_init,
	.suite_exit	= pft_suite_exit,
	.test_cases	= pseudofs_test_cases,
};
kunit_test_suite(pseudofs_test_suite);

MODULE_DESCRIPTION("KUnit tests for libpseudofs");
MODULE_LICENSE("GPL");
