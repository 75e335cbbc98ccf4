// SPDX-License-Identifier: GPL-2.0
/* An autofs: the options it parses are not named uid and gid in a table,
 * but its ->show_options prints ",uid=%u" and ",gid=%u"; the superblock
 * is one per mount and fill_super makes the root with a helper that calls
 * new_inode().  Reported at get_tree_nodev(), for gid= and uid=. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/seq_file.h>

static const struct fs_parameter_spec showfs_param_specs[] = {
	fsparam_u32	("user_id",	0),
	fsparam_u32	("fd",		1),
	{}
};

static int showfs_show_options(struct seq_file *m, struct dentry *root)
{
	seq_printf(m, ",uid=%u", from_kuid_munged(&init_user_ns,
						  d_inode(root)->i_uid));
	seq_printf(m, ",gid=%u", from_kgid_munged(&init_user_ns,
						  d_inode(root)->i_gid));
	return 0;
}

static const struct super_operations showfs_sops = {
	.statfs		= simple_statfs,
	.show_options	= showfs_show_options,
};

static struct inode *showfs_get_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (inode)
		inode->i_mode = mode;
	return inode;
}

static int showfs_fill_super(struct super_block *s, struct fs_context *fc)
{
	s->s_op = &showfs_sops;
	s->s_root = d_make_root(showfs_get_inode(s, S_IFDIR | 0755));
	return s->s_root ? 0 : -ENOMEM;
}

static int showfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, showfs_fill_super);
}

static struct file_system_type showfs_fs_type = {
	.name		= "showfs",
	.parameters	= showfs_param_specs,
	.kill_sb	= kill_anon_super,
};
