"""Execution: the reference interpreter (unsharded IR on numpy) and the
multi-device runtime (per-device schedules on threads). Never imports
``meshc.passes``."""
