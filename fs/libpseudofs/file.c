// SPDX-License-Identifier: GPL-2.0
/*
 * file.c - keeping a pseudo filesystem's files safe from their removal
 *
 * A file's operations reach what its owner keeps behind ->i_private, freed
 * once pseudofs_remove() returned.  The removal waits for operations between
 * pseudofs_file_get() and pseudofs_file_put(); those starting after it fail.
 * The proxies of enum pseudofs_proxy take that bracket around a file's own
 * operations; a client can take it itself.  The scheme is debugfs's (Nicolai
 * Stange, 2016), for every client, with the count of users allocated on first
 * use beside the inode.  The full and short proxies are static operations
 * whose methods look at a mask of the real ones, as 7.3 debugfs's.
 */

#define pr_fmt(fmt) "pseudofs: " fmt

#include <linux/fdtable.h>
#include <linux/fsnotify.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include "internal.h"

/* How long a removal waits for users before it says who they are */
#define PSEUDOFS_DRAIN_WARN	(5 * HZ)

/* The methods a proxy's real operations have, in pseudofs_guard.methods */
#define PSEUDOFS_HAS_READ	BIT(0)
#define PSEUDOFS_HAS_WRITE	BIT(1)
#define PSEUDOFS_HAS_LLSEEK	BIT(2)
#define PSEUDOFS_HAS_POLL	BIT(3)
#define PSEUDOFS_HAS_IOCTL	BIT(4)

static const struct file_operations pseudofs_full_proxy_fops;
static const struct file_operations pseudofs_short_proxy_fops;

static struct pseudofs_users *pseudofs_users_alloc(struct pseudofs_guard *g)
{
	struct pseudofs_users *users, *old;

	users = kmalloc_obj(*users);
	if (!users)
		return NULL;
	refcount_set(&users->active, 1);
	init_completion(&users->drained);
	mutex_init(&users->lock);
	INIT_LIST_HEAD(&users->cancellations);
	/* full barrier: pairs with the smp_mb() in pseudofs_users_removed() */
	old = cmpxchg(&g->users, NULL, users);
	if (old) {
		mutex_destroy(&users->lock);
		kfree(users);
		return old;
	}
	return users;
}

/**
 * pseudofs_file_get - start using a file's data
 * @dentry: the file
 *
 * Until the matching pseudofs_file_put(), pseudofs_remove() of @dentry
 * waits, so the data its owner frees after the removal may be used.
 *
 * Return: 0; -%EIO if the file was removed (its data must not be used);
 * -%ENOMEM; -%EINVAL if @dentry is not a regular file.
 */
int pseudofs_file_get(struct dentry *dentry)
{
	struct pseudofs_guard *g;
	struct pseudofs_users *users;

	if (WARN_ON(!d_is_reg(dentry)))
		return -EINVAL;
	g = pseudofs_guard(d_inode(dentry));
	users = READ_ONCE(g->users);
	if (!users) {
		users = pseudofs_users_alloc(g);
		if (!users)
			return -ENOMEM;
	}
	/* a removal that missed @users unhashed @dentry before looking */
	if (d_unlinked(dentry) || !refcount_inc_not_zero(&users->active))
		return -EIO;
	return 0;
}
EXPORT_SYMBOL_GPL(pseudofs_file_get);

/**
 * pseudofs_file_put - stop using a file's data
 * @dentry: the file, passed to a successful pseudofs_file_get()
 */
void pseudofs_file_put(struct dentry *dentry)
{
	struct pseudofs_users *users = pseudofs_guard(d_inode(dentry))->users;

	if (refcount_dec_and_test(&users->active))
		complete(&users->drained);
}
EXPORT_SYMBOL_GPL(pseudofs_file_put);

/**
 * pseudofs_file_aux - what a file was created with for its operations
 * @file: an open file
 *
 * Lets files that share their operations tell themselves apart, beside
 * ->i_private, which is the data of each (debugfs_get_aux()).
 *
 * Return: the @aux given to pseudofs_create_file_aux() or
 * pseudofs_create_file_short(), %NULL for a file made otherwise.
 */
