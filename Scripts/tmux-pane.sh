# Helpers for driving a terminal program in a tmux pane, sourced by
# Scripts/browse-test and Scripts/live-test. The caller sets `name` (for
# messages), `session` (the pane's session) and `scratch` (a directory the
# pane's command writes `before`, `after` and `pid` in), then sources this.
# A private tmux server is kept up by an idle session, so that ending a test
# session never races the server's own exit (another script's or ours).
socket="$session"
tmux() { command tmux -L "$socket" "$@"; }
tmux new-session -d -s keepalive "sleep 3600"
pane() { tmux capture-pane -p -t "$session"; }
fail() { echo "$name: FAIL $*" >&2; echo "--- pane ---" >&2; pane >&2 || true; exit 1; }
wait_for() {  # wait_for TEXT: until the pane shows TEXT (10 s)
  for _ in $(seq 100); do pane | grep -qF -- "$1" && return 0; sleep 0.1; done
  fail "the pane never showed: $1"
}
line_of() { pane | grep -nF -- "$1" | head -1 | cut -d: -f1; }  # line_of TEXT: its first line (1-based)
keys() { tmux send-keys -t "$session" "$@"; }
# start_pane W H DIR COMMAND: a pane W × H running COMMAND in DIR, its stty
# modes saved before and after and its process id in `pid`.
start_pane() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -f "$scratch/before" "$scratch/after" "$scratch/pid"
  tmux new-session -d -s "$session" -x "$1" -y "$2" "cd '$3' && stty -g > '$scratch/before' && \
    bash -c 'echo \$\$ > \"$scratch/pid\"; exec $4'; echo EXIT=\$?; stty -g > '$scratch/after'; sleep 60"
}
restored() {  # restored WHAT: the terminal is back after the program ended
  wait_for "EXIT="
  for _ in $(seq 50); do [ -s "$scratch/after" ] && break; sleep 0.1; done
  [ "$(tmux display -p -t "$session" '#{alternate_on}')" = 0 ] || fail "$1: still on the alternate screen"
  cmp -s "$scratch/before" "$scratch/after" || fail "$1: stty modes not restored"
}
