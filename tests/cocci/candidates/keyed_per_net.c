// SPDX-License-Identifier: GPL-2.0
/* An rpc_pipefs: a superblock per network namespace (get_tree_keyed() on
 * get_net(fc->net_ns)) whose fill_super makes its inodes two calls down,
 * inodes in a structure of its own (->alloc_inode), and an internal mount
 * per namespace with fc_mount_longterm().  The line is at
 * get_tree_keyed(), with the key. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <net/net_namespace.h>

static struct inode *netfs_alloc_inode(struct super_block *sb)
{
	return NULL;
}

static const struct super_operations netfs_sops = {
	.alloc_inode	= netfs_alloc_inode,
	.statfs		= simple_statfs,
};

static struct inode *netfs_get_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (inode)
		inode->i_mode = mode;
	return inode;
}

static int netfs_new_dir(struct dentry *parent, const char *name)
{
	struct dentry *dentry = simple_start_creating(parent, name);
	struct inode *inode = netfs_get_inode(parent->d_sb, S_IFDIR | 0555);

	d_make_persistent(dentry, inode);
	simple_done_creating(dentry);
	return 0;
}

static int netfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_op = &netfs_sops;
	sb->s_root = d_make_root(netfs_get_inode(sb, S_IFDIR | 0555));
	if (!sb->s_root)
		return -ENOMEM;
	return netfs_new_dir(sb->s_root, "gssd");
}

static int netfs_get_tree(struct fs_context *fc)
{
	return get_tree_keyed(fc, netfs_fill_super, get_net(fc->net_ns));
}

static struct file_system_type netfs_fs_type = {
	.name		= "netfs",
	.kill_sb	= kill_anon_super,
};

struct vfsmount *netfs_internal_mount(struct fs_context *fc)
{
	return fc_mount_longterm(fc);
}
