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
//# comes from tracing_init_dentry() (kept in a local, a static or a
//# global, also through a once-only memo), is a directory made by a
//# converted call, a copy of one, what a function returns when it returns
//# only those, or a parameter that callers feed with one of those.
//# It is converted only if that directory is converted or is the root: a
//# directory that stays in debugfs (another subsystem's, one holding
//# debugfs-only files, one that cannot be followed) keeps everything
//# under it there, and the report names it.  Dentries are followed within
//# one file.  A static function named *_debugfs is renamed *_tracefs
//# when the conversion leaves it no debugfs call; global ones keep their
//# name.
//#   The script is one file on purpose: spatch 1.1.1 looks for an SmPL
//# #include relative to its working directory, not to this file, and the
//# harness and make coccicheck run it from the tree being converted.  Its
//# sections: the analysis (Python, for what SmPL cannot say: following
//# dentries through copies, calls and returns), the facts that SmPL rules
//# gather, one decision per debugfs call, then the patch, context, org and
//# report modes.

virtual patch
virtual context
virtual org
virtual report
// -D int_root: the tree's tracing_init_dentry() returns int (Linux 5.10
// and later); its callers are rewritten to match.  Without it the root
// dentry stays as it is, as the 4.1 conversion left it: tracefs takes it
// as a parent.
virtual int_root

// ---------------------------------------------------------------------
// The fact store: what the rules below record about a file, and the
// analysis that decides, from those facts, which dentries belong to
// tracing.  The rest of the script is SmPL around it.
// ---------------------------------------------------------------------

@initialize:python@
@@
import re

# Facts about the file being converted, started afresh for each file by
# the first script rule below (see there).
facts = {}
MODE = {'int_root': False}

CREATE = ('debugfs_create_dir', 'debugfs_create_file')
REMOVE = ('debugfs_remove', 'debugfs_remove_recursive')
TRACEFS = {
	'debugfs_create_dir': 'tracefs_create_dir',
	'debugfs_create_file': 'tracefs_create_file',
	'debugfs_remove': 'tracefs_remove',
	'debugfs_remove_recursive': 'tracefs_remove',
}

def reset():
	facts.clear()
	facts.update({
		'tracing': False,	# uses tracing_init_dentry() or tracefs
		'roots': {},		# (function, x) from tracing_init_dentry() -> global?
		'fnstatic': set(),	# (function, x): a static inside the function
		'rootdecls': set(),	# same, as "struct dentry *x = ...;"
		'made': [],		# dicts: fn, lhs, local, creator, key
		'params': {},		# function -> {index: parameter}
		'deflines': {},		# function -> line of its name
		'calls': [],		# (caller, callee, index, argument)
		'tfparents': set(),	# (function, parent) of a tracefs call
		'parent': {},		# call position -> parent/dentry argument
		'decided': {},		# call position -> (convert, reason)
		'converted': set(),	# functions where something was converted
		'left': set(),		# functions still calling debugfs
		'hasret': set(),	# root functions that have a "ret"
		'nonconv': set(),	# (function, arg) of debugfs-only calls
		'nonconvparent': {},	# debugfs-only call position -> parents
		'fops': {},		# create_file position -> fops argument
		'fopsuse': [],		# (function, create_file position)
		'dbgattr': set(),	# &fops made by DEFINE_DEBUGFS_ATTRIBUTE
		'copies': {},		# position -> dict: fn, lhs, local, rhs, call
		'dentryfns': set(),	# functions returning struct dentry *
		'rets': {},		# function -> returned expressions
	})

def norm(e):
	return re.sub(r'\s+', '', str(e))

def key(p):
	return (int(p.line), int(p.column))

def fn_of(p):
	return p.current_element

def made_at(s, k):
	for m in s['made']:
		if m['key'] == k:
			return m
	return None

FIELD = re.compile(r'(->|\.)(\w+)$')

def dkey(e):
	"""A dentry kept in a struct field or an array element is known by its
	member name in every function: tr->options, topts[i].entry."""
	m = FIELD.search(e)
	return '.' + m.group(2) if m else e

def same_expr(fn1, e1, fn2, e2):
	"""Do e1 in fn1 and e2 in fn2 name the same dentry?"""
	return dkey(e1) == dkey(e2) and (fn1 == fn2 or dkey(e1) != e1)

def same_dentry(m, fn, e):
	"""Does made entry m store the dentry that e names in function fn?"""
	return dkey(m['lhs']) == dkey(e) and (m['fn'] == fn or not m['local'])

def stays(s, m):
	"""Does the debugfs dentry of made entry m stay in debugfs?"""
	if not m['creator'].startswith('debugfs_'):
		return False
	if m['fn'] == 'tracing_init_dentry':
		return True
	parent = s['parent'].get(m['key'])
	return not parent or not tracing_parent(s, m['fn'], parent, set())

def shared_field(s, fn, e):
	"""A field that also holds a dentry staying in debugfs: its made entry."""
	if dkey(e) == e:
		return None
	for m in s['made']:
		if same_dentry(m, fn, e) and stays(s, m):
			return m
	return None

