"""An example third-party bot: plays Spades through the public HTTP API only, with the Python SDK
(``spades_client``) and any strategy, and a fake server to test such clients offline."""

from .bot import SpadesBot, Strategy, builtin_strategy
from .fake_server import FakeSpadesServer

__all__ = ["FakeSpadesServer", "SpadesBot", "Strategy", "builtin_strategy"]
