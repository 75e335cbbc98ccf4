// SPDX-License-Identifier: GPL-2.0-only
/// Move the tracing hierarchy from debugfs to tracefs.
///
/// A debugfs_create_dir()/_file() or debugfs_remove*() whose parent, or
/// the dentry it removes, belongs to the tracing directory becomes the
/// tracefs call; everything else stays in debugfs, and report/org mode
/// says why for each call left.
///
// Confidence: Moderate
// Copyright: (C) 2026 The libpseudofs authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: -D int_root for trees whose tracing_init_dentry() returns int
// (5.10 and later).  scripts/coccinelle/api/tracefs_debugfs_mix.cocci
// checks the result.
// Options: --no-includes --include-headers

//# A call belongs to tracing when its parent is NULL in a tracing file,
//# comes from tracing_init_dentry() (in a local, a static or a global,
//# also through a once-only memo), is a directory made by a converted call,
//# a copy of one, what a function returns when it returns only those, or a
//# parameter that callers feed with one.  A directory that stays in debugfs
//# (another subsystem's, one holding debugfs-only files, one that cannot be
//# followed) keeps everything under it there, and the report names it.
//# Dentries are followed within one file.  A static *_debugfs function is
//# renamed *_tracefs once the patch moved its debugfs calls or root and left
//# no debugfs call in it.
//#   One file on purpose: spatch 1.1.1 looks for an SmPL #include relative
//# to its working directory, and the harness and make coccicheck run it
//# from the tree being converted.  SmPL rules record facts (in script
//# constraints where their order does not matter); the Python follows
//# dentries through copies, calls and returns, which SmPL cannot, and
//# decides each call; the modes act on the decision.

virtual patch
virtual context
virtual org
virtual report
//# -D int_root: tracing_init_dentry() returns int and its callers are
//# rewritten to match; without it the root dentry stays (the 4.1 way).
virtual int_root

@initialize:python@
@@
import re
# Name constraints as functions: coccinelle built with OCaml Str (Debian
# 13 and later) reads "=~" regexes in another syntax than with PCRE (1.1.1).
def is_creator(name):	# a create of a file or directory, in debugfs, tracefs or tracing
	return re.search(r'^((debugfs|tracefs)_create_(dir|file)|trace_create_file)$', name) is not None
def is_debugfs_only(name):	# a debugfs create helper tracefs lacks
	return re.search(r'^debugfs_create_(?!(dir|file)$)', name) is not None
def is_noted(name):	# a call of the API of either
	return re.search(r'^(debugfs_|tracefs_|trace_create_file$|tracing_init_dentry$)', name) is not None
def is_debugfs_named(name):	# a function named for debugfs
	return re.search(r'_debugfs$', name) is not None
def is_debugfs(name):	# a debugfs call
	return re.search(r'^debugfs_', name) is not None
class Facts(dict):	# facts.made for facts['made']
	__getattr__, __setattr__ = dict.__getitem__, dict.__setitem__
facts = Facts()	# about the file being converted, see reset()
MODE = {'int_root': False}
REMOVE = ('debugfs_remove', 'debugfs_remove_recursive')
TRACEFS = {'debugfs_create_dir': 'tracefs_create_dir', 'debugfs_create_file': 'tracefs_create_file',
	   'debugfs_remove': 'tracefs_remove', 'debugfs_remove_recursive': 'tracefs_remove'}
NOTCOPY = set(TRACEFS) - set(REMOVE) | set(TRACEFS.values()) | {'trace_create_file', 'tracing_init_dentry'}
FIELD = re.compile(r'(->|\.)(\w+)$')
CALL = re.compile(r'^(\w+)\(.*\)$')
NODENTRY = re.compile(r'^(NULL|ERR_PTR\(.*\))$')
TID = 'tracing_init_dentry'
SHARED = 'also holds the directory'
# roots: (fn, x) from tracing_init_dentry() -> global?; made: dicts fn,
# lhs, local, creator, key of dentries a create stores; copies: position ->
# fn, lhs, local, line, rhs or call; params: fn -> {index: parameter};
# calls: (caller, callee, index, argument); parent: call position -> parent
# or removed dentry; nonconv: (fn, parent) of debugfs-only helpers.
def reset():
	facts.clear()
	facts.update(tracing=False, roots={}, fnstatic=set(), rootdecls=set(), made=[], params={},
		     deflines={}, calls=[], tfparents=set(), parent={}, decided={}, converted=set(),
		     left=set(), hasret=set(), nonconv=set(), nonconvparent={}, fops={}, fopsuse=[],
		     dbgattr=set(), copies={}, dentryfns=set(), rets={}, incs=set(),
		     tline=None, incplan=None, usestfs=False, direct=False, moved=set())
