"""The county server's door for the halls: a closed evening sent by a club's hall laptop."""

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ..services.county.receiving import county_upload_receive


@csrf_exempt  # a hall's laptop, not a browser: the key in the Authorization header is its proof
@require_POST
def county_upload(request):
    """Take a hall's evening (``services.county.receiving``): JSON in, the answer in words out."""
    scheme, _, secret = request.headers.get("Authorization", "").partition(" ")
    try:
        body = request.body
    except RequestDataTooBig:  # past DATA_UPLOAD_MAX_MEMORY_SIZE: no evening is that large
        return JsonResponse(
            {"message": "The upload is larger than any evening: nothing was taken."}, status=413
        )
    answer = county_upload_receive(secret=secret.strip() if scheme == "Bearer" else "", body=body)
    return JsonResponse({"message": answer.message}, status=answer.status)