def made_line(s, fn, e, seen=None):
	"""The line of a debugfs create whose dentry e holds, directly or
	through copies; 0 if there is none."""
	seen = seen or set()
	if (fn, e) in seen:
		return 0
	seen.add((fn, e))
	for m in s['made']:
		if same_dentry(m, fn, e) and m['creator'].startswith('debugfs_'):
			return m['key'][0]
	for c in sorted(s['copies'].values(), key=lambda c: c['line']):
		if same_dentry(c, fn, e) and c['rhs']:
			n = made_line(s, c['fn'], c['rhs'], seen)
			if n:
				return n
	return 0

def origin(s, fn, e, depth=0):
	"""Why e, used in fn, could not be followed to a tracing dentry:
	where it comes from, as far as this file tells."""
	i = param_index(s, fn, e)
	if i is not None:
		args = ['\'%s\' in %s()' % (a, c) for (c, callee, j, a) in s['calls']
			if callee == fn and j == i]
		why = '\'%s\' is a parameter of %s() (line %d)' % \
			(e, fn, s['deflines'].get(fn, 0))
		if not args:
			return why + ' and no call in this file passes it'
		return why + ' fed with %s' % ', '.join(sorted(set(args))[:3])
	m = CALL.match(e)
	if m:
		return getter_origin(s, m.group(1), e)
	for c in sorted(s['copies'].values(), key=lambda c: c['line']):
		if not same_dentry(c, fn, e):
			continue
		if c['call'] and not getter(s, c['call'], set()):
			return '\'%s\' is set at line %d in %s() from %s' % \
				(e, c['line'], c['fn'],
				 getter_origin(s, c['call'], c['call'] + '()'))
		if c['rhs'] and not tracing_parent(s, c['fn'], c['rhs'], set()):
			why = '\'%s\' is copied from \'%s\' at line %d in %s()' % \
				(e, c['rhs'], c['line'], c['fn'])
			if depth < 3:
				why += ', and ' + origin(s, c['fn'], c['rhs'], depth + 1)
			return why
	return '\'%s\' gets no dentry from a tracing create, copy or parameter in this file' % e

def getter_origin(s, g, what):
	if g not in s['dentryfns']:
		return '%s, a function that this file does not define' % what
	if MODE['int_root'] and root_handed_out(s, g):
		return '%s, and %s() (line %d) hands out the tracing root, which is no dentry once tracing_init_dentry() returns int' % \
			(what, g, s['deflines'].get(g, 0))
	return '%s, and %s() (line %d) does not return only tracing dentries' % \
		(what, g, s['deflines'].get(g, 0))

def param_index(s, fn, e):
	for i, q in s['params'].get(fn, {}).items():
		if q == e:
			return i
	return None

def memoised(search):
	"""Keep the answers of search(s, fn, e, seen) per file.  seen holds
	the questions being asked further up, and a question met again answers
	False to cut the cycle, so only True answers and answers to a question
	asked afresh are kept."""
	def ask(s, fn, e, seen=None):
		memo = s.setdefault(search.__name__, {})
		if (fn, e) in memo:
			return memo[(fn, e)]
		top = not seen
		r = search(s, fn, e, set() if seen is None else seen)
		if r or top:
			memo[(fn, e)] = r
		return r
	return ask

def tainted(s, fn, e, seen):
	"""Does dentry e in fn also parent something that has to stay in
	debugfs?  Then it cannot move to tracefs either."""
	if (fn, e) in seen or e == 'NULL':
		return False
	seen.add((fn, e))
	if (fn, e) in s['nonconv']:
		return True
	# under int_root the root becomes NULL: not while a helper it feeds
	# has to stay in debugfs, which would then use the debugfs root
	if MODE['int_root'] and root_of(s, fn, e, False) and \
	   feeds_kept(s, fn, e, set()):
		return True
	for (f2, k) in s['fopsuse']:
		if f2 == fn and s['parent'].get(k) == e and \
		   s['fops'][k] in s['dbgattr']:
			return True
	glob = any(same_dentry(m, fn, e) and not m['local'] for m in s['made'])
	if glob and any(x == e for (_, x) in s['nonconv']):
		return True
	# handed to a helper that uses its parameter for debugfs-only files
	for (caller, callee, j, arg) in s['calls']:
		if caller == fn and arg == e:
			q = s['params'].get(callee, {}).get(j)
			if q and tainted(s, callee, q, seen):
				return True
	# a copy of e, or of the result of a getter that returns e, that
	# has to stay
	for c in s['copies'].values():
		if c['rhs']:
			src = [(c['fn'], c['rhs'])]
		else:
			src = [(c['call'], r) for r in s['rets'].get(c['call'], [])]
		if any(same_expr(f2, r, fn, e) for (f2, r) in src) and \
		   tainted(s, c['fn'], c['lhs'], seen):
			return True
	# a debugfs directory below e that has to stay keeps e in debugfs
	for m in s['made']:
		if m['creator'].startswith('debugfs_') and m['lhs'] and \
		   s['parent'].get(m['key']) == e and \
		   (m['fn'] == fn or not m['local']) and \
		   tainted(s, m['fn'], m['lhs'], seen):
			return True
	return False

tainted = memoised(tainted)

CALL = re.compile(r'^(\w+)\(.*\)$')
NODENTRY = re.compile(r'^(NULL|ERR_PTR\(.*\))$')

