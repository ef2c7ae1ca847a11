import requests
from django.http import JsonResponse
from django.views.decorators.http import require_POST


@require_POST
def send_test(request):
    callback = request.POST["callback"]
    resp = requests.post(callback, json={"event": "ping"}, timeout=5)
    return JsonResponse({"status": resp.status_code})
