// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for libpseudofs's removal safety: files made with a proxy
 * (enum pseudofs_proxy), short or with an aux pointer too,
 * pseudofs_file_get() and pseudofs_file_put(), the wait of
 * pseudofs_remove() for users, and cancellations.
 *
 * One filesystem of the suite's own, "pseudofs_proxy_test"; its files are
 * opened through its internal mount.  A file's ->read can be made to block
 * until the case lets it go, so that a removal can be started while a read
 * is inside the proxy; the case's state is in test->priv.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/file.h>
#include <linux/kmsg_dump.h>
#include <linux/kthread.h>
#include <linux/libpseudofs.h>
#include <linux/poll.h>

#include "../internal.h"
#include "libpseudofs_kunit_export.h"

/**
 * struct pfp_state - one case's state, in test->priv
 * @block: ->read waits for @release before it returns
 * @in_read: completed when a blocking ->read started
 * @release: lets a blocking ->read return
 * @cancel: ->read enters a cancellation whose ->cancel lets it go
 * @cancelled: calls of ->cancel
 * @reads: calls of the real ->read
 * @releases: calls of the real ->release
 * @init_fops: the ->i_fop ->init_inode saw last
 * @removed: the removal of @file returned
 * @removed2: a second removal of @file returned
 * @read_done: the reading thread is done
 * @written: the writing thread is done
 * @file: the file a removal thread removes
 * @self: what ->write removes, if not %NULL
 * @poll_head: what ->poll waits on, if not %NULL
 */
struct pfp_state {
	bool block;
	struct completion in_read;
	struct completion release;
	bool cancel;
	atomic_t cancelled;
	atomic_t reads;
	atomic_t releases;
	const struct file_operations *init_fops;
	struct completion removed;
	struct completion removed2;
	struct completion read_done;
	struct completion written;
	struct dentry *file;
	struct dentry *self;
	wait_queue_head_t *poll_head;
};

static struct pfp_state *pfp_now;

static void pfp_cancel(struct dentry *dentry, void *data)
{
	struct pfp_state *st = data;

	atomic_inc(&st->cancelled);
	complete(&st->release);
}

static ssize_t pfp_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	struct pfp_state *st = pfp_now;
	struct pseudofs_cancellation c = {
		.cancel = pfp_cancel, .cancel_data = st,
	};

	atomic_inc(&st->reads);
	if (st->block) {
		if (st->cancel)
			pseudofs_enter_cancellation(file, &c);
		complete(&st->in_read);
		wait_for_completion(&st->release);
		if (st->cancel)
			pseudofs_leave_cancellation(file, &c);
	}
	return 4;
}

static struct pseudofs pfp_fs;

static ssize_t pfp_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos)
{
	if (pfp_now->self)
		pseudofs_remove(&pfp_fs, pfp_now->self);
	return len;
}

static __poll_t pfp_poll(struct file *file, struct poll_table_struct *wait)
{
	if (pfp_now->poll_head)
		poll_wait(file, pfp_now->poll_head, wait);
	return EPOLLIN;
}

static int pfp_release(struct inode *inode, struct file *file)
{
	atomic_inc(&pfp_now->releases);
	return 0;
}

static const struct file_operations pfp_fops = {
	.read		= pfp_read,
	.write		= pfp_write,
	.poll		= pfp_poll,
	.llseek		= default_llseek,
	.release	= pfp_release,
};

/* The full proxy with only ->read of the file's own operations */
static const struct file_operations pfp_read_fops = {
	.read		= pfp_read,
};

static const struct pseudofs_short_fops pfp_short_fops = {
	.read		= pfp_read,
	.write		= pfp_write,
};

/* Notes the operations a new file has before its proxy is put in. */
static void pfp_init_inode(struct dentry *dentry, struct inode *inode)
{
	pfp_now->init_fops = inode->i_fop;
}

static const struct pseudofs_operations pfp_ops = {
	.init_inode	= pfp_init_inode,
};

