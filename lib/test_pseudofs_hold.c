// SPDX-License-Identifier: GPL-2.0
/*
 * pseudofs_hold: files whose reads and writes block until told to return,
 * so that a test can remove a file while tasks are inside its operations.
 * Built into the stock and the patched test kernels alike (with the
 * benchmark, harness/mktree.sh: CONFIG_TEST_PSEUDOFS), through the public debugfs, securityfs
 * and procfs API only.  Test code: nothing exists until asked for.
 *
 * /proc/pseudofs_hold takes one command per write, and reads back the
 * state ("inside N released 0|1 created 0|1"):
 *   create   make the directory pseudofs_hold/ in debugfs and securityfs,
 *            each with "hold" (read, write, poll), "map" (mmap) and "self"
 *            (a write removes the directory holding it, from inside the
 *            write, as IPE's policy "delete" does); debugfs's also has
 *            "cancel", whose reads and writes enter a debugfs
 *            cancellation; blocked calls wait for "release"; and "pollq",
 *            whose polls wait on a queue kmalloc'ed for the file, never
 *            ready, and freed as soon as the file's removal returned;
 *            debugfs's also "short" (0444, its short proxy) and "noop"
 *            (0644, no operations: reads nothing, takes any write)
 *   remove   remove both directories, debugfs's first; returns once the
 *            removals did
 *   release  let every blocked read and write return, and polls see data;
 *            "release debugfs" and "release securityfs" those of one
 *            filesystem only, so that a test can let the debugfs removal
 *            end and see whether securityfs's waits for its own users
 *
 * A read returns "released\n", a write its length, once released; a
 * cancelled one -EINTR.  "map" maps one page reading "pseudofs_hold\n",
 * kept until unmapped, whatever became of the file.
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <uapi/linux/magic.h>

static DECLARE_WAIT_QUEUE_HEAD(hold_wq);
static DEFINE_MUTEX(hold_lock);		/* create and remove */
static bool hold_released[2];		/* debugfs's calls, securityfs's */
static atomic_t hold_inside = ATOMIC_INIT(0);
static struct dentry *hold_ddir, *hold_sdir;
static wait_queue_head_t *hold_dq, *hold_sq;	/* "pollq"'s, each */
static DEFINE_SPINLOCK(hold_ptr_lock);	/* a directory with its queue */
static char hold_cancellable;		/* ->i_private of "cancel" */

struct hold_call {
	struct debugfs_cancellation c;
	bool cancelled;
};

static void hold_cancel(struct dentry *dentry, void *data)
{
	struct hold_call *hc = data;

	WRITE_ONCE(hc->cancelled, true);
	wake_up_all(&hold_wq);
}

/* Which of hold_released[] lets the calls on @file return. */
static bool *hold_released_of(struct file *file)
{
	return &hold_released[file_inode(file)->i_sb->s_magic == SECURITYFS_MAGIC];
}

/* Block until released or cancelled: 0, -EINTR or -ERESTARTSYS. */
static int hold_wait(struct file *file)
{
	bool cancellable = file_inode(file)->i_private == &hold_cancellable;
	bool *released = hold_released_of(file);
	struct hold_call hc = {};
	int err;

	hc.c.cancel = hold_cancel;
	hc.c.cancel_data = &hc;
	if (cancellable)
		debugfs_enter_cancellation(file, &hc.c);
	atomic_inc(&hold_inside);
	err = wait_event_interruptible(hold_wq, READ_ONCE(*released) ||
				       READ_ONCE(hc.cancelled));
	atomic_dec(&hold_inside);
	if (cancellable)
		debugfs_leave_cancellation(file, &hc.c);
	return err ?: hc.cancelled ? -EINTR : 0;
}

static ssize_t hold_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	static const char msg[] = "released\n";
	int err;

	if (*ppos)
		return 0;
	err = hold_wait(file);
	if (err)
		return err;
	return simple_read_from_buffer(buf, len, ppos, msg, sizeof(msg) - 1);
}

static ssize_t hold_write(struct file *file, const char __user *buf,
			  size_t len, loff_t *ppos)
{
	return hold_wait(file) ?: len;
}

static __poll_t hold_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &hold_wq, wait);
	return READ_ONCE(*hold_released_of(file)) ? EPOLLIN | EPOLLRDNORM : 0;
}

static __poll_t hold_pollq_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, file->private_data, wait);
	return 0;
}

static const struct file_operations hold_pollq_fops = {
	.open	= simple_open,
	.poll	= hold_pollq_poll,
};

/*
 * Take a directory and its "pollq" queue together, for their one remover,
 * who frees the queue as soon as the removal returned: %NULL if taken.
 */
static struct dentry *hold_take(struct dentry **dir, wait_queue_head_t **q,
				wait_queue_head_t **taken)
{
	struct dentry *d;

	spin_lock(&hold_ptr_lock);
	d = *dir;
	*dir = NULL;
	*taken = *q;
	*q = NULL;
	spin_unlock(&hold_ptr_lock);
	return d;
}

static wait_queue_head_t *hold_new_queue(void)
{
	wait_queue_head_t *q = kmalloc(sizeof(*q), GFP_KERNEL);

	if (q)
		init_waitqueue_head(q);
	return q;
}

static const struct file_operations hold_fops = {
	.open	= simple_open,
	.read	= hold_read,
	.write	= hold_write,
	.poll	= hold_poll,
	.llseek	= default_llseek,
};

/* "short": debugfs's short proxy, reading its name */
static ssize_t hold_short_read(struct file *file, char __user *buf,
			       size_t len, loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, "short\n", 6);
}

