#!/usr/bin/env bash
# `npm test`. First pass: every test on the embedded defaults (SQLite, in-process limits and events),
# including the PostgreSQL and Redis adapter contracts and the two-node test, which say plainly that they
# skipped when those engines do not answer. Second pass: the end-to-end suite (test/*.test.ts) again with
# every app on PostgreSQL and Redis (INBOXD_TEST_SHARED=1), when they answer.
# INBOXD_REQUIRE_SHARED=1 (CI) turns a missing engine into a failure instead of a skip.
set -uo pipefail
cd "$(dirname "$0")/.."
# A test that hangs fails after 5 minutes instead of holding the run. (Not --test-force-exit: on Node 24
# and 26 it ended files before all their tests had run, and said nothing of the ones it dropped.)
run() { npx tsx --test --test-concurrency=2 --test-timeout=300000 --test-reporter=spec "$@"; }

# The page under test is the one in web/ now, not an older build.
node scripts/build-web.mjs || exit 1

# Node's test runner expands the patterns itself (Node 22+), in a stable order.
run 'src/**/*.test.ts' 'web/**/*.test.ts' 'test/**/*.test.ts'
first=$?

second=0
if npx tsx test/support/probe-backends.ts; then
  echo "== second pass: the end-to-end suite on PostgreSQL and Redis =="
  INBOXD_TEST_SHARED=1 run 'test/*.test.ts'
  second=$?
elif [ "${INBOXD_REQUIRE_SHARED:-0}" = "1" ]; then
  second=1
fi

if [ "$first" -ne 0 ] || [ "$second" -ne 0 ]; then
  echo "tests failed (embedded pass: exit $first, shared pass: exit $second)" >&2
  exit 1
fi
