"""The county server's keys, made and withdrawn by its administrator (a superuser) only.

A key is made by adding one for a club: the key itself is shown once, in the message after the
save, and only its hash is kept. A key is withdrawn by the list's action; none is ever deleted,
so the trail's lines about it keep their meaning."""

from django.contrib import admin, messages

from ..models import CountyKey
from ..services.core.errors import ServiceError
from ..services.county.keys import county_key_make, county_key_withdraw


@admin.register(CountyKey)
class CountyKeyAdmin(admin.ModelAdmin):
    list_display = ["club", "prefix", "made_at", "withdrawn_at"]
    list_filter = ["withdrawn_at"]
    search_fields = ["club__name", "prefix"]
    actions = ["withdraw"]
    fields = ["club"]

    def has_module_permission(self, request):
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_superuser

    def has_add_permission(self, request):
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        made, secret = county_key_make(club=form.cleaned_data["club"], user=request.user)
        obj.pk, obj.prefix, obj.digest, obj.made_at = made.pk, made.prefix, made.digest, made.made_at
        messages.warning(
            request,
            f"The key for {made.club}, shown this once (give it to the club's organiser for the hall's "
            f"settings): {secret}",
        )

    @admin.action(description="Withdraw the chosen keys (they open nothing from now on)")
    def withdraw(self, request, queryset):
        for key in queryset:
            try:
                county_key_withdraw(key=key, user=request.user)
            except ServiceError as refusal:
                messages.error(request, str(refusal))
            else:
                messages.success(request, f"The key {key.prefix}… of {key.club} is withdrawn.")
