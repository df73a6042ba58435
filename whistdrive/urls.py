from django.contrib import admin
from django.urls import include, path

admin.site.site_header = "whistdrive"
admin.site.site_title = "whistdrive"
admin.site.index_title = "Your clubs and events"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("tournaments.urls")),
]
