// SPDX-License-Identifier: GPL-2.0-only
/// Find open-coded pseudo filesystem plumbing that libpseudofs could replace.
///
/// A candidate is a function that pins an internal mount with
/// simple_pin_fs() and then looks a name up (lookup_one_len(),
/// lookup_noperm(), d_alloc_name(), ...) with the parent directory's inode
/// locked, in a file that also builds the inodes itself with new_inode()
/// and d_instantiate() or d_add().  That is the start_creating() dance of
/// debugfs, tracefs and securityfs.  Report only; nothing is changed.
///
// Confidence: Moderate
// Copyright: (C) 2026 The libpseudofs authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The lock, the lookup and the pinning have to be in one function;
// inode creation may be in another function of the same file.
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

# Facts, per file (with --include, rules also see the forced headers).
facts = {}

def norm(e):
	return re.sub(r'\s+', '', str(e))

def ff(p):
	return facts.setdefault(p.file, {'locks': {}, 'dinode': {},
					 'lookups': {}, 'newinode': 0,
					 'inst': 0, 'why': {}})

def candidate(p, fn):
	"""Return a description if fn (pinning at p) is a candidate."""
	s = ff(p)
	if not s['newinode'] or not s['inst']:
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
				return '%s() pins the mount, locks d_inode(%s) and calls %s(); the file makes inodes with new_inode() + %s' % (fn, parent, how, s['inst_how'])
			if (fn, arg) in s['dinode'] and s['dinode'][(fn, arg)] == parent:
				return '%s() pins the mount, locks %s = d_inode(%s) and calls %s(); the file makes inodes with new_inode() + %s' % (fn, arg, parent, how, s['inst_how'])
	return None

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
identifier f = {d_alloc_name, d_alloc};
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
position p;
@@
f@p(...)

@script:python@
f << inst.f;
p << inst.p;
@@
s = ff(p[0])
s['inst'] += 1
s.setdefault('inst_how', f + '()')

// All facts are in; decide for each simple_pin_fs() call.
@site@
position p;
@@
simple_pin_fs@p(...)

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
