// SPDX-License-Identifier: GPL-2.0
/*
 * file.c - keeping a pseudo filesystem's files safe from their removal
 *
 * pseudofs_remove() waits for the operations between pseudofs_file_get() and
 * pseudofs_file_put(), which the proxies of enum pseudofs_proxy take around
 * a file's own; those starting after it fail.  The scheme is debugfs's.
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/fsnotify.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include "internal.h"

/* How long a removal waits for users before it says who they are */
#define PSEUDOFS_DRAIN_WARN	(5 * HZ)

/* pseudofs_users.methods */
#define PSEUDOFS_HAS_READ	BIT(0)
#define PSEUDOFS_HAS_WRITE	BIT(1)
#define PSEUDOFS_HAS_LLSEEK	BIT(2)
#define PSEUDOFS_HAS_POLL	BIT(3)
#define PSEUDOFS_HAS_IOCTL	BIT(4)
#define PSEUDOFS_NOTED		BIT(5)

static const struct file_operations pseudofs_open_proxy_fops;
static const struct file_operations pseudofs_full_proxy_fops;
static const struct file_operations pseudofs_short_proxy_fops;

/* Removed files still in use, of every filesystem; their waiters' queue */
static LIST_HEAD(pseudofs_draining);
static DEFINE_SPINLOCK(pseudofs_draining_lock);
static DECLARE_WAIT_QUEUE_HEAD(pseudofs_drain_wq);

/**
 * struct pseudofs_inside - a proxy's call of a file's own operation
 * @node: on &pseudofs_users.inside while the call runs, unless in @solo
 * @task: the task making it; %NULL while it is &pseudofs_users.solo instead
 * @dropped: @task removed the file from inside the call, which then no
 *	longer counts as a user (pseudofs_drain_one())
 *
 * On the proxy's stack, not zeroed.  The first call takes the slot without
 * a lock; calls that overlap it go on the list.  @node comes last: GCC gives
 * a struct that starts with one a 16-byte slot, realigning the stack.
 */
struct pseudofs_inside {
	struct task_struct *task;
	bool dropped;
	struct hlist_node node;
};

static struct pseudofs_users *pseudofs_users_alloc(struct pseudofs_guard *g)
{
	struct pseudofs_users *users, *old;

	users = kmalloc_obj(*users);
	if (!users)
		return NULL;
	refcount_set(&users->active, 1);
	mutex_init(&users->lock);
	INIT_LIST_HEAD(&users->cancellations);
	INIT_HLIST_HEAD(&users->inside);
	users->solo = NULL;
	users->methods = 0;
	mutex_init(&users->poll_lock);
	users->relays = NULL;
	init_waitqueue_head(&users->pollers);
	/* full barrier: pairs with the smp_mb() in pseudofs_users_removed() */
	old = cmpxchg(&g->users, NULL, users);
	if (old) {
		mutex_destroy(&users->poll_lock);
		mutex_destroy(&users->lock);
		kfree(users);
		return old;
	}
	return users;
}

/* The users of the file of @g, allocated on first use; %NULL without memory */
static __always_inline struct pseudofs_users *
pseudofs_users(struct pseudofs_guard *g)
{
	struct pseudofs_users *users = READ_ONCE(g->users);

	return likely(users) ? users : pseudofs_users_alloc(g);
}

/* Enter the bracket of @dentry, see pseudofs_file_get(): 0 or -EIO */
static __always_inline int pseudofs_users_get(struct pseudofs_users *users,
					      struct dentry *dentry)
{
	/*
	 * A removal that missed @users unhashed @dentry before looking; a
	 * file is never a root, so d_unhashed() is d_unlinked() here.
	 */
	if (d_unhashed(dentry) || !refcount_inc_not_zero(&users->active))
		return -EIO;
	return 0;
}

static __always_inline void pseudofs_users_put(struct pseudofs_users *users)
{
	if (refcount_dec_and_test(&users->active))
		wake_up_all(&pseudofs_drain_wq);
}

/**
 * pseudofs_file_get - start using a file's data
 * @dentry: the file
 *
 * Until the matching pseudofs_file_put(), pseudofs_remove() of @dentry waits.
 *
 * Return: 0; -%EIO if the file was removed (its data must not be used);
 * -%ENOMEM; -%EINVAL if @dentry is not a regular file.
 */