def norm(e): return re.sub(r'\s+', '', str(e))
def key(p): return (int(p.line), int(p.column))
def fn_of(p): return p.current_element
def dbg(m): return m['creator'].startswith('debugfs_')
def made_at(s, k): return next((m for m in s.made if m['key'] == k), None)
def by_line(s): return sorted(s.copies.values(), key=lambda c: c['line'])
def param_index(s, fn, e): return next((i for i, q in s.params.get(fn, {}).items() if q == e), None)
def src_of(s, c): return [(c['fn'], c['rhs'])] if c['rhs'] else [(c['call'], r) for r in s.rets.get(c['call'], [])]
# A dentry in a struct field or an array element is known by its member
# name in every function: tr->options, topts[i].entry.
def dkey(e):
	m = FIELD.search(e)
	return '.' + m.group(2) if m else e
def same_expr(fn1, e1, fn2, e2): return dkey(e1) == dkey(e2) and (fn1 == fn2 or dkey(e1) != e1)
# does made or copy entry m store the dentry that e names in fn?
def same_dentry(m, fn, e): return dkey(m['lhs']) == dkey(e) and (m['fn'] == fn or not m['local'])
def stays(s, m):	# does the debugfs dentry of made entry m stay there?
	parent = s.parent.get(m['key'])
	return dbg(m) and (m['fn'] == TID or not parent or not tracing_parent(s, m['fn'], parent, set()))
def made_line(s, fn, e, seen=None):	# a debugfs create that e holds, also through copies
	seen = seen or set()
	if (fn, e) in seen: return 0
	seen.add((fn, e))
	for m in s.made:
		if same_dentry(m, fn, e) and dbg(m): return m['key'][0]
	for c in by_line(s):
		n = same_dentry(c, fn, e) and c['rhs'] and made_line(s, c['fn'], c['rhs'], seen)
		if n: return n
	return 0
def origin(s, fn, e, depth=0):	# why e in fn could not be followed to a tracing dentry
	i = param_index(s, fn, e)
	if i is not None:
		args = sorted(set("'%s' in %s()" % (a, c) for (c, g, j, a) in s.calls if g == fn and j == i))
		why = "'%s' is a parameter of %s() (line %d)" % (e, fn, s.deflines.get(fn, 0))
		return why + (' fed with %s' % ', '.join(args[:3]) if args else ' and no call in this file passes it')
	m = CALL.match(e)
	if m: return getter_origin(s, m.group(1), e)
	for c in by_line(s):
		if not same_dentry(c, fn, e): continue
		if c['call'] and not getter(s, c['call'], set()):
			return "'%s' is set at line %d in %s() from %s" % \
				(e, c['line'], c['fn'], getter_origin(s, c['call'], c['call'] + '()'))
		if c['rhs'] and not tracing_parent(s, c['fn'], c['rhs'], set()):
			why = "'%s' is copied from '%s' at line %d in %s()" % (e, c['rhs'], c['line'], c['fn'])
			return why + (', and ' + origin(s, c['fn'], c['rhs'], depth + 1) if depth < 3 else '')
	return "'%s' gets no dentry from a tracing create, copy or parameter in this file" % e
def getter_origin(s, g, what):
	if g not in s.dentryfns: return '%s, a function that this file does not define' % what
	if MODE['int_root'] and any(root_of(s, g, r, False) for r in s.rets.get(g, [])):
		return '%s, and %s() (line %d) hands out the tracing root, which is no dentry once tracing_init_dentry() returns int' % \
			(what, g, s.deflines.get(g, 0))
	return '%s, and %s() (line %d) does not return only tracing dentries' % (what, g, s.deflines.get(g, 0))
# Keep the answers of search(s, fn, e, seen) per file.  seen holds the
# questions asked further up; one met again answers False to cut the
# cycle, so only True answers and answers to fresh questions are kept.
def memoised(search):
	def ask(s, fn, e, seen=None):
		memo = s.setdefault(search.__name__, {})
		if (fn, e) in memo: return memo[(fn, e)]
		top, seen = not seen, set() if seen is None else seen
		if (fn, e) in seen: return False
		seen.add((fn, e))
		r = search(s, fn, e, seen)
		if r or top: memo[(fn, e)] = r
		return r
	return ask
