from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("healthz/write", views.healthz_write, name="healthz-write"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/<int:event_id>/", views.event_detail, name="event-detail"),
    path("events/<int:event_id>/run/", views.event_run, name="event-run"),
    path("events/<int:event_id>/entries/", views.entry_add, name="entry-add"),
    path("events/<int:event_id>/entries/<int:entry_id>/remove/", views.entry_remove, name="entry-remove"),
    path("events/<int:event_id>/movement/accept/", views.event_accept, name="event-accept"),
    path("events/<int:event_id>/movement/", views.event_movement, name="event-movement"),
    path("events/<int:event_id>/movement/build/", views.event_build_movement, name="event-build-movement"),
    path("events/<int:event_id>/boards/deal/", views.event_deal_boards, name="boards-deal"),
    path("events/<int:event_id>/boards/import/", views.event_import_pbn, name="boards-import"),
    path("events/<int:event_id>/boards.pbn", views.event_export_pbn, name="boards-pbn"),
    path("events/<int:event_id>/boards/<int:board>/", views.board_hand_record, name="board"),
    path("events/<int:event_id>/print/<slug:document>.pdf", views.event_print, name="event-print"),
    path("events/<int:event_id>/results/", views.event_results, name="results"),
    path("events/<int:event_id>/results.csv", views.event_results_csv, name="results-csv"),
    path(
        "events/<int:event_id>/results/boards/<int:board>/", views.event_results_board, name="results-board"
    ),
    path(
        "events/<int:event_id>/results/pairs/<str:direction>/<int:number>/",
        views.event_results_pair,
        name="results-pair",
    ),
    path("events/<int:event_id>/results/publish/", views.event_publish, name="results-publish"),
    path("events/<int:event_id>/results/import/", views.event_import_results, name="results-import"),
    path("events/<int:event_id>/live/", views.event_live, name="event-live"),
    path("events/<int:event_id>/room/", views.event_room, name="event-room"),
    path("events/<int:event_id>/start/", views.event_start, name="event-start"),
    path("events/<int:event_id>/close/", views.event_close, name="event-close"),
    path("events/<int:event_id>/live/unlock/", views.codes_unlock, name="codes-unlock"),
    path("events/<int:event_id>/director/boards/<int:board>/", views.director_board, name="director-board"),
    path("t/", views.table_start, name="table-start"),
    path("t/<str:token>/", views.table_page, name="table"),
    path("t/<str:token>/enter/", views.table_enter, name="table-enter"),
    path("t/<str:token>/confirm/", views.table_confirm, name="table-confirm"),
    path("t/<str:token>/reject/", views.table_reject, name="table-reject"),
    path("d/<str:token>/", views.drive_table_page, name="drive-table"),
    path("d/<str:token>/enter/", views.drive_table_enter, name="drive-table-enter"),
    path("d/<str:token>/confirm/", views.drive_table_confirm, name="drive-table-confirm"),
    path("d/<str:token>/reject/", views.drive_table_reject, name="drive-table-reject"),
]
