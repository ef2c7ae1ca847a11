from fastapi import FastAPI
import os

app = FastAPI()


@app.get("/items/{item_id}")
async def read_item(item_id: int, q: str = ""):
    os.system("echo " + str(item_id))  # safe: command-injection typed integer parameter
    os.system("grep " + q + " /data/items")  # vuln: command-injection
    return {"q": q}


@app.post("/files")
async def write_file(name: str, content: str):
    with open("/uploads/" + name, "w") as fh:  # vuln: path-traversal
        fh.write(content)
    return {"ok": True}


def not_a_route(name: str):
    # Public and called by nothing in this module: other modules call it, their input is its parameter.
    open("/uploads/" + name)  # vuln: path-traversal


def _upload_path(name: str):
    return open("/uploads/" + name)  # safe: path-traversal private helper only the module calls, with a fixed name


def latest_upload():
    return _upload_path("latest.txt")


@app.get("/raw")
async def raw(req: Request, background: BackgroundTasks):
    q = req.query_params["q"]
    os.system("grep " + q)  # vuln: command-injection
    return {"q": q}
