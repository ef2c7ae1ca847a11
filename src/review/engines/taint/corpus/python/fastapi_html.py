"""A FastAPI app with a few server-rendered pages beside its JSON API."""
import html

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse

app = FastAPI()
pages = APIRouter()


@app.get("/hello", response_class=HTMLResponse)
def hello(name: str = ""):
    return f"<h1>Hello {name}</h1>"  # vuln: xss


@app.get("/hello-escaped", response_class=HTMLResponse)
def hello_escaped(name: str = ""):
    return f"<h1>Hello {html.escape(name)}</h1>"  # safe: xss escaped


@app.get("/hello-json")
def hello_json(name: str = ""):
    return f"Hello {name}"  # safe: xss a returned string is sent as JSON


@pages.get(
    "/search",
    response_class=HTMLResponse,
    summary="Search page",
)
async def search(q: str):
    return "<p>Results for " + q + "</p>"  # vuln: xss


@pages.get("/card", response_class=HTMLResponse)
async def card(title: str):
    return HTMLResponse("<div>" + title + "</div>")  # vuln: xss


@pages.get("/count", response_class=HTMLResponse)
async def count(n: int):
    return f"<p>{n} results</p>"  # safe: xss an int parameter