def add_copy(s, p, lhs, rhs, local):
	"""lhs = rhs in the function of p: a dentry copied from a variable or
	a field, or handed out by a function call."""
	lhs, rhs = norm(lhs), norm(rhs)
	m = CALL.match(rhs)
	if NODENTRY.match(rhs) or (m and m.group(1) in TRACEFS.values()) or \
	   (m and m.group(1) in CREATE + ('trace_create_file', 'tracing_init_dentry')):
		return		# not a copy: a create, the root, or no dentry
	if dkey(lhs) != lhs:
		local = False
	local = local or (fn_of(p), lhs) in s['fnstatic']
	s['copies'][key(p)] = {'fn': fn_of(p), 'lhs': lhs, 'local': local,
			       'line': key(p)[0],
			       'rhs': None if m else rhs,
			       'call': m.group(1) if m else None}

def getter(s, g, seen):
	"""Does g hand out a tracing dentry?  Every dentry it returns must be
	one; NULL and ERR_PTR() returns do not count."""
	if g not in s['dentryfns']:
		return False
	rets = [r for r in s['rets'].get(g, []) if not NODENTRY.match(r)]
	return bool(rets) and \
		all(tracing_parent(s, g, r, set(seen)) for r in rets)

def tracing_parent(s, fn, e, seen):
	"""Is expression e, used in function fn, a tracing directory?"""
	if (fn, e) in seen:
		return False
	seen.add((fn, e))
	if fn == 'tracing_init_dentry' or tainted(s, fn, e):
		return False
	if e == 'NULL':
		return s['tracing']
	if root_of(s, fn, e) or (fn, e) in s['tfparents']:
		return True
	# the directory that tracing_init_dentry() makes is the tracing root
	if any(same_dentry(m, fn, e) and m['fn'] == 'tracing_init_dentry'
	       for m in s['made']):
		return True
	# "int ret = tracing_init_dentry();" needs a free name
	if (fn, e) in s['rootdecls'] and fn not in s['hasret']:
		return True
	# a getter called right where the parent is wanted
	m = CALL.match(e)
	if m and getter(s, m.group(1), seen):
		return True
	return tracing_dentry(s, fn, e, seen)

tracing_parent = memoised(tracing_parent)

def tracing_dentry(s, fn, e, seen):
	"""Is e a dentry created inside the tracing hierarchy?"""
	for m in s['made']:
		if not same_dentry(m, fn, e):
			continue
		if m['fn'] == 'tracing_init_dentry':
			continue
		if not m['creator'].startswith('debugfs_'):
			return True
		parent = s['parent'].get(m['key'])
		if parent and tracing_parent(s, m['fn'], parent, seen):
			return True
	# a copy of a tracing dentry, or the dentry a getter hands out
	for c in s['copies'].values():
		if not same_dentry(c, fn, e):
			continue
		if c['call'] and getter(s, c['call'], seen):
			return True
		if c['rhs'] and tracing_parent(s, c['fn'], c['rhs'], seen):
			return True
	i = param_index(s, fn, e)
	if i is not None:
		for (caller, callee, j, arg) in s['calls']:
			if callee == fn and j == i and \
			   tracing_parent(s, caller, arg, seen):
				return True
	return False

def kept_by(s, fn, e, seen=None):
	"""The debugfs create that keeps e, used in fn, in debugfs: one that
	makes e, or a dentry that e is copied from, handed out as or fed with,
	and stays there; None when every such create moves to tracefs."""
	top = seen is None
	seen = set() if top else seen
	if (fn, e) in seen or e == 'NULL' or root_of(s, fn, e):
		return None
	seen.add((fn, e))
	for m in s['made']:
		if same_dentry(m, fn, e) and m['creator'].startswith('debugfs_') and \
		   m['fn'] != 'tracing_init_dentry' and \
		   not decide_at(s, m['key'], m['fn'], m['creator'])[0]:
			return '\'%s\', made in debugfs by %s() at line %d in %s()' % \
				(m['lhs'], m['creator'], m['key'][0], m['fn'])
	src = []
	for c in s['copies'].values():
		if same_dentry(c, fn, e):
			src += [(c['fn'], c['rhs'])] if c['rhs'] else \
				[(c['call'], r) for r in s['rets'].get(c['call'], [])]
	m = CALL.match(e)
	if m:
		src += [(m.group(1), r) for r in s['rets'].get(m.group(1), [])]
	i = param_index(s, fn, e)
	src += [(c, a) for (c, callee, j, a) in s['calls'] if callee == fn and j == i]
	for (f2, e2) in src:
		why = kept_by(s, f2, e2, seen)
		if why:
			return why
	return None

def feeds_kept(s, fn, e, seen):
	"""Is e, in fn, handed (as an argument or a copy) to a parent that
	also comes from a create staying in debugfs?"""
	if (fn, e) in seen:
		return False
	seen.add((fn, e))
	for (caller, callee, j, a) in s['calls']:
		q = s['params'].get(callee, {}).get(j)
		if caller == fn and a == e and q and \
		   (kept_by(s, callee, q) or feeds_kept(s, callee, q, seen)):
			return True
	return any(c['fn'] == fn and c['rhs'] == e and
		   (kept_by(s, fn, c['lhs']) or feeds_kept(s, fn, c['lhs'], seen))
		   for c in s['copies'].values())

def decide(p, name):
	"""Return (convert, reason) for the debugfs call name at p."""
	return decide_at(facts, key(p), fn_of(p), name)