int pseudofs_file_get(struct dentry *dentry)
{
	struct pseudofs_users *users;

	if (WARN_ON(!d_is_reg(dentry)))
		return -EINVAL;
	users = pseudofs_users(pseudofs_guard(d_inode(dentry)));
	return users ? pseudofs_users_get(users, dentry) : -ENOMEM;
}
EXPORT_SYMBOL_GPL(pseudofs_file_get);

/**
 * pseudofs_file_put - stop using a file's data
 * @dentry: the file, passed to a successful pseudofs_file_get()
 */
void pseudofs_file_put(struct dentry *dentry)
{
	pseudofs_users_put(pseudofs_guard(d_inode(dentry))->users);
}
EXPORT_SYMBOL_GPL(pseudofs_file_put);

/**
 * pseudofs_file_aux - what a file was created with for its operations
 * @file: an open file
 *
 * Return: the @aux given to pseudofs_create_file_aux() or
 * pseudofs_create_file_short(), %NULL for a file made otherwise.
 */
void *pseudofs_file_aux(const struct file *file)
{
	return (void *)pseudofs_guard(file_inode(file))->aux;
}
EXPORT_SYMBOL_GPL(pseudofs_file_aux);

/* The users of @file's inode, inside the bracket; %NULL and a warning if not */
static struct pseudofs_users *pseudofs_file_users(struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	struct pseudofs_users *users;

	if (WARN_ON(!d_is_reg(dentry)))
		return NULL;
	users = READ_ONCE(pseudofs_guard(d_inode(dentry))->users);
	WARN_ON(!users);
	return users;
}

/**
 * pseudofs_enter_cancellation - let a removal stop the running operation
 * @file: the file, inside pseudofs_file_get() and pseudofs_file_put()
 * @c: on the caller's stack, its ->cancel set
 *
 * Only a removal waiting for the operation calls ->cancel(), after which it
 * should call pseudofs_leave_cancellation() and return soon.
 */
void pseudofs_enter_cancellation(struct file *file,
				 struct pseudofs_cancellation *c)
{
	struct pseudofs_users *users = pseudofs_file_users(file);

	INIT_LIST_HEAD(&c->list);
	if (!users || WARN_ON(!c->cancel))
		return;
	mutex_lock(&users->lock);
	list_add(&c->list, &users->cancellations);
	mutex_unlock(&users->lock);
	/* a removal waiting already comes round to cancel it */
	if (d_unlinked(file->f_path.dentry))
		wake_up_all(&pseudofs_drain_wq);
}
EXPORT_SYMBOL_GPL(pseudofs_enter_cancellation);

/**
 * pseudofs_leave_cancellation - the operation no longer needs stopping
 * @file: the file
 * @c: what pseudofs_enter_cancellation() was given
 *
 * Once this returns, @c is no longer used and may go.
 */
void pseudofs_leave_cancellation(struct file *file,
				 struct pseudofs_cancellation *c)
{
	struct pseudofs_users *users = pseudofs_file_users(file);

	if (!users)
		return;
	mutex_lock(&users->lock);
	list_del_init(&c->list);
	mutex_unlock(&users->lock);
}
EXPORT_SYMBOL_GPL(pseudofs_leave_cancellation);

/**
 * struct pseudofs_relay - the full proxy's waiter on a queue a file polls
 * @wait: on @head, passes each wakeup on to &pseudofs_users.pollers
 * @head: a queue the file's ->poll gave poll_wait(), %NULL once it went
 * @file: the open file whose ->poll gave it
 * @next: the inode's next relay
 *
 * The full proxy's pollers wait on &pseudofs_users.pollers, which lives as
 * long as the inode, not on @head, which may go with the data or open file.
 */
struct pseudofs_relay {
	wait_queue_entry_t wait;
	wait_queue_head_t *head;
	struct file *file;
	struct pseudofs_relay *next;
};

/* What the full proxy gives a file's own ->poll */
struct pseudofs_poll_table {
	poll_table *caller;
	struct pseudofs_users *users;
	bool failed;
	poll_table pt;		/* last: see struct pseudofs_inside */
};

static int pseudofs_relay_wake(wait_queue_entry_t *wait, unsigned int mode,
			       int sync, void *key)
{
	struct pseudofs_relay *r = container_of(wait, typeof(*r), wait);
	struct pseudofs_users *users = wait->private;

	/* the queue goes (wake_up_pollfree()): leave it, as epoll does */
	if (key_to_poll(key) & POLLFREE) {
		list_del_init(&wait->entry);
		/* pairs with the smp_load_acquire() of pseudofs_relays_detach() */
		smp_store_release(&r->head, NULL);
		key = poll_to_key(EPOLLHUP);
	}
	__wake_up(&users->pollers, mode, 0, key);
	return 0;
}

