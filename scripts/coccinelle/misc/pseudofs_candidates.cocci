// SPDX-License-Identifier: GPL-2.0-only
/// Find open-coded pseudo filesystem plumbing that libpseudofs could replace.
///
/// Two kinds of site are reported, each with the reason:
///
///  - a simple_pin_fs() call in a function that then looks a name up
///    (lookup_one_len(), lookup_noperm(), d_alloc_name(), ...) with the
///    parent directory's inode locked, in a file that also builds the inodes
///    itself with new_inode() and d_instantiate() or d_add().  That is the
///    start_creating() dance of debugfs, tracefs and securityfs.
///
///  - without simple_pin_fs(): a name looked up or allocated under the
///    parent's lock (or allocated with d_alloc_name()/d_alloc() while the
///    tree is private to the code that fills it), whose dentry is then
///    instantiated by this file: in the same function, in a function of the
///    file it is handed to, or by the caller it is returned to.  The file
///    must make its inodes with new_inode().  One site per function.
///
/// The reason also names the rest of the plumbing the file carries: an
/// internal mount kept with kern_mount(), uid=/gid=/mode= mount options,
/// removal with simple_recursive_removal()/simple_unlink()/simple_rmdir().
/// Files that include <linux/libpseudofs.h> are library clients already, and
/// the file that defines simple_pin_fs() is libfs itself: neither is
/// reported.  Report only; nothing is changed.
///
// Confidence: Moderate
// Copyright: (C) 2026 The libpseudofs authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: Facts are kept per file and matched by name, so a dentry handed
// around under another name, or a file split over several .c files, is
// missed.
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report
// Accepted so that "make coccicheck MODE=patch" runs; there is nothing to
// patch.
virtual patch

@initialize:python@
@@
import re
# Name constraints as functions: coccinelle built with OCaml Str (Debian
# 13 and later) reads "=~" regexes in another syntax than with PCRE (1.1.1).
def is_lookup(name):	# a lookup or an allocation of a name
	return re.search(r'^(lookup_one_len|try_lookup_one_len|lookup_noperm|lookup_one|d_alloc_name|d_alloc|d_hash_and_lookup)$', name) is not None

# Facts, per file (with --include, rules also see the forced headers).
facts = {}

# Allocating a name given as a C string is what a pseudo filesystem does
# when it fills its own tree; d_alloc() on a qstr is every filesystem's.
ALLOCS = ('d_alloc_name',)

def norm(e):
	return re.sub(r'\s+', '', str(e))

def ff(p):
	s = facts.get(p.file)
	if s is None:
		s = facts[p.file] = {'locks': {}, 'dinode': {}, 'lookups': {},
				     'newinode': 0, 'inst': 0, 'why': {},
				     'lib': False, 'pinfns': set(),
				     'events': [], 'instd': {}, 'instfns': set(),
				     'calls': {}, 'assigned': {}, 'returns': {},
				     'mounts': [], 'removal': [], 'chosen': {}}
		try:
			with open(p.file, errors='replace') as f:
				text = f.read()
		except OSError:
			text = ''
		m = re.search(r'\bfsparam_\w+\s*\(\s*"(uid|gid|mode)"', text) or \
		    re.search(r'"(uid|gid|mode)=%', text)
		s['options'] = bool(m)
	return s

def parent_of(s, fn, arg):
	"""The dentry whose inode the lock argument is, or None."""
	m = re.match(r'^d_inode\((.*)\)$', arg) or re.match(r'^(.*)->d_inode$', arg)
	if m:
		return m.group(1)
	return s['dinode'].get((fn, arg))

def locked_parent(s, fn, line, parent):
	for (lline, arg) in s['locks'].get(fn, []):
		if lline <= line and parent_of(s, fn, arg) == parent:
			return arg
	return None

def locked_any(s, fn, line):
	for (lline, arg) in s['locks'].get(fn, []):
		if lline <= line:
			return arg
	return None

def extras(s):
	out = []
	if s['mounts']:
		out.append('keeps its mount with kern_mount() in %s' % s['mounts'][0])
	if s['options']:
		out.append('parses uid=/gid=/mode= itself')
	if s['removal']:
		out.append('removes with %s' % ', '.join(sorted(set(s['removal']))))
	return ''.join('; ' + e for e in out)