void *pseudofs_file_aux(const struct file *file)
{
	return pseudofs_guard(file_inode(file))->aux;
}
EXPORT_SYMBOL_GPL(pseudofs_file_aux);

/**
 * pseudofs_enter_cancellation - let a removal stop the running operation
 * @file: the file, inside pseudofs_file_get() and pseudofs_file_put()
 * @c: on the caller's stack, its ->cancel set
 *
 * An operation that can block for long (on hardware, on another task) enters
 * a cancellation; only a removal waiting for it calls ->cancel(), after which
 * the operation should call pseudofs_leave_cancellation() and return soon.
 */
void pseudofs_enter_cancellation(struct file *file,
				 struct pseudofs_cancellation *c)
{
	struct dentry *dentry = file->f_path.dentry;
	struct pseudofs_users *users;

	INIT_LIST_HEAD(&c->list);
	if (WARN_ON(!d_is_reg(dentry) || !c->cancel))
		return;
	users = READ_ONCE(pseudofs_guard(d_inode(dentry))->users);
	if (WARN_ON(!users))
		return;
	mutex_lock(&users->lock);
	list_add(&c->list, &users->cancellations);
	mutex_unlock(&users->lock);
	/* a removal waiting already comes round to cancel it */
	if (d_unlinked(dentry))
		complete(&users->drained);
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
	struct dentry *dentry = file->f_path.dentry;
	struct pseudofs_users *users;

	if (WARN_ON(!d_is_reg(dentry)))
		return;
	users = READ_ONCE(pseudofs_guard(d_inode(dentry))->users);
	if (WARN_ON(!users))
		return;
	mutex_lock(&users->lock);
	list_del_init(&c->list);
	mutex_unlock(&users->lock);
}
EXPORT_SYMBOL_GPL(pseudofs_leave_cancellation);

/*
 * @dentry, a file, was just unhashed by a removal: drop the tree's count
 * of its users and, if some are left, queue it on @drain with a reference
 * for pseudofs_drain() to wait once no directory is locked.
 */
void pseudofs_users_removed(struct dentry *dentry, struct list_head *drain)
{
	struct pseudofs_users *users;

	/*
	 * Pairs with the cmpxchg() in pseudofs_users_alloc(): either we see
	 * the users, or pseudofs_file_get() sees @dentry unhashed.
	 */
	smp_mb();
	users = READ_ONCE(pseudofs_guard(d_inode(dentry))->users);
	if (!users || refcount_dec_and_test(&users->active))
		return;
	users->dentry = dget(dentry);
	list_add_tail(&users->removed, drain);
}

/* Match an open file of @dentry, for iterate_fd(). */
static int pseudofs_fd_is(const void *dentry, struct file *file,
			  unsigned int fd)
{
	return file->f_path.dentry == dentry;
}

/* Say which file a removal has waited long for, and who has it open. */
static void pseudofs_drain_report(struct dentry *dentry)
{
	char path[128], who[160] = "";
	struct task_struct *p;
	int len = 0, n = 0;
	const char *s;

	s = dentry_path_raw(dentry, path, sizeof(path));
	rcu_read_lock();
	for_each_process(p) {
		bool open;

		task_lock(p);
		open = p->files && iterate_fd(p->files, 0, pseudofs_fd_is, dentry);
		task_unlock(p);
		if (open && n++ < 8)
			len += scnprintf(who + len, sizeof(who) - len, " %s[%d]",
					 p->comm, task_pid_nr(p));
	}
	rcu_read_unlock();
	pr_warn("%s: removal of %s waits for its users; open in:%s\n",
		dentry->d_sb->s_type->name, IS_ERR(s) ? "?" : s,
		n ? who : " no task");
}

