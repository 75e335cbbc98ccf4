// SPDX-License-Identifier: GPL-2.0
/*
 * Knob files kept in an array of structs, made through a pointer to one
 * element and removed through an index in another function: the member
 * name ties the removal to the create.
 */
#include <linux/debugfs.h>
#include "trace.h"

struct knob {
	const char *name;
	struct dentry *file;
};

static void add_knob(struct knob *k, struct dentry *dir)
{
	k->file = debugfs_create_file(k->name, 0644, dir, k, &knob_fops);
}

static void drop_knobs(struct knob *knobs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (knobs[i].file)
			debugfs_remove(knobs[i].file);
}

static __init int knobs_init(void)
{
	struct dentry *top = tracing_init_dentry();

	if (IS_ERR(top))
		return 0;
	add_knob(&knob_table[0], top);
	return 0;
}
