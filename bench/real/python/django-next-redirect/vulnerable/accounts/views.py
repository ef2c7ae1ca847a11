from django.contrib.auth import logout
from django.http import HttpResponseRedirect


def logout_view(request):
    logout(request)
    next_url = request.GET.get("next", "/")
    return HttpResponseRedirect(next_url)