static const struct pseudofs_desc pfp_fs_desc = {
	.magic		= 0x70667078,
	.default_mode	= 0755,
	.ops		= &pfp_ops,
};

static struct pseudofs pfp_fs = {
	.type.name	= "pseudofs_proxy_test",
	.desc		= &pfp_fs_desc,
};

/* The case's own files: their ->release runs before the put returns. */
KUNIT_DEFINE_ACTION_WRAPPER(pfp_fput, __fput_sync, struct file *);

static void pfp_remove(void *dentry)
{
	pseudofs_remove(&pfp_fs, dentry);
}

/* A file of @proxy, removed at the end of the case. */
static struct dentry *pfp_file(struct kunit *test, enum pseudofs_proxy proxy)
{
	struct dentry *d = pseudofs_create_file(&pfp_fs, "f", 0600, NULL, NULL,
						proxy, &pfp_fops);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_remove, d), 0);
	return d;
}

/* Open @d, even removed, as an open() that found it would. */
static struct file *pfp_open(struct kunit *test, struct dentry *d)
{
	struct path path = { .mnt = pfp_fs.state->mount, .dentry = d };
	struct file *f = dentry_open(&path, O_RDWR, current_cred());

	if (!IS_ERR(f))
		KUNIT_EXPECT_EQ(test, kunit_add_action_or_reset(test, pfp_fput, f), 0);
	return f;
}

/*
 * Read or write as read(2) and write(2) would call the file's operations
 * (kernel_read() and kernel_write() want ->read_iter and ->write_iter);
 * the suite's ->read and ->write do not touch the buffer.
 */
static ssize_t pfp_read_file(struct file *f)
{
	loff_t pos = 0;

	return f->f_op->read ? f->f_op->read(f, NULL, 8, &pos) : -EINVAL;
}

static ssize_t pfp_write_file(struct file *f)
{
	loff_t pos = 0;

	return f->f_op->write ? f->f_op->write(f, NULL, 1, &pos) : -EINVAL;
}

/* Wait a while for @done; long enough under emulation. */
static bool pfp_wait(struct completion *done, unsigned int secs)
{
	return wait_for_completion_timeout(done, secs * HZ);
}

static int pfp_remover(void *data)
{
	struct pfp_state *st = data;

	pseudofs_remove(&pfp_fs, st->file);
	complete(&st->removed);
	return 0;
}

static int pfp_remover2(void *data)
{
	struct pfp_state *st = data;

	pseudofs_remove(&pfp_fs, st->file);
	complete(&st->removed2);
	return 0;
}

/* Write the file given, then put the reference taken for the thread. */
static int pfp_writer(void *data)
{
	struct pfp_state *st = pfp_now;

	pfp_write_file(data);
	fput(data);
	complete(&st->written);
	return 0;
}

/* Read the file given, then put the reference taken for the thread. */
static int pfp_reader(void *data)
{
	struct pfp_state *st = pfp_now;

	pfp_read_file(data);
	fput(data);
	complete(&st->read_done);
	return 0;
}

/* Whatever the case asserted, let the reader go before the state goes. */
static void pfp_stop_reader(void *data)
{
	struct pfp_state *st = data;

	complete_all(&st->release);
	wait_for_completion_timeout(&st->read_done, 10 * HZ);
}

static void pfp_start_reader(struct kunit *test, struct file *f)
{
	struct pfp_state *st = test->priv;
	struct task_struct *t = kthread_run(pfp_reader, get_file(f), "pfp_read");

	if (IS_ERR(t))
		fput(f);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_stop_reader, st), 0);
}

/* Remove @d now rather than at the end of the case. */
static void pfp_remove_now(struct kunit *test, struct dentry *d)
{
	kunit_remove_action(test, pfp_remove, d);
	pseudofs_remove(&pfp_fs, d);
}

