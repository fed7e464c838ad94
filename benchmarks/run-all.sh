#!/usr/bin/env bash
# Regenerates every table and chart under benchmarks/results/ (about two hours on 2 cores: one is the soak). The network
# part needs root (network namespaces and tc); without it, it is skipped with a note. Run from anywhere:
#   benchmarks/run-all.sh            # everything
#   QUICK=1 benchmarks/run-all.sh    # seconds per report, into benchmarks/target/: a smoke test, not a measurement
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f benchmarks/target/benchmarks.jar ] && [ -f rest-demo-app/target/rest-demo-app.jar ] \
  || ./mvnw -q install -DskipTests
cd benchmarks
flags=()
[ -n "${QUICK:-}" ] && flags+=(-Dquick)
jar=target/benchmarks.jar
run() { echo "== $1"; java "${flags[@]}" -cp "$jar" "org.restcompress.bench.$1"; }

run CodecReport
run ThresholdReport
run IdleCostReport
run DictionaryReport
run FormatsReport
run TrainingReport
run events.EventStreamReport
run events.EventStreamScale
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk"; exit 1; }
run server.ThroughputReport
command -v redis-server >/dev/null || { echo "redis-server is missing: apt-get install redis-server"; exit 1; }
run soak.SoakReport    # an hour (QUICK: 30 s)
run ObservationCostReport
if [ "$(id -u)" = 0 ] && command -v tc >/dev/null; then
  run network.NetworkReport
  run network.FormatsNetworkReport
else
  echo "== network.NetworkReport and FormatsNetworkReport skipped: need root and tc (iproute2)"
fi
