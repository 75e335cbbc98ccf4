#!/bin/bash
# overlay-files.sh REPO: list the repository's files that stand at kernel paths
# (everything tracked or untracked-but-not-ignored, except the harness itself).
cd "$1" || exit 1
git ls-files --cached --others --exclude-standard |
	grep -Ev '^(\.ci/|\.gitignore$|Makefile$|README\.md$|base\.lock$|harness/|patches/|tests/)' |
	while read -r f; do [ -f "$f" ] && echo "$f"; done
