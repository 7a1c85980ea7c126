"""The one route of the web client: the page itself, mounted at /play/."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "webclient"

urlpatterns = [
    # A plain template: it only links the static ES modules; the game runs in the browser over the API.
    path("", TemplateView.as_view(template_name="webclient/index.html"), name="play"),
]