def decide_at(s, k, fn, name):
	"""decide() for the call name at k in function fn.  A call in the
	middle of being decided (a dentry that names itself) counts as moving."""
	if k in s['decided']:
		return s['decided'][k]
	s['decided'][k] = (True, None)
	r = decide_rule(s, k, fn, name)
	# a call moves only if its parent, or the dentry it removes, moves too
	why = r[0] and kept_by(s, fn, s['parent'].get(k))
	if why and name in REMOVE:
		r = (False, '%s(%s): the dentry comes from %s, which stays there, so does its removal' % (name, s['parent'][k], why))
	elif why:
		r = (False, '%s(): parent \'%s\' comes from %s, which stays there, and so does everything under it' % (name, s['parent'][k], why))
	# a directory kept where another one that stays is kept too: what is
	# made under it cannot move for one of them only
	m = made_at(s, k)
	m2 = r[0] and name == 'debugfs_create_dir' and m and m['lhs'] and \
		next((m2 for m2 in s['made'] if m2 is not m and
		      m2['creator'].startswith('debugfs_') and
		      m2['fn'] != 'tracing_init_dentry' and
		      same_dentry(m2, fn, m['lhs']) and
		      not decide_at(s, m2['key'], m2['fn'], m2['creator'])[0]), None)
	if m2:
		r = (False, '%s(): \'%s\' also holds the directory made in debugfs by %s() at line %d in %s(), which stays there, and what is made under either cannot move for one of them only' % (name, m['lhs'], m2['creator'], m2['key'][0], m2['fn']))
	s['decided'][k] = r
	if r[0]:
		s['converted'].add(fn)
	return r

def decide_rule(s, k, fn, name):
	arg = s['parent'].get(k)
	m = made_at(s, k)
	if name == 'debugfs_create_automount':
		r = (False, 'debugfs_create_automount() keeps the old debugfs/tracing mount point working; it stays in debugfs')
	elif fn == 'tracing_init_dentry':
		r = (False, '%s() in tracing_init_dentry() makes the tracing mount point itself; convert by hand' % name)
	elif name == 'debugfs_initialized':
		r = (False, 'debugfs_initialized() asks about debugfs itself; use tracefs_initialized() by hand if tracefs is meant')
	elif name not in TRACEFS:
		why = '%s() has no tracefs counterpart; it stays in debugfs' % name
		args = s['nonconvparent'].get(k, [])
		if any(root_of(s, fn, a, False) or
		       any(same_dentry(m2, fn, a) for m2 in s['made'])
		       for a in args):
			why += ' (its directory stays in debugfs with it; a tracefs file with its own fops needs hand work)'
		r = (False, why)
	elif arg is None:
		r = (False, '%s() with an argument that could not be analysed; check by hand' % name)
	elif name in REMOVE and shared_field(s, fn, arg) and \
	     any(same_dentry(m2, fn, arg) and not stays(s, m2)
		 for m2 in s['made']) and \
	     not any(m2['fn'] == fn and m2['lhs'] == arg and not stays(s, m2)
		     for m2 in s['made']):
		m2 = shared_field(s, fn, arg)
		what = 'file' if m2['creator'].endswith('_file') else 'directory'
		r = (False, 'could not prove it belongs to tracing: %s(%s) in %s(): %s also holds the %s made in debugfs by %s() at line %d, which stays there; convert by hand if this one is a tracefs dentry' % (name, arg, fn, arg, what, m2['fn'], m2['key'][0]))
	elif name in REMOVE:
		if arg != 'NULL' and not tainted(s, fn, arg) and \
		   tracing_dentry(s, fn, arg, set()):
			r = (True, '%s(%s) removes a tracing dentry; use tracefs_remove()' % (name, arg))
		elif made_line(s, fn, arg):
			r = (False, '%s(%s): the dentry is made in debugfs at line %d and stays there, so does its removal' % (name, arg, made_line(s, fn, arg)))
		else:
			r = (False, 'could not prove it belongs to tracing: %s(%s) in %s(): %s; convert by hand if it is a tracefs dentry' % (name, arg, fn, origin(s, fn, arg)))
	elif s['fops'].get(k) in s['dbgattr']:
		r = (False, '%s(): %s comes from DEFINE_DEBUGFS_ATTRIBUTE(), which only works on debugfs files; it stays in debugfs' % (name, s['fops'][k]))
	elif m and m['lhs'] and tainted(s, fn, m['lhs']):
		r = (False, '%s(): %s also holds files that have no tracefs counterpart; it stays in debugfs' % (name, m['lhs']))
	elif tracing_parent(s, fn, arg, set()):
		r = (True, '%s() under tracing parent %s; use %s()' % (name, arg, TRACEFS[name]))
	elif arg == 'NULL':
		r = (False, '%s() in the debugfs root of a file that is not part of tracing; it stays in debugfs' % name)
	elif tainted(s, fn, arg):
		r = (False, '%s(): parent \'%s\' also holds files that have no tracefs counterpart; it stays in debugfs' % (name, arg))
	elif made_line(s, fn, arg):
		r = (False, '%s(): parent \'%s\' is made in debugfs at line %d and stays there, so does this' % (name, arg, made_line(s, fn, arg)))
	elif root_of(s, fn, arg, False) or (fn, arg) in s['rootdecls']:
		r = (False, '%s(): the tracing root \'%s\' stays a debugfs dentry in %s(), so does this' % (name, arg, fn))
	else:
		r = (False, 'could not prove it belongs to tracing: %s() in %s(): parent %s; convert by hand if it is a tracefs dentry' % (name, fn, origin(s, fn, arg)))
	return r

