from django.contrib import admin
from django.urls import include, path

from tournaments.views.login import OrganiserLoginForm

admin.autodiscover()  # each app's admin module (settings: SimpleAdminConfig)
admin.site.site_header = "whistdrive"
admin.site.site_title = "whistdrive"
admin.site.index_title = "Your clubs and events"
admin.site.login_form = OrganiserLoginForm  # wrong passwords counted and slowed down

handler404 = "tournaments.views.common.not_found"  # the view's own words, when it gave any

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("tournaments.urls")),
]
