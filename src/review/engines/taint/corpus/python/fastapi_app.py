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
    open("/uploads/" + name)  # safe: path-traversal plain function


@app.get("/raw")
async def raw(req: Request, background: BackgroundTasks):
    q = req.query_params["q"]
    os.system("grep " + q)  # vuln: command-injection
    return {"q": q}
