import os

from aiohttp import web

REPORTS = os.path.abspath("reports")


async def report(request):
    name = request.match_info["name"]
    path = os.path.join(REPORTS, name)
    if not os.path.exists(path):
        raise web.HTTPNotFound()
    return web.FileResponse(path)


app = web.Application()
app.router.add_get("/reports/{name}", report)

if __name__ == "__main__":
    web.run_app(app, port=8080)
