#!/usr/bin/env bash
# The repository speaks of the product as it is now: no file names how it was made (numbered
# sessions, issue numbers, the people or tools who wrote it). History lives in git and in
# docs/api-changes.md. Prints every offending line and exits 1; exits 0 when there is none.
# Login and admin sessions are product words: only "session" followed by a number is caught.
set -euo pipefail
cd "$(dirname "$0")/.."

# "session" and a number; "sessions" and a number unless it is a duration ("sessions 30 days after
# they expired");
# "issue" and a number, with or without "#".
units='ms|s|seconds?|min|minutes?|h|hours?|days?|weeks?|months?|years?'
pattern='\bsession \d+\b|\bsessions \d+\b(?! ?('"$units"')\b)|\bsession-\d+\b|\bissue #?\d+\b|\bissues #\d+'
pattern+='|\bthe lead(.s)?\b|\bearlier try\b|\bengineers?\b|\b(coding|AI|LLM) agents?\b|\bhelpers? (ran|runs)\b'

# -I skips binary files; build outputs and installed packages are not the repository's text.
if grep -rniIP "$pattern" README.md docs apps packages bench scripts .ci \
    --exclude-dir=node_modules --exclude-dir=dist --exclude-dir=coverage --exclude-dir=reports \
    --exclude-dir=.stryker-tmp --exclude-dir=test-artifacts --exclude=check-present.sh; then
  echo "== the lines above speak of how the code was made (a session, an issue, who wrote it);"
  echo "   say what is true now instead (docs/testing.md, \"Present-tense check\")"
  exit 1
fi
echo "== present-tense check: ok"
