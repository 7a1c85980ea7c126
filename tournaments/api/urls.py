"""Routes of the v1 tournaments and ladders API (mounted at /api/v1/)."""

from django.urls import path

from tournaments.api import views

urlpatterns = [
    path("tournaments/", views.TournamentListCreateView.as_view(), name="tournaments"),
    path("tournaments/<uuid:tournament_id>/", views.TournamentDetailView.as_view(), name="tournament"),
    path("tournaments/<uuid:tournament_id>/entries/", views.EntryCreateView.as_view(), name="tournament-entries"),
    path("tournaments/<uuid:tournament_id>/entries/<int:entry_id>/", views.EntryDetailView.as_view(),
         name="tournament-entry"),
    path("tournaments/<uuid:tournament_id>/start/", views.TournamentStartView.as_view(), name="tournament-start"),
    path("tournaments/<uuid:tournament_id>/standings/", views.StandingsView.as_view(), name="tournament-standings"),
    path("tournaments/<uuid:tournament_id>/rounds/", views.RoundsView.as_view(), name="tournament-rounds"),
    path("tournaments/<uuid:tournament_id>/bracket.svg", views.BracketView.as_view(), name="tournament-bracket"),
    path("ladders/", views.LadderListCreateView.as_view(), name="ladders"),
    path("ladders/<uuid:ladder_id>/", views.LadderDetailView.as_view(), name="ladder"),
    path("ladders/<uuid:ladder_id>/pause/", views.LadderPauseView.as_view(), name="ladder-pause"),
    path("ladders/<uuid:ladder_id>/resume/", views.LadderResumeView.as_view(), name="ladder-resume"),
    path("ladders/<uuid:ladder_id>/entries/", views.LadderEntriesView.as_view(), name="ladder-entries"),
    path("ladders/<uuid:ladder_id>/entries/<int:entry_id>/", views.LadderEntryView.as_view(), name="ladder-entry"),
]
