// SPDX-License-Identifier: GPL-2.0-only
/// A tracefs_*() call given a dentry that a debugfs_create_*() made, or a
/// debugfs_*() call given one that a tracefs_create_*() made.  Each file
/// system works on its own dentries only: the tracefs call fails, the
/// debugfs one puts the entry in the wrong tree or removes nothing.  It is
/// what a conversion from debugfs to tracefs that stopped half way leaves.
///
// Confidence: High
// Copyright: (C) 2026 The libpseudofs authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The dentry is followed within a function, through a variable
// outside any function (or a static of one), and through a function that
// returns what it made; not through fields or parameters.
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report

@initialize:python@
@@
import re
# Name constraints as functions: coccinelle built with OCaml Str (Debian
# 13 and later) reads "=~" regexes in another syntax than with PCRE (1.1.1).
def is_create(name):	# a create of either file system
	return re.search(r'^(debugfs|tracefs)_create_', name) is not None
def is_fs_call(name):	# a call of either file system
	return re.search(r'^(debugfs|tracefs)_', name) is not None
mode = []
stars = set()

def mixed(mk, use):
	"""The two calls belong to different file systems."""
	return mk.split('_')[0] != use.split('_')[0]

def found(mk, p1, use, p2):
	if not mixed(mk, use):
		return
	if 'context' in mode:
		stars.update([(p1.file, p1.line, p1.column), (p2.file, p2.line, p2.column)])
	elif 'org' in mode:
		coccilib.org.print_todo(p2, '%s() on a dentry that %s() made' % (use, mk))
		coccilib.org.print_link(p1, 'made here')
	else:
		coccilib.report.print_report(p2, '%s() on the dentry that %s() made at line %s' % (use, mk, p1.line))

def starred(p):
	return (p.file, p.line, p.column) in stars

@script:python depends on context@
@@
mode.append('context')

@script:python depends on org@
@@
mode.append('org')

// Made and used in one function, the dentry unchanged in between.
@flow depends on context || org || report@
expression E, E1;
identifier mk : script:python() { is_create(mk) };
identifier use : script:python() { is_fs_call(use) };
position p1, p2;
@@
E = mk@p1(...);
... when != E = E1
use@p2(..., E, ...)

@script:python@
mk << flow.mk; p1 << flow.p1; use << flow.use; p2 << flow.p2;
@@
found(mk, p1[0], use, p2[0])

// Made into a variable that outlives the function, used anywhere.
@made_g depends on context || org || report@
global idexpression struct dentry *G;
identifier mk : script:python() { is_create(mk) };
position p1;
@@
G = mk@p1(...)

@glob@
global idexpression struct dentry *made_g.G;
identifier use : script:python() { is_fs_call(use) };
position p2;
@@
use@p2(..., G, ...)

@script:python@
mk << made_g.mk; p1 << made_g.p1; use << glob.use; p2 << glob.p2;
@@
found(mk, p1[0], use, p2[0])

// Returned by the function that made it, used by a caller.
@made_r depends on context || org || report@
identifier g;
identifier mk : script:python() { is_create(mk) };
expression E, E1;
position p1;
@@
struct dentry *g(...) {
  ... when any
  E = mk@p1(...);
  ... when != E = E1
  return E;
}

@ret@
identifier made_r.g;
identifier use : script:python() { is_fs_call(use) };
position p2;
@@
use@p2(..., g(...), ...)

@script:python@
mk << made_r.mk; p1 << made_r.p1; use << ret.use; p2 << ret.p2;
@@
found(mk, p1[0], use, p2[0])

@retvar@
identifier made_r.g, X;
identifier use : script:python() { is_fs_call(use) };
expression E1;
type T;
position p2;
@@
(
X = g(...);
|
T X = g(...);
)
... when != X = E1
use@p2(..., X, ...)

@script:python@
mk << made_r.mk; p1 << made_r.p1; use << retvar.use; p2 << retvar.p2;
@@
found(mk, p1[0], use, p2[0])

@depends on context@
identifier f : script:python() { is_fs_call(f) };
position p : script:python() { starred(p[0]) };
@@
* f@p(...)