static int pfp_init(struct kunit *test)
{
	struct pfp_state *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);

	if (!st)
		return -ENOMEM;
	init_completion(&st->in_read);
	init_completion(&st->release);
	init_completion(&st->removed);
	init_completion(&st->removed2);
	init_completion(&st->read_done);
	init_completion(&st->written);
	test->priv = st;
	pfp_now = st;
	return 0;
}

static int pfp_suite_init(struct kunit_suite *suite)
{
	return pseudofs_register(&pfp_fs);
}

static void pfp_suite_exit(struct kunit_suite *suite)
{
	pseudofs_unregister(&pfp_fs);
}

static const enum pseudofs_proxy pfp_proxies[] = {
	PSEUDOFS_PROXY_OPEN, PSEUDOFS_PROXY_FULL,
};

static void pfp_proxy_desc(const enum pseudofs_proxy *p, char *desc)
{
	strscpy(desc, *p == PSEUDOFS_PROXY_FULL ? "full" : "open",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pfp_proxy, pfp_proxies, pfp_proxy_desc);

/* Bad proxies are refused and create nothing. */
static void pfp_create_bad(struct kunit *test)
{
	struct dentry *d;

	d = pseudofs_create_file(&pfp_fs, "f", 0600, NULL, NULL,
				 PSEUDOFS_PROXY_FULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file(&pfp_fs, "f", 0600, NULL, NULL,
				 PSEUDOFS_PROXY_SHORT + 1, &pfp_fops);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	/* the short proxy takes short operations, from its own call */
	d = pseudofs_create_file(&pfp_fs, "f", 0600, NULL, NULL,
				 PSEUDOFS_PROXY_SHORT, &pfp_fops);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file_aux(&pfp_fs, "f", 0600, NULL, NULL, test,
				     PSEUDOFS_PROXY_SHORT, &pfp_fops);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file_aux(&pfp_fs, "f", 0600, NULL, NULL, test,
				     PSEUDOFS_PROXY_OPEN, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file_short(&pfp_fs, "f", 0600, NULL, NULL, test,
				       NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_create_file_short(&pfp_fs, "f", S_IFDIR | 0600, NULL,
				       NULL, test, &pfp_short_fops);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -EINVAL);
	d = pseudofs_lookup(&pfp_fs, "f", NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -ENOENT);
}

/*
 * Either proxy: ->init_inode saw the file's own operations, not the
 * proxy's; the file works while it is there, and cannot be opened once
 * removed; the real ->release runs once.
 */
static void pfp_open_after_remove(struct kunit *test)
{
	const enum pseudofs_proxy *proxy = test->param_value;
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, *proxy);
	struct file *f;

	KUNIT_EXPECT_PTR_NE(test, d_inode(d)->i_fop, &pfp_fops);
	KUNIT_EXPECT_PTR_EQ(test, st->init_fops, &pfp_fops);
	f = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_EXPECT_PTR_EQ(test, pseudofs_kunit_real_fops(f), &pfp_fops);
	KUNIT_EXPECT_EQ(test, pfp_read_file(f), 4);

	dget(d);
	pfp_remove_now(test, d);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pfp_open(test, d)), -ENOENT);
	dput(d);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->releases), 0);
	kunit_release_action(test, pfp_fput, f);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->releases), 1);
}

/* The full proxy: every operation fails once the file is removed. */
static void pfp_full_after_remove(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	struct file *f = pfp_open(test, d);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_EXPECT_EQ(test, vfs_poll(f, NULL), EPOLLIN);
	KUNIT_EXPECT_EQ(test, vfs_llseek(f, 2, SEEK_SET), 2);
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), 1);
	pfp_remove_now(test, d);
	KUNIT_EXPECT_EQ(test, pfp_read_file(f), -EIO);
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), -EIO);
	KUNIT_EXPECT_EQ(test, vfs_llseek(f, 0, SEEK_SET), -EIO);
	KUNIT_EXPECT_EQ(test, vfs_poll(f, NULL), EPOLLHUP);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->reads), 0);
	kunit_release_action(test, pfp_fput, f);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->releases), 1);
}