/* Wait until nothing uses @users' file, cancelling what can be. */
static void pseudofs_drain_one(struct pseudofs_users *users)
{
	struct pseudofs_cancellation *c;
	bool told = false;

	while (refcount_read(&users->active)) {
		/* a cancellation is the user's: touch it under the lock only */
		mutex_lock(&users->lock);
		while ((c = list_first_entry_or_null(&users->cancellations,
						     typeof(*c), list))) {
			list_del_init(&c->list);
			c->cancel(users->dentry, c->cancel_data);
		}
		mutex_unlock(&users->lock);
		if (told) {
			wait_for_completion(&users->drained);
		} else if (!wait_for_completion_timeout(&users->drained,
							PSEUDOFS_DRAIN_WARN)) {
			pseudofs_drain_report(users->dentry);
			told = true;
		}
	}
}

/* Wait for the users of the files pseudofs_users_removed() queued. */
void pseudofs_drain(struct list_head *drain)
{
	struct pseudofs_users *users, *next;

	list_for_each_entry_safe(users, next, drain, removed) {
		pseudofs_drain_one(users);
		list_del(&users->removed);
		dput(users->dentry);
	}
}

/* Free what pseudofs_file_get() allocated for @inode, which goes. */
void pseudofs_free_users(struct inode *inode)
{
	struct pseudofs_users *users = pseudofs_guard(inode)->users;

	if (!users)
		return;
	WARN_ON(!list_empty(&users->cancellations));
	mutex_destroy(&users->lock);
	kfree(users);
}

/*
 * Inside the bracket, check that the file may be opened and take a reference
 * to the module of its real operations, if any (the short proxy has none).
 */
static int pseudofs_proxy_may_open(struct inode *inode, struct file *file,
				   const struct file_operations *real_fops)
{
	const struct pseudofs_operations *ops = pseudofs_of(inode->i_sb)->desc->ops;
	int err;

	if (ops && ops->may_open) {
		err = ops->may_open(inode, file, real_fops);
		if (err)
			return err;
	}
	if (!real_fops || fops_get(real_fops))
		return 0;
#ifdef CONFIG_MODULES
	/* the owner is being unloaded and removes the file soon */
	if (!module_is_live(real_fops->owner))
		return -ENXIO;
#endif
	WARN(1, "%pd: its owner's exit did not remove it\n", file->f_path.dentry);
	return -ENXIO;
}

/* A removed file is not found any more, as far as its opener can tell. */
static int pseudofs_proxy_get(struct dentry *dentry)
{
	int err = pseudofs_file_get(dentry);

	return err == -EIO ? -ENOENT : err;
}

static int pseudofs_open_proxy_open(struct inode *inode, struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	const struct file_operations *real_fops = pseudofs_guard(inode)->real_fops;
	int err;

	err = pseudofs_proxy_get(dentry);
	if (err)
		return err;
	err = pseudofs_proxy_may_open(inode, file, real_fops);
	if (!err) {
		replace_fops(file, real_fops);
		if (real_fops->open)
			err = real_fops->open(inode, file);
	}
	pseudofs_file_put(dentry);
	return err;
}

static const struct file_operations pseudofs_open_proxy_fops = {
	.open	= pseudofs_open_proxy_open,
};

/*
 * Enter the bracket for a full or short proxy method: 0, or what it returns
 * instead: @missing if the file lacks it (removed or not), else -EIO if it is
 * removed, or -ENOMEM.
 */
static int pseudofs_proxy_enter(struct file *file, unsigned int method,
				int missing)
{
	struct dentry *dentry = file->f_path.dentry;

	if (!(pseudofs_guard(d_inode(dentry))->methods & method))
		return missing;
	return pseudofs_file_get(dentry);
}

static const struct file_operations *pseudofs_proxy_real(struct file *file)
{
	return pseudofs_guard(file_inode(file))->real_fops;
}

static const struct pseudofs_short_fops *pseudofs_proxy_short(struct file *file)
{
	return pseudofs_guard(file_inode(file))->short_fops;
}

