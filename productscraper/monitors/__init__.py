"""**monitors**: spidermon-style quality checks of complete runs (coverage floors, coverage
drops against the domain's previous run, reject and error ceilings), degraded runs, and
the paused domains whose tasks are deferred until ``domains resume``."""
