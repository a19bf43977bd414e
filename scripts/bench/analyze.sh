#!/bin/sh
# The analyze benchmark: `limelight analyze` over a synthetic log of about 10 million events
# (USERS users of examples/analytics/onboarding.json, each with 12 app events besides the tour's;
# about 1.3 GB of JSON lines) against DuckDB running the SQL `analyze --sql duckdb` prints on the
# same file (read with read_json into a table, then every figure's statement), alternated ROUNDS
# times in one stretch, with `wc -l` on the file as the floor. Release build. Prints one JSON line
# per run: seconds, peak resident KiB (the whole process tree's).
set -eu
cd "$(dirname "$0")/../.."
USERS=${USERS:-525000}
ROUNDS=${ROUNDS:-3}
BIN=$(swift build -c release --show-bin-path)
LOG=${LOG:-/tmp/limelight-analyze-bench.jsonl}
[ -s "$LOG" ] || "$BIN/limelight-bench" --events-log "$LOG" --users "$USERS" --seed 1 --tour examples/analytics/onboarding.json --app-events 12
SQL=$(mktemp)
"$BIN/limelight" analyze "$LOG" --goal cardAdded --within 7d --sql duckdb > "$SQL"
cat > "$SQL.py" <<'PY'
import duckdb, sys
cols = {'time': 'TIMESTAMPTZ', 'user': 'VARCHAR', 'session': 'VARCHAR', 'event': 'VARCHAR', 'tour': 'VARCHAR', 'step': 'INTEGER',
        'variant': 'VARCHAR', 'cause': 'VARCHAR', 'by': 'VARCHAR', 'name': 'VARCHAR', 'language': 'VARCHAR', 'screen': 'VARCHAR',
        'checklist': 'VARCHAR', 'item': 'VARCHAR'}
con = duckdb.connect()
con.execute("SET TimeZone = 'UTC'")
con.execute("CREATE TABLE events AS SELECT * FROM read_json('" + sys.argv[1] + "', format = 'newline_delimited', columns = " + str(cols) + ")")
for part in open(sys.argv[2]).read().split('-- figure: ')[1:]:
    name, statement = part.split('\n', 1)
    con.execute(statement.strip().rstrip(';')).fetchall()
PY
measure() {
    python3 -c '
import json, resource, subprocess, sys, time
t = time.monotonic()
r = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL)
print(json.dumps({"run": sys.argv[1], "seconds": round(time.monotonic() - t, 3), "peakKiB": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "status": r.returncode}))
' "$@"
}
echo "{\"bytes\": $(stat -c %s "$LOG"), \"events\": $(wc -l < "$LOG"), \"cpus\": $(nproc)}"
for i in $(seq 1 "$ROUNDS"); do
    measure wc wc -l "$LOG"
    measure analyze "$BIN/limelight" analyze "$LOG" --goal cardAdded --within 7d --json
    measure duckdb python3 "$SQL.py" "$LOG" "$SQL"
done
rm -f "$SQL" "$SQL.py"
