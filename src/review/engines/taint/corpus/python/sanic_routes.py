"""A Sanic API: handlers take the request, then the URL's typed parameters."""
import asyncio

from sanic import Sanic, response

app = Sanic("reports")


@app.route("/reports/<name:str>")
async def report(request, name):
    proc = await asyncio.create_subprocess_shell("render-report " + name)  # vuln: command-injection
    await proc.wait()
    return response.text("ok")


@app.route("/reports/<report_id:uuid>/<page:int>")
async def report_page(request, report_id, page):
    proc = await asyncio.create_subprocess_shell(f"render-page {report_id} {page}")  # safe: command-injection uuid and int types
    await proc.wait()
    return response.text("ok")
