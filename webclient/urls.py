"""The routes of the web client, mounted at /play/: the game page, and the pages that follow tournaments and
ladders. Each is a plain template that links static ES modules; everything runs in the browser over the API."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "webclient"

tournament_page = TemplateView.as_view(template_name="webclient/tournament.html")
ladder_page = TemplateView.as_view(template_name="webclient/ladder.html")

urlpatterns = [
    path("", TemplateView.as_view(template_name="webclient/index.html"), name="play"),
    # Without an id the page lists them; the id reaches the template (and the page's script) as a data attribute.
    path("tournaments/", tournament_page, name="tournaments"),
    path("tournaments/<uuid:tournament_id>/", tournament_page, name="tournament"),
    path("ladders/", ladder_page, name="ladders"),
    path("ladders/<uuid:ladder_id>/", ladder_page, name="ladder"),
]