def candidate(p, fn):
	"""Return a description if fn (pinning at p) is a candidate."""
	s = ff(p)
	if s['lib'] or not s['newinode'] or not s['inst']:
		return None
	pin = int(p.line)
	locked = set()
	for (line, arg) in s['locks'].get(fn, []):
		if line < pin:
			continue
		locked.add((line, arg))
	for (line, how, parent) in s['lookups'].get(fn, []):
		if line < pin:
			continue
		for (lline, arg) in locked:
			if lline > line:
				continue
			m = re.match(r'^d_inode\((.*)\)$', arg)
			if m and m.group(1) == parent:
				return '%s() pins the mount, locks d_inode(%s) and calls %s(); the file makes inodes with new_inode() + %s%s' % (fn, parent, how, s['inst_how'], extras(s))
			if (fn, arg) in s['dinode'] and s['dinode'][(fn, arg)] == parent:
				return '%s() pins the mount, locks %s = d_inode(%s) and calls %s(); the file makes inodes with new_inode() + %s%s' % (fn, arg, parent, how, s['inst_how'], extras(s))
	return None

def instantiators(s):
	"""The functions of the file that instantiate, or call one that does."""
	if 'instclosure' not in s:
		fns = set(s['instfns'])
		for _ in range(3):
			fns |= set(fn for (fn, calls) in s['calls'].items()
				   if any(c in fns for (c, args) in calls))
		s['instclosure'] = fns
	return s['instclosure']

def consumer(s, fn, x, depth=0):
	"""Where the dentry x of fn gets its inode: (function, how) or None."""
	if x in s['instd'].get(fn, set()):
		return (fn, 'instantiates it')
	for (callee, args) in s['calls'].get(fn, []):
		if x in args and callee in instantiators(s) and callee != fn:
			return (fn, 'hands it to %s(), which instantiates it' % callee)
	if depth < 2 and x in s['returns'].get(fn, set()):
		for (caller, line, y) in s['assigned'].get(fn, []):
			c = consumer(s, caller, y, depth + 1)
			if c:
				return (caller, line)
	return None

def lookup_site(p, fn):
	"""Return a description if the lookup at p (in fn) is a candidate."""
	s = ff(p)
	if s['lib'] or not s['newinode'] or not s['inst'] or fn in s['pinfns']:
		return None
	if fn in s['chosen']:
		c = s['chosen'][fn]
		return c[2] if c[:2] == (p.line, p.column) else None
	line = int(p.line)
	for (efn, eline, ecol, how, parent, x) in s['events']:
		if (efn, eline, ecol) != (fn, p.line, p.column):
			continue
		c = consumer(s, fn, x)
		if not c:
			continue
		arg = locked_parent(s, fn, line, parent)
		if isinstance(c[1], int):
			# returned to a caller that gives it an inode
			caller, cline = c
			carg = arg or locked_any(s, caller, cline)
			if carg is None and how not in ALLOCS:
				continue
			if arg:
				lock = 'under inode_lock(%s)' % arg
			elif carg:
				lock = 'under inode_lock(%s) taken by %s()' % (carg, caller)
			else:
				lock = 'without taking a lock'
			why = '%s() calls %s() on %s %s and returns the dentry to %s(), which instantiates it' % (fn, how, parent, lock, caller)
		else:
			if arg:
				why = '%s() locks %s, calls %s() on %s and %s' % (fn, arg, how, parent, c[1])
			elif how in ALLOCS:
				why = '%s() calls %s() on %s without taking a lock and %s' % (fn, how, parent, c[1])
			else:
				continue
		why = '%s; the file makes inodes with new_inode() + %s%s' % (why, s['inst_how'], extras(s))
		s['chosen'][fn] = (p.line, p.column, why)
		return why
	return None

// A library client, or libfs itself: nothing to report in this file.
@pseudofs_h@
position p;
@@
#include <linux/libpseudofs.h>@p

@script:python@
p << pseudofs_h.p;
@@
ff(p[0])['lib'] = True

@libfs@
position p;
@@
simple_pin_fs@p(...) { ... }

@script:python@
p << libfs.p;
@@
ff(p[0])['lib'] = True