def explain(p, name):
	"""decide() for the org and report modes."""
	conv, why = decide(p, name)
	return conv, why if conv else 'left in debugfs: ' + why

# Small helpers for the script rules and script constraints below.  A
# constraint is tokenised as SmPL, so string literals stay in here.

def note_made(p, lhs, f, local):
	"""lhs = f(...) at p: a dentry stored by a create.  A static of the
	function is known in that function only, as a local is."""
	s = facts
	local = local or (fn_of(p), norm(lhs)) in s['fnstatic']
	s['made'].append({'fn': fn_of(p), 'lhs': norm(lhs),
			  'local': local, 'creator': f, 'key': key(p)})

def note_root(p, x, glob):
	"""x = tracing_init_dentry() at p; a root kept in a file static or a
	global is the root in every function."""
	s = facts
	fn, x = fn_of(p), norm(x)
	s['roots'][(fn, x)] = glob and (fn, x) not in s['fnstatic']

def root_of(s, fn, e, moving=True):
	"""Is e in fn the root from tracing_init_dentry()?  Under int_root
	(moving) only a root that the patch turns into NULL counts: a local or a
	static of the function that the function does not hand out."""
	for (f, x), glob in s['roots'].items():
		if x != e or not (f == fn or glob):
			continue
		if not (moving and MODE['int_root']):
			return True
		if not glob and x not in s['rets'].get(f, []):
			return True
	return False

def root_handed_out(s, g):
	"""Does g return the tracing root (a once-only memo of it)?"""
	return any(root_of(s, g, r, False) for r in s['rets'].get(g, []))

def note_parent(p, f, P):
	"""The parent argument of a create: one that a tracefs create already
	uses is a tracing directory."""
	s = facts
	s['parent'][key(p)] = norm(P)
	if not f.startswith('debugfs_'):
		s['tfparents'].add((fn_of(p), norm(P)))

def note_debugfs_only(p, A):
	"""A possible parent of a debugfs helper that tracefs lacks."""
	s = facts
	s['nonconv'].add((fn_of(p), norm(A)))
	s['nonconvparent'].setdefault(key(p), []).append(norm(A))

def note_left(p):
	facts['left'].add(fn_of(p))

def note_ret(p):
	facts['hasret'].add(fn_of(p))

def ret_taken(p):
	return fn_of(p) in facts['hasret']

def root_moves(p, x, ret_free):
	"""May the old dentry root x of the function of p become the int
	status?  Not while x also parents debugfs-only files, nor, when ret_free,
	while the function has a "ret" that the new declaration would clash
	with."""
	s = facts
	fn = fn_of(p)
	ok = not tainted(s, fn, x) and not (ret_free and fn in s['hasret']) \
		and norm(x) not in s['rets'].get(fn, [])
	if ok:
		s['converted'].add(fn)
	return ok

def renamed(p, fn):
	"""Has fn lost all its debugfs work to tracefs?"""
	s = facts
	return fn in s['converted'] and fn not in s['left']

def one_literal(c):
	"""A message that names debugfs in a single string literal."""
	return 'debugfs' in c and c.count('"') == 2

ADD, REPLACE, REPLACE_DROP, DROP = \
	'add tracefs.h', 'replace', 'replace, drop tracefs.h', 'drop'

def plan_includes(p):
	"""What to do with #include <linux/debugfs.h> at p: add tracefs.h
	after it, replace it (and drop a later tracefs.h), drop it, or keep it.
	spatch drops the comments above a removed line, so of two includes it
	is always the later one that goes."""
	s = facts
	dline = int(p.line)
	tline = s.get('tline')
	first = dline == min(s.get('incs', [dline]))
	if s['left'] and s.get('direct') and tline is None:
		plan = ADD
	elif s['left'] or not s['tracing']:
		plan = None
	elif tline is not None and tline > dline:
		plan = REPLACE_DROP
	elif tline is not None:
		plan = DROP
	elif s.get('usestfs') or first:
		plan = REPLACE
	else:
		plan = DROP
	s['incplan'] = plan

def inc_plan(p):
	return facts.get('incplan')

def drop_tracefs_h(p):
	"""Is p the tracefs.h include that follows a replaced debugfs.h?"""
	s = facts
	return s.get('incplan') == REPLACE_DROP and int(p.line) == s.get('tline')

// ---------------------------------------------------------------------
// Facts about the file, collected before anything is decided.  Each
// script rule records one kind of fact (see the fields in reset()).
// ---------------------------------------------------------------------

//# A script rule without metavariables runs once per file, before the rules
//# below see it: the facts start afresh for each file, whatever name spatch
//# gives the file once a rule has transformed it.
@script:python@
@@
reset()

// A file that asks for the tracing root or makes tracefs files is part of
// tracing: there a NULL parent means the tracing root, not debugfs's.
@tfile@
position p;
@@
(
tracing_init_dentry@p()
|
tracefs_create_file@p(...)
|
tracefs_create_dir@p(...)
|
trace_create_file@p(...)
)