def tainted(s, fn, e, seen):	# does e in fn also parent what has to stay in debugfs?
	if e == 'NULL': return False
	if (fn, e) in s.nonconv: return True
	# under int_root the root becomes NULL: not while a helper it feeds stays in debugfs
	if MODE['int_root'] and root_of(s, fn, e, False) and feeds_kept(s, fn, e, set()): return True
	if any(f2 == fn and s.parent.get(k) == e and s.fops[k] in s.dbgattr for (f2, k) in s.fopsuse):
		return True
	if any(same_dentry(m, fn, e) and not m['local'] for m in s.made) and any(x == e for (_, x) in s.nonconv):
		return True
	for (caller, callee, j, arg) in s.calls:	# the parameter of a helper that has to stay
		q = s.params.get(callee, {}).get(j)
		if caller == fn and arg == e and q and tainted(s, callee, q, seen): return True
	for c in s.copies.values():	# a copy of e, or of what a getter returns as e, that has to stay
		if any(same_expr(f2, r, fn, e) for (f2, r) in src_of(s, c)) and tainted(s, c['fn'], c['lhs'], seen):
			return True
	# a debugfs directory below e that has to stay
	return any(dbg(m) and m['lhs'] and s.parent.get(m['key']) == e and (m['fn'] == fn or not m['local'])
		   and tainted(s, m['fn'], m['lhs'], seen) for m in s.made)
tainted = memoised(tainted)
def add_copy(s, p, lhs, rhs, local):	# lhs = rhs: a dentry copied, or handed out by a call
	lhs, rhs = norm(lhs), norm(rhs)
	m = CALL.match(rhs)
	if NODENTRY.match(rhs) or (m and m.group(1) in NOTCOPY): return		# a create, the root, or no dentry
	local = (local and dkey(lhs) == lhs) or (fn_of(p), lhs) in s.fnstatic
	s.copies[key(p)] = dict(fn=fn_of(p), lhs=lhs, local=local, line=key(p)[0],
				   rhs=None if m else rhs, call=m.group(1) if m else None)
def getter(s, g, seen):	# does g return only tracing dentries (NULL, ERR_PTR() aside)?
	rets = [r for r in s.rets.get(g, []) if not NODENTRY.match(r)]
	return g in s.dentryfns and bool(rets) and all(tracing_parent(s, g, r, set(seen)) for r in rets)
def tracing_parent(s, fn, e, seen):	# is e, used in fn, a tracing directory?
	if fn == TID or tainted(s, fn, e): return False
	if e == 'NULL': return s.tracing
	# the root, a tracefs parent, the directory tracing_init_dentry() makes,
	# a declared root with "ret" free for the int status, what a getter returns
	m = CALL.match(e)
	if root_of(s, fn, e) or (fn, e) in s.tfparents or \
	   any(same_dentry(m2, fn, e) and m2['fn'] == TID for m2 in s.made) or \
	   ((fn, e) in s.rootdecls and fn not in s.hasret) or (m and getter(s, m.group(1), seen)):
		return True
	return tracing_dentry(s, fn, e, seen)
tracing_parent = memoised(tracing_parent)
def tracing_dentry(s, fn, e, seen):	# is e a dentry created inside the tracing hierarchy?
	for m in s.made:
		parent = s.parent.get(m['key'])
		if same_dentry(m, fn, e) and m['fn'] != TID and \
		   (not dbg(m) or (parent and tracing_parent(s, m['fn'], parent, seen))):
			return True
	for c in s.copies.values():	# a copy of one, or what a getter hands out
		if same_dentry(c, fn, e) and ((c['call'] and getter(s, c['call'], seen)) or
					      (c['rhs'] and tracing_parent(s, c['fn'], c['rhs'], seen))):
			return True
	i = param_index(s, fn, e)
	return i is not None and any(g == fn and j == i and tracing_parent(s, c, a, seen) for (c, g, j, a) in s.calls)
# The debugfs create that keeps e, used in fn, in debugfs: one that makes
# e, or that e is copied from, handed out as or fed with, and stays there.
def kept_by(s, fn, e, seen=None):
	seen = set() if seen is None else seen
	if (fn, e) in seen or e == 'NULL' or root_of(s, fn, e): return None
	seen.add((fn, e))
	# of the creates that stay, one that stays for a reason of its own, not
	# for sharing its dentry with another, the same whatever the order of
	# the matches (coccinelle 1.3 matches in another order than 1.1.1)
	ms = [m for m in s.made if same_dentry(m, fn, e) and kept(s, m)]
	if ms:
		m = min(ms, key=lambda m: (shares_kept(s, m), m['key']))
		return "'%s', made in debugfs by %s() at line %d in %s()" % (m['lhs'], m['creator'], m['key'][0], m['fn'])
	src = [x for c in s.copies.values() if same_dentry(c, fn, e) for x in src_of(s, c)]
	m = CALL.match(e)
	if m:
		src += [(m.group(1), r) for r in s.rets.get(m.group(1), [])]
	i = param_index(s, fn, e)
	src += [(c, a) for (c, g, j, a) in s.calls if g == fn and j == i]
	return next((why for why in (kept_by(s, f2, e2, seen) for (f2, e2) in src) if why), None)
