"""Project-level smoke tests: Django's system checks and the OpenAPI schema endpoint."""

from django.core.management import call_command
from django.test import Client


def test_system_checks_pass() -> None:
    """`manage.py check` finds no errors in the project configuration."""
    call_command("check", fail_level="WARNING")


def test_openapi_schema_is_served(client: Client) -> None:
    """GET /api/schema/ returns an OpenAPI 3 document."""
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Spades service API"
    assert schema["info"]["version"] == "1.0.0"
