"""Backend: per-device schedules (:mod:`meshc.backend.schedule`, the data model
the threaded runtime executes) and the passes' output turned into them."""