/* The qproc of a struct pseudofs_poll_table: relay @head, once per file */
static void pseudofs_poll_relay(struct file *file, wait_queue_head_t *head,
				poll_table *pt)
{
	struct pseudofs_poll_table *t = container_of(pt, typeof(*t), pt);
	struct pseudofs_users *users = t->users;
	struct pseudofs_relay *r;

	mutex_lock(&users->poll_lock);
	for (r = users->relays; r; r = r->next)
		if (r->file == file && r->head == head)
			break;
	/* a qproc may sleep: __pollwait() and epoll's allocate so too */
	if (!r) {
		r = kmalloc_obj(*r);
		if (r) {
			init_waitqueue_func_entry(&r->wait, pseudofs_relay_wake);
			r->wait.private = users;
			r->head = head;
			r->file = file;
			r->next = users->relays;
			users->relays = r;
			add_wait_queue(head, &r->wait);
		}
	}
	mutex_unlock(&users->poll_lock);
	/* without a relay, the poller is told of an error, not left waiting */
	t->failed |= !r;
	t->caller->_qproc(file, &users->pollers, t->caller);
}

/* Take @file's relays, or all for %NULL, off their queues, which may go */
static void pseudofs_relays_detach(struct pseudofs_users *users,
				   struct file *file)
{
	struct pseudofs_relay **p = &users->relays, *r;
	wait_queue_head_t *head;

	mutex_lock(&users->poll_lock);
	while ((r = *p)) {
		if (file && r->file != file) {
			p = &r->next;
			continue;
		}
		*p = r->next;
		/* a queue left by POLLFREE goes after a grace period */
		rcu_read_lock();
		/* pairs with the smp_store_release() of pseudofs_relay_wake() */
		head = smp_load_acquire(&r->head);
		if (head)
			remove_wait_queue(head, &r->wait);
		rcu_read_unlock();
		kfree(r);
	}
	mutex_unlock(&users->poll_lock);
	if (!file)
		wake_up_poll(&users->pollers, EPOLLHUP);
}

/*
 * @dentry, a file, was just unhashed by a removal: drop the tree's count of
 * its users and, if some are left, list it for pseudofs_drain().
 */
void pseudofs_users_removed(struct dentry *dentry)
{
	struct pseudofs_users *users;

	/*
	 * Pairs with the cmpxchg() in pseudofs_users_alloc(): either we see
	 * the users, or pseudofs_file_get() sees @dentry unhashed.
	 */
	smp_mb();
	users = READ_ONCE(pseudofs_guard(d_inode(dentry))->users);
	if (!users)
		return;
	if (refcount_dec_and_test(&users->active)) {
		pseudofs_relays_detach(users, NULL);
		return;
	}
	users->dentry = dget(dentry);
	spin_lock(&pseudofs_draining_lock);
	list_add_tail(&users->removed, &pseudofs_draining);
	spin_unlock(&pseudofs_draining_lock);
}

/* Say which file a removal has waited long for, and who is inside it. */
static void pseudofs_drain_report(struct pseudofs_users *users)
{
	char path[128], who[160] = "";
	struct pseudofs_inside *in;
	struct task_struct *p;
	int len = 0, n;
	const char *s;

	s = dentry_path_raw(users->dentry, path, sizeof(path));
	rcu_read_lock();	/* a task is freed after a grace period */
	p = READ_ONCE(users->solo);
	if (p)
		len = scnprintf(who, sizeof(who), " %s[%d]", p->comm,
				task_pid_nr(p));
	rcu_read_unlock();
	n = !!p;
	mutex_lock(&users->lock);
	hlist_for_each_entry(in, &users->inside, node)
		if (!in->dropped && n++ < 8)
			len += scnprintf(who + len, sizeof(who) - len, " %s[%d]",
					 in->task->comm, task_pid_nr(in->task));
	mutex_unlock(&users->lock);
	pr_warn("%s: removal of %s waits for its users; inside:%s%s\n",
		users->dentry->d_sb->s_type->name, IS_ERR(s) ? "?" : s,
		n ? who : " no proxy call",
		refcount_read(&users->active) > n ? ", and pseudofs_file_get()" : "");
}

/* Whether a removal waiting for @users has something to look at */
static bool pseudofs_drain_woken(struct pseudofs_users *users)
{
	return !refcount_read(&users->active) ||
	       !list_empty_careful(&users->cancellations);
}

