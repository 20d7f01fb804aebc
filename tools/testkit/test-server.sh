# The shell twin of server_process (include/carc/testkit/server_process.hpp), sourced by the
# scripts that drive a real carc-server: the same start (on 127.0.0.1, --port 0, the port read
# from the server's own "event=listening ... port=N" log line, so no port is guessed) and stop.
#
# start_test_server SERVER LOG [ARGS...]: starts SERVER with ARGS, its output appended to LOG;
#   --port 0 is added unless ARGS name a port (a restart on the port it had). Returns once it
#   listens, with server_pid and server_port set; fails (status 1, the log's tail on stderr)
#   when it exits first or does not listen within 60 s.
#   Several servers (nodes): each start overwrites server_pid and server_port, so the caller
#   keeps them, e.g. pids+=("$server_pid").
# stop_test_server [PID...]: SIGTERM (a graceful stop) to the server last started, or to each
#   PID given, and waits for it; one that is gone already is skipped.

start_test_server() {
  local exe=$1 log=$2
  shift 2
  local port_args=(--port 0) arg
  for arg in "$@"; do [[ $arg == --port ]] && port_args=(); done
  local seen=0
  [[ -f $log ]] && seen=$(wc -l <"$log")
  "$exe" --bind 127.0.0.1 "$@" "${port_args[@]}" >>"$log" 2>&1 &
  server_pid=$!
  server_port=
  local _
  for _ in $(seq 1 600); do
    server_port=$(tail -n +"$((seen + 1))" "$log" | grep -m1 'event=listening' | grep -Eo ' port=[0-9]+' | cut -d= -f2 || true)
    [[ -n $server_port ]] && return 0
    if ! kill -0 "$server_pid" 2>/dev/null; then
      echo "test server: $exe exited at start-up; its log:" >&2
      tail -n +"$((seen + 1))" "$log" | tail -20 >&2
      return 1
    fi
    sleep 0.1
  done
  echo "test server: $exe did not listen within 60 s; see $log" >&2
  return 1
}

stop_test_server() {
  local pid
  for pid in "${@:-${server_pid:-}}"; do
    [[ -n $pid ]] || continue
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [[ $pid != "${server_pid:-}" ]] || server_pid=
  done
}
