// SPDX-License-Identifier: GPL-2.0
/*
 * tallyfs - a pseudo filesystem with a tree of its own in every mount
 *
 * "mount -t tallyfs -o start=5 none /mnt" shows tally, which reads 5, 6,
 * 7, ... one number per open, and dirs/, where mkdir and rmdir work.  Each
 * mount is a new superblock: its tally and its directories are its own.
 * start= (shown in /proc/mounts; a remount moves the tally by the
 * difference) sits beside uid=, gid= and mode=, which a remount applies to
 * every entry; anything else is refused.
 * Built as a module, it can be unloaded once nothing has it mounted.
 */
#include <linux/fs_parser.h>
#include <linux/libpseudofs.h>
#include <linux/module.h>
#include <linux/seq_file.h>

enum { Opt_start };
static const struct fs_parameter_spec tallyfs_params[] = { fsparam_u32("start", Opt_start), {} };
static struct pseudofs tallyfs;

/* start= as a mount or remount gives it: pseudofs_fc_data() */
struct tallyfs_opts {
	u32 start;
	bool given;
};

/* Per superblock, pseudofs_instance_data(): start= and the opens of tally so far */
struct tallyfs_info {
	struct tallyfs_opts opts;
	atomic_long_t opens;
};

static int tally_show(struct seq_file *m, void *v)
{
	struct tallyfs_info *ti = pseudofs_instance_data(file_inode(m->file)->i_sb);

	seq_printf(m, "%lu\n", READ_ONCE(ti->opts.start) + atomic_long_inc_return(&ti->opens) - 1);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tally);

static int tallyfs_mkdir(struct dentry *dentry, const char *name)
{
	return PTR_ERR_OR_ZERO(pseudofs_create_dir(&tallyfs, name, 0755, dentry->d_parent));
}

/* rmdir in dirs/: a directory made by tallyfs_mkdir(), empty */
static int tallyfs_rmdir(struct dentry *dentry, const char *name)
{
	pseudofs_remove(&tallyfs, dentry);
	return 0;
}

/* A mount made a superblock: fill it in.  An error fails the mount. */
static int tallyfs_new_instance(struct dentry *root)
{
	struct dentry *d = pseudofs_create_file(&tallyfs, "tally", 0444, root, NULL,
						PSEUDOFS_PROXY_FULL, &tally_fops);

	if (!IS_ERR(d))
		d = pseudofs_create_user_dir(&tallyfs, "dirs", 0755, root, NULL);
	return PTR_ERR_OR_ZERO(d);
}

static int tallyfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct tallyfs_opts *opts = pseudofs_fc_data(fc);
	struct fs_parse_result result;
	int opt = fs_parse(fc, tallyfs_params, param, &result);

	if (opt < 0)
		return opt;
	opts->start = result.uint_32;
	opts->given = true;
	return 0;
}

/* A new superblock takes start= or 0; a remount changes it only if given. */
static int tallyfs_apply_options(struct super_block *sb, struct fs_context *fc, bool fresh)
{
	struct tallyfs_opts *opts = pseudofs_fc_data(fc);
	struct tallyfs_info *ti = pseudofs_instance_data(sb);

	if (fresh || opts->given) {
		WRITE_ONCE(ti->opts.start, opts->start);
		ti->opts.given = opts->given;
	}
	return 0;
}

static int tallyfs_show_options(struct seq_file *m, struct dentry *root)
{
	struct tallyfs_info *ti = pseudofs_instance_data(root->d_sb);

	if (ti->opts.given)
		seq_printf(m, ",start=%u", ti->opts.start);
	return 0;
}

static const struct pseudofs_operations tallyfs_ops = {
	.new_instance = tallyfs_new_instance, .user_mkdir = tallyfs_mkdir,
	.user_rmdir = tallyfs_rmdir,
	.parse_param = tallyfs_parse_param, .apply_options = tallyfs_apply_options,
	.show_options = tallyfs_show_options,
};

static const struct pseudofs_desc tallyfs_desc = {
	.magic = 0x74616c6c, .instances = PSEUDOFS_PER_MOUNT, .remount_all = true,
	.default_mode = 0755, .fc_size = sizeof(struct tallyfs_opts),
	.instance_size = sizeof(struct tallyfs_info), .ops = &tallyfs_ops,
};

static struct pseudofs tallyfs = {
	.type = { .name = "tallyfs", .owner = THIS_MODULE }, .desc = &tallyfs_desc,
};

static int __init tallyfs_init(void)
{
	return pseudofs_register(&tallyfs);
}

static void __exit tallyfs_exit(void)
{
	pseudofs_unregister(&tallyfs);
}
module_init(tallyfs_init);
module_exit(tallyfs_exit);
MODULE_DESCRIPTION("tallyfs, a per-mount pseudo filesystem on libpseudofs");
MODULE_LICENSE("GPL");
MODULE_ALIAS_FS("tallyfs");