/* A poller, as epoll's: where it waits, and the events it was woken for */
struct pfp_poller {
	poll_table pt;
	wait_queue_head_t *head;
	wait_queue_entry_t wait;
	__poll_t woken;
};

static int pfp_poller_wake(wait_queue_entry_t *wait, unsigned int mode,
			   int sync, void *key)
{
	container_of(wait, struct pfp_poller, wait)->woken |= key_to_poll(key);
	return 0;
}

static void pfp_poller_queue(struct file *file, wait_queue_head_t *head,
			     poll_table *pt)
{
	struct pfp_poller *p = container_of(pt, struct pfp_poller, pt);

	p->head = head;
	init_waitqueue_func_entry(&p->wait, pfp_poller_wake);
	add_wait_queue(head, &p->wait);
}

/*
 * A poller of the full proxy waits on the library's queue, which lives as
 * long as the open file, not on the queue in the file's data: woken through
 * it, then with EPOLLHUP by the removal, after which that queue may go.
 */
static void pfp_poll_relay(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct pfp_poller p = { };
	struct dentry *d;
	struct file *f;

	/* freed after the file is closed, whatever the case found */
	st->poll_head = kunit_kmalloc(test, sizeof(*st->poll_head), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st->poll_head);
	init_waitqueue_head(st->poll_head);
	d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	f = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	init_poll_funcptr(&p.pt, pfp_poller_queue);
	KUNIT_EXPECT_EQ(test, vfs_poll(f, &p.pt), EPOLLIN);
	KUNIT_ASSERT_NOT_NULL(test, p.head);
	KUNIT_EXPECT_PTR_NE(test, p.head, st->poll_head);
	wake_up_poll(st->poll_head, EPOLLIN);
	KUNIT_EXPECT_EQ(test, p.woken, EPOLLIN);
	pfp_remove_now(test, d);
	KUNIT_EXPECT_EQ(test, p.woken, EPOLLIN | EPOLLHUP);
	/* the file's queue is left to its owner, who may free it now */
	KUNIT_EXPECT_FALSE(test, waitqueue_active(st->poll_head));
	KUNIT_EXPECT_EQ(test, vfs_poll(f, NULL), EPOLLHUP);
	remove_wait_queue(p.head, &p.wait);
}

/*
 * A relay leaves the file's queue before the file's ->release, which may
 * free it, and when it goes by wake_up_pollfree(), waking the pollers.
 */
static void pfp_poll_relay_leaves(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct pfp_poller p = { }, q = { };
	struct dentry *d;
	struct file *f, *g;

	st->poll_head = kunit_kmalloc(test, sizeof(*st->poll_head), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st->poll_head);
	init_waitqueue_head(st->poll_head);
	d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	f = pfp_open(test, d);
	g = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, g);
	init_poll_funcptr(&p.pt, pfp_poller_queue);
	init_poll_funcptr(&q.pt, pfp_poller_queue);
	KUNIT_EXPECT_EQ(test, vfs_poll(f, &p.pt), EPOLLIN);
	KUNIT_ASSERT_NOT_NULL(test, p.head);
	remove_wait_queue(p.head, &p.wait);	/* as poll(2) before fput() */
	kunit_release_action(test, pfp_fput, f);
	/* nothing else waits there: a plain look at the queue */
	KUNIT_EXPECT_FALSE(test, waitqueue_active(st->poll_head));

	KUNIT_EXPECT_EQ(test, vfs_poll(g, &q.pt), EPOLLIN);
	KUNIT_ASSERT_NOT_NULL(test, q.head);
	wake_up_pollfree(st->poll_head);
	/* the relay left it, as __wake_up_pollfree() wants */
	KUNIT_EXPECT_FALSE(test, waitqueue_active(st->poll_head));
	KUNIT_EXPECT_EQ(test, q.woken, EPOLLHUP);
	remove_wait_queue(q.head, &q.wait);
}

