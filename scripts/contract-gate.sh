#!/bin/sh
# Contract gate (issue 32): fails (exit 1) when openapi.yaml breaks a client of the contract at
# BASE (a file, or a git ref whose openapi.yaml is taken; default: the newest tag), unless
# contract-allow.json accepts the change with a reason and CHANGELOG.md's unreleased section
# announces it. .ci/run gives contract/baseline/openapi.yaml, the contract of the last landed
# main (see contract/baseline/README.md). Then checks that the report the CHANGELOG links,
# docs/contract-changes.md, is this diff's report (regenerate it with `npm run docs`).
# Writes reports/contract-diff.md and reports/contract-diff.xml. Exit 2 on usage errors.
# Run from the repository root after `npm run build`. See docs/contract-evolution.md.
set -eu
if [ $# -ge 1 ]; then
  base_ref="$1"
elif ! base_ref="$(git describe --tags --abbrev=0 2>/dev/null)"; then
  echo "usage: sh scripts/contract-gate.sh BASE (a contract file such as contract/baseline/openapi.yaml, or a git ref); this repository has no tag to default to" >&2
  exit 2
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
if [ -f "$base_ref" ]; then base="$base_ref"; else git show "${base_ref}:openapi.yaml" > "$dir/base.yaml"; base="$dir/base.yaml"; fi
set -- diff "$base" openapi.yaml --markdown reports/contract-diff.md --junit reports/contract-diff.xml
# An allowed breaking change must also be announced in CHANGELOG.md's unreleased section.
if [ -f CHANGELOG.md ]; then set -- "$@" --changelog CHANGELOG.md; fi
if [ -f contract-allow.json ]; then set -- "$@" --allow contract-allow.json; fi
node dist/cli/bin.js "$@"
if [ "$base" = "contract/baseline/openapi.yaml" ] && [ -f docs/contract-changes.md ]; then
  if ! cmp -s reports/contract-diff.md docs/contract-changes.md; then
    echo "error: docs/contract-changes.md (linked from CHANGELOG.md) is not the report of this contract change; run npm run docs" >&2
    exit 1
  fi
fi