@script:python@
p << tfile.p;
@@
facts['tracing'] = True

@script:python depends on int_root@
@@
MODE['int_root'] = True

// Statics of a function (the once-only memo: "if (d) return d; d = ...;")
// are known in that function only.
@fnstatic@
identifier fn, x;
type T;
position p;
@@
fn(...) {
  ... when any
  static T x@p;
  ... when any
}

@script:python@
x << fnstatic.x;
p << fnstatic.p;
@@
facts['fnstatic'].add((fn_of(p[0]), x))

// The tracing root held in a local, a static or a global,
// "x = tracing_init_dentry();" ...
@root@
local idexpression struct dentry *x;
position p;
@@
x@p = tracing_init_dentry()

@script:python@
x << root.x;
p << root.p;
@@
note_root(p[0], x, False)

@rootg@
global idexpression struct dentry *x;
position p;
@@
x@p = tracing_init_dentry()

@script:python@
x << rootg.x;
p << rootg.p;
@@
note_root(p[0], x, True)

// ... or "struct dentry *x = tracing_init_dentry();", a root only while
// the function leaves the name "ret" free for the int status.
@rootdecl@
identifier x;
position p;
@@
struct dentry *x@p = tracing_init_dentry();

@script:python@
x << rootdecl.x;
p << rootdecl.p;
@@
facts['rootdecls'].add((fn_of(p[0]), norm(x)))

// Dentries that a create stores, with the function and the create that
// made them: what a later parent or remove can be traced back to.  One
// stored in a local variable is known in its own function only.
@made@
expression E;
identifier f = {debugfs_create_dir, debugfs_create_file, tracefs_create_dir,
		tracefs_create_file, trace_create_file};
expression list es;
position p;
@@
E = f@p(es)

@script:python@
E << made.E;
f << made.f;
p << made.p;
@@
note_made(p[0], E, f, False)

@madelocal@
local idexpression L;
identifier f = {debugfs_create_dir, debugfs_create_file, tracefs_create_dir,
		tracefs_create_file, trace_create_file};
position p;
@@
L = f@p(...)

@script:python@
p << madelocal.p;
@@
for m in facts['made']:
	if m['key'] == key(p[0]):
		m['local'] = True

@madedecl@
identifier L;
identifier f = {debugfs_create_dir, debugfs_create_file, tracefs_create_dir,
		tracefs_create_file, trace_create_file};
type T;
position p;
@@
T L = f@p(...);

@script:python@
L << madedecl.L;
f << madedecl.f;
p << madedecl.p;
@@
note_made(p[0], L, f, True)

// The parent argument of every create and the dentry of every remove: a
// call moves when that argument is a tracing directory.
@dirparent@
identifier f = {debugfs_create_dir, tracefs_create_dir};
expression N, P;
position p;
@@
f@p(N, P)

@script:python@
f << dirparent.f;
P << dirparent.P;
p << dirparent.p;
@@
note_parent(p[0], f, P)

@fileparent@
identifier f = {debugfs_create_file, tracefs_create_file, trace_create_file};
expression N, M, P;
position p;
@@
f@p(N, M, P, ...)

@script:python@
f << fileparent.f;
P << fileparent.P;
p << fileparent.p;
@@
note_parent(p[0], f, P)

@rmarg@
identifier f = {debugfs_remove, debugfs_remove_recursive};
expression E;
position p;
@@
f@p(E)

@script:python@
E << rmarg.E;
p << rmarg.p;
@@
facts['parent'][key(p[0])] = norm(E)

// The fops of every file create, and the fops that
// DEFINE_DEBUGFS_ATTRIBUTE() makes: those work on debugfs files only, so a
// file using them stays in debugfs, and so does its parent.
@filefops@
identifier f = {debugfs_create_file, tracefs_create_file, trace_create_file};
expression N, M, P, D, F;
position p;
@@
f@p(N, M, P, D, F)

@script:python@
F << filefops.F;
p << filefops.p;
@@
s = facts
s['fops'][key(p[0])] = norm(F)
s['fopsuse'].append((fn_of(p[0]), key(p[0])))

@dbgattr@
declarer name DEFINE_DEBUGFS_ATTRIBUTE;
identifier fops;
position p;
@@
DEFINE_DEBUGFS_ATTRIBUTE@p(fops, ...);

@script:python@
fops << dbgattr.fops;
p << dbgattr.p;
@@
facts['dbgattr'].add('&' + norm(fops))

// debugfs helpers that tracefs lacks (debugfs_create_u32() and friends,
// everything but _dir and _file) keep their parent in debugfs.  The parent
// is the second or the third argument.
@dbgonly2@
identifier f =~ "^debugfs_create_(?!(dir|file)$)";
expression A1, A2;
position p;
@@
f@p(A1, A2, ...)

@dbgonly3@
identifier f =~ "^debugfs_create_(?!(dir|file)$)";
expression A1, A2, A3;
position p;
@@
f@p(A1, A2, A3, ...)

@script:python@
A << dbgonly2.A2;
p << dbgonly2.p;
@@
note_debugfs_only(p[0], A)

@script:python@
A << dbgonly3.A3;
p << dbgonly3.p;
@@
note_debugfs_only(p[0], A)