def feeds_kept(s, fn, e, seen):	# is e handed to a parent that a staying create also feeds?
	if (fn, e) in seen: return False
	seen.add((fn, e))
	for (caller, g, j, a) in s.calls:
		q = s.params.get(g, {}).get(j)
		if caller == fn and a == e and q and (kept_by(s, g, q) or feeds_kept(s, g, q, seen)):
			return True
	return any(c['fn'] == fn and c['rhs'] == e and (kept_by(s, fn, c['lhs']) or feeds_kept(s, fn, c['lhs'], seen))
		   for c in s.copies.values())
def shares_kept(s, m):	# does create m stay only for another that stays?
	return SHARED in ((s.decided.get(m['key']) or (True, None))[1] or '')
def kept(s, m):	# does debugfs create m, outside tracing_init_dentry(), stay?
	return dbg(m) and m['fn'] != TID and not decide_at(s, m['key'], m['fn'], m['creator'])[0]
def decide(p, name): return decide_at(facts, key(p), fn_of(p), name)
def explain(p, name):	# for the org and report modes
	conv, why = decide(p, name)
	return conv, why if conv else 'left in debugfs: ' + why
def decide_at(s, k, fn, name):	# (convert, reason); one being decided counts as moving
	if k in s.decided: return s.decided[k]
	s.decided[k] = (True, None)
	r = decide_rule(s, k, fn, name)
	# a call moves only if its parent, or the dentry it removes, moves too
	arg = s.parent.get(k)
	why = r[0] and kept_by(s, fn, arg)
	if why and name in REMOVE:
		r = (False, '%s(%s): the dentry comes from %s, which stays there, so does its removal' % (name, arg, why))
	elif why:
		r = (False, "%s(): parent '%s' comes from %s, which stays there, and so does everything under it" % (name, arg, why))
	# a directory kept where one that stays is kept too: what is made under
	# it cannot move for one of them only
	m = made_at(s, k)
	m2 = r[0] and name == 'debugfs_create_dir' and m and m['lhs'] and \
		next((m2 for m2 in s.made if m2 is not m and same_dentry(m2, fn, m['lhs']) and kept(s, m2)), None)
	if m2:
		r = (False, "%s(): '%s' " % (name, m['lhs']) + SHARED + " made in debugfs by %s() at line %d in %s(), which stays there, and what is made under either cannot move for one of them only" %
		     (m2['creator'], m2['key'][0], m2['fn']))
	s.decided[k] = r
	if r[0]:
		s.converted.add(fn)
	return r
def decide_rule(s, k, fn, name):
	arg, m = s.parent.get(k), made_at(s, k)
	if name == 'debugfs_create_automount':
		return (False, 'debugfs_create_automount() keeps the old debugfs/tracing mount point working; it stays in debugfs')
	if fn == TID:
		return (False, '%s() in tracing_init_dentry() makes the tracing mount point itself; convert by hand' % name)
	if name == 'debugfs_initialized':
		return (False, 'debugfs_initialized() asks about debugfs itself; use tracefs_initialized() by hand if tracefs is meant')
	if name not in TRACEFS:
		why = '%s() has no tracefs counterpart; it stays in debugfs' % name
		if any(root_of(s, fn, a, False) or any(same_dentry(m2, fn, a) for m2 in s.made)
		       for a in s.nonconvparent.get(k, [])):
			why += ' (its directory stays in debugfs with it; a tracefs file with its own fops needs hand work)'
		return (False, why)
	if arg is None:
		return (False, '%s() with an argument that could not be analysed; check by hand' % name)
	# a field that also holds a dentry staying in debugfs
	m2 = name in REMOVE and dkey(arg) != arg and next((x for x in s.made if same_dentry(x, fn, arg) and stays(s, x)), None)
	if m2 and any(same_dentry(x, fn, arg) and not stays(s, x) for x in s.made) and \
	   not any(x['fn'] == fn and x['lhs'] == arg and not stays(s, x) for x in s.made):
		what = 'file' if m2['creator'].endswith('_file') else 'directory'
		return (False, 'could not prove it belongs to tracing: %s(%s) in %s(): %s also holds the %s made in debugfs by %s() at line %d, which stays there; convert by hand if this one is a tracefs dentry' %
			(name, arg, fn, arg, what, m2['fn'], m2['key'][0]))
	n = made_line(s, fn, arg)
	if name in REMOVE:
		if arg != 'NULL' and not tainted(s, fn, arg) and tracing_dentry(s, fn, arg, set()):
			return (True, '%s(%s) removes a tracing dentry; use tracefs_remove()' % (name, arg))
		if n:
			return (False, '%s(%s): the dentry is made in debugfs at line %d and stays there, so does its removal' % (name, arg, n))
		return (False, 'could not prove it belongs to tracing: %s(%s) in %s(): %s; convert by hand if it is a tracefs dentry' % (name, arg, fn, origin(s, fn, arg)))
	if s.fops.get(k) in s.dbgattr:
		return (False, '%s(): %s comes from DEFINE_DEBUGFS_ATTRIBUTE(), which only works on debugfs files; it stays in debugfs' % (name, s.fops[k]))
	if m and m['lhs'] and tainted(s, fn, m['lhs']):
		return (False, '%s(): %s also holds files that have no tracefs counterpart; it stays in debugfs' % (name, m['lhs']))
	if tracing_parent(s, fn, arg, set()):
		return (True, '%s() under tracing parent %s; use %s()' % (name, arg, TRACEFS[name]))
	if arg == 'NULL':
		return (False, '%s() in the debugfs root of a file that is not part of tracing; it stays in debugfs' % name)
	if tainted(s, fn, arg):
		return (False, "%s(): parent '%s' also holds files that have no tracefs counterpart; it stays in debugfs" % (name, arg))
	if n:
		return (False, "%s(): parent '%s' is made in debugfs at line %d and stays there, so does this" % (name, arg, n))
	if root_of(s, fn, arg, False) or (fn, arg) in s.rootdecls:
		return (False, "%s(): the tracing root '%s' stays a debugfs dentry in %s(), so does this" % (name, arg, fn))
	return (False, 'could not prove it belongs to tracing: %s() in %s(): parent %s; convert by hand if it is a tracefs dentry' % (name, fn, origin(s, fn, arg)))
