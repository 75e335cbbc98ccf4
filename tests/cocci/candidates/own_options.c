// SPDX-License-Identifier: GPL-2.0
/* A devpts: a superblock per mount with uid=, gid= and mode= of its own in
 * an fs_parameter_spec table (and a flag and a number), nodes made with
 * simple_start_creating(), new_inode() and d_make_persistent().  The line
 * is at get_tree_nodev(). */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>

enum { Opt_uid, Opt_gid, Opt_mode, Opt_newinstance, Opt_max };

static const struct fs_parameter_spec optfs_param_specs[] = {
	fsparam_gid	("gid",		Opt_gid),
	fsparam_s32	("max",		Opt_max),
	fsparam_u32oct	("mode",	Opt_mode),
	fsparam_flag	("newinstance",	Opt_newinstance),
	fsparam_uid	("uid",		Opt_uid),
	{}
};

static int optfs_fill_super(struct super_block *s, struct fs_context *fc)
{
	struct inode *inode = new_inode(s);

	if (!inode)
		return -ENOMEM;
	s->s_root = d_make_root(inode);
	return s->s_root ? 0 : -ENOMEM;
}

static int optfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, optfs_fill_super);
}

struct dentry *optfs_new_node(struct super_block *sb, const char *name)
{
	struct dentry *dentry = simple_start_creating(sb->s_root, name);
	struct inode *inode = new_inode(sb);

	d_make_persistent(dentry, inode);
	simple_done_creating(dentry);
	return dentry;
}

void optfs_kill_node(struct dentry *dentry)
{
	d_make_discardable(dentry);
}

static struct file_system_type optfs_fs_type = {
	.name		= "optfs",
	.parameters	= optfs_param_specs,
	.kill_sb	= kill_anon_super,
};
