from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
    path("events/<int:event_id>/", views.event_detail, name="event-detail"),
    path("events/<int:event_id>/movement/", views.event_movement, name="event-movement"),
    path("events/<int:event_id>/movement/build/", views.event_build_movement, name="event-build-movement"),
]