/*
 * Wait until nothing uses @users' file, cancelling what can be.  The calls
 * of the waiting task itself, which removed the file from inside one of its
 * operations, stop counting: they return without reaching for the data.
 */
static void pseudofs_drain_one(struct pseudofs_users *users)
{
	struct pseudofs_cancellation *c;
	struct pseudofs_inside *in;
	bool told = false;

	for (;;) {
		if (cmpxchg(&users->solo, current, NULL) == current &&
		    refcount_dec_and_test(&users->active))
			wake_up_all(&pseudofs_drain_wq);
		/* a cancellation is the user's: touch it under the lock only */
		mutex_lock(&users->lock);
		hlist_for_each_entry(in, &users->inside, node) {
			if (in->task != current || in->dropped)
				continue;
			in->dropped = true;
			if (refcount_dec_and_test(&users->active))
				wake_up_all(&pseudofs_drain_wq);
		}
		while ((c = list_first_entry_or_null(&users->cancellations,
						     typeof(*c), list))) {
			list_del_init(&c->list);
			c->cancel(users->dentry, c->cancel_data);
		}
		mutex_unlock(&users->lock);
		if (!refcount_read(&users->active)) {
			pseudofs_relays_detach(users, NULL);
			return;
		}
		if (told) {
			wait_event(pseudofs_drain_wq, pseudofs_drain_woken(users));
		} else if (!wait_event_timeout(pseudofs_drain_wq,
					       pseudofs_drain_woken(users),
					       PSEUDOFS_DRAIN_WARN)) {
			pseudofs_drain_report(users);
			told = true;
		}
	}
}

/*
 * Wait for the users of the removed files at or below @top, held by the
 * caller, whichever removal unlinked them.
 */
void pseudofs_drain(struct dentry *top)
{
	struct pseudofs_users *users;
	struct dentry *dentry;
	bool found, listed;

	for (;;) {
		found = false;
		spin_lock(&pseudofs_draining_lock);
		list_for_each_entry(users, &pseudofs_draining, removed) {
			found = is_subdir(users->dentry, top);
			if (found)
				break;
		}
		if (found)
			dentry = dget(users->dentry);
		spin_unlock(&pseudofs_draining_lock);
		if (!found)
			return;
		pseudofs_drain_one(users);
		spin_lock(&pseudofs_draining_lock);
		listed = !list_empty(&users->removed);
		list_del_init(&users->removed);
		spin_unlock(&pseudofs_draining_lock);
		if (listed)
			dput(dentry);	/* the list's */
		dput(dentry);
	}
}

/* Free what pseudofs_file_get() allocated for @inode, which goes. */
void pseudofs_free_users(struct inode *inode)
{
	struct pseudofs_users *users = pseudofs_guard(inode)->users;

	if (!users)
		return;
	/* each open file took its relays off at ->release: none to lock */
	WARN_ON(users->relays || !list_empty(&users->cancellations));
	mutex_destroy(&users->poll_lock);
	mutex_destroy(&users->lock);
	kfree(users);
}

/* The PSEUDOFS_HAS_* of a proxied file's own operations: @real_fops or short */
static unsigned int pseudofs_methods(const struct pseudofs_guard *g,
				     const struct file_operations *real_fops)
{
	if (!real_fops)
		return PSEUDOFS_NOTED |
		       (g->short_fops->read ? PSEUDOFS_HAS_READ : 0) |
		       (g->short_fops->write ? PSEUDOFS_HAS_WRITE : 0) |
		       (g->short_fops->llseek ? PSEUDOFS_HAS_LLSEEK : 0);
	return PSEUDOFS_NOTED | (real_fops->read ? PSEUDOFS_HAS_READ : 0) |
	       (real_fops->write ? PSEUDOFS_HAS_WRITE : 0) |
	       (real_fops->llseek ? PSEUDOFS_HAS_LLSEEK : 0) |
	       (real_fops->poll ? PSEUDOFS_HAS_POLL : 0) |
	       (real_fops->unlocked_ioctl ? PSEUDOFS_HAS_IOCTL : 0);
}

/* Note @in on the list: another call has the slot */
static noinline void pseudofs_inside_add(struct pseudofs_users *users,
					 struct pseudofs_inside *in)
{
	in->task = current;
	in->dropped = false;
	mutex_lock(&users->lock);
	hlist_add_head(&in->node, &users->inside);
	mutex_unlock(&users->lock);
}

