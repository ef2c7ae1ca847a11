from django.shortcuts import render

from .models import Event


def events_in_city(request):
    city = request.GET.get("city", "")
    events = Event.objects.all()
    if city:
        events = events.filter(city__iexact=city)
    return render(request, "events/list.html", {"events": events.order_by("starts")})