/* Start a removal of @d in a thread of its own. */
static void pfp_start_remover(struct kunit *test, struct dentry *d)
{
	struct pfp_state *st = test->priv;

	st->file = d;
	kunit_remove_action(test, pfp_remove, d);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kthread_run(pfp_remover, st, "pfp_remove")));
}

/*
 * A removal waits for a read inside the full proxy, with the directory
 * unlocked: a lookup in it goes on meanwhile.
 */
static void pfp_remove_waits_for_read(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	struct file *f = pfp_open(test, d);
	struct dentry *l;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	st->block = true;
	pfp_start_reader(test, f);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->in_read, 10));
	pfp_start_remover(test, d);
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed, 1));
	l = pseudofs_lookup(&pfp_fs, "f", NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(l), -ENOENT);
	complete(&st->release);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->removed, 10));
	KUNIT_EXPECT_EQ(test, pfp_read_file(f), -EIO);
}

/*
 * Two removals of a file with a read inside: neither returns before the
 * read does, the second one included, which finds the file removed.
 */
static void pfp_second_remover_waits(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	struct file *f = pfp_open(test, d);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	st->block = true;
	pfp_start_reader(test, f);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->in_read, 10));
	dget(d);	/* the second removal's, as pseudofs_lookup() gives */
	pfp_start_remover(test, d);
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed, 1));
	KUNIT_EXPECT_FALSE(test, IS_ERR(kthread_run(pfp_remover2, st, "pfp_remove2")));
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed2, 1));
	complete(&st->release);
	KUNIT_EXPECT_TRUE(test, pfp_wait(&st->removed, 10));
	KUNIT_EXPECT_TRUE(test, pfp_wait(&st->removed2, 10));
	dput(d);
}

/*
 * A write through the full or the short proxy removes the directory that
 * holds its file, and returns (as IPE's policy "delete" in securityfs).
 * A write that does not return is stuck for good, and so would any other
 * removal of the directory be: the case then leaves it to the test's end.
 */
static void pfp_remove_self(struct kunit *test)
{
	const enum pseudofs_proxy *proxy = test->param_value;
	struct pfp_state *st = test->priv;
	struct dentry *dir, *d;
	struct task_struct *t;
	struct file *f;

	dir = pseudofs_create_dir(&pfp_fs, "d", 0755, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dir);
	if (*proxy == PSEUDOFS_PROXY_FULL)
		d = pseudofs_create_file(&pfp_fs, "f", 0600, dir, NULL, *proxy,
					 &pfp_fops);
	else
		d = pseudofs_create_file_short(&pfp_fs, "f", 0600, dir, NULL,
					       NULL, &pfp_short_fops);
	f = IS_ERR(d) ? ERR_CAST(d) : pfp_open(test, d);
	if (IS_ERR(f)) {
		pseudofs_remove(&pfp_fs, dir);
		KUNIT_FAIL(test, "no file to write");
		return;
	}
	st->self = dir;
	t = kthread_run(pfp_writer, get_file(f), "pfp_write");
	if (IS_ERR(t))
		fput(f);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->written, 10));
	KUNIT_EXPECT_TRUE(test, d_unhashed(dir));
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), -EIO);
}

/*
 * The same write while a read blocks in the file: the removal from inside
 * the write waits for the read, not for the write, which returns once the
 * read is let go.  The read came first, so that the two calls are noted
 * apart (the first in the users' slot, the write on their list).
 */
