"""Root URL routing: the v1 API (with the error catalog of ``core``), the admin, the OpenAPI schema with its
Swagger UI and ReDoc views, and the operations endpoints (probes and metrics)."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from core import metrics
from core.views import ApiRootView, ErrorCatalogView
from spades_api import health

urlpatterns = [
    path("", RedirectView.as_view(url="/api/docs/", permanent=False)),
    path("admin/", admin.site.urls),
    path("healthz", health.HealthzView.as_view(), name="healthz"),
    path("readyz", health.ReadyzView.as_view(), name="readyz"),
    path("metrics", metrics.metrics_view, name="metrics"),
    path("api/v1/", ApiRootView.as_view(), name="api-root"),
    path("api/v1/errors/", ErrorCatalogView.as_view(), name="errors"),
    path("api/v1/", include("games.api.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("play/", include("webclient.urls")),
]

handler404 = "core.problems.json_not_found"
handler500 = "core.problems.json_server_error"
