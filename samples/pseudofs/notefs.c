// SPDX-License-Identifier: GPL-2.0
/*
 * notefs - a pseudo filesystem whose entries a control file makes and
 * removes, each with data of its own
 *
 * "mount -t notefs none /mnt" shows ctl.  "echo 'add NAME TEXT' >/mnt/ctl"
 * makes /mnt/NAME, which reads TEXT; "echo 'del NAME' >/mnt/ctl" removes
 * it.  Each mount is a superblock of its own.
 *
 * A note's text is kmalloc'ed, and freed where libpseudofs says a file's
 * data is freed: in ->inode_evicted, once the entry is gone (by "del", or
 * with its superblock) and the last file open on it is closed.  "del"
 * returns once no read of the note is running; reads of it still open
 * elsewhere fail with -EIO from then on, and never reach the text.  ctl's
 * write calls pseudofs_remove() from inside an operation of another file,
 * which is allowed.  Built as a module, notefs can be unloaded once nothing
 * has it mounted.
 */
#include <linux/libpseudofs.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static struct pseudofs notefs;

static ssize_t note_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	const char *text = file_inode(file)->i_private;

	return simple_read_from_buffer(buf, len, ppos, text, strlen(text));
}

static const struct file_operations note_fops = {
	.owner	= THIS_MODULE,
	.read	= note_read,
	.llseek	= default_llseek,
};

/* "add NAME TEXT": the note reads TEXT and a newline. */
static int notefs_add(struct dentry *root, const char *name, const char *text)
{
	char *data = kasprintf(GFP_KERNEL, "%s\n", text);
	struct dentry *d;

	if (!data)
		return -ENOMEM;
	d = pseudofs_create_file(&notefs, name, 0444, root, data,
				 PSEUDOFS_PROXY_FULL, &note_fops);
	if (IS_ERR(d))
		kfree(data);	/* no inode holds it */
	return PTR_ERR_OR_ZERO(d);
}

/* "del NAME": ->inode_evicted frees the text, now or at the last close. */
static int notefs_del(struct dentry *root, const char *name)
{
	struct dentry *d = pseudofs_lookup(&notefs, name, root);
	int err = 0;

	if (IS_ERR(d))
		return PTR_ERR(d);
	if (d_inode(d)->i_private)
		pseudofs_remove(&notefs, d);
	else
		err = -EPERM;	/* ctl */
	dput(d);
	return err;
}

static ssize_t ctl_write(struct file *file, const char __user *ubuf,
			 size_t len, loff_t *ppos)
{
	struct dentry *root = file_inode(file)->i_sb->s_root;
	char *buf, *cmd, *name, *rest;
	int err = -EINVAL;

	if (len >= PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	rest = strim(buf);
	cmd = strsep(&rest, " ");
	name = strsep(&rest, " ");
	if (name && *name && !strcmp(cmd, "add"))
		err = notefs_add(root, name, rest ?: "");
	else if (name && *name && !rest && !strcmp(cmd, "del"))
		err = notefs_del(root, name);
	kfree(buf);
	return err ?: len;
}

static const struct file_operations ctl_fops = {
	.owner	= THIS_MODULE,
	.write	= ctl_write,
};

static int notefs_new_instance(struct dentry *root)
{
	return PTR_ERR_OR_ZERO(pseudofs_create_file(&notefs, "ctl", 0200, root,
						    NULL, PSEUDOFS_PROXY_FULL,
						    &ctl_fops));
}

/* The one place a note's text is freed; ctl and the root have none. */
static void notefs_inode_evicted(struct inode *inode)
{
	kfree(inode->i_private);
}

static const struct pseudofs_operations notefs_ops = {
	.new_instance	= notefs_new_instance,
	.inode_evicted	= notefs_inode_evicted,
};

static const struct pseudofs_desc notefs_desc = {
	.magic		= 0x6e6f7465,
	.instances	= PSEUDOFS_PER_MOUNT,
	.default_mode	= 0755,
	.ops		= &notefs_ops,
};

static struct pseudofs notefs = {
	.type	= { .name = "notefs", .owner = THIS_MODULE },
	.desc	= &notefs_desc,
};

static int __init notefs_init(void)
{
	return pseudofs_register(&notefs);
}

static void __exit notefs_exit(void)
{
	pseudofs_unregister(&notefs);
}
module_init(notefs_init);
module_exit(notefs_exit);
MODULE_DESCRIPTION("notefs, entries made and removed through a control file, on libpseudofs");
MODULE_LICENSE("GPL");
MODULE_ALIAS_FS("notefs");
