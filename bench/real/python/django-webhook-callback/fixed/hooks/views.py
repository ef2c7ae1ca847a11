import requests
from django.http import HttpResponseBadRequest, JsonResponse

from .validators import is_allowed_callback
from django.views.decorators.http import require_POST


@require_POST
def send_test(request):
    callback = request.POST["callback"]
    if not is_allowed_callback(callback):
        return HttpResponseBadRequest("callback host not registered")
    resp = requests.post(callback, json={"event": "ping"}, timeout=5)
    return JsonResponse({"status": resp.status_code})
