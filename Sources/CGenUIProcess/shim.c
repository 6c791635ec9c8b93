// The C shim that starts runtime subprocesses in their own process group with a parent-death signal.
