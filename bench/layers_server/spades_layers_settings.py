"""The service's settings with two more routes in front of its own (``spades_layers_urls``): what
bench/layers.py serves, from this checkout or another (``--server-root``), to time each layer in one run."""

from spades_api.settings import *  # noqa: F403

ROOT_URLCONF = "spades_layers_urls"