# Is e in fn the root from tracing_init_dentry()?  Under int_root (moving)
# only one that the patch turns into NULL counts: a local or a static of
# the function that the function does not hand out.
def root_of(s, fn, e, moving=True):
	return any(x == e and (f == fn or glob) and
		   (not (moving and MODE['int_root']) or (not glob and x not in s.rets.get(f, [])))
		   for (f, x), glob in s.roots.items())
# May the old dentry root x of the function of p become the int status?
# Not while x also parents debugfs-only files, nor, when ret_free, while
# the function has a "ret" that the new declaration would clash with.
def root_moves(p, x, ret_free):
	fn = fn_of(p)
	return not tainted(facts, fn, x) and not (ret_free and fn in facts.hasret) and norm(x) not in facts.rets.get(fn, [])
# Helpers that script constraints call to record facts: true, so that the
# rule matches.  A constraint is tokenised as SmPL: no string literals.
def add(coll, v): return coll.add(v) or True
def is_tracing(): return facts.update(tracing=True) or True	# tracing_init_dentry(), tracefs, trace.h
def made_local(p): return all(m.update(local=True) or True for m in facts.made if m['key'] == key(p))
def note_call(p, f):	# a debugfs call left in the function of p, or one of tracefs
	if f.startswith('debugfs_'): return add(facts.left, fn_of(p))
	return facts.update(usestfs=True, direct=facts.direct or f.startswith('tracefs_')) or True
def note_made(p, lhs, f, local):	# a static of the function is local too
	local = local or (fn_of(p), norm(lhs)) in facts.fnstatic
	facts.made.append(dict(fn=fn_of(p), lhs=norm(lhs), local=local, creator=f, key=key(p)))
def note_root(p, x, glob):	# a root in a file static or a global is the root everywhere
	fn, x = fn_of(p), norm(x)
	facts.roots[(fn, x)] = glob and (fn, x) not in facts.fnstatic
	return True
def note_parent(p, f, P):	# the parent of a tracefs create is a tracing directory
	facts.parent[key(p)] = norm(P)
	return f.startswith('debugfs_') or add(facts.tfparents, (fn_of(p), norm(P)))
def note_debugfs_only(p, A):	# a possible parent of a helper tracefs lacks
	facts.nonconvparent.setdefault(key(p), []).append(norm(A))
	return add(facts.nonconv, (fn_of(p), norm(A)))
def note_fops(p, F):
	facts.fops[key(p)] = norm(F)
	return facts.fopsuse.append((fn_of(p), key(p))) or True
def amp(fops): return '&' + norm(fops)
def one_literal(c): return 'debugfs' in c and c.count('"') == 2	# debugfs in one string literal
ADD, REPLACE, REPLACE_DROP, DROP = 'add tracefs.h', 'replace', 'replace, drop tracefs.h', 'drop'
# What to do with #include <linux/debugfs.h> at p: add tracefs.h after it,
# replace it (and drop a later tracefs.h), drop it, or keep it.  spatch
# drops the comments above a removed line, so of two includes it is always
# the later one that goes.
def plan_includes(p):
	s, dline = facts, int(p.line)
	tline = s.tline
	if s.left and s.direct and tline is None: plan = ADD
	elif s.left or not s.tracing: plan = None
	elif tline is not None: plan = REPLACE_DROP if tline > dline else DROP
	else: plan = REPLACE if s.usestfs or dline == min(s.incs or [dline]) else DROP
	s.incplan = plan
	return True

//# A script rule without metavariables runs once per file, first: the facts
//# start afresh for each file, whatever name spatch gives it once changed.
@script:python@ @@
reset()

