"""Routes of the v1 games API (mounted at /api/v1/; the error catalog is core's, routed by spades_api)."""

from django.urls import path

from games.api import matchmaking, views

urlpatterns = [
    path("players/", views.PlayerCreateView.as_view(), name="players"),
    path("players/me/", views.MeView.as_view(), name="players-me"),
    path("players/me/token/", views.MeTokenView.as_view(), name="players-me-token"),
    path("players/me/blocks/", matchmaking.BlockListCreateView.as_view(), name="players-me-blocks"),
    path("players/me/blocks/<str:name>/", matchmaking.BlockDetailView.as_view(), name="players-me-block"),
    path("players/me/events/", matchmaking.PlayerEventsView.as_view(), name="players-me-events"),
    path("players/me/events/stream/", matchmaking.PlayerEventStreamView.as_view(), name="players-me-events-stream"),
    path("challenges/", matchmaking.ChallengeListCreateView.as_view(), name="challenges"),
    path("challenges/<uuid:challenge_id>/", matchmaking.ChallengeDetailView.as_view(), name="challenge"),
    path("challenges/<uuid:challenge_id>/accept/", matchmaking.ChallengeAcceptView.as_view(), name="challenge-accept"),
    path("challenges/<uuid:challenge_id>/decline/", matchmaking.ChallengeDeclineView.as_view(),
         name="challenge-decline"),
    path("challenges/<uuid:challenge_id>/cancel/", matchmaking.ChallengeCancelView.as_view(), name="challenge-cancel"),
    path("seeks/", matchmaking.SeekListCreateView.as_view(), name="seeks"),
    path("seeks/<uuid:seek_id>/", matchmaking.SeekDetailView.as_view(), name="seek"),
    path("rulesets/", views.RuleSetListView.as_view(), name="rulesets"),
    path("tables/", views.TableListCreateView.as_view(), name="tables"),
    path("tables/<uuid:table_id>/", views.TableDetailView.as_view(), name="table"),
    path("tables/<uuid:table_id>/join/", views.TableJoinView.as_view(), name="table-join"),
    path("tables/<uuid:table_id>/legal/", views.TableLegalView.as_view(), name="table-legal"),
    path("tables/<uuid:table_id>/hint/", views.TableHintView.as_view(), name="table-hint"),
    path("tables/<uuid:table_id>/actions/", views.TableActionView.as_view(), name="table-actions"),
    path("tables/<uuid:table_id>/takeback/", views.TableTakeBackView.as_view(), name="table-takeback"),
    path("tables/<uuid:table_id>/events/", views.TableEventsView.as_view(), name="table-events"),
    path("tables/<uuid:table_id>/events/stream/", views.TableEventStreamView.as_view(), name="table-events-stream"),
    path("tables/<uuid:table_id>/hands/<int:number>/", views.HandDetailView.as_view(), name="table-hand"),
    path("tables/<uuid:table_id>/hands/<int:number>/analysis/", views.HandAnalysisView.as_view(),
         name="table-hand-analysis"),
]
