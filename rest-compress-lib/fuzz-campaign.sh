#!/usr/bin/env bash
# The fuzzing campaign: every Jazzer target of the library to a number of executions (10 million by default), one
# after the other, coverage-guided, unattended and resumable: a target recorded as done is skipped, so a stopped
# campaign goes on where it stopped. Per target it fuzzes (JUnit's @FuzzTest through Maven, as a developer does),
# then minimises the corpus it grew together with the one kept before (libFuzzer's -merge=1, through Jazzer's own
# driver: the fewest inputs that keep every feature) and keeps that set next to the committed seeds as corpus-*
# files, where every ./mvnw verify replays it; it records executions, time, and the coverage (edges, features) of the
# minimised corpus. Findings fail the target, land next to the seeds as crash-* files and are listed. The table:
# benchmarks/results/fuzzing.md.
#   nohup rest-compress-lib/fuzz-campaign.sh > fuzz-campaign.log 2>&1 &    # in the background
#   rest-compress-lib/fuzz-campaign.sh --runs 1000000 Decoder              # fewer runs, some classes only
#   rest-compress-lib/fuzz-campaign.sh DecoderFuzzTest#deflate             # one target
#   rest-compress-lib/fuzz-campaign.sh --again                             # forget what was done, start over
# Stop it with kill, not by suspending it: libFuzzer counts a suspension as one execution that timed out (a timeout-*
# file of an input that replays in milliseconds); a stopped target simply runs again next time.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10000000
filter=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --again) rm -rf rest-compress-lib/fuzz-records; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) filter="$1"; shift ;;
  esac