static void pfp_remove_self_beside_read(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *dir, *d;
	struct task_struct *t;
	struct file *f;

	dir = pseudofs_create_dir(&pfp_fs, "d", 0755, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dir);
	d = pseudofs_create_file(&pfp_fs, "f", 0600, dir, NULL,
				 PSEUDOFS_PROXY_FULL, &pfp_fops);
	f = IS_ERR(d) ? ERR_CAST(d) : pfp_open(test, d);
	if (IS_ERR(f)) {
		pseudofs_remove(&pfp_fs, dir);
		KUNIT_FAIL(test, "no file to read and write");
		return;
	}
	st->block = true;
	pfp_start_reader(test, f);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->in_read, 10));
	st->self = dir;
	t = kthread_run(pfp_writer, get_file(f), "pfp_write");
	if (IS_ERR(t))
		fput(f);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->written, 1));
	complete(&st->release);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->written, 10));
	KUNIT_EXPECT_TRUE(test, d_unhashed(dir));
}

static const enum pseudofs_proxy pfp_self_proxies[] = {
	PSEUDOFS_PROXY_FULL, PSEUDOFS_PROXY_SHORT,
};

static void pfp_self_desc(const enum pseudofs_proxy *p, char *desc)
{
	strscpy(desc, *p == PSEUDOFS_PROXY_FULL ? "full" : "short",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pfp_self, pfp_self_proxies, pfp_self_desc);

/* A removal cancels a read that entered a cancellation, and waits for it. */
static void pfp_cancellation(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	struct file *f = pfp_open(test, d);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	st->block = true;
	st->cancel = true;
	pfp_start_reader(test, f);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->in_read, 10));
	pfp_start_remover(test, d);
	KUNIT_EXPECT_TRUE(test, pfp_wait(&st->removed, 10));
	KUNIT_EXPECT_EQ(test, atomic_read(&st->cancelled), 1);
}

/* How many lines of the kernel log hold @text. */
static int pfp_log_lines(const char *text)
{
	struct kmsg_dump_iter iter;
	char line[256];
	size_t len;
	int n = 0;

	kmsg_dump_rewind(&iter);
	while (kmsg_dump_get_line(&iter, false, line, sizeof(line) - 1, &len)) {
		line[len] = '\0';
		if (strstr(line, text))
			n++;
	}
	return n;
}

#define PFP_DRAIN_LINE "pseudofs_proxy_test: removal of /f waits for its users"

/*
 * The bracket taken by hand, on a file with no proxy: the removal waits
 * for the put, and a get after it fails.  Waiting longer than five
 * seconds, the removal says once, in the kernel log, which file it waits
 * for.
 */
static void pfp_get_put(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_NONE);
	struct file *f = pfp_open(test, d);
	int told;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_EXPECT_PTR_EQ(test, f->f_op, &pfp_fops);
	KUNIT_ASSERT_EQ(test, pseudofs_file_get(d), 0);
	dget(d);
	told = pfp_log_lines(PFP_DRAIN_LINE);
	pfp_start_remover(test, d);
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed, 4));
	KUNIT_EXPECT_EQ_MSG(test, pfp_log_lines(PFP_DRAIN_LINE), told,
			    "the removal spoke before five seconds");
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed, 3));
	KUNIT_EXPECT_EQ_MSG(test, pfp_log_lines(PFP_DRAIN_LINE), told + 1,
			    "no one line \"%s\" in the kernel log", PFP_DRAIN_LINE);
	pseudofs_file_put(d);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->removed, 10));
	KUNIT_EXPECT_EQ(test, pfp_log_lines(PFP_DRAIN_LINE), told + 1);
	KUNIT_EXPECT_EQ(test, pseudofs_file_get(d), -EIO);
	dput(d);
}

/* Call ->unlocked_ioctl as ioctl(2) would, -ENOTTY without it. */
static long pfp_ioctl_file(struct file *f)
{
	return f->f_op->unlocked_ioctl ? f->f_op->unlocked_ioctl(f, 0, 0) :
					 -ENOTTY;
}

/*
 * The full proxy's operations are the same for every file: a method the
 * file's own operations lack fails as debugfs's does, before and after
 * the removal, and ->read, which they have, fails once removed.
 */