@script:python depends on int_root@ @@
MODE['int_root'] = True

// A file that asks for the tracing root or makes tracefs files is part of
// tracing: there a NULL parent means the tracing root, not debugfs's.
@@
position p : script:python() { is_tracing() };
@@
\(tracing_init_dentry@p()\|tracefs_create_file@p(...)\|tracefs_create_dir@p(...)\|trace_create_file@p(...)\)

// Statics of a function (the once-only memo: "if (d) return d; d = ...;")
// are known in that function only.
@@
identifier fn, x; type T;
position p : script:python(x) { add(facts.fnstatic, (fn_of(p[0]), x)) };
@@
fn(...) {
  ... when any
  static T x@p;
  ... when any
}

// The tracing root held in a local, a static or a global ...
@@
local idexpression struct dentry *x;
position p : script:python(x) { note_root(p[0], x, False) };
@@
x@p = tracing_init_dentry()

@@
global idexpression struct dentry *x;
position p : script:python(x) { note_root(p[0], x, True) };
@@
x@p = tracing_init_dentry()

// ... or declared with it, a root only while the function leaves the name
// "ret" free for the int status.
@@
identifier x;
position p : script:python(x) { add(facts.rootdecls, (fn_of(p[0]), norm(x))) };
@@
struct dentry *x@p = tracing_init_dentry();

// Dentries that a create stores, with the function and the create that
// made them; one in a local variable is known in its own function only.
@made@
expression E;
identifier f : script:python() { is_creator(f) };
expression list es; position p;
@@
E = f@p(es)

@script:python@ E << made.E; f << made.f; p << made.p; @@
note_made(p[0], E, f, False)

@@
local idexpression L;
identifier f : script:python() { is_creator(f) };
position p : script:python() { made_local(p[0]) };
@@
L = f@p(...)

@madedecl@
identifier L;
identifier f : script:python() { is_creator(f) };
type T; position p;
@@
T L = f@p(...);

@script:python@ L << madedecl.L; f << madedecl.f; p << madedecl.p; @@
note_made(p[0], L, f, True)

// The parent of every create and the dentry of every remove, and the fops
// of file creates: DEFINE_DEBUGFS_ATTRIBUTE() ones work on debugfs only.
@@
identifier f = {debugfs_create_dir, tracefs_create_dir};
expression N, P;
position p : script:python(f, P) { note_parent(p[0], f, P) };
@@
f@p(N, P)

@@
identifier f = {debugfs_create_file, tracefs_create_file, trace_create_file};
expression N, M, P, D, F;
position p : script:python(f, P, F) { note_parent(p[0], f, P) and note_fops(p[0], F) };
@@
f@p(N, M, P, D, F)

@@
identifier f = {debugfs_remove, debugfs_remove_recursive};
expression P;
position p : script:python(f, P) { note_parent(p[0], f, P) };
@@
f@p(P)

// Such a definition also leaves the file using debugfs.
@@
declarer name DEFINE_DEBUGFS_ATTRIBUTE; identifier fops;
position p : script:python(fops) { add(facts.dbgattr, amp(fops)) and add(facts.left, fn_of(p[0])) };
@@
DEFINE_DEBUGFS_ATTRIBUTE@p(fops, ...);

// debugfs helpers that tracefs lacks (all but _dir and _file) keep their
// parent, the second or the third argument, in debugfs.
@@
identifier f : script:python() { is_debugfs_only(f) };
expression A1, A2, A3;
position p : script:python(A2, A3) { note_debugfs_only(p[0], A2) and note_debugfs_only(p[0], A3) };
@@
f@p(A1, A2, A3, ...)

// Parameters that take a struct dentry *, and what the calls in this file
// pass for them: a tracing directory when a caller passes one.
@def@
identifier g, q; parameter list[n] ps; type T; position p;
@@
T g@p(ps, struct dentry *q, ...) { ... }

@script:python@ g << def.g; q << def.q; n << def.n; p << def.p; @@
facts.params.setdefault(g, {})[int(n)] = norm(q)
facts.deflines[g] = int(p[0].line)

@callarg@
identifier def.g; expression list[def.n] es; expression A; position p;
@@
g@p(es, A, ...)

@script:python@ g << def.g; n << def.n; A << callarg.A; p << callarg.p; @@
facts.calls.append((fn_of(p[0]), g, int(n), norm(A)))

// Dentries copied (tr->event_dir = d_events;) or handed out by a function
// (d = get_dir(tr);), initialisers included.  One side has to be a struct
// dentry * the file declares, so other assignments do not match.
@copyto@
expression L; idexpression struct dentry *R; position p;
@@
L@p = R

@script:python@ L << copyto.L; R << copyto.R; p << copyto.p; @@
add_copy(facts, p[0], L, R, False)