/* Take @in off the list: whether its task removed the file meanwhile */
static noinline bool pseudofs_inside_del(struct pseudofs_users *users,
					 struct pseudofs_inside *in)
{
	mutex_lock(&users->lock);
	hlist_del(&in->node);
	mutex_unlock(&users->lock);
	return in->dropped;
}

/*
 * Enter the bracket of @dentry for a proxy's call, as @in, the task's own,
 * on its stack: 0, or -EIO if the file is removed.
 */
static __always_inline int pseudofs_proxy_get(struct pseudofs_users *users,
					      struct dentry *dentry,
					      struct pseudofs_inside *in)
{
	int err = pseudofs_users_get(users, dentry);

	if (unlikely(err))
		return err;
	in->task = NULL;
	if (unlikely(cmpxchg(&users->solo, NULL, current)))
		pseudofs_inside_add(users, in);
	return 0;
}

/* Leave it; a call whose task removed the file counts no more already. */
static __always_inline void pseudofs_proxy_put(struct pseudofs_users *users,
					       struct pseudofs_inside *in)
{
	if (likely(!in->task)) {
		/* only this task takes the slot from itself, removing the file */
		if (likely(READ_ONCE(users->solo) == current)) {
			WRITE_ONCE(users->solo, NULL);
			pseudofs_users_put(users);
		}
	} else if (!pseudofs_inside_del(users, in)) {
		pseudofs_users_put(users);
	}
}

/*
 * ->open of the three proxies, inside the bracket: the open proxy's file goes
 * on with its own operations, the full proxy's keeps the proxy and holds
 * their module until ->release, and the short proxy's has no ->open of its
 * own.  A removed file is not found any more, as far as its opener can tell.
 */
static int pseudofs_proxy_open(struct inode *inode, struct file *file)
{
	const struct file_operations *proxy = file->f_op;
	struct pseudofs_guard *g = pseudofs_guard(inode);
	const struct file_operations *real_fops =
		proxy == &pseudofs_short_proxy_fops ? NULL : g->real_fops;
	struct pseudofs_inside in __uninitialized;
	struct pseudofs_users *users;
	int err;

	users = pseudofs_users(g);
	if (!users)
		return -ENOMEM;
	err = pseudofs_proxy_get(users, file->f_path.dentry, &in);
	if (err)
		return -ENOENT;
	/* else the owner is being unloaded, and its exit removes the file */
	if (real_fops && !fops_get(real_fops)) {
		err = -ENXIO;
		goto out;
	}
	/* noted inside the first bracket, where the operations' module is */
	if (!READ_ONCE(users->methods))
		WRITE_ONCE(users->methods, pseudofs_methods(g, real_fops));
	if (!real_fops) {
		err = simple_open(inode, file);
		goto out;
	}
	if (proxy == &pseudofs_open_proxy_fops)
		replace_fops(file, real_fops);
	if (real_fops->open)
		err = real_fops->open(inode, file);
	/* an ->open that put in operations of its own gives up the proxy */
	if (proxy == &pseudofs_full_proxy_fops &&
	    (err || WARN(file->f_op != proxy, "%pd: ->open replaced the proxy\n",
			 file->f_path.dentry)))
		fops_put(real_fops);
out:
	pseudofs_proxy_put(users, &in);
	return err;
}

#define PROTO(args...) args
#define ARGS(args...) args

/*
 * A method of the full or short proxy, as 7.3 debugfs's FULL_PROXY_FUNC:
 * @missing if the file's own operations, @fops of its guard, lack it (its
 * open noted their methods, and allocated the users), removed or not; else
 * the method inside the bracket, or -EIO once the file is removed.
 */
#define PSEUDOFS_PROXY_FUNC(proxy, fops, method, bit, missing, ret_t,	\
			    proto, args)				\
static ret_t pseudofs_##proxy##_proxy_##method(proto)			\
{									\
	struct pseudofs_guard *g = pseudofs_guard(file_inode(file));	\
	struct pseudofs_users *users = READ_ONCE(g->users);		\
	struct pseudofs_inside in __uninitialized;			\
	ret_t ret;							\
									\
	if (!(READ_ONCE(users->methods) & (bit)))			\
		return missing;						\
	ret = pseudofs_proxy_get(users, file->f_path.dentry, &in);	\
	if (unlikely(ret))						\
		return ret;						\
	ret = g->fops->method(args);					\
	pseudofs_proxy_put(users, &in);					\
	return ret;							\
}

PSEUDOFS_PROXY_FUNC(full, real_fops, llseek, PSEUDOFS_HAS_LLSEEK, -ESPIPE,
		    loff_t, PROTO(struct file *file, loff_t offset, int whence),
		    ARGS(file, offset, whence));
