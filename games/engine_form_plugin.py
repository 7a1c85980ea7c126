"""A pytest plugin (``-p games.engine_form_plugin`` in pyproject; in the package, so importable before pytest
puts the tests on the path) that follows ``SPADES_ENGINE`` before anything imports the engine: ``pure``
makes the run ignore a compiled build (see :mod:`games.compiled`)."""

from games.compiled import apply_env

apply_env()
