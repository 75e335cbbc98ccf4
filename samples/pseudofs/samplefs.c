// SPDX-License-Identifier: GPL-2.0
/*
 * samplefs - a complete pseudo filesystem on libpseudofs
 *
 * "mount -t samplefs none /mnt" shows sample/counter, a number to read and
 * write, the symlink link to it, and dirs/, where mkdir makes a directory
 * with a counter of its own and rmdir removes it again.  uid=, gid= and
 * mode= work at mount and at remount; other options are refused.
 */
#include <linux/libpseudofs.h>

static struct pseudofs samplefs;

/* A counter is kept in its inode's ->i_private: nothing to free. */
static ssize_t counter_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	char tmp[24];
	int n = sprintf(tmp, "%lu\n", (unsigned long)READ_ONCE(file_inode(file)->i_private));

	return simple_read_from_buffer(buf, len, ppos, tmp, n);
}

static ssize_t counter_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	unsigned long val;
	int err = kstrtoul_from_user(buf, len, 0, &val);

	if (!err)
		WRITE_ONCE(file_inode(file)->i_private, (void *)val);
	return err ?: len;
}

static const struct file_operations counter_fops = {
	.read = counter_read, .write = counter_write, .llseek = default_llseek,
};

/* Userspace mkdir in dirs/: a directory with a counter */
static int samplefs_mkdir(struct dentry *dentry, const char *name)
{
	struct dentry *dir = pseudofs_create_dir(&samplefs, name, 0755, dentry->d_parent);
	struct dentry *file = pseudofs_create_file(&samplefs, "counter", 0644, dir, NULL,
						   PSEUDOFS_PROXY_FULL, &counter_fops);

	if (IS_ERR(file))	/* an ERR_PTR() parent gives its error back */
		pseudofs_remove(&samplefs, dir);	/* nothing for an ERR_PTR() */
	return PTR_ERR_OR_ZERO(file);
}

/* rmdir: the directory and its counter, which holds nothing to free */
static int samplefs_rmdir(struct dentry *dentry, const char *name)
{
	pseudofs_remove(&samplefs, dentry);
	return 0;
}

static const struct pseudofs_operations samplefs_ops = {
	.user_mkdir = samplefs_mkdir, .user_rmdir = samplefs_rmdir,
};

static const struct pseudofs_desc samplefs_desc = {
	.magic		= 0x73616d70,	/* "samp" */
	.remount_all	= true,
	.default_mode	= 0755,
	.ops		= &samplefs_ops,
};

static struct pseudofs samplefs = {
	.type.name	= "samplefs",
	.desc		= &samplefs_desc,
};

static int __init samplefs_init(void)
{
	int err = pseudofs_register(&samplefs);
	struct dentry *dir = pseudofs_create_dir(&samplefs, "sample", 0755, NULL);

	if (err)
		return err;
	pseudofs_create_file(&samplefs, "counter", 0644, dir, NULL, PSEUDOFS_PROXY_FULL,
			     &counter_fops);
	pseudofs_create_symlink(&samplefs, "link", 0777, NULL, "sample/counter", NULL);
	return PTR_ERR_OR_ZERO(pseudofs_create_user_dir(&samplefs, "dirs", 0755, NULL, NULL));
}
fs_initcall(samplefs_init);