PSEUDOFS_PROXY_FUNC(short, short_fops, llseek, PSEUDOFS_HAS_LLSEEK, -ESPIPE,
		    loff_t, PROTO(struct file *file, loff_t offset, int whence),
		    ARGS(file, offset, whence));
PSEUDOFS_PROXY_FUNC(full, real_fops, read, PSEUDOFS_HAS_READ, -EINVAL, ssize_t,
		    PROTO(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos), ARGS(file, buf, len, ppos));
PSEUDOFS_PROXY_FUNC(short, short_fops, read, PSEUDOFS_HAS_READ, -EINVAL, ssize_t,
		    PROTO(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos), ARGS(file, buf, len, ppos));
PSEUDOFS_PROXY_FUNC(full, real_fops, write, PSEUDOFS_HAS_WRITE, -EINVAL, ssize_t,
		    PROTO(struct file *file, const char __user *buf, size_t len,
			  loff_t *ppos), ARGS(file, buf, len, ppos));
PSEUDOFS_PROXY_FUNC(short, short_fops, write, PSEUDOFS_HAS_WRITE, -EINVAL,
		    ssize_t, PROTO(struct file *file, const char __user *buf,
				   size_t len, loff_t *ppos),
		    ARGS(file, buf, len, ppos));
PSEUDOFS_PROXY_FUNC(full, real_fops, unlocked_ioctl, PSEUDOFS_HAS_IOCTL,
		    -ENOTTY, long, PROTO(struct file *file, unsigned int cmd,
					 unsigned long arg), ARGS(file, cmd, arg));

static __poll_t pseudofs_full_proxy_poll(struct file *file,
					 struct poll_table_struct *wait)
{
	struct pseudofs_guard *g = pseudofs_guard(file_inode(file));
	struct pseudofs_inside in __uninitialized;
	struct pseudofs_users *users = READ_ONCE(g->users);
	struct pseudofs_poll_table t = { };
	__poll_t mask;

	if (!(READ_ONCE(users->methods) & PSEUDOFS_HAS_POLL))
		return DEFAULT_POLLMASK;
	if (pseudofs_proxy_get(users, file->f_path.dentry, &in))
		return EPOLLHUP;
	if (wait && wait->_qproc) {
		init_poll_funcptr(&t.pt, pseudofs_poll_relay);
		t.pt._key = poll_requested_events(wait);
		t.caller = wait;
		t.users = users;
		wait = &t.pt;
	}
	mask = g->real_fops->poll(file, wait);
	pseudofs_proxy_put(users, &in);
	return t.failed ? mask | EPOLLERR : mask;
}

/* Runs removed or not, so nothing leaks: ->release must not use ->i_private */
static int pseudofs_full_proxy_release(struct inode *inode, struct file *file)
{
	struct pseudofs_guard *g = pseudofs_guard(inode);
	const struct file_operations *real_fops = g->real_fops;
	int err = 0;

	/* before ->release frees a queue; no relays listed: none of this file */
	if (g->users && READ_ONCE(g->users->relays))
		pseudofs_relays_detach(g->users, file);
	if (real_fops->release)
		err = real_fops->release(inode, file);
	fops_put(real_fops);
	return err;
}

static const struct file_operations pseudofs_open_proxy_fops = {
	.open	= pseudofs_proxy_open,
};

static const struct file_operations pseudofs_full_proxy_fops = {
	.open		= pseudofs_proxy_open,
	.release	= pseudofs_full_proxy_release,
	.llseek		= pseudofs_full_proxy_llseek,
	.read		= pseudofs_full_proxy_read,
	.write		= pseudofs_full_proxy_write,
	.poll		= pseudofs_full_proxy_poll,
	.unlocked_ioctl	= pseudofs_full_proxy_unlocked_ioctl,
};

static const struct file_operations pseudofs_short_proxy_fops = {
	.open	= pseudofs_proxy_open,
	.llseek	= pseudofs_short_proxy_llseek,
	.read	= pseudofs_short_proxy_read,
	.write	= pseudofs_short_proxy_write,
};

const struct file_operations *const pseudofs_proxies[] = {
	[PSEUDOFS_PROXY_OPEN]	= &pseudofs_open_proxy_fops,
	[PSEUDOFS_PROXY_FULL]	= &pseudofs_full_proxy_fops,
	[PSEUDOFS_PROXY_SHORT]	= &pseudofs_short_proxy_fops,
};