@copyfrom@
local idexpression struct dentry *L; expression R; position p;
@@
L@p = R

@script:python@ L << copyfrom.L; R << copyfrom.R; p << copyfrom.p; @@
add_copy(facts, p[0], L, R, True)

// Functions that hand out a dentry, and what they return.
@dentryfn@
identifier g; position p;
@@
struct dentry *g@p(...) { ... }

@script:python@ g << dentryfn.g; p << dentryfn.p; @@
facts.dentryfns.add(g)
facts.deflines[g] = int(p[0].line)

@dentryret@
expression E; position p;
@@
return E@p;

@script:python@ E << dentryret.E; p << dentryret.p; @@
facts.rets.setdefault(fn_of(p[0]), []).append(norm(E))

// Functions that call tracing_init_dentry() and have a "ret" already: the
// int status that replaces their root cannot be declared under that name.
@initcall@
identifier fn;
@@
fn(...) { <+... tracing_init_dentry() ...+> }

@@
identifier initcall.fn; symbol ret;
position p : script:python() { add(facts.hasret, fn_of(p[0])) };
@@
fn(...) { <+... ret@p ...+> }

@@
symbol ret; type T;
position p : script:python() { add(facts.hasret, fn_of(p[0])) };
@@
T ret@p;

// The calls that move to tracefs: decide() says which, and why.
@cand@
identifier f = {debugfs_create_dir, debugfs_create_file, debugfs_remove, debugfs_remove_recursive};
position p : script:python(f) { decide(p[0], f)[0] };
@@
f@p(...)

// Roots from the pointer-returning tracing_init_dentry() of old kernels
// that become the int status: "struct dentry *x = tracing_init_dentry();"
// in a function with no "ret" yet, and "x = tracing_init_dentry();" after
// "struct dentry *x;".  A root that also parents debugfs-only files stays.
@rootd@
identifier fn, x;
position p : script:python(x) { root_moves(p[0], x, True) };
@@
fn(...) {
  ... when any
  struct dentry *x@p = tracing_init_dentry();
  ... when any
}

@root_fn@
identifier fn, x;
position p : script:python(x) { root_moves(p[0], x, False) };
@@
fn(...) {
  ... when any
  struct dentry *x;
  ... when any
  x@p = tracing_init_dentry();
  ... when any
}

//# A constraint also runs on partial matches (x bound to any name assigned
//# from tracing_init_dentry()), so a root is recorded here, on complete
//# matches only.
@script:python@ fn << rootd.fn; x << rootd.x; @@
facts.moved.add((fn, x))
facts.converted.add(fn)

@script:python@ fn << root_fn.fn; x << root_fn.x; @@
facts.moved.add((fn, x))
facts.converted.add(fn)

// Either kind of root that moves, for the rules that rewrite its uses.
@rootx@
identifier fn, x;
position p : script:python(x) { (fn_of(p[0]), x) in facts.moved };
@@
fn(...) { <+... x@p ...+> }

// patch mode: each call that cand accepted takes the tracefs name.
@depends on patch@
position cand.p;
symbol debugfs_create_dir, debugfs_create_file, debugfs_remove, debugfs_remove_recursive;
@@
(
- debugfs_create_dir@p
+ tracefs_create_dir
|
- debugfs_create_file@p
+ tracefs_create_file
|
- debugfs_remove@p
+ tracefs_remove
|
- debugfs_remove_recursive@p
+ tracefs_remove
)

// debugfs reports failure with an ERR_PTR(), tracefs with NULL.
@depends on patch@
expression E, E1; statement S1, S2; identifier chk = {IS_ERR, IS_ERR_OR_NULL};
@@
E = \(tracefs_create_dir\|tracefs_create_file\)(...);
... when != E = E1
if (
- chk(E)
+ !E
   ) S1 else S2

@depends on patch@
expression E, E1;
@@
E = \(tracefs_create_dir\|tracefs_create_file\)(...);
... when != E = E1
if (!E) {
<...
- PTR_ERR(E)
+ -ENOMEM
...>
}

// The dentry of the old tracing_init_dentry() becomes an int status and
// its uses become the NULL parent that means the tracefs root.
@depends on patch && int_root@
identifier root_fn.fn, root_fn.x; statement S;
@@
fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
  if (
- \(!x\|x == NULL\|IS_ERR(x)\|IS_ERR_OR_NULL(x)\)
+ ret
  ) S
...>
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
@@
(
int fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
+ if (ret)
+	return 0;
...>
}
|
void fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
+ if (ret)
+	return;
...>
}
)

// "struct dentry *x = tracing_init_dentry();" becomes the int status.
@depends on patch && int_root@
identifier rootd.fn, rootd.x;
@@
fn(...) {
  ... when any
- struct dentry *x = tracing_init_dentry();
+ int ret = tracing_init_dentry();
  ... when any
}

