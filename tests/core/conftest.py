"""The core tests use the API suite's schema-checking clients as they are."""

from tests.api.conftest import (  # noqa: F401  (fixtures, found by name)
    _api_settings,
    api,
    client_for,
    made_clients,
    openapi,
    register,
)
