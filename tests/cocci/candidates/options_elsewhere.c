// SPDX-License-Identifier: GPL-2.0
/* ",uid=%u" printed by a function that is no ->show_options, and a
 * parameter named "uid" of no fs_parameter_spec but a netlink policy's;
 * the filesystem is a root alone made by get_tree_nodev().  No owner
 * options and no tree of its own: nothing to report. */
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/seq_file.h>

static int otherfs_dump(struct seq_file *m, kuid_t uid)
{
	seq_printf(m, ",uid=%u", from_kuid_munged(&init_user_ns, uid));
	return 0;
}

static const struct nla_policy otherfs_policy[] = {
	NLA_POLICY_STRING("uid", 16),
};

static int otherfs_fill_super(struct super_block *s, struct fs_context *fc)
{
	struct inode *inode = new_inode(s);

	s->s_root = d_make_root(inode);
	return s->s_root ? 0 : -ENOMEM;
}

static int otherfs_get_tree(struct fs_context *fc)
{
	return get_tree_nodev(fc, otherfs_fill_super);
}
