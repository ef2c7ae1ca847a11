"""Django views that send anonymous visitors to the login page, and one that follows a `next` it was given."""
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponseRedirect


def dashboard(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)  # safe: open-redirect goes to the login page, the path in next
    return HttpResponseRedirect("/dashboard/")


def after_login(request):
    return HttpResponseRedirect(request.POST.get("next", "/"))  # vuln: open-redirect