@depends on patch && int_root@
identifier rootx.fn, rootx.x, chk = {PTR_ERR, IS_ERR, IS_ERR_OR_NULL};
@@
fn(...) {
<...
(
- x = tracing_init_dentry()
+ ret = tracing_init_dentry()
|
- chk(x)
+ ret
|
- !x
+ ret
|
- x == NULL
+ ret
)
...>
}

@depends on patch && int_root@
identifier rootx.fn, rootx.x;
@@
fn(...) {
<...
- x
+ NULL
...>
}

// The declaration may hold other declarators too, so the dentry goes on
// its own and "int ret;" opens the function's declarations, unless the
// function has a "ret" already.
@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
position d : script:python() { fn_of(d[0]) not in facts.hasret };
@@
fn(...) {
+ int ret;
  ... when any
  struct dentry *x@d;
  ... when any
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
@@
fn(...) {
  ... when any
- struct dentry *x;
  ... when any
}

// "Could not create debugfs 'x' entry" after a converted call: the entry
// is a tracefs one now.  Strings split over several literals are left.
@msg depends on patch@
expression E;
constant char[] c : script:python() { one_literal(c) };
position p;
identifier pr = {pr_warn, pr_warning, pr_warn_once, pr_err, pr_info, pr_debug};
@@
E = \(tracefs_create_dir\|tracefs_create_file\)(...);
(
if (!E) pr(c@p, ...);
|
if (!E) { ... pr(c@p, ...); ... }
)

@script:python msg_new@ c << msg.c; nc; @@
coccinelle.nc = cocci.make_expr(c.replace('debugfs', 'tracefs'))

@depends on patch@
constant char[] msg.c; expression msg_new.nc; position msg.p;
@@
- c@p
+ nc

// What is left in debugfs after the conversion, and what calls tracefs.
@depends on patch@
identifier f : script:python() { is_noted(f) };
position p : script:python(f) { note_call(p[0], f) };
@@
f@p(...)

// A static *_debugfs function whose debugfs work all moved to tracefs is
// renamed; other files may know a global one by its name.
@rename depends on patch@
identifier fn : script:python() { is_debugfs_named(fn) };
position p : script:python(fn) { fn in facts.converted and fn not in facts.left };
type T;
@@
static T fn@p(...) { ... }

@script:python rename_to@ fn << rename.fn; nfn; @@
coccinelle.nfn = cocci.make_ident(re.sub('_debugfs$', '_tracefs', fn))

@depends on patch@
identifier rename.fn, rename_to.nfn; type T;
@@
T
- fn
+ nfn
  (...) {...}

@depends on patch@
identifier rename.fn, rename_to.nfn; type T;
@@
T
- fn
+ nfn
  (...);

@depends on patch@
identifier rename.fn, rename_to.nfn;
@@
- fn
+ nfn

// tracefs.h replaces debugfs.h once nothing uses debugfs any more
// (plan_includes()).  First the facts about the includes ...
@depends on patch@
position p : script:python() { add(facts.incs, int(p[0].line)) };
@@
(
#include <...>@p
|
#include "..."@p
)

@depends on patch@
position p : script:python() { is_tracing() };
@@
#include "trace.h"@p

@depends on patch@
position p : script:python() { facts.update(tline=int(p[0].line)) or True };
@@
#include <linux/tracefs.h>@p

@depends on patch@
position p : script:python() { plan_includes(p[0]) };
@@
#include <linux/debugfs.h>@p

// ... then the plan: replace debugfs.h (dropping a later tracefs.h), add
// tracefs.h after it, or drop it.
@depends on patch@
position r : script:python() { facts.incplan in (REPLACE, REPLACE_DROP) };
position a : script:python() { facts.incplan == ADD };
position d : script:python() { facts.incplan == DROP };
position t : script:python() { facts.incplan == REPLACE_DROP and int(t[0].line) == facts.tline };
@@
(
- #include <linux/debugfs.h>@r
+ #include <linux/tracefs.h>
|
  #include <linux/debugfs.h>@a
+ #include <linux/tracefs.h>
|
- #include <linux/debugfs.h>@d
|
- #include <linux/tracefs.h>@t
)

// context, org and report modes: every debugfs call, with what happens
// to it and why.
@depends on context@
identifier cand.f; position cand.p;
@@
* f@p(...)

@site depends on org || report@
identifier f : script:python() { is_debugfs(f) };
position p;
@@
f@p(...)

@script:python depends on org@ f << site.f; p << site.p; @@
conv, why = explain(p[0], f)
(coccilib.org.print_todo if conv else coccilib.org.print_safe_todo)(p[0], why)

@script:python depends on report@ f << site.f; p << site.p; @@
coccilib.report.print_report(p[0], explain(p[0], f)[1])
