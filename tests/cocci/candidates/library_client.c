// SPDX-License-Identifier: GPL-2.0
/* Already converted: the file includes <linux/libpseudofs.h>.  Whatever
 * plumbing is left is the client's own business; nothing to report. */
#include <linux/fs.h>
#include <linux/fs_parser.h>
#include <linux/libpseudofs.h>

static const struct fs_parameter_spec convfs_param_specs[] = {
	fsparam_u32oct	("mode",	0),
	{}
};

static int convfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_root = d_make_root(new_inode(sb));
	return sb->s_root ? 0 : -ENOMEM;
}

static int convfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, convfs_fill_super);
}

struct dentry *convfs_extra(struct dentry *dir, const char *name)
{
	struct dentry *dentry = simple_start_creating(dir, name);

	d_make_persistent(dentry, new_inode(dir->d_sb));
	simple_done_creating(dentry);
	return dentry;
}