@lock@
expression E;
identifier f = {inode_lock, inode_lock_nested};
position p;
@@
f@p(E, ...)

@script:python@
E << lock.E;
p << lock.p;
@@
ff(p[0])['locks'].setdefault(p[0].current_element, []).append((int(p[0].line), norm(E)))

@dinode@
expression I, P;
position p;
@@
I = d_inode@p(P)

@script:python@
I << dinode.I;
P << dinode.P;
p << dinode.p;
@@
ff(p[0])['dinode'][(p[0].current_element, norm(I))] = norm(P)

@dinode_decl@
identifier I;
expression P;
type T;
position p;
@@
T I = d_inode@p(P);

@script:python@
I << dinode_decl.I;
P << dinode_decl.P;
p << dinode_decl.p;
@@
ff(p[0])['dinode'][(p[0].current_element, norm(I))] = norm(P)

@dinode_field@
expression I, P;
position p;
@@
I = P@p->d_inode

@script:python@
I << dinode_field.I;
P << dinode_field.P;
p << dinode_field.p;
@@
ff(p[0])['dinode'][(p[0].current_element, norm(I))] = norm(P)

@dinode_field_decl@
identifier I;
expression P;
type T;
position p;
@@
T I = P@p->d_inode;

@script:python@
I << dinode_field_decl.I;
P << dinode_field_decl.P;
p << dinode_field_decl.p;
@@
ff(p[0])['dinode'][(p[0].current_element, norm(I))] = norm(P)

@lookup@
identifier f = {lookup_one_len, lookup_noperm, try_lookup_one_len,
		lookup_one_len_unlocked, lookup_positive_unlocked};
expression N, P;
position p;
@@
f@p(N, P, ...)

@script:python@
f << lookup.f;
P << lookup.P;
p << lookup.p;
@@
ff(p[0])['lookups'].setdefault(p[0].current_element, []).append((int(p[0].line), f, norm(P)))

@lookup_one@
identifier f = {lookup_one, lookup_one_unlocked};
expression M, N, P;
position p;
@@
f@p(M, N, P, ...)

@script:python@
f << lookup_one.f;
P << lookup_one.P;
p << lookup_one.p;
@@
ff(p[0])['lookups'].setdefault(p[0].current_element, []).append((int(p[0].line), f, norm(P)))

@dalloc@
identifier f = {d_alloc_name, d_alloc, d_hash_and_lookup};
expression N, P;
position p;
@@
f@p(P, N)

@script:python@
f << dalloc.f;
P << dalloc.P;
p << dalloc.p;
@@
ff(p[0])['lookups'].setdefault(p[0].current_element, []).append((int(p[0].line), f, norm(P)))

// The same calls when their dentry is kept, for the rule without pinning.
@event@
identifier f = {lookup_one_len, try_lookup_one_len, lookup_noperm};
identifier g = {d_alloc_name, d_alloc, d_hash_and_lookup};
expression X, M, N, P;
position p;
@@
(
X = f@p(N, P, ...)
|
X = g@p(P, N)
|
X = lookup_one@p(M, N, P, ...)
)

@script:python@
f << event.f = "";
g << event.g = "";
X << event.X;
P << event.P;
p << event.p;
@@
ff(p[0])['events'].append((p[0].current_element, p[0].line, p[0].column,
			   str(f or g or 'lookup_one'), norm(P), norm(X)))

@event_decl@
identifier f = {lookup_one_len, try_lookup_one_len, lookup_noperm};
identifier g = {d_alloc_name, d_alloc, d_hash_and_lookup};
identifier X;
expression N, P;
type T;
position p;
@@
(
T X = f@p(N, P, ...);
|
T X = g@p(P, N);
)

@script:python@
f << event_decl.f = "";
g << event_decl.g = "";
X << event_decl.X;
P << event_decl.P;
p << event_decl.p;
@@
ff(p[0])['events'].append((p[0].current_element, p[0].line, p[0].column,
			   str(f or g), norm(P), norm(X)))

@newinode@
position p;
@@
new_inode@p(...)

@script:python@
p << newinode.p;
@@
ff(p[0])['newinode'] += 1

@inst@
identifier f = {d_instantiate, d_add, d_instantiate_new};
expression D;
position p;
@@
f@p(D, ...)