static const struct debugfs_short_fops hold_short_fops = {
	.read	= hold_short_read,
};

static int hold_mmap(struct file *file, struct vm_area_struct *vma)
{
	static const char msg[] = "pseudofs_hold\n";
	struct page *page;
	int err;

	if (vma->vm_pgoff || vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!page)
		return -ENOMEM;
	memcpy(page_address(page), msg, sizeof(msg) - 1);
	err = vm_insert_page(vma, vma->vm_start, page);
	put_page(page);		/* the mapping keeps its own reference */
	return err;
}

static const struct file_operations hold_map_fops = {
	.open	= simple_open,
	.mmap	= hold_mmap,
};

/*
 * Remove the directory holding the file written, from inside the write;
 * without hold_lock, which "remove" holds while it waits for this write.
 */
static ssize_t hold_self_write(struct file *file, const char __user *buf,
			       size_t len, loff_t *ppos)
{
	wait_queue_head_t *q;

	if (file_inode(file)->i_sb->s_magic == SECURITYFS_MAGIC)
		securityfs_remove(hold_take(&hold_sdir, &hold_sq, &q));
	else
		debugfs_remove(hold_take(&hold_ddir, &hold_dq, &q));
	kfree(q);
	return len;
}

static const struct file_operations hold_self_fops = {
	.open	= simple_open,
	.write	= hold_self_write,
};

static int hold_create(void)
{
	struct dentry *d;

	if (hold_ddir || hold_sdir)
		return -EEXIST;
	/* the queues first, so that whoever takes a directory takes its queue */
	kfree(hold_dq);
	kfree(hold_sq);
	hold_dq = hold_new_queue();
	hold_sq = hold_new_queue();
	if (!hold_dq || !hold_sq)
		return -ENOMEM;
	WRITE_ONCE(hold_released[0], false);
	WRITE_ONCE(hold_released[1], false);
	d = debugfs_create_dir("pseudofs_hold", NULL);
	if (IS_ERR(d))
		return PTR_ERR(d);
	hold_ddir = d;
	debugfs_create_file("hold", 0600, d, NULL, &hold_fops);
	debugfs_create_file("cancel", 0600, d, &hold_cancellable, &hold_fops);
	debugfs_create_file("self", 0200, d, NULL, &hold_self_fops);
	/* debugfs's full proxy has no ->mmap: this one opens through the short one */
	debugfs_create_file_unsafe("map", 0400, d, NULL, &hold_map_fops);
	debugfs_create_file("pollq", 0400, d, hold_dq, &hold_pollq_fops);
	debugfs_create_file("short", 0444, d, NULL, &hold_short_fops);
	debugfs_create_file("noop", 0644, d, NULL,
			    (const struct file_operations *)NULL);
	d = securityfs_create_dir("pseudofs_hold", NULL);
	if (IS_ERR(d))
		return PTR_ERR(d);
	hold_sdir = d;
	d = securityfs_create_file("hold", 0600, hold_sdir, NULL, &hold_fops);
	if (!IS_ERR(d))
		d = securityfs_create_file("self", 0200, hold_sdir, NULL,
					   &hold_self_fops);
	if (!IS_ERR(d))
		d = securityfs_create_file("map", 0400, hold_sdir, NULL,
					   &hold_map_fops);
	if (!IS_ERR(d))
		d = securityfs_create_file("pollq", 0400, hold_sdir, hold_sq,
					   &hold_pollq_fops);
	return PTR_ERR_OR_ZERO(d);
}

static void hold_remove(void)
{
	wait_queue_head_t *q;

	debugfs_remove(hold_take(&hold_ddir, &hold_dq, &q));
	kfree(q);
	securityfs_remove(hold_take(&hold_sdir, &hold_sq, &q));	/* recursive */
	kfree(q);
}

static ssize_t hold_ctl_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	char cmd[24];
	int err = 0;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, ubuf, len))
		return -EFAULT;
	cmd[len] = '\0';
	strim(cmd);
	if (!strcmp(cmd, "release") || !strcmp(cmd, "release debugfs") ||
	    !strcmp(cmd, "release securityfs")) {
		if (strcmp(cmd, "release securityfs"))
			WRITE_ONCE(hold_released[0], true);
		if (strcmp(cmd, "release debugfs"))
			WRITE_ONCE(hold_released[1], true);
		wake_up_all(&hold_wq);
		return len;
	}
	mutex_lock(&hold_lock);
	if (!strcmp(cmd, "create")) {
		err = hold_create();
		if (err && err != -EEXIST)
			hold_remove();
	} else if (!strcmp(cmd, "remove")) {
		hold_remove();
	} else {
		err = -EINVAL;
	}
	mutex_unlock(&hold_lock);
	return err ?: len;
}

static ssize_t hold_ctl_read(struct file *file, char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	char buf[64];
	int n;

	n = scnprintf(buf, sizeof(buf), "inside %d released %d created %d\n",
		      atomic_read(&hold_inside),
		      READ_ONCE(hold_released[0]) && READ_ONCE(hold_released[1]),
		      READ_ONCE(hold_ddir) || READ_ONCE(hold_sdir));
	return simple_read_from_buffer(ubuf, len, ppos, buf, n);
}

static const struct proc_ops hold_ctl_ops = {
	.proc_read	= hold_ctl_read,
	.proc_write	= hold_ctl_write,
	.proc_lseek	= default_llseek,
};

static int __init pseudofs_hold_init(void)
{
	return proc_create("pseudofs_hold", 0600, NULL, &hold_ctl_ops) ?
		0 : -ENOMEM;
}
late_initcall(pseudofs_hold_init);