// Parameters that take a struct dentry *, and what the calls in this file
// pass for them: such a parameter is a tracing directory when a caller
// passes one.
@def@
identifier g, q;
parameter list[n] ps;
type T;
position p;
@@
T g@p(ps, struct dentry *q, ...) { ... }

@script:python@
g << def.g;
q << def.q;
n << def.n;
p << def.p;
@@
s = facts
s['params'].setdefault(g, {})[int(n)] = norm(q)
s['deflines'][g] = int(p[0].line)

@callarg@
identifier def.g;
expression list[def.n] es;
expression A;
position p;
@@
g@p(es, A, ...)

@script:python@
g << def.g;
n << def.n;
A << callarg.A;
p << callarg.p;
@@
facts['calls'].append((fn_of(p[0]), g, int(n), norm(A)))

// Dentries copied by plain assignment (tr->event_dir = d_events;) and
// dentries handed out by a function (d = get_dir(tr);), initialisers of
// declarations included.  One side has to be a struct dentry * the file
// declares, so other assignments do not match; what a copy holds is
// worked out only when a call is decided.
@copyto@
expression L;
idexpression struct dentry *R;
position p;
@@
L@p = R

@script:python@
L << copyto.L;
R << copyto.R;
p << copyto.p;
@@
add_copy(facts, p[0], L, R, False)

@copyfrom@
local idexpression struct dentry *L;
expression R;
position p;
@@
L@p = R

@script:python@
L << copyfrom.L;
R << copyfrom.R;
p << copyfrom.p;
@@
add_copy(facts, p[0], L, R, True)

// Functions that hand out a dentry, and what they return: "d = get(x);"
// copies a tracing dentry when get() returns only those.
@dentryfn@
identifier g;
position p;
@@
struct dentry *g@p(...) { ... }

@script:python@
g << dentryfn.g;
p << dentryfn.p;
@@
s = facts
s['dentryfns'].add(g)
s['deflines'][g] = int(p[0].line)

@dentryret@
expression E;
position p;
@@
return E@p;

@script:python@
E << dentryret.E;
p << dentryret.p;
@@
facts['rets'].setdefault(fn_of(p[0]), []).append(norm(E))

// Functions that have a "ret" already: the int status that replaces their
// tracing root cannot be declared under that name.  Only functions that
// call tracing_init_dentry() are asked, so only those are looked at.
@initcall@
identifier fn;
@@
fn(...) { <+... tracing_init_dentry() ...+> }

@usesret@
identifier initcall.fn;
symbol ret;
position p;
@@
fn(...) { <+... ret@p ...+> }

@script:python@
p << usesret.p;
@@
note_ret(p[0])

@declret@
symbol ret;
type T;
position p;
@@
T ret@p;

@script:python@
p << declret.p;
@@
note_ret(p[0])

// ---------------------------------------------------------------------
// Decisions: one per debugfs call site.
// ---------------------------------------------------------------------

// The calls that move to tracefs: decide() says which, and why.
@cand@
identifier f = {debugfs_create_dir, debugfs_create_file, debugfs_remove,
		debugfs_remove_recursive};
position p : script:python(f) { decide(p[0], f)[0] };
@@
f@p(...)

// Roots from the pointer-returning tracing_init_dentry() of old kernels
// that become the int status: "struct dentry *x = tracing_init_dentry();"
// in a function with no "ret" yet ...  A root that also parents
// debugfs-only files stays as it is (and is reported).
@rootd@
identifier fn, x;
position p : script:python(x) { root_moves(p[0], x, True) };
@@
fn(...) {
  ... when any
  struct dentry *x@p = tracing_init_dentry();
  ... when any
}

// ... and "x = tracing_init_dentry();" after "struct dentry *x;".
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

// ---------------------------------------------------------------------
// patch mode
// ---------------------------------------------------------------------

// Each call that cand accepted takes the tracefs name.
@depends on patch@
position cand.p;
symbol debugfs_create_dir, debugfs_create_file, debugfs_remove,
       debugfs_remove_recursive;
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
expression E, E1;
statement S1, S2;
@@
E = \(tracefs_create_dir\|tracefs_create_file\)(...);
... when != E = E1
(
if (
- IS_ERR(E)
+ !E
   ) S1 else S2
|
if (
- IS_ERR_OR_NULL(E)
+ !E
   ) S1 else S2
)

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
identifier root_fn.fn, root_fn.x;
statement S;
@@
fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
  if (
(
- !x
|
- x == NULL
|
- IS_ERR(x)
|
- IS_ERR_OR_NULL(x)
)
+ ret
  ) S