@script:python@
f << inst.f;
D << inst.D;
p << inst.p;
@@
s = ff(p[0])
s['inst'] += 1
s.setdefault('inst_how', f + '()')
s['instd'].setdefault(p[0].current_element, set()).add(norm(D))
s['instfns'].add(p[0].current_element)

// Who hands a dentry to whom, who returns it, who keeps what a call returns.
@call@
identifier g;
expression list es;
position p;
@@
g@p(es)

@script:python@
g << call.g;
es << call.es;
p << call.p;
@@
ff(p[0])['calls'].setdefault(p[0].current_element, []).append(
	(str(g), [norm(e) for e in es.elements]))

@ret@
expression X;
position p;
@@
return@p X;

@script:python@
X << ret.X;
p << ret.p;
@@
ff(p[0])['returns'].setdefault(p[0].current_element, set()).add(norm(X))

@assigned@
identifier g;
expression Y;
position p;
@@
Y = g@p(...)

@script:python@
g << assigned.g;
Y << assigned.Y;
p << assigned.p;
@@
ff(p[0])['assigned'].setdefault(str(g), []).append(
	(p[0].current_element, int(p[0].line), norm(Y)))

@assigned_decl@
identifier g, Y;
type T;
position p;
@@
T Y = g@p(...);

@script:python@
g << assigned_decl.g;
Y << assigned_decl.Y;
p << assigned_decl.p;
@@
ff(p[0])['assigned'].setdefault(str(g), []).append(
	(p[0].current_element, int(p[0].line), norm(Y)))

// The rest of the plumbing, named in the reason.
@kmount@
global idexpression struct vfsmount *M;
expression E;
position p;
@@
(
M = kern_mount@p(...)
|
E.mnt = kern_mount@p(...)
)

@script:python@
M << kmount.M = "";
E << kmount.E = "";
p << kmount.p;
@@
ff(p[0])['mounts'].append(norm(M) if M else norm(E) + '.mnt')

@removal@
identifier f = {simple_recursive_removal, simple_unlink, simple_rmdir};
position p;
@@
f@p(...)

@script:python@
f << removal.f;
p << removal.p;
@@
ff(p[0])['removal'].append(str(f) + '()')

// All facts are in; decide for each simple_pin_fs() call.
@site@
position p;
@@
simple_pin_fs@p(...)

@script:python@
p << site.p;
@@
ff(p[0])['pinfns'].add(p[0].current_element)

@script:python decide@
p << site.p;
cf;
@@
why = candidate(p[0], p[0].current_element)
ff(p[0])['why'][(p[0].line, p[0].column)] = why
coccinelle.cf = cocci.make_ident('simple_pin_fs' if why else '__pseudofs_no_candidate__')

@depends on context@
position site.p;
identifier decide.cf;
@@
* cf@p(...)

@script:python depends on org@
p << site.p;
@@
why = ff(p[0])['why'].get((p[0].line, p[0].column))
if why:
	coccilib.org.print_todo(p[0], 'candidate for libpseudofs: ' + why)

@script:python depends on report@
p << site.p;
@@
why = ff(p[0])['why'].get((p[0].line, p[0].column))
if why:
	print('%s:%s: candidate for libpseudofs: %s' % (p[0].file, p[0].line, why))

// And for each name looked up or allocated outside a pinning function.
@lsite@
identifier f : script:python() { is_lookup(f) };
position p;
@@
f@p(...)

@script:python ldecide@
f << lsite.f;
p << lsite.p;
lf;
@@
why = lookup_site(p[0], p[0].current_element)
ff(p[0])['why'][(p[0].line, p[0].column)] = why
coccinelle.lf = cocci.make_ident(f if why else '__pseudofs_no_candidate__')

@depends on context@
position lsite.p;
identifier ldecide.lf;
@@
* lf@p(...)

@script:python depends on org@
p << lsite.p;
@@
why = ff(p[0])['why'].get((p[0].line, p[0].column))
if why:
	coccilib.org.print_todo(p[0], 'candidate for libpseudofs: ' + why)

@script:python depends on report@
p << lsite.p;
@@
why = ff(p[0])['why'].get((p[0].line, p[0].column))
if why:
	print('%s:%s: candidate for libpseudofs: %s' % (p[0].file, p[0].line, why))