static void pfp_full_missing(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d = pfp_file(test, PSEUDOFS_PROXY_FULL);
	struct dentry *r;
	struct file *f, *g;

	r = pseudofs_create_file(&pfp_fs, "r", 0600, NULL, NULL,
				 PSEUDOFS_PROXY_FULL, &pfp_read_fops);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, r);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_remove, r), 0);
	f = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	g = pfp_open(test, r);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, g);
	KUNIT_EXPECT_PTR_EQ(test, f->f_op, g->f_op);
	KUNIT_EXPECT_PTR_EQ(test, g->f_op, d_inode(r)->i_fop);
	KUNIT_EXPECT_PTR_EQ(test, pseudofs_kunit_real_fops(g), &pfp_read_fops);

	KUNIT_EXPECT_EQ(test, pfp_read_file(g), 4);
	KUNIT_EXPECT_EQ(test, pfp_write_file(g), -EINVAL);
	KUNIT_EXPECT_EQ(test, vfs_llseek(g, 2, SEEK_SET), -ESPIPE);
	KUNIT_EXPECT_EQ(test, vfs_poll(g, NULL), DEFAULT_POLLMASK);
	KUNIT_EXPECT_EQ(test, pfp_ioctl_file(g), -ENOTTY);
	pfp_remove_now(test, r);
	KUNIT_EXPECT_EQ(test, pfp_read_file(g), -EIO);
	KUNIT_EXPECT_EQ(test, pfp_write_file(g), -EINVAL);
	KUNIT_EXPECT_EQ(test, vfs_llseek(g, 2, SEEK_SET), -ESPIPE);
	KUNIT_EXPECT_EQ(test, vfs_poll(g, NULL), DEFAULT_POLLMASK);
	KUNIT_EXPECT_EQ(test, pfp_ioctl_file(g), -ENOTTY);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->reads), 1);
	/* the other file's are its own */
	KUNIT_EXPECT_EQ(test, vfs_poll(f, NULL), EPOLLIN);
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), 1);
	KUNIT_EXPECT_EQ(test, vfs_llseek(f, 2, SEEK_SET), 2);
	KUNIT_EXPECT_EQ(test, pfp_ioctl_file(f), -ENOTTY);
	kunit_release_action(test, pfp_fput, g);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->releases), 0);
}

/*
 * The short proxy: ->init_inode saw its operations already; ->open is
 * simple_open(); ->read and ->write run in the bracket and fail once the
 * file is removed, ->llseek, which the file lacks, fails as debugfs's.
 */
static void pfp_short(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d;
	struct file *f;
	int aux;

	d = pseudofs_create_file_short(&pfp_fs, "s", 0600, NULL, st, &aux,
				       &pfp_short_fops);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_remove, d), 0);
	KUNIT_EXPECT_TRUE(test, d_is_reg(d));
	KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode & S_IALLUGO, 0600);
	KUNIT_EXPECT_PTR_EQ(test, st->init_fops, d_inode(d)->i_fop);
	f = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_EXPECT_PTR_EQ(test, f->private_data, (void *)st);
	KUNIT_EXPECT_PTR_EQ(test, f->f_op, d_inode(d)->i_fop);
	KUNIT_EXPECT_NULL(test, f->f_op->release);
	KUNIT_EXPECT_PTR_EQ(test, pseudofs_guard(d_inode(d))->short_fops,
			    &pfp_short_fops);
	KUNIT_EXPECT_PTR_EQ(test, pseudofs_file_aux(f), (void *)&aux);

	KUNIT_EXPECT_EQ(test, pfp_read_file(f), 4);
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), 1);
	KUNIT_EXPECT_EQ(test, vfs_llseek(f, 2, SEEK_SET), -ESPIPE);
	KUNIT_EXPECT_EQ(test, vfs_poll(f, NULL), DEFAULT_POLLMASK);
	dget(d);
	pfp_remove_now(test, d);
	KUNIT_EXPECT_EQ(test, pfp_read_file(f), -EIO);
	KUNIT_EXPECT_EQ(test, pfp_write_file(f), -EIO);
	KUNIT_EXPECT_EQ(test, vfs_llseek(f, 2, SEEK_SET), -ESPIPE);
	KUNIT_EXPECT_EQ(test, PTR_ERR(pfp_open(test, d)), -ENOENT);
	dput(d);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->reads), 1);
	kunit_release_action(test, pfp_fput, f);
	KUNIT_EXPECT_EQ(test, atomic_read(&st->releases), 0);
}

