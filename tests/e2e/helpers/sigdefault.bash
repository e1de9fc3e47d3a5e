# The stop signals the tests send (SIGHUP, SIGINT, SIGTERM) at their
# defaults in every process a test signals, whatever the suite was started
# with: under nohup SIGHUP is ignored, under `trap '' INT TERM` those are,
# and sqlsoak rightly keeps an inherited SIG_IGN of SIGHUP (a run started
# with nohup outlives its terminal).  A test that sends a signal starts
# its target so:
#   "${SIGDFL[@]}" "$S" run ... &
# env resets them and execs the command: $! is still the command's pid.
SIGDFL=(env --default-signal=HUP,INT,TERM)
