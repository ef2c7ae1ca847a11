from django.contrib.auth import login
from django.shortcuts import redirect


def login_view(request):
    login(request, request.user)
    return redirect(request.GET.get("next", "/"))  # vuln: open-redirect