static loff_t pseudofs_full_proxy_llseek(struct file *file, loff_t offset,
					 int whence)
{
	loff_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_LLSEEK, -ESPIPE);

	if (!ret) {
		ret = pseudofs_proxy_real(file)->llseek(file, offset, whence);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static ssize_t pseudofs_full_proxy_read(struct file *file, char __user *buf,
					size_t len, loff_t *ppos)
{
	ssize_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_READ, -EINVAL);

	if (!ret) {
		ret = pseudofs_proxy_real(file)->read(file, buf, len, ppos);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static ssize_t pseudofs_full_proxy_write(struct file *file,
					 const char __user *buf, size_t len,
					 loff_t *ppos)
{
	ssize_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_WRITE, -EINVAL);

	if (!ret) {
		ret = pseudofs_proxy_real(file)->write(file, buf, len, ppos);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static long pseudofs_full_proxy_ioctl(struct file *file, unsigned int cmd,
				      unsigned long arg)
{
	long ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_IOCTL, -ENOTTY);

	if (!ret) {
		ret = pseudofs_proxy_real(file)->unlocked_ioctl(file, cmd, arg);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static __poll_t pseudofs_full_proxy_poll(struct file *file,
					 struct poll_table_struct *wait)
{
	int err = pseudofs_proxy_enter(file, PSEUDOFS_HAS_POLL, 1);
	__poll_t mask;

	if (err)
		return err > 0 ? DEFAULT_POLLMASK : EPOLLHUP;
	mask = pseudofs_proxy_real(file)->poll(file, wait);
	pseudofs_file_put(file->f_path.dentry);
	return mask;
}

static int pseudofs_full_proxy_open(struct inode *inode, struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	const struct file_operations *real_fops = pseudofs_guard(inode)->real_fops;
	int err;

	err = pseudofs_proxy_get(dentry);
	if (err)
		return err;
	err = pseudofs_proxy_may_open(inode, file, real_fops);
	if (err || !real_fops->open)
		goto out;
	err = real_fops->open(inode, file);
	if (err)
		fops_put(real_fops);
	/* an ->open that put in operations of its own gives up the proxy */
	else if (WARN(file->f_op != &pseudofs_full_proxy_fops,
		      "%pd: ->open replaced the proxy\n", dentry))
		fops_put(real_fops);
out:
	pseudofs_file_put(dentry);
	return err;
}

/* Runs removed or not, so nothing leaks: ->release must not use ->i_private */
static int pseudofs_full_proxy_release(struct inode *inode, struct file *file)
{
	const struct file_operations *real_fops = pseudofs_guard(inode)->real_fops;
	int err = 0;

	if (real_fops->release)
		err = real_fops->release(inode, file);
	fops_put(real_fops);
	return err;
}

static const struct file_operations pseudofs_full_proxy_fops = {
	.open		= pseudofs_full_proxy_open,
	.release	= pseudofs_full_proxy_release,
	.llseek		= pseudofs_full_proxy_llseek,
	.read		= pseudofs_full_proxy_read,
	.write		= pseudofs_full_proxy_write,
	.poll		= pseudofs_full_proxy_poll,
	.unlocked_ioctl	= pseudofs_full_proxy_ioctl,
};

static loff_t pseudofs_short_proxy_llseek(struct file *file, loff_t offset,
					  int whence)
{
	loff_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_LLSEEK, -ESPIPE);

	if (!ret) {
		ret = pseudofs_proxy_short(file)->llseek(file, offset, whence);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static ssize_t pseudofs_short_proxy_read(struct file *file, char __user *buf,
					 size_t len, loff_t *ppos)
{
	ssize_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_READ, -EINVAL);

	if (!ret) {
		ret = pseudofs_proxy_short(file)->read(file, buf, len, ppos);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static ssize_t pseudofs_short_proxy_write(struct file *file,
					  const char __user *buf, size_t len,
					  loff_t *ppos)
{
	ssize_t ret = pseudofs_proxy_enter(file, PSEUDOFS_HAS_WRITE, -EINVAL);

	if (!ret) {
		ret = pseudofs_proxy_short(file)->write(file, buf, len, ppos);
		pseudofs_file_put(file->f_path.dentry);
	}
	return ret;
}

static int pseudofs_short_proxy_open(struct inode *inode, struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	int err;

	err = pseudofs_proxy_get(dentry);
	if (err)
		return err;
	err = pseudofs_proxy_may_open(inode, file, NULL);
	if (!err)
		err = simple_open(inode, file);
	pseudofs_file_put(dentry);
	return err;
}

static const struct file_operations pseudofs_short_proxy_fops = {
	.open	= pseudofs_short_proxy_open,
	.llseek	= pseudofs_short_proxy_llseek,
	.read	= pseudofs_short_proxy_read,
	.write	= pseudofs_short_proxy_write,
};

/**
 * pseudofs_full_proxy_covers - whether the full proxy carries all of @fops
 * @fops: a file's operations
 *
 * %PSEUDOFS_PROXY_FULL carries only ->llseek, ->read, ->write, ->poll,
 * ->unlocked_ioctl and ->release: a file with another method (->mmap,
 * ->compat_ioctl, ->read_iter, ...) would lose it.  A filesystem whose files
 * had no proxy before can give such a file %PSEUDOFS_PROXY_OPEN instead.
 *
 * Return: true if @fops has no method beyond those.
 */
bool pseudofs_full_proxy_covers(const struct file_operations *fops)
{
	u8 rest[sizeof(*fops)];

	/* a copy of @fops, bytes and all, without what the proxy carries */
	memcpy(rest, fops, sizeof(rest));
#define PSEUDOFS_CARRIED(f)						\
	memset(rest + offsetof(typeof(*fops), f), 0, sizeof_field(typeof(*fops), f))
	PSEUDOFS_CARRIED(owner);
	PSEUDOFS_CARRIED(fop_flags);
	PSEUDOFS_CARRIED(open);
	PSEUDOFS_CARRIED(release);
	PSEUDOFS_CARRIED(llseek);
	PSEUDOFS_CARRIED(read);
	PSEUDOFS_CARRIED(write);
	PSEUDOFS_CARRIED(poll);
	PSEUDOFS_CARRIED(unlocked_ioctl);
#undef PSEUDOFS_CARRIED
	return !memchr_inv(rest, 0, sizeof(rest));
}
EXPORT_SYMBOL_GPL(pseudofs_full_proxy_covers);

/*
 * Give @inode, a new regular file, @fops or a proxy of them, and @aux; the
 * pseudofs_create_file*() functions checked @proxy and @fops (a struct
 * pseudofs_short_fops for %PSEUDOFS_PROXY_SHORT).  The methods the proxies
 * call are noted now, while the file cannot be removed yet, not at open.
 */
void pseudofs_set_proxy(struct inode *inode, enum pseudofs_proxy proxy,
			const void *fops, const void *aux)
{
	const struct pseudofs_short_fops *sfops = fops;
	const struct file_operations *ffops = fops;
	struct pseudofs_guard *g = pseudofs_guard(inode);

	g->aux = (void *)aux;
	switch (proxy) {
	case PSEUDOFS_PROXY_NONE:
		if (fops)
			inode->i_fop = fops;
		return;
	case PSEUDOFS_PROXY_OPEN:
		g->real_fops = ffops;
		inode->i_fop = &pseudofs_open_proxy_fops;
		return;
	case PSEUDOFS_PROXY_SHORT:
		g->short_fops = sfops;
		inode->i_fop = &pseudofs_short_proxy_fops;
		g->methods = (sfops->read ? PSEUDOFS_HAS_READ : 0) |
			     (sfops->write ? PSEUDOFS_HAS_WRITE : 0) |
			     (sfops->llseek ? PSEUDOFS_HAS_LLSEEK : 0);
		return;
	case PSEUDOFS_PROXY_FULL:
		g->real_fops = ffops;
		inode->i_fop = &pseudofs_full_proxy_fops;
		g->methods = (ffops->read ? PSEUDOFS_HAS_READ : 0) |
			     (ffops->write ? PSEUDOFS_HAS_WRITE : 0) |
			     (ffops->llseek ? PSEUDOFS_HAS_LLSEEK : 0) |
			     (ffops->poll ? PSEUDOFS_HAS_POLL : 0) |
			     (ffops->unlocked_ioctl ? PSEUDOFS_HAS_IOCTL : 0);
		return;
	}
}
