"""A FastAPI service that previews links and relays webhooks through shared HTTP clients and sessions."""
import httpx
import requests
from aiohttp import ClientSession
from fastapi import FastAPI
from httpx import AsyncClient

app = FastAPI()
http = requests.Session()
API = "https://api.example.com"
cache = {}


@app.get("/preview")
async def preview(url: str):
    async with httpx.AsyncClient(timeout=5, follow_redirects=True) as client:
        r = await client.get(url)  # vuln: ssrf
    return {"status": r.status_code}


@app.get("/preview-page")
async def preview_page(slug: str):
    async with AsyncClient() as client:
        r = await client.get(API + "/pages/" + slug)  # safe: ssrf fixed host, the caller picks a page
    return r.json()


@app.get("/avatar")
def avatar(src: str):
    return http.get(src).content  # vuln: ssrf


@app.get("/avatar-of")
def avatar_of(user: str):
    return http.get(f"{API}/avatars/{user}").content  # safe: ssrf fixed host


@app.post("/hooks/test")
async def hook_test(target: str):
    async with ClientSession() as s:
        async with s.post(target, json={"ping": True}) as resp:  # vuln: ssrf
            return {"status": resp.status}


@app.get("/relay")
def relay(method: str, url: str):
    with httpx.Client() as c:
        return c.request(method, url).text  # vuln: ssrf


@app.get("/status")
def status(method: str):
    with httpx.Client() as c:
        return c.request(method, API + "/status").text  # safe: ssrf only the method is chosen


@app.get("/fetch")
def fetch(url: str):
    return requests.request("GET", url).text  # vuln: ssrf


@app.get("/ping")
def ping(method: str):
    return requests.request(method, API + "/ping").status_code  # safe: ssrf only the method is chosen


@app.get("/cached")
def cached(key: str):
    return {"value": cache.get(key)}  # safe: ssrf a dict's get, not a client's