...>
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
@@
int fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
+ if (ret)
+	return 0;
...>
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
@@
void fn(...) {
<...
- x = tracing_init_dentry();
+ ret = tracing_init_dentry();
+ if (ret)
+	return;
...>
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
@@
fn(...) {
<...
(
- x = tracing_init_dentry()
+ ret = tracing_init_dentry()
|
- PTR_ERR(x)
+ ret
|
- !x
+ ret
|
- x == NULL
+ ret
|
- IS_ERR(x)
+ ret
|
- IS_ERR_OR_NULL(x)
+ ret
)
...>
}

@depends on patch && int_root@
identifier root_fn.fn, root_fn.x;
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
position d : script:python() { not ret_taken(d[0]) };
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

// "struct dentry *x = tracing_init_dentry();"
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
identifier rootd.fn, rootd.x;
@@
fn(...) {
<...
(
- PTR_ERR(x)
+ ret
|
- !x
+ ret
|
- x == NULL
+ ret
|
- IS_ERR(x)
+ ret
|
- IS_ERR_OR_NULL(x)
+ ret
)
...>
}

@depends on patch && int_root@
identifier rootd.fn, rootd.x;
@@
fn(...) {
<...
- x
+ NULL
...>
}

// "Could not create debugfs 'x' entry" after a converted call: the entry
// is a tracefs one now.  Strings split over several literals are left.
@msg depends on patch@
expression E;
constant char[] c : script:python() { one_literal(c) };
position p;
identifier pr = {pr_warn, pr_warning, pr_warn_once, pr_err, pr_info,
		 pr_debug};
@@
E = \(tracefs_create_dir\|tracefs_create_file\)(...);
(
if (!E) pr(c@p, ...);
|
if (!E) { ... pr(c@p, ...); ... }
)

@script:python msg_new@
c << msg.c;
nc;
@@
coccinelle.nc = cocci.make_expr(c.replace('debugfs', 'tracefs'))

@depends on patch@
constant char[] msg.c;
expression msg_new.nc;
position msg.p;
@@
- c@p
+ nc

// What is left in debugfs after the conversion.
@left depends on patch@
identifier f =~ "^debugfs_";
position p;
@@
f@p(...)

@script:python@
p << left.p;
@@
note_left(p[0])

@left_define depends on patch@
declarer name DEFINE_DEBUGFS_ATTRIBUTE;
position p;
@@
DEFINE_DEBUGFS_ATTRIBUTE@p(...);

@script:python@
p << left_define.p;
@@
note_left(p[0])

// A static *_debugfs function whose debugfs work all moved to tracefs is
// renamed; other files may know a global one by its name.
@rename depends on patch@
identifier fn =~ "_debugfs$";
position p : script:python(fn) { renamed(p[0], fn) };
type T;
@@
static T fn@p(...) { ... }

@script:python rename_to@
fn << rename.fn;
nfn;
@@
coccinelle.nfn = cocci.make_ident(re.sub('_debugfs$', '_tracefs', fn))

@depends on patch@
identifier rename.fn, rename_to.nfn;
type T;
@@
T
- fn
+ nfn
  (...) {...}

@depends on patch@
identifier rename.fn, rename_to.nfn;
type T;
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

// The include follows: tracefs.h replaces debugfs.h once nothing uses
// debugfs any more (plan_includes() above).  First the facts about the
// file's includes and what it calls now ...
@inc_any depends on patch@
position p;
@@
(
#include <...>@p
|
#include "..."@p
)

@script:python@
p << inc_any.p;
@@
facts.setdefault('incs', []).append(int(p[0].line))

@inc_trace_h depends on patch@
position p;
@@
#include "trace.h"@p

@script:python@
p << inc_trace_h.p;
@@
facts['tracing'] = True

@inc_tracefs_h depends on patch@
position p;
@@
#include <linux/tracefs.h>@p

@script:python@
p << inc_tracefs_h.p;
@@
facts['tline'] = int(p[0].line)

@uses_tracefs depends on patch@
identifier f =~ "^(tracefs_|trace_create_file$|tracing_init_dentry$)";
position p;
@@
f@p(...)

@script:python@
f << uses_tracefs.f;
p << uses_tracefs.p;
@@
s = facts
s['usestfs'] = True
if f.startswith('tracefs_'):
	s['direct'] = True

@inc_debugfs_h depends on patch@
position p;
@@
#include <linux/debugfs.h>@p

@script:python@
p << inc_debugfs_h.p;
@@
plan_includes(p[0])

// ... then the plan: replace debugfs.h (dropping a later tracefs.h), add
// tracefs.h after it, or drop it.
@depends on patch@
position p : script:python() { inc_plan(p[0]) in (REPLACE, REPLACE_DROP) };
@@
- #include <linux/debugfs.h>@p
+ #include <linux/tracefs.h>

@depends on patch@
position p : script:python() { inc_plan(p[0]) == ADD };
@@
  #include <linux/debugfs.h>@p
+ #include <linux/tracefs.h>

@depends on patch@
position p : script:python() { inc_plan(p[0]) == DROP };
@@
- #include <linux/debugfs.h>@p

@depends on patch@
position p : script:python() { drop_tracefs_h(p[0]) };
@@
- #include <linux/tracefs.h>@p

// ---------------------------------------------------------------------
// context, org and report modes
// ---------------------------------------------------------------------

@depends on context@
identifier cand.f;
position cand.p;
@@
* f@p(...)

// Every debugfs call, with what happens to it and why.
@site depends on org || report@
identifier f =~ "^debugfs_";
position p;
@@
f@p(...)

@script:python depends on org@
f << site.f;
p << site.p;
@@
conv, why = explain(p[0], f)
if conv:
	coccilib.org.print_todo(p[0], why)
else:
	coccilib.org.print_safe_todo(p[0], why)

@script:python depends on report@
f << site.f;
p << site.p;
@@
coccilib.report.print_report(p[0], explain(p[0], f)[1])
