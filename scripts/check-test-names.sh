#!/usr/bin/env bash
# CTest's catch_discover_tests splits a Catch2 test name at ';' (a CMake list separator): the
# halves match no test, Catch runs nothing and the entry "passes". Refuse such names.
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
if grep -rnE 'TEST_CASE\("[^"]*;' "$root/tests" --include='*.cpp'; then
    echo "test names above contain ';', which CTest would silently skip: use ',' instead" >&2
    exit 1
fi
echo "no test name contains ';'"
