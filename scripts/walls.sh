#!/usr/bin/env bash
# Proves that the walls of docs/architecture.md ("Walls the build holds") still bite: each fixture
# in scripts/fixtures/walls/ breaks one rule on purpose, and the check it names (typecheck, lint or
# imports) must fail on it. Its first line says which check and where it goes:
#   // walls: <typecheck|lint|imports> <folder>
# A fixture is copied into its folder only while its check runs, and removed after.
# Exits 1 when any check accepts its fixture.
set -uo pipefail
cd "$(dirname "$0")/.."

placed=""
trap '[ -n "$placed" ] && rm -f "$placed"' EXIT
failed=0
for fixture in scripts/fixtures/walls/*.ts; do
  read -r _ _ check folder < "$fixture"
  placed="$folder/zz-walls-fixture.ts"
  cp "$fixture" "$placed"
  case "$check" in
    typecheck) out=$(npx tsc -p apps/api/tsconfig.json --noEmit 2>&1) ;;
    lint) out=$(npx eslint "$placed" 2>&1) ;;
    imports) out=$(npx depcruise "$folder" --config .dependency-cruiser.cjs 2>&1) ;;
    *) echo "== $fixture: unknown check '$check'"; exit 1 ;;
  esac
  status=$?
  rm -f "$placed"; placed=""
  if [ "$status" -eq 0 ] || ! grep -q "zz-walls-fixture" <<<"$out"; then
    echo "== $fixture: '$check' accepted it (or failed elsewhere):"; echo "$out" | tail -20; failed=1
  else
    echo "== $fixture: refused by $check as it should be"
  fi
done
exit "$failed"
