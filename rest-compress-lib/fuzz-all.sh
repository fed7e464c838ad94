#!/usr/bin/env bash
# Fuzzes every Jazzer target of the library, one after the other, coverage-guided, and prints each target's
# execution count and findings. Findings land next to the seeds as crash-* files (they then replay in every build).
#   rest-compress-lib/fuzz-all.sh --time 60s                 # each target for 60 seconds
#   rest-compress-lib/fuzz-all.sh --runs 10000000 Dictionary # targets of classes matching 'Dictionary', 10M runs each
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(JAZZER_MAX_DURATION=30s)
case "${1:-}" in
  --time) limit=(JAZZER_MAX_DURATION="$2"); shift 2 ;;
  --runs) limit=(JAZZER_MAX_DURATION=100000s JAZZER_MAX_EXECUTIONS="$2"); shift 2 ;;
  -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
esac
filter="${1:-}"
./mvnw -o -q -pl rest-compress-lib test-compile
dir=rest-compress-lib/src/test/java/org/restcompress/fuzz
mkdir -p rest-compress-lib/target/fuzz
status=0
for file in "$dir"/*FuzzTest.java; do
  class=$(basename "$file" .java)
  [[ -n "$filter" && "$class" != *"$filter"* ]] && continue
  # each method after a @FuzzTest annotation
  for target in $(awk '/@FuzzTest/{getline; if (match($0, /void [A-Za-z0-9_]+\(/)) print substr($0, RSTART+5, RLENGTH-6)}' "$file"); do
    log="rest-compress-lib/target/fuzz/$class-$target.log"
    if env JAZZER_FUZZ=1 "${limit[@]}" ./mvnw -o -pl rest-compress-lib test -Dtest="$class#$target" \
        -Dsurefire.failIfNoSpecifiedTests=false > "$log" 2>&1; then result=clean; else result=FINDING; status=1; fi
    runs=$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log" | tail -1 || true)
    echo "$class#$target: ${runs:-no run count (see $log)}: $result"
  done
done
exit $status