done
records=rest-compress-lib/fuzz-records        # one line per target done: the campaign's memory (committed)
seeds=rest-compress-lib/src/test/resources/org/restcompress/fuzz
corpus=rest-compress-lib/.cifuzz-corpus/org.restcompress.fuzz
mkdir -p "$records" rest-compress-lib/target/fuzz
./mvnw -o -q -pl rest-compress-lib test-compile
./mvnw -o -q -pl rest-compress-lib dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$PWD/rest-compress-lib/target/fuzz/classpath"
classpath="rest-compress-lib/target/test-classes:rest-compress-lib/target/classes:$(cat rest-compress-lib/target/fuzz/classpath)"
dir=rest-compress-lib/src/test/java/org/restcompress/fuzz
for file in "$dir"/*FuzzTest.java; do
  class=$(basename "$file" .java)
  [[ -n "$filter" && "$filter" != *"#"* && "$class" != *"$filter"* ]] && continue
  for target in $(awk '/@FuzzTest/{getline; if (match($0, /void [A-Za-z0-9_]+\(/)) print substr($0, RSTART+5, RLENGTH-6)}' "$file"); do
    [[ "$filter" == *"#"* && "$class#$target" != "$filter" ]] && continue
    record="$records/$class#$target"
    if [[ -f "$record" ]] && (( $(cut -d' ' -f1 "$record") >= runs )); then
      echo "$class#$target: done before ($(cat "$record"))"; continue
    fi
    log="rest-compress-lib/target/fuzz/$class-$target.log"
    start=$(date +%s)
    if env JAZZER_FUZZ=1 JAZZER_MAX_DURATION=1000000s JAZZER_MAX_EXECUTIONS="$runs" nice -n 10 \
        ./mvnw -o -pl rest-compress-lib test -Dtest="$class#$target" -Djacoco.skip=true \
        -Dsurefire.failIfNoSpecifiedTests=false > "$log" 2>&1; then result=none; else result=FINDING; fi
    seconds=$(( $(date +%s) - start ))
    done_line=$(grep -E '#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    executed=$(grep -o 'Done [0-9]* runs' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
    # the grown corpus and the one kept before, minimised together; the result replaces the kept one
    inputs="$seeds/${class}Inputs/$target"
    merged=rest-compress-lib/target/fuzz/merged-$class-$target
    previous=rest-compress-lib/target/fuzz/previous-$class-$target
    rm -rf "$merged" "$previous" && mkdir -p "$merged" "$previous" "$inputs"
    cp "$inputs"/corpus-* "$previous"/ 2>/dev/null || true
    java -cp "$classpath" com.code_intelligence.jazzer.Jazzer --target_class="org.restcompress.fuzz.$class" \
        --target_method="$target" -merge=1 "$merged" "$corpus.$class/$target" "$previous" \
        > "rest-compress-lib/target/fuzz/$class-$target-merge.log" 2>&1 || true
    cov=$(sed -n 's/.*MERGE-OUTER: \([0-9]*\) new files with \([0-9]*\) new features added; \([0-9]*\) new coverage edges.*/\3 \2 \1/p' \
        "rest-compress-lib/target/fuzz/$class-$target-merge.log" | tail -1)
    kept=$(ls "$merged" | wc -l)
    if (( kept > 0 )); then
      rm -f "$inputs"/corpus-*
      for input in "$merged"/*; do cp "$input" "$inputs/corpus-$(sha1sum "$input" | cut -c1-16)"; done
    fi
    bytes=$(cat "$merged"/* 2>/dev/null | wc -c)
    crashes=$(ls "$seeds/${class}Inputs/$target" 2>/dev/null | grep -c '^crash-' || true)
    if [[ "$result" == none && "$executed" -ge "$runs" ]]; then
      # executions seconds edges features corpus-inputs corpus-bytes date
      echo "$executed $seconds ${cov:-? ? ?} $bytes $(date +%F)" > "$record"
    fi
    echo "$class#$target: $executed runs in ${seconds}s; minimised corpus: ${cov:-?} (edges features inputs), $bytes bytes; findings: $result ($crashes crash files)"
  done
done
# the table, from every record
{
  echo "# Fuzzing campaign"
  echo
  echo "Every Jazzer target of the library run to its count of executions, coverage-guided, with \`rest-compress-lib/fuzz-campaign.sh\` (resumable; records in \`rest-compress-lib/fuzz-records/\`); 2 cores, at \`nice 10\`, shared with other work (*seconds* is wall time: targets ran beside the hour-long soak, benchmarks and CI builds, at a third to a tenth of their speed alone). The corpus each run grew is then minimised with what was kept before (libFuzzer's \`-merge=1\`: the fewest inputs that keep every feature) and kept beside the seeds (\`rest-compress-lib/src/test/resources/org/restcompress/fuzz/*Inputs/<target>/corpus-*\`), where every \`./mvnw verify\` replays it. *Edges* and *features* are the coverage that minimised corpus reaches (libFuzzer's, over the instrumented code the target runs, the library's and the codec libraries' Java code). A finding fails its target and is not recorded as done."
  echo
  echo "| target | executions | seconds | edges | features | corpus inputs | corpus bytes | date |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|"
  for record in "$records"/*; do
    [[ -f "$record" ]] || continue
    read -r executed seconds edges features inputs bytes date < "$record"
    printf '| `%s` | %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$record")" \
      "$(printf "%'d" "$executed")" "$seconds" "$edges" "$features" "$inputs" "$bytes" "$date"
  done
  echo
  pending=()
  for file in "$dir"/*FuzzTest.java; do
    class=$(basename "$file" .java)
    for target in $(awk '/@FuzzTest/{getline; if (match($0, /void [A-Za-z0-9_]+\(/)) print substr($0, RSTART+5, RLENGTH-6)}' "$file"); do
      [[ -f "$records/$class#$target" ]] || pending+=("\`$class#$target\`")
    done
  done
  if (( ${#pending[@]} > 0 )); then
    echo "Not run to its count yet (the campaign resumes with them): ${pending[*]}."
  fi
} > benchmarks/results/fuzzing.md
echo "table: benchmarks/results/fuzzing.md"