/* A removal waits for a read inside the short proxy. */
static void pfp_short_remove_waits(struct kunit *test)
{
	struct pfp_state *st = test->priv;
	struct dentry *d;
	struct file *f;

	d = pseudofs_create_file_short(&pfp_fs, "s", 0600, NULL, NULL, NULL,
				       &pfp_short_fops);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_remove, d), 0);
	f = pfp_open(test, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	st->block = true;
	pfp_start_reader(test, f);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->in_read, 10));
	pfp_start_remover(test, d);
	KUNIT_EXPECT_FALSE(test, pfp_wait(&st->removed, 1));
	complete(&st->release);
	KUNIT_ASSERT_TRUE(test, pfp_wait(&st->removed, 10));
	KUNIT_EXPECT_EQ(test, pfp_read_file(f), -EIO);
}

/*
 * Every proxy, and none, keeps the aux pointer a file was made with; a
 * file made without one has none.
 */
static void pfp_aux(struct kunit *test)
{
	static const enum pseudofs_proxy proxies[] = {
		PSEUDOFS_PROXY_NONE, PSEUDOFS_PROXY_OPEN, PSEUDOFS_PROXY_FULL,
	};
	struct dentry *d, *plain;
	int aux[ARRAY_SIZE(proxies)];
	struct file *f;
	unsigned int i;

	plain = pfp_file(test, PSEUDOFS_PROXY_FULL);
	f = pfp_open(test, plain);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	KUNIT_EXPECT_NULL(test, pseudofs_file_aux(f));
	for (i = 0; i < ARRAY_SIZE(proxies); i++) {
		d = pseudofs_create_file_aux(&pfp_fs, "a", 0600, NULL, NULL,
					     &aux[i], proxies[i], &pfp_fops);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, pfp_remove, d), 0);
		f = pfp_open(test, d);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
		KUNIT_EXPECT_PTR_EQ(test, pseudofs_file_aux(f), (void *)&aux[i]);
		KUNIT_EXPECT_EQ(test, pfp_read_file(f), 4);
		kunit_release_action(test, pfp_fput, f);
		pfp_remove_now(test, d);
	}
}

static struct kunit_case pfp_cases[] = {
	KUNIT_CASE(pfp_create_bad),
	KUNIT_CASE_PARAM(pfp_open_after_remove, pfp_proxy_gen_params),
	KUNIT_CASE(pfp_full_after_remove),
	KUNIT_CASE(pfp_poll_relay),
	KUNIT_CASE(pfp_poll_relay_leaves),
	KUNIT_CASE(pfp_full_missing),
	KUNIT_CASE(pfp_short),
	KUNIT_CASE(pfp_short_remove_waits),
	KUNIT_CASE(pfp_aux),
	KUNIT_CASE(pfp_remove_waits_for_read),
	KUNIT_CASE(pfp_cancellation),
	KUNIT_CASE(pfp_second_remover_waits),
	KUNIT_CASE_PARAM(pfp_remove_self, pfp_self_gen_params),
	KUNIT_CASE(pfp_remove_self_beside_read),
	KUNIT_CASE_SLOW(pfp_get_put),
	{}
};

static struct kunit_suite pfp_suite = {
	.name		= "libpseudofs_proxy",
	.suite_init	= pfp_suite_init,
	.suite_exit	= pfp_suite_exit,
	.init		= pfp_init,
	.test_cases	= pfp_cases,
};

kunit_test_suite(pfp_suite);

MODULE_DESCRIPTION("KUnit tests for libpseudofs's removal safety");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
